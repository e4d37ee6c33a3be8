"""generate()'s judge (issue 39): asked of each candidate while the level is built (unique, of
its tier, polished, before the call compares it with its others), a candidate it turns down
is abandoned for the next, keeping its place among those compared; the level is always one
the judge kept. A judge that keeps all
changes nothing, a deterministic judge gives the same level for a seed, and a judge that
keeps none ends the call in JudgedOut. A bad judge is a ValueError."""

import pytest

from generator_ext import TIERS, JudgedOut, generate

SEEDS = range(1, 9)


class Recorder:
    """A judge that turns down the first `refuse` candidates, then keeps every one, and
    records what it was shown."""

    def __init__(self, refuse: int = 0):
        self.refuse = refuse
        self.kept: list[list[list[int]]] = []
        self.turned_down: list[list[list[int]]] = []
        self.tiers: set[str] = set()

    def __call__(self, regions, tier):
        self.tiers.add(tier)
        keep = len(self.turned_down) >= self.refuse
        (self.kept if keep else self.turned_down).append(regions)
        return keep


@pytest.mark.parametrize("strategy", ["design", "fast", "unique"])
def test_the_judge_sees_every_candidate_and_the_level_is_one_it_kept(strategy):
    for seed in SEEDS:
        judge = Recorder(refuse=2)
        level = generate(8, seed=seed, strategy=strategy, judge=judge)
        assert level.judged_out == len(judge.turned_down) == 2
        assert level.tier in judge.tiers  # each candidate's own ("unique" draws any tier)
        for regions in judge.kept + judge.turned_down:  # a whole map, numbered as a level's
            assert len(regions) == 8 and all(len(row) == 8 for row in regions)
            assert sorted({cell for row in regions for cell in row}) == list(range(8))
        assert level.regions in judge.kept
        assert level.regions not in judge.turned_down


@pytest.mark.parametrize("n", [6, 8, 11])
def test_a_judge_that_keeps_all_changes_nothing(n):
    for seed in SEEDS:
        plain = generate(n, seed=seed)
        judged = generate(n, seed=seed, judge=lambda regions, tier: True)
        assert judged == plain.__class__(**{**plain.__dict__, "elapsed_s": judged.elapsed_s})
        assert judged.judged_out == 0


def shape_judge(regions, tier):
    """Deterministic: keeps a map whose first row has a region border in its left half."""
    row = regions[0]
    return any(row[c] != row[c + 1] for c in range(len(row) // 2))


def test_a_deterministic_judge_gives_the_same_level_for_a_seed():
    changed = 0
    for seed in SEEDS:
        first = generate(8, seed=seed, judge=shape_judge)
        again = generate(8, seed=seed, judge=shape_judge)
        assert (first.regions, first.solution, first.attempts, first.judged_out) == (
            again.regions, again.solution, again.attempts, again.judged_out)
        assert shape_judge(first.regions, first.tier)
        changed += first.regions != generate(8, seed=seed).regions
    assert changed  # the judge chose other levels than its absence would


def test_a_judge_that_keeps_none_ends_the_call_in_judged_out_at_an_unjudged_calls_cost():
    """A composed 8×8 level is the best of 6 candidates: a judge that keeps none has seen 6
    (not a level grown in their stead); growth, which returns its first, stops at 48."""
    unjudged = generate(8, seed=3, family="frames")
    with pytest.raises(JudgedOut, match="turned down all 6 8×8 candidates") as caught:
        generate(8, seed=3, family="frames", judge=lambda regions, tier: False)
    assert caught.value.judged_out == 6
    assert isinstance(caught.value, RuntimeError)  # a caller's "no level" catches it too
    # The judge is asked after the polish, which is all a candidate draws: the same six are
    # made, and the one kept is the level.
    judge = Recorder(refuse=5)
    kept = generate(8, seed=3, family="frames", judge=judge)
    assert kept.attempts == unjudged.attempts and kept.judged_out == 5
    assert [kept.regions] == judge.kept
    with pytest.raises(JudgedOut, match="turned down all 48 8×8") as grown:
        generate(8, seed=3, strategy="fast", judge=lambda regions, tier: False)
    assert grown.value.judged_out == 48


def test_the_tier_asked_is_the_tier_judged():
    for tier in TIERS:
        judge = Recorder()
        level = generate(8, seed=5, tier=tier, judge=judge)
        assert judge.tiers == {tier} == {level.tier}


@pytest.mark.parametrize("judge", [3, "easy", True, [lambda r, t: True]])
def test_a_judge_that_is_not_callable_is_a_value_error(judge):
    with pytest.raises(ValueError, match="judge must be a callable"):
        generate(8, seed=1, judge=judge)


def test_a_judge_where_none_is_asked_is_a_value_error():
    with pytest.raises(ValueError, match="k-star levels take no judge"):
        generate(8, seed=1, stars=2, judge=shape_judge)
    with pytest.raises(ValueError, match="naive strategy takes no judge"):
        generate(8, seed=1, strategy="naive", judge=shape_judge)
    with pytest.raises(ValueError, match="a trap takes no judge"):
        generate(8, seed=1, tier="easy", trap=True, judge=shape_judge)


def test_what_a_judge_raises_generate_raises_and_a_non_boolean_answer_is_a_type_error():
    def broken(regions, tier):
        raise LookupError("no model")

    with pytest.raises(LookupError, match="no model"):
        generate(8, seed=1, judge=broken)
    with pytest.raises(TypeError, match="a judge answers True or False, not None"):
        generate(8, seed=1, judge=lambda regions, tier: None)
    assert generate(8, seed=1).regions  # the engine is fine after either
