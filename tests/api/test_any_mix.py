"""'Any' difficulty is a deliberate mix (about 35/30/30/5), and a newcomer never gets expert
(issue 18: 40 draws at 7×7 once gave expert ten times, a first-time player trial and error)."""

import random
from collections import Counter

import pytest
from django.utils import timezone

from puzzles.levels.selectors import levels as level_selectors
from puzzles.levels.selectors.levels import NEWCOMER_SOLVES
from puzzles.models import Solve

pytestmark = pytest.mark.django_db
TIERS = ("easy", "medium", "hard", "expert")


@pytest.fixture
def pool(make_level):
    """Three 7×7 levels of each tier."""
    return {tier: [make_level(size=7, seed=seed, tier=tier) for seed in (1, 2, 3)]
            for tier in TIERS}


def test_any_follows_the_mix_for_a_seasoned_player(pool):
    rng = random.Random(5)
    drawn = Counter(level_selectors.any_tier_level(7, "touch", solves=50, rng=rng).tier
                    for _ in range(2000))
    shares = {tier: drawn[tier] / 2000 for tier in TIERS}
    for tier, weight in level_selectors.ANY_MIX.items():
        assert abs(shares[tier] - weight / 100) < 0.04, shares


def test_a_newcomer_never_gets_expert_until_five_solves(client, pool):
    tiers = Counter(client.get("/api/levels/7/").json()["tier"] for _ in range(120))
    assert tiers["expert"] == 0 and set(tiers) == {"easy", "medium", "hard"}, tiers
    # The player's token, as the server knows it: from the play a first move makes.
    first = pool["easy"][0]
    client.post(f"/api/levels/7/{first.id}/start/", "{}", content_type="application/json")
    token = Solve.objects.get(level=first).player
    Solve.objects.all().delete()
    solved = [level for tier in ("easy", "medium") for level in pool[tier]]
    for level in solved[:NEWCOMER_SOLVES - 1]:
        Solve.objects.create(level=level, player=token, solved_at=timezone.now(), seconds=60)
    tiers = Counter(client.get("/api/levels/7/").json()["tier"] for _ in range(120))
    assert tiers["expert"] == 0, tiers
    for level in solved[NEWCOMER_SOLVES - 1:NEWCOMER_SOLVES]:
        Solve.objects.create(level=level, player=token, solved_at=timezone.now(), seconds=60)
    tiers = Counter(client.get("/api/levels/7/").json()["tier"] for _ in range(300))
    assert tiers["expert"] > 0, tiers


def test_a_newcomer_with_only_expert_left_is_told_none_is_ready(client, make_level):
    make_level(size=7, seed=4, tier="expert")
    response = client.get("/api/levels/7/")
    assert response.status_code == 404


def test_near_me_serves_a_newcomer_easy_levels_and_harder_ones_as_they_win(client, pool):
    """Issue 39 item 3: "Any" near the player's rating. A new player (no rated game) gets the
    easy tier; each fast win raises their rating (a real game, ratings.services.rate_solve)
    and the next pick aims a little above it: harder levels, expert once five are solved."""
    from puzzles.ratings import services as ratings
    from puzzles.ratings.models import PlayerRating
    from tests.api.test_players import player_key
    from tests.puzzles.test_ratings import played

    assert {client.get("/api/levels/7/?near=me").json()["tier"] for _ in range(20)} == {"easy"}
    client.get("/api/me/")
    key = player_key(client)
    solved, picked, rated = [], [], []
    for i in range(6):
        exclude = ",".join(str(level_id) for level_id in solved)
        level = client.get(f"/api/levels/7/?near=me&exclude={exclude}").json()
        picked.append((level["tier"], level["difficulty"]["predicted"]))
        ratings.rate_solve(solve_id=played(pool_level(pool, level["id"]), key, 10, at=i,
                                           address=f"w{i}").id)
        solved.append(level["id"])
        rated.append(PlayerRating.objects.get(player=key).rating)
    assert rated == sorted(rated) and rated[0] > 1500, rated  # every win raised it
    assert picked[0][0] == "easy" and all(p[1] > picked[0][1] for p in picked[1:]), picked
    assert picked[1][0] == "hard", picked  # a win aims above the easy tier at once
    assert picked[-1][0] == "expert", picked  # five solves: expert is open to them


def pool_level(pool, level_id):
    return next(level for levels in pool.values() for level in levels if level.id == level_id)


@pytest.mark.parametrize("query", ["near=you", "near=", "near=me&near=me", "near=you&near=me",
                                   "near=&near=me"])
def test_near_takes_only_me(client, pool, query):
    response = client.get(f"/api/levels/7/?{query}")
    assert response.status_code == 400
    assert response.json()["detail"] == 'near takes one value, "me": a level near your rating'
    assert client.get("/api/levels/7/?near=me&tier=hard").json()["tier"] == "hard"  # kept
