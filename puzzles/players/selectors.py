"""Players: who is asking, their streak, bests and stats, and everything kept about them
(the export). All of it is worked out from the rows filed under the player's key, so every
device sharing the key sees the same."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import asdict
from datetime import date

from django.db.models import F

from puzzles.core import player_keys
from puzzles.play.models import Solve
from puzzles.players import streaks
from puzzles.players.models import Follow, Player


def player_of(key: str) -> Player | None:
    return Player.objects.filter(key=key).select_related("user").first()


def player_by_handle(handle: str) -> Player | None:
    return Player.objects.filter(handle=handle, user__isnull=False).first()


def daily_days(key: str) -> set[date]:
    """The days this player solved that day's daily."""
    return set(Solve.objects.filter(
        player=key, solved_at__date=F("level__daily__date"), revealed=False,
    ).values_list("level__daily__date", flat=True))


def streak_of(key: str, today: date) -> streaks.Streak:
    return streaks.work_out(daily_days(key), today)


def recorded_solves(key: str):
    return Solve.objects.filter(player=key, seconds__isnull=False).select_related("level")


def bests(key: str) -> dict[str, int]:
    """The fastest unassisted solve per "size:tier" (as the page's own bests are keyed)."""
    found: dict[str, int] = {}
    for solve in recorded_solves(key).filter(hints=0):
        name = f"{solve.level.size}:{solve.level.tier or 'any'}"
        found[name] = min(found.get(name, solve.seconds), solve.seconds)
    return found


def solved_count(key: str) -> int:
    return Solve.objects.filter(player=key, solved_at__isnull=False, revealed=False).count()


def dailies_solved(key: str) -> list[int]:
    """The levels of the dailies this player solved, on their day or later."""
    return sorted(Solve.objects.filter(player=key, solved_at__isnull=False, revealed=False,
                                       level__daily__isnull=False)
                  .values_list("level_id", flat=True))


def streak_fields(streak: streaks.Streak) -> dict:
    """The streak as /api/me serves it (the browser keeps it: static/js/streak.js)."""
    return {"streak": streak.current, "best_streak": streak.best, "freezes": streak.freezes,
            "streak_until": streak.until}


def summary(key: str, *, today: date, signed_in: bool) -> dict:
    player = player_of(key)
    return {"name": player.name if player else None, "signed_in": signed_in,
            **streak_fields(streak_of(key, today)),
            "solves": solved_count(key), "bests": bests(key),
            "dailies_solved": dailies_solved(key),
            "handle": player.handle if player and player.user_id else None,
            "hidden": bool(player and player.hidden)}


def stats(key: str, *, today: date) -> dict:
    """A player's stats page: solves per size and tier, best and median times by month,
    streak history, and the techniques their hints taught most."""
    per_size: dict[int, Counter] = defaultdict(Counter)
    months: dict[str, list[int]] = defaultdict(list)
    techniques: Counter = Counter()
    for solve in recorded_solves(key).order_by("solved_at"):
        per_size[solve.level.size][solve.level.tier or "any"] += 1
        if not solve.hints and solve.solved_at:
            months[solve.solved_at.strftime("%Y-%m")].append(solve.seconds)
    for names in Solve.objects.filter(player=key).exclude(techniques=[]).values_list(
            "techniques", flat=True):
        techniques.update(names)
    streak = streak_of(key, today)
    return {
        "sizes": [{"size": size, "tiers": dict(sorted(counts.items())),
                   "total": sum(counts.values())} for size, counts in sorted(per_size.items())],
        "times": [{"month": month, "best": min(times), "median": statistics.median(times),
                   "solves": len(times)} for month, times in sorted(months.items())],
        "streak": {"current": streak.current, "best": streak.best, "freezes": streak.freezes,
                   "runs": [{"start": run.start.isoformat(), "end": run.end.isoformat(),
                             "days": run.days} for run in reversed(streak.runs)],
                   "frozen": [day.isoformat() for day in streak.frozen]},
        "techniques": [{"technique": name, "hints": count}
                       for name, count in techniques.most_common()],
    }


def export(key: str, *, today: date, user=None) -> dict:
    """Everything kept under this player's key, as JSON (the privacy page's download)."""
    player = player_of(key)
    account = None
    if user is not None and user.is_authenticated:
        account = {"email": user.email, "joined": user.date_joined.isoformat(),
                   "emails": list(user.emailaddress_set.values("email", "verified",
                                                                 "primary"))}
    streak = streak_of(key, today)
    return {
        "account": account,
        "player": {"name": player.name, "handle": player.handle, "hidden": player.hidden,
                   "created_at": player.created_at} if player else None,
        "streak": asdict(streak),
        "bests": bests(key),
        **player_keys.export_all(key),  # each domain's rows: solves, drafts, levels...
        "following": list(Follow.objects.filter(follower__key=key).values_list(
            "followed__handle", flat=True)),
    }


def shown_names(keys, *, viewer: str) -> dict[str, str]:
    """Key -> name of the players among `keys` shown by name, the viewer left out."""
    return dict(Player.objects.filter(user__isnull=False, hidden=False, name__isnull=False)
                .exclude(key=viewer).filter(key__in=keys).values_list("key", "name"))


def followed_names(viewer: str) -> dict[str, str]:
    """Key -> name of the players the viewer follows who are shown by name."""
    return dict(Player.objects.filter(
        followers__follower__key=viewer, user__isnull=False, hidden=False,
        name__isnull=False).values_list("key", "name"))


def following(key: str) -> list[Player]:
    return list(Player.objects.filter(followers__follower__key=key, user__isnull=False)
                .order_by("name"))
