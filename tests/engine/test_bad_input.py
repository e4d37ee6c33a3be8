"""Bad input is a ValueError that names the problem, never a crash or a hang."""

import numpy as np
import pytest

from generator_ext import canonical_hash, count_solutions, generate, solve, validate_regions

GOOD = [
    [0, 0, 1, 1],
    [0, 2, 2, 1],
    [3, 3, 2, 1],
    [3, 3, 3, 1],
]

BAD_MAPS = [
    (None, "not None"),
    ("0011", "list of rows"),
    (42, "list of rows"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1]], "n must be between 4 and 32"),
    ([[0, 1, 2], [0, 1, 2], [0, 1, 2]], "n must be between 4 and 32"),
    ([[0] * 33] * 33, "n must be between 4 and 32"),
    ([], "n must be between 4 and 32"),
    ([[0, 0, 1, 1], [0, 2, 2], [3, 3, 2, 1], [3, 3, 3, 1]], "4×4 grid"),
    ([[0, 0, 1, 1], [0, 2, 2, 1, 1], [3, 3, 2, 1], [3, 3, 3, 1]], "4×4 grid"),
    ([[0, 0, 1, 1], None, [3, 3, 2, 1], [3, 3, 3, 1]], "4×4 grid"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 4]], "region ids must be 0..3"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, -1]], "region ids must be 0..3"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, "1"]], "must be integers"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 1.0]], "must be integers"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, None]], "must be integers"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, True]], "must be integers"),
    ([[0, 0, 1, 1], [0, 1, 1, 1], [3, 3, 1, 1], [3, 3, 3, 1]], "region 2 is not used"),
    ([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 0]], "region 0 is not connected"),
    ([[0, 2, 1, 1], [2, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 0]], "region 0 is not connected"),
]


@pytest.mark.parametrize("regions,message", BAD_MAPS)
def test_bad_maps_are_rejected_by_every_entry_point(regions, message):
    for call in (validate_regions, count_solutions, solve, canonical_hash):
        with pytest.raises(ValueError, match=message):
            call(regions)


def test_good_map_passes_as_list_tuple_and_numpy():
    validate_regions(GOOD)
    validate_regions(tuple(tuple(row) for row in GOOD))
    validate_regions(np.array(GOOD))
    assert count_solutions(np.array(GOOD)) == count_solutions(GOOD)


def test_float_numpy_map_is_rejected():
    with pytest.raises(ValueError, match="must be integers"):
        validate_regions(np.array(GOOD, dtype=float))


@pytest.mark.parametrize("rule", ["foo", "", None, 1, "Touch"])
def test_unknown_rule(rule):
    with pytest.raises(ValueError, match="unknown rule"):
        count_solutions(GOOD, rule)
    with pytest.raises(ValueError, match="unknown rule"):
        generate(6, rule)


@pytest.mark.parametrize("limit", [0, -1, 1.5, "2", True])
def test_bad_limit(limit):
    with pytest.raises(ValueError, match="limit"):
        count_solutions(GOOD, limit=limit)


@pytest.mark.parametrize("n", [3, 33, 0, -5, None, 8.0, "8", True])
def test_generate_bad_size(n):
    with pytest.raises(ValueError, match="n must be"):
        generate(n)


def test_generate_bad_options():
    with pytest.raises(ValueError, match="unknown strategy"):
        generate(6, strategy="smart")
    with pytest.raises(ValueError, match="min_region_size"):
        generate(6, min_region_size=0)
    with pytest.raises(ValueError, match="min_region_size"):
        generate(6, min_region_size=7)
    with pytest.raises(ValueError, match="seed"):
        generate(6, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        generate(6, seed="x")
    with pytest.raises(ValueError, match="max_attempts"):
        generate(6, max_attempts=0)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int16, np.uint8])
def test_numpy_integer_maps_of_any_width_give_the_same_answers(dtype):
    grid = np.array(GOOD, dtype=dtype)
    validate_regions(grid)
    assert count_solutions(grid) == count_solutions(GOOD)
    assert canonical_hash(grid) == canonical_hash(GOOD)


@pytest.mark.parametrize("dtype", [np.int64, np.int32])
def test_numpy_maps_are_checked_like_lists(dtype):
    bad = np.array(GOOD, dtype=dtype)
    bad[3, 3] = 7
    with pytest.raises(ValueError, match="region ids must be 0..3"):
        validate_regions(bad)
    with pytest.raises(ValueError, match="2-D grid"):
        validate_regions(np.zeros((4, 4, 4), dtype=dtype))
    with pytest.raises(ValueError, match="4×4 grid"):
        validate_regions(np.zeros((4, 5), dtype=dtype))
    with pytest.raises(ValueError, match="region 0 is not connected"):
        validate_regions(np.array([[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 0]],
                                  dtype=dtype))


def test_numpy_views_are_read_in_place():
    big = np.array([[g for g in row] + [0] for row in GOOD] + [[0] * 5], dtype=np.int64)
    view = big[:4, :4]  # not contiguous
    assert count_solutions(view) == count_solutions(GOOD)
