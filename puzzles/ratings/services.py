"""Ratings written: a recorded solve rated as a game (once), every game replayed from the
stored solves, a player's rating replayed from their games (after a merge)."""

from __future__ import annotations

import logging

from django.db import transaction

from puzzles.levels.cache import forget_all
from puzzles.levels.cache_invalidation import forget_level_entries
from puzzles.play import solve_listeners
from puzzles.ratings import eligibility, glicko, scale
from puzzles.ratings.models import LevelRating, PlayerRating, RatedGame
from puzzles.ratings.outcome import outcome
from puzzles.ratings.par import CEILING, ESTABLISHED_DEVIATION, MEASURED_PAR_GAMES, measured_par
from puzzles.ratings.selectors import shown_difficulty

log = logging.getLogger(__name__)


def standing(row) -> glicko.Standing:
    return glicko.Standing(row.rating, row.deviation, row.volatility)


def set_standing(row, value: glicko.Standing) -> None:
    row.rating, row.deviation, row.volatility = value.rating, value.deviation, value.volatility
    row.games += 1


def best_score(level: glicko.Standing) -> float:
    """The most a game against this level can score (par.CEILING): by Glicko's own expected
    score, so a player who always scores it settles at the ceiling, however uncertain the
    levels (a capped time alone let fresh levels' deviation carry them past it)."""
    return glicko.expected(glicko.Standing(CEILING, glicko.START.deviation,
                                           glicko.START.volatility), against=level)


def rate_solve(*, solve_id: int) -> RatedGame | None:
    """Rate a recorded solve as a game between its player and its level; None when it is no
    game (not eligible, or its address's game of the level was another player's) or was
    rated already. Both rating rows are locked, the level's first, so concurrent solves
    never lose an update nor deadlock."""
    game, shown_moved = play_game(solve_id)
    if shown_moved:  # the level's payload shows its difficulty (forgotten again at commit)
        forget_level_entries([game.level_id])
    return game


def measure_par(row: LevelRating) -> bool:
    """Store the level's par as its established players' games give it (par.measured_par;
    none below MEASURED_PAR_GAMES such games), on its locked or fresh row; whether it
    changed. Read when a game is rated, never per request: the payload shows what is stored."""
    par = None
    if row.games >= MEASURED_PAR_GAMES:
        par = measured_par(list(RatedGame.objects.filter(
            level_id=row.level_id, player_deviation__lte=ESTABLISHED_DEVIATION)
            .values_list("solve__seconds", flat=True)))
    if par == row.measured_par():
        return False
    par = par or {}
    row.par_expert, row.par_master, row.par_grandmaster = (
        par.get("expert"), par.get("master"), par.get("grandmaster"))
    row.save(update_fields=["par_expert", "par_master", "par_grandmaster"])
    return True


def play_game(solve_id: int, *, measure: bool = True) -> tuple[RatedGame | None, bool]:
    """rate_solve's game, and whether the level's shown difficulty (its rating or its
    measured par) moved. `measure`: the par measured again after it (a replay measures each
    level once, at its end)."""
    solve = eligibility.eligible_solves().select_related("level").filter(id=solve_id).first()
    if solve is None:
        return None, False
    LevelRating.objects.get_or_create(level_id=solve.level_id)
    PlayerRating.objects.get_or_create(player=solve.player)
    with transaction.atomic():
        level_row = LevelRating.objects.select_for_update().get(level_id=solve.level_id)
        player_row = PlayerRating.objects.select_for_update().get(player=solve.player)
        if RatedGame.objects.filter(solve_id=solve.id).exists() or (
                eligibility.address_counted(solve)):
            return None, False
        level = solve.level
        score = outcome(seconds=solve.seconds, mistakes=solve.wrong_checks,
                        expected_seconds=scale.yardstick_seconds(size=level.size,
                                                                 stars=level.stars),
                        best=best_score(standing(level_row)))
        shown = shown_difficulty(level_row)
        game = RatedGame.objects.create(
            solve=solve, level_id=solve.level_id, player=solve.player, played_at=solve.solved_at,
            outcome=score, player_rating=player_row.rating,
            player_deviation=player_row.deviation, level_rating=level_row.rating,
            level_deviation=level_row.deviation)
        player_after, level_after = glicko.game(standing(player_row), standing(level_row), score)
        set_standing(player_row, player_after)
        set_standing(level_row, level_after)
        player_row.save()
        level_row.save()
        par_moved = measure and measure_par(level_row)
    return game, shown_difficulty(level_row) != shown or par_moved


def recompute_ratings() -> int:
    """Wipe every rating and replay every eligible stored solve in the order they were solved
    (solved_at, then id): the same games rate_solve plays, so the same numbers. How many
    games. One transaction: readers see the old ratings until it commits."""
    with transaction.atomic():
        RatedGame.objects.all().delete()
        LevelRating.objects.all().delete()
        PlayerRating.objects.all().delete()
        ids = list(eligibility.eligible_solves().values_list("id", flat=True))
        games = sum(play_game(solve_id, measure=False)[0] is not None for solve_id in ids)
        for row in LevelRating.objects.filter(games__gte=MEASURED_PAR_GAMES):
            measure_par(row)
        forget_all()  # any level's shown difficulty may have changed (again at commit)
    return games


def replay_player(key: str) -> None:
    """The player's rating replayed from their games alone, each against the level as it
    stood then (a merge brought another key's games under this one). Levels keep theirs."""
    games = list(RatedGame.objects.filter(player=key).order_by("played_at", "id"))
    PlayerRating.objects.filter(player=key).delete()
    if not games:
        return
    row = PlayerRating(player=key)
    for game in games:
        # A side's update reads the other's rating and deviation only.
        level = glicko.Standing(game.level_rating, game.level_deviation, glicko.START.volatility)
        set_standing(row, glicko.updated(standing(row), against=level, score=game.outcome))
    row.save()


# ---------------------------------------------------------------- play's listeners
def solve_recorded(solve) -> None:
    """After a recorded solve's commit: rate it. A failure is logged, never the player's
    answer: recompute_ratings replays whatever was missed."""
    try:
        rate_solve(solve_id=solve.id)
    except Exception:  # noqa: BLE001 (any: the solve is recorded; a recompute heals it)
        log.exception("rating solve %s failed", solve.id)


def solves_struck(players: set[str]):
    """Struck solves take their games with them: everything after them moved against them,
    so the ratings are replayed from the stored solves after the strike's commit."""
    return recompute_ratings


def listen_to_play() -> None:
    """Play tells the ratings of recorded and struck solves (PuzzlesConfig.ready())."""
    solve_listeners.listen(recorded=solve_recorded, striking=solves_struck)
