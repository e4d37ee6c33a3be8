from django.urls import path, re_path

from puzzles.api import builder, errors, players, replays, rooms, views

urlpatterns = [
    path("levels/<str:n>/", views.RandomLevelView.as_view(), name="api-random-level"),
    path("levels/<str:n>/<int:level_id>/", views.LevelDetailView.as_view(), name="api-level"),
    path("levels/<str:n>/<int:level_id>/start/", views.StartView.as_view(), name="api-start"),
    path("levels/<str:n>/<int:level_id>/check/", views.CheckView.as_view(), name="api-check"),
    path("levels/<str:n>/<int:level_id>/reveal/", views.RevealView.as_view(), name="api-reveal"),
    path("levels/<str:n>/<int:level_id>/hint/", views.HintView.as_view(), name="api-hint"),
    path("levels/<str:n>/<int:level_id>/solves/", views.SolveView.as_view(), name="api-solves"),
    path("levels/<str:n>/<int:level_id>/recordings/", replays.RecordingsView.as_view(),
         name="api-recordings"),
    path("levels/<str:n>/<int:level_id>/recordings/<int:recording_id>/",
         replays.ReplayView.as_view(), name="api-replay"),
    path("daily/", views.DailyTodayView.as_view(), name="api-daily"),
    path("daily/<str:day>/", views.DailyDateView.as_view(), name="api-daily-date"),
    path("pools/", views.PoolsView.as_view(), name="api-pools"),
    path("runs/", views.RunsView.as_view(), name="api-runs"),
    path("runs/<int:run_id>/", views.RunDetailView.as_view(), name="api-run"),
    path("builder/analyze/", builder.AnalyzeView.as_view(), name="api-builder-analyze"),
    path("builder/fix/", builder.FixView.as_view(), name="api-builder-fix"),
    path("builder/motif/", builder.MotifView.as_view(), name="api-builder-motif"),
    path("builder/fix/<str:key>/", builder.FixJobView.as_view(), name="api-builder-fix-job"),
    path("builder/publish/", builder.PublishView.as_view(), name="api-builder-publish"),
    path("builder/drafts/", builder.DraftsView.as_view(), name="api-drafts"),
    path("builder/drafts/<str:key>/", builder.DraftView.as_view(), name="api-draft"),
    path("me/", players.MeView.as_view(), name="api-me"),
    path("me/export/", players.MeExportView.as_view(), name="api-me-export"),
    path("me/follows/", players.FollowsView.as_view(), name="api-me-follows"),
    path("sync/code/", players.SyncCodeView.as_view(), name="api-sync-code"),
    path("sync/join/", players.SyncJoinView.as_view(), name="api-sync-join"),
    path("leaderboards/daily/", players.DailyLeaderboardView.as_view(),
         name="api-leaderboards-daily"),
    path("rooms/", rooms.RoomsView.as_view(), name="api-rooms"),
    path("rooms/<str:code>/", rooms.RoomDetailView.as_view(), name="api-room"),
    re_path(r"^(?P<rest>[\s\S]*)$", errors.not_found),  # last: unknown paths and non-digit ids
]
