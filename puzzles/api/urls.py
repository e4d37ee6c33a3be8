from django.urls import path, re_path

from puzzles.api import (
    builder,
    daily,
    errors,
    levels,
    play,
    players,
    replays,
    rooms,
    runs,
    solvable,
)

# route: (view, name); one table, so each route reads on one line.
ROUTES = {
    "levels/<str:n>/": (levels.RandomLevelView, "api-random-level"),
    "levels/<str:n>/<int:level_id>/": (levels.LevelDetailView, "api-level"),
    "levels/<str:n>/<int:level_id>/start/": (play.StartView, "api-start"),
    "levels/<str:n>/<int:level_id>/check/": (play.CheckView, "api-check"),
    "levels/<str:n>/<int:level_id>/reveal/": (play.RevealView, "api-reveal"),
    "levels/<str:n>/<int:level_id>/hint/": (play.HintView, "api-hint"),
    "levels/<str:n>/<int:level_id>/solves/": (play.SolveView, "api-solves"),
    "levels/<str:n>/<int:level_id>/recordings/": (replays.RecordingsView, "api-recordings"),
    "levels/<str:n>/<int:level_id>/recordings/<int:recording_id>/": (replays.ReplayView,
                                                                      "api-replay"),
    "daily/": (daily.DailyTodayView, "api-daily"),
    "daily/<str:day>/": (daily.DailyDateView, "api-daily-date"),
    "pools/": (runs.PoolsView, "api-pools"),
    "runs/": (runs.RunsView, "api-runs"),
    "runs/<int:run_id>/": (runs.RunDetailView, "api-run"),
    "builder/analyze/": (builder.AnalyzeView, "api-builder-analyze"),
    "builder/fix/": (builder.FixView, "api-builder-fix"),
    "builder/motif/": (builder.MotifView, "api-builder-motif"),
    "builder/fix/<str:key>/": (builder.FixJobView, "api-builder-fix-job"),
    "builder/analyze/<str:key>/": (builder.AnalyzeJobView, "api-builder-analyze-job"),
    "builder/motif/<str:key>/": (builder.MotifJobView, "api-builder-motif-job"),
    "builder/publish/": (builder.PublishView, "api-builder-publish"),
    "builder/drafts/": (builder.DraftsView, "api-drafts"),
    "builder/drafts/<str:key>/": (builder.DraftView, "api-draft"),
    "me/": (players.MeView, "api-me"),
    "me/export/": (players.MeExportView, "api-me-export"),
    "me/follows/": (players.FollowsView, "api-me-follows"),
    "sync/code/": (players.SyncCodeView, "api-sync-code"),
    "sync/join/": (players.SyncJoinView, "api-sync-join"),
    "leaderboards/daily/": (players.DailyLeaderboardView, "api-leaderboards-daily"),
    "rooms/": (rooms.RoomsView, "api-rooms"),
    "rooms/<str:code>/": (rooms.RoomDetailView, "api-room"),
    "solvable/runs/": (solvable.RunsView, "api-solvable-runs"),
    "solvable/runs/<str:key>/": (solvable.RunView, "api-solvable-run"),
    "solvable/runs/<str:key>/boards/<int:position>/answer/": (solvable.AnswerView,
                                                               "api-solvable-answer"),
    "solvable/runs/<str:key>/boards/<int:position>/hint/": (solvable.HintView,
                                                             "api-solvable-hint"),
    "solvable/leaderboard/": (solvable.LeaderboardView, "api-solvable-leaderboard"),
}

urlpatterns = [
    *(path(route, view.as_view(), name=name) for route, (view, name) in ROUTES.items()),
    re_path(r"^(?P<rest>[\s\S]*)$", errors.not_found),  # last: unknown paths and non-digit ids
]
