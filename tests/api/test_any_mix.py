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
