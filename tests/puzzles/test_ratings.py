"""Ratings from play (issue 39, item 1) against the real database: which solves are games,
both sides moved by one, each solve rated once, one address one game per level, the replay
from the stored solves equal to the incremental ratings, strikes, and the pure pieces."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from puzzles.models import LevelRating, PlayerRating, RatedGame, Solve
from puzzles.play.services import strikes
from puzzles.ratings import glicko, scale
from puzzles.ratings import services as ratings
from puzzles.ratings.expected_time import expected_seconds
from puzzles.ratings.outcome import outcome
from puzzles.ratings.par import CEILING, MEASURED_PAR_GAMES, beaten, measured_par, predicted_par
from puzzles.ratings.prediction import cold_start
from tests.api.test_players import commits_run_their_callbacks  # noqa: F401 (autouse)

T0 = timezone.now() - timedelta(days=1)


def played(level, player: str, seconds: int, *, at: int = 0, address: str = "", **fields):
    """A recorded ranked solve, as record_solve leaves one, `at` seconds after T0."""
    fields = {"ranked": True, "solved_at": T0 + timedelta(seconds=at), **fields}
    return Solve.objects.create(level=level, player=player, seconds=seconds, address=address,
                                **fields)


WARM_UPS = 6  # rated games that make a player established (par.ESTABLISHED_DEVIATION)


def established(make_level, players: list[str]) -> None:
    """Each player rated on WARM_UPS other levels first, before T0, from their own address:
    their later games measure par."""
    from puzzles.ratings import services as rating_services

    warm_ups = [make_level(size=6, seed=900 + k) for k in range(WARM_UPS)]
    for p, player in enumerate(players):
        for k, level in enumerate(warm_ups):
            rating_services.rate_solve(solve_id=played(
                level, player, 40, at=-10_000 + 100 * p + k, address=f"warm-{player}").id)


def state() -> dict:
    """Every rating and game, as numbers (compared exactly)."""
    return {
        "levels": sorted(LevelRating.objects.values_list(
            "level_id", "rating", "deviation", "volatility", "games")),
        "players": sorted(PlayerRating.objects.values_list(
            "player", "rating", "deviation", "volatility", "games")),
        "games": sorted(RatedGame.objects.values_list(
            "solve_id", "player", "outcome", "player_rating", "level_rating")),
    }


# ---------------------------------------------------------------- pure pieces
def test_the_outcome_is_a_half_at_the_expected_time_more_when_faster_less_for_mistakes():
    assert outcome(seconds=120, expected_seconds=120, mistakes=0) == pytest.approx(0.5)
    scores = [outcome(seconds=s, expected_seconds=120, mistakes=0)
              for s in (0, 10, 60, 119, 121, 240, 10_000)]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores)
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert scores[2] > 0.7 and scores[5] < 0.3  # half the time, twice the time
    clean = outcome(seconds=60, expected_seconds=120, mistakes=0)
    assert outcome(seconds=60, expected_seconds=120, mistakes=1) < clean
    assert outcome(seconds=60, expected_seconds=120, mistakes=3) < outcome(
        seconds=60, expected_seconds=120, mistakes=1)


def test_the_cold_start_expects_longer_of_harder_tiers_and_bigger_boards():
    tiers = [expected_seconds(size=8, tier=t) for t in ("easy", "medium", "hard", "expert")]
    assert tiers == sorted(tiers) and len(set(tiers)) == 4
    assert expected_seconds(size=10, tier="easy") > expected_seconds(size=8, tier="easy")
    assert expected_seconds(size=10, tier="hard", stars=2) > expected_seconds(size=10,
                                                                              tier="hard")
    assert expected_seconds(size=8, tier=None) == expected_seconds(size=8, tier="medium")


def test_the_scale_ties_a_rating_gap_to_a_time_ratio_both_ways():
    assert scale.seconds_at(level_rating=1500, size=8) == scale.YARDSTICK_AT_8
    # A level 600 points above its player takes ten times the yardstick; twice as big a
    # board four times the cells; two stars twice the units.
    assert scale.seconds_at(level_rating=2100, size=8) == pytest.approx(1500)
    assert scale.yardstick_seconds(size=16, stars=2) == 8 * scale.YARDSTICK_AT_8
    for seconds in (20, 150, 900):
        rating = scale.rating_of(seconds=seconds, size=10, stars=2)
        assert scale.seconds_at(level_rating=rating, size=10, stars=2) == pytest.approx(seconds)
    # The outcome at the scale's time is Glicko's expected score for the gap (g(φ)=1).
    for gap in (-300, 0, 250):
        seconds = scale.seconds_at(level_rating=1500 + gap, size=8)
        expected = 1 / (1 + 10 ** (gap / 400))
        assert outcome(seconds=seconds, expected_seconds=scale.YARDSTICK_AT_8,
                       mistakes=0) == pytest.approx(expected, abs=0.005)


def test_the_cold_start_prediction_orders_the_tiers_and_its_par_the_standards():
    ratings_by_tier = [cold_start(size=9, tier=t).rating
                       for t in ("easy", "medium", "hard", "expert")]
    assert ratings_by_tier == sorted(ratings_by_tier) and len(set(ratings_by_tier)) == 4
    prediction = cold_start(size=9, tier="hard")
    assert prediction.model == "cold-start"
    assert prediction.seconds == pytest.approx(expected_seconds(size=9, tier="hard"))
    par = predicted_par(prediction, size=9)
    assert par["expert"] == round(prediction.seconds)  # an expert takes the median
    assert par["master"] == pytest.approx(par["expert"] / 2, rel=0.01)
    assert par["grandmaster"] == pytest.approx(par["expert"] / 4, rel=0.01)


def test_measured_par_takes_the_median_the_quickest_quarter_and_tenth_by_nearest_rank():
    assert measured_par(list(range(1, MEASURED_PAR_GAMES))) is None  # one time short
    times = [10 * i for i in range(40, 0, -1)]  # 10..400 s, any order
    assert measured_par(times) == {"expert": 200, "master": 100, "grandmaster": 40}
    assert measured_par([0] * MEASURED_PAR_GAMES)["grandmaster"] == 1  # never 0 s


def test_a_time_beats_the_best_standard_whose_par_it_is_within():
    par = {"expert": 120, "master": 60, "grandmaster": 30}
    assert [beaten(s, par) for s in (10, 30, 31, 60, 61, 120, 121)] == [
        "grandmaster", "grandmaster", "master", "master", "expert", "expert", None]


# ---------------------------------------------------------------- games
@pytest.mark.django_db
def test_a_fast_solve_raises_the_player_and_lowers_the_level_and_a_slow_one_the_reverse(
        make_level):
    level, other = make_level(size=8, seed=3), make_level(size=8, seed=4)
    fast = played(level, "fast", 5, address="a1")
    slow = played(other, "slow", 5000, address="a2")
    assert ratings.rate_solve(solve_id=fast.id) is not None
    assert ratings.rate_solve(solve_id=slow.id) is not None
    rows = {r.player: r for r in PlayerRating.objects.all()}
    levels = {r.level_id: r for r in LevelRating.objects.all()}
    assert rows["fast"].rating > 1500 > levels[level.id].rating
    assert rows["slow"].rating < 1500 < levels[other.id].rating
    assert all(r.games == 1 and r.deviation < 350 for r in [*rows.values(), *levels.values()])


def test_a_time_scores_at_most_what_the_ceiling_player_is_expected_to_and_no_less_below():
    level = glicko.Standing(1500.0, 350.0, 0.06)
    best = ratings.best_score(level)
    ceiling = glicko.Standing(CEILING, 350.0, 0.06)
    assert best == pytest.approx(glicko.expected(ceiling, against=level)) and 0.5 < best < 1
    floor = outcome(seconds=4, expected_seconds=115, mistakes=0)
    assert floor > best  # the ranked floor's pace scores more than the ceiling allows
    assert outcome(seconds=4, expected_seconds=115, mistakes=0, best=best) == best
    assert outcome(seconds=4, expected_seconds=115, mistakes=1, best=best) == pytest.approx(
        best * 0.8)  # mistakes still cost, from the capped score
    slow = outcome(seconds=200, expected_seconds=115, mistakes=0)
    assert outcome(seconds=200, expected_seconds=115, mistakes=0, best=best) == slow


@pytest.mark.django_db
def test_a_script_solving_every_level_at_the_ranked_floor_rates_no_higher_than_the_ceiling(
        make_level):
    """The outside attacker's find (issue 39): one cookie solving sixteen 7×7 levels at the
    ranked floor (4 s) climbed past 2,000, the rating shown beside it in race rooms."""
    for k in range(24):
        level = make_level(size=7, seed=700 + k)
        ratings.rate_solve(solve_id=played(level, "script", 4, at=k, address="bot").id)
    script = PlayerRating.objects.get(player="script")
    assert script.games == 24
    assert CEILING - 150 < script.rating <= CEILING, script.rating


@pytest.mark.django_db
def test_solves_that_are_no_games_move_nothing(make_level):
    level = make_level(size=8, seed=3)
    kinds = [
        played(level, "assisted", 5, ranked=False, unranked="assisted", hints=1),
        played(level, "hinted-ranked", 5, hints=2),  # a merge's sum of two devices' hints
        played(level, "revealed", 5, ranked=False, unranked="revealed", revealed=True),
        played(level, "offline", 5, ranked=False, unranked="offline"),
        played(level, "too-fast", 1, ranked=False, unranked="too_fast"),
        played(level, "unsolved", None, ranked=False, solved_at=None),
    ]
    for solve in kinds:
        assert ratings.rate_solve(solve_id=solve.id) is None, solve.player
    assert not RatedGame.objects.exists()
    assert not LevelRating.objects.exists() and not PlayerRating.objects.exists()


@pytest.mark.django_db
def test_rating_a_solve_twice_changes_nothing(make_level):
    solve = played(make_level(size=8, seed=3), "once", 30, address="a1")
    assert ratings.rate_solve(solve_id=solve.id) is not None
    before = state()
    assert ratings.rate_solve(solve_id=solve.id) is None
    assert state() == before and RatedGame.objects.count() == 1


@pytest.mark.django_db
def test_fresh_cookies_at_one_address_rate_a_level_once(make_level):
    level, other = make_level(size=8, seed=3), make_level(size=8, seed=4)
    first = played(level, "cookie-1", 20, at=1, address="same")
    fresh = played(level, "cookie-2", 10, at=2, address="same")
    elsewhere = played(level, "cookie-3", 10, at=3, address="other")
    again = played(other, "cookie-2", 10, at=4, address="same")  # another level: a game
    for solve in (first, fresh, elsewhere, again):
        ratings.rate_solve(solve_id=solve.id)
    assert set(RatedGame.objects.values_list("solve_id", flat=True)) == {
        first.id, elsewhere.id, again.id}
    assert LevelRating.objects.get(level=level).games == 2


@pytest.mark.django_db
def test_the_replay_from_the_stored_solves_equals_the_incremental_ratings(make_level):
    levels = [make_level(size=8, seed=s) for s in (3, 4, 5)]
    at = 0
    for round_ in range(3):
        for p in range(4):
            for i, level in enumerate(levels):
                if (p + i + round_) % 3 == 0 and not Solve.objects.filter(
                        level=level, player=f"p{p}").exists():
                    at += 7
                    solve = played(level, f"p{p}", 20 + 37 * ((p * 5 + i * 3) % 11),
                                   at=at, address=f"addr{p}", wrong_checks=p % 2)
                    ratings.rate_solve(solve_id=solve.id)
    played(levels[0], "shared-cookie", 9, at=at + 1, address="addr1")  # not a game
    ratings.rate_solve(solve_id=Solve.objects.get(player="shared-cookie").id)
    incremental = state()
    assert len(incremental["games"]) >= 6
    call_command("recompute_ratings", stdout=__import__("io").StringIO())
    replayed = state()
    # The game rows are new; what they hold and every rating are the same numbers.
    assert replayed["levels"] == incremental["levels"]
    assert replayed["players"] == incremental["players"]
    assert [g[1:] for g in replayed["games"]] == [g[1:] for g in incremental["games"]]


@pytest.mark.django_db
def test_a_struck_solve_takes_its_game_out_of_the_ratings(make_level):
    level = make_level(size=8, seed=3)
    honest = played(level, "honest", 200, at=1, address="a1")
    forged = played(level, "forged", 2, at=2, address="a2")
    later = played(level, "later", 90, at=3, address="a3")
    for solve in (honest, forged, later):
        ratings.rate_solve(solve_id=solve.id)
    assert strikes.strike_solves([forged.id], reason="a script") == 1
    assert not RatedGame.objects.filter(solve=forged).exists()
    assert not PlayerRating.objects.filter(player="forged", games__gt=0).exists()
    struck = state()
    # The same as if the forged solve had never been rated.
    RatedGame.objects.all().delete()
    LevelRating.objects.all().delete()
    PlayerRating.objects.all().delete()
    for solve in (honest, later):
        ratings.rate_solve(solve_id=solve.id)
    assert [state()[k] for k in ("levels", "players")] == [struck[k]
                                                           for k in ("levels", "players")]
