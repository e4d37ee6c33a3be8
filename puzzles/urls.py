from django.urls import path

from puzzles import views

urlpatterns = [
    path("", views.home, name="home"),
    path("play/<int:n>/", views.play, name="play"),
    path("levels/<int:level_id>/", views.level_page, name="level"),
    path("levels/<int:level_id>/og.png", views.level_image, name="level-image"),
    path("daily/", views.daily_page, name="daily"),
    path("daily/<str:day>/", views.daily_page, name="daily-date"),
    path("archive/", views.archive, name="archive"),
    path("how-to-play/", views.how_to_play, name="how-to-play"),
    path("privacy/", views.privacy, name="privacy"),
    path("create/", views.create, name="create"),
    path("create/<str:key>/", views.create, name="create-draft"),
    path("community/", views.community, name="community"),
]
