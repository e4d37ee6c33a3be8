"""The app's models, one module per domain (puzzles/<domain>/models.py); Django and the
migrations find them here, under the one app label `puzzles`."""

from puzzles.builder.models import CommunityLevel, Draft, FixJob, FixStatus, JobKind, draft_key
from puzzles.core.vocabulary import Rule, Source, Tier
from puzzles.daily.models import DailyPuzzle, DailyTheme
from puzzles.levels.models import (
    ACTIVE_RUN_STATUSES,
    GenerationRun,
    Level,
    PoolTarget,
    RunStatus,
    random_pick,
)
from puzzles.play.models import HintShown, Reveal, Solve, Strike
from puzzles.players.models import Follow, Player, SyncCode, player_handle
from puzzles.ratings.models import (
    DifficultyModel,
    LevelFeatures,
    LevelPrediction,
    LevelRating,
    PlayerRating,
    RatedGame,
)
from puzzles.rooms.models import Room, RoomPlayer, RoomResult, RoomState
from puzzles.solvable.models import SolvableBoard, SolvableRun

__all__ = [
    "Rule",
    "Source",
    "Tier",
    "random_pick",
    "Level",
    "RunStatus",
    "ACTIVE_RUN_STATUSES",
    "GenerationRun",
    "PoolTarget",
    "DailyTheme",
    "DailyPuzzle",
    "Solve",
    "HintShown",
    "Reveal",
    "Strike",
    "draft_key",
    "Draft",
    "CommunityLevel",
    "FixStatus",
    "JobKind",
    "FixJob",
    "player_handle",
    "Player",
    "Follow",
    "SyncCode",
    "LevelRating",
    "PlayerRating",
    "RatedGame",
    "LevelFeatures",
    "DifficultyModel",
    "LevelPrediction",
    "RoomState",
    "Room",
    "RoomPlayer",
    "RoomResult",
    "SolvableRun",
    "SolvableBoard",
]
