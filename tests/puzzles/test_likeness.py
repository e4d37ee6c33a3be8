"""Near copies: the solution key ignores rotation and mirroring, and the distance between a
painting and a level counts changed cells, whatever the turn and the labels."""

from generator_ext import generate, solve
from puzzles.levels.likeness import cells_apart, is_near, solution_key
from tests.engine.test_canonical import all_symmetries, relabel


def test_the_key_and_the_distance_ignore_every_symmetry_and_relabelling():
    level = generate(9, seed=3, tier="hard")
    for seed, grid in enumerate(all_symmetries(level.regions)):
        copy = relabel(grid, seed)
        solution = solve(copy)
        assert solution_key(solution, "touch") == solution_key(level.solution, "touch")
        assert cells_apart(copy, solution, level.regions, level.solution) == 0
    assert solution_key(level.solution, "classic") != solution_key(level.solution, "touch")


def test_a_few_changed_cells_are_near_and_another_level_is_not():
    level = generate(8, seed=4, tier="hard")
    changed = [row[:] for row in level.regions]
    changed[0][0] = changed[0][1]
    assert cells_apart(changed, level.solution, level.regions, level.solution) <= 1
    assert is_near(changed, level.solution, level.regions, level.solution)
    other = generate(8, seed=99, tier="hard")
    assert not is_near(other.regions, level.solution, level.regions, level.solution)


def test_the_index_finds_a_near_copy_under_any_turn_rule_or_star_count():
    from generator_ext import canonical_hash, canonical_hashes
    from puzzles.levels.likeness import SolutionIndex, _cells, is_near_under
    from tests.engine.reference import one_cell_changes

    queens = generate(10, seed=4, tier="hard")
    stars = generate(10, seed=3, stars=2)
    index = SolutionIndex(10)
    index.add([(1, queens.solution, 1, queens.regions)])
    index.add([(2, stars.solution, 2, stars.regions)])  # added later, as levels are stored

    def near(painting, regions):
        found = {level_id for level_id, symmetry in index.holders(painting)
                 if is_near_under(painting, symmetry, regions)}
        assert index.near(painting) >= found  # the numpy count is is_near_under's
        return found

    for level_id, level in ((1, queens), (2, stars)):
        for seed, grid in enumerate(all_symmetries(level.regions)):
            assert near(relabel(grid, seed), level.regions) == {level_id}
        changed = next(one_cell_changes(level.regions, keep=set(_cells(level.solution))))
        assert level_id in near(changed, level.regions)
    other = generate(10, seed=99, tier="hard").regions
    assert not near(other, queens.regions) and not near(other, stars.regions)
    hashes = canonical_hashes(queens.regions)  # one map, every rule and star count
    assert {canonical_hash(queens.regions, "classic"),
            canonical_hash(queens.regions, "touch", 2)} <= set(hashes)


def test_the_near_limit_grows_with_the_board():
    """Issue 35: a quarter of the cells from 10×10 up, less on small boards (where honest
    boards lie near each other), never under three cells."""
    from puzzles.levels.likeness import near_limit

    limits = [near_limit(n) for n in range(4, 21)]
    assert limits == sorted(limits)
    assert near_limit(4) == near_limit(6) == 3
    assert near_limit(12) == 36 and near_limit(16) == 64 and near_limit(20) == 100


def test_the_indexs_near_count_is_is_near_under_for_every_holder():
    """Attack found by the outside attacker: a painting of one region per row holds every
    stored level's solution, and the near test ran in pure Python for each (3.7 s a request
    at 200 stored 16×16 levels). SolutionIndex.near counts for all holders at once: held
    equal here to is_near_under on stripes, copies and one-cell changes of many levels."""
    from puzzles.levels.likeness import SolutionIndex, _cells, is_near_under
    from tests.engine.reference import one_cell_changes

    n = 8
    levels = {i: generate(n, seed=i) for i in range(24)}
    index = SolutionIndex(n)
    index.add([(i, level.solution, 1, level.regions) for i, level in levels.items()])
    stripes = [[r] * n for r in range(n)]
    paintings = [stripes, [list(col) for col in zip(*stripes, strict=True)]]
    for i, level in list(levels.items())[:8]:
        paintings.append(relabel(level.regions, i))
        changes = one_cell_changes(level.regions, keep=set(_cells(level.solution)))
        paintings += [next(changes), next(changes)]
    assert len(index.holders(stripes)) >= len(levels)  # stripes hold every solution
    for painting in paintings:
        expected = {level_id for level_id, symmetry in index.holders(painting)
                    if is_near_under(painting, symmetry, levels[level_id].regions)}
        assert index.near(painting) == expected
