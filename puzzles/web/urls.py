from django.urls import path

from puzzles.web.views import archive, builder, game, guide, offline, players, rooms, solvable

urlpatterns = [
    path("", game.home, name="home"),
    path("play/<int:n>/", game.play, name="play"),
    path("levels/<int:level_id>/", game.level_page, name="level"),
    path("levels/<int:level_id>/og.png", game.level_image, name="level-image"),
    path("daily/", game.daily_page, name="daily"),
    path("daily/<str:day>/", game.daily_page, name="daily-date"),
    path("archive/", archive.archive, name="archive"),
    path("how-to-play/", guide.how_to_play, name="how-to-play"),
    path("privacy/", guide.privacy, name="privacy"),
    path("create/", builder.create, name="create"),
    path("create/<str:key>/", builder.create, name="create-draft"),
    path("community/", builder.community, name="community"),
    path("me/", players.me, name="me"),
    path("players/<str:handle>/", players.stats_page, name="player"),
    path("leaderboards/", players.leaderboard_page, name="leaderboards"),
    path("sync/", players.sync_page, name="sync"),
    path("rooms/", rooms.new_room, name="rooms-new"),
    path("rooms/<str:code>/", rooms.room_page, name="room"),
    path("solvable/", solvable.solvable_page, name="solvable"),
    # Installable and offline: the worker's scope is the whole site, so it is served at /.
    path("sw.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("favicon.ico", offline.favicon, name="favicon"),
    path("offline/", offline.offline_page, name="offline"),
    path("offline/levels.json", offline.kept_levels, name="offline-levels"),
]
