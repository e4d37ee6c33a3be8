from django.conf import settings
from django.contrib import admin
from django.http import Http404
from django.urls import include, path
from django.utils import timezone, translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from puzzles.core import health

STARTED = timezone.now()  # the catalogues change only with a deployment
SERVED_LANGUAGES = frozenset(code for code, _ in settings.LANGUAGES)
_catalogue = JavaScriptCatalog.as_view(packages=["puzzles"])


@cache_control(public=True, max_age=3600)
@last_modified(lambda request, lang: STARTED)
def javascript_catalog(request, lang: str):
    """The game's words for one language, at a URL of its own: the page names its language's
    catalogue, so a language picked in the footer (a cookie) is never answered from a cached
    copy of another language's (one URL varying on Accept-Language alone was)."""
    if lang not in SERVED_LANGUAGES:
        raise Http404("no such language")
    with translation.override(lang):
        return _catalogue(request)


urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    # The language picker posts here (the choice is a cookie); the game's sentences come
    # from the JavaScript catalogue of the page's language, one URL per language.
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/<str:lang>/", javascript_catalog, name="javascript-catalog"),
    path("accounts/", include("allauth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # A page to read: GET and HEAD only (its OPTIONS answer was a 500, no template).
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema",
                                                     http_method_names=["get", "head"]),
         name="api-docs"),
    path("api/", include("puzzles.api.urls")),
    path("", include("puzzles.web.urls")),
]
