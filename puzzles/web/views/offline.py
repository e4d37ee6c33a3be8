"""The installable, offline site: the service worker (/sw.js, scope /), the web app manifest,
/favicon.ico, the page shown offline where no page was kept, and the list of levels the
worker keeps."""

import json
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import FileResponse, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control, never_cache

from puzzles.web import offline_manifest as offline
from puzzles.web.views.context import base_context


@never_cache  # the browser must see a new deployment's worker on the next visit
def service_worker(request):
    pages = [reverse("home"), reverse("daily"), reverse("how-to-play"), reverse("offline"),
             reverse("javascript-catalog", args=[request.LANGUAGE_CODE])]
    context = {"version": json.dumps(offline.site_version()),
               "shell": json.dumps(offline.shell_urls()), "pages": json.dumps(pages),
               "levels_url": json.dumps(reverse("offline-levels")),
               "offline_url": json.dumps(reverse("offline"))}
    response = render(request, "sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@cache_control(public=True, max_age=3600)
def manifest(request):
    """The web app manifest, in the language of the request."""
    body = {
        "name": gettext("Queens: the daily logic puzzle"),
        "short_name": "Queens",
        "description": gettext("Place one queen in every row, column and colored region. "
                               "A new daily puzzle every day."),
        "lang": request.LANGUAGE_CODE,
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5f0",
        "theme_color": "#5b3fd1",
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/icon-maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
        ],
        "shortcuts": [{"name": gettext("Today's daily"), "url": reverse("daily")}],
    }
    return HttpResponse(json.dumps(body, ensure_ascii=False),
                        content_type="application/manifest+json; charset=utf-8")


@cache_control(public=True, max_age=86400)
def favicon(request):
    """/favicon.ico, where browsers and other clients look without reading the page (pages
    link the SVG and a PNG): the static file itself, not a redirect."""
    found = finders.find("img/favicon.ico")  # the source tree's (collected or not)
    if found:
        return HttpResponse(Path(found).read_bytes(), content_type="image/x-icon")
    return FileResponse(staticfiles_storage.open("img/favicon.ico"), content_type="image/x-icon")


def offline_page(request):
    return render(request, "offline.html", base_context())


@cache_control(public=True, max_age=600)
def kept_levels(request):
    return JsonResponse({"levels": offline.kept_levels()})
