from django.contrib import admin
from django.urls import include, path
from django.utils import timezone
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from puzzles import health

STARTED = timezone.now()  # the catalogues change only with a deployment

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    # The language picker posts here (the choice is a cookie); the game's sentences come
    # from the JavaScript catalogue of the page's language.
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", cache_control(max_age=3600)(last_modified(lambda request: STARTED)(
        JavaScriptCatalog.as_view(packages=["puzzles"]))), name="javascript-catalog"),
    path("accounts/", include("allauth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("puzzles.api.urls")),
    path("", include("puzzles.urls")),
]
