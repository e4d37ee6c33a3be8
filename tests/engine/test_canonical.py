"""canonical_hash: one value for all symmetric and relabelled copies of a puzzle."""

import hashlib
import random

import pytest

from generator_ext import canonical_hash, generate


def rotate(grid):
    n = len(grid)
    return [[grid[n - 1 - c][r] for c in range(n)] for r in range(n)]


def mirror(grid):
    return [row[::-1] for row in grid]


def all_symmetries(grid):
    out = []
    for _ in range(4):
        out += [grid, mirror(grid)]
        grid = rotate(grid)
    return out


def relabel(grid, seed):
    n = len(grid)
    perm = list(range(n))
    random.Random(seed).shuffle(perm)
    return [[perm[g] for g in row] for row in grid]


@pytest.mark.parametrize("seed", range(5))
def test_symmetric_and_relabelled_copies_hash_equal(seed):
    regions = generate(9, seed=seed).regions
    expected = canonical_hash(regions)
    for i, copy in enumerate(all_symmetries(regions)):
        assert canonical_hash(copy) == expected
        assert canonical_hash(relabel(copy, i)) == expected


def test_different_puzzles_and_rules_hash_differently():
    hashes = {canonical_hash(generate(9, seed=s).regions) for s in range(30)}
    assert len(hashes) == 30
    regions = generate(9, seed=0).regions
    assert canonical_hash(regions, "touch") != canonical_hash(regions, "classic")


def test_hash_follows_the_design_formula():
    regions = [[0, 0, 1, 1], [0, 2, 2, 1], [3, 3, 2, 1], [3, 3, 3, 1]]
    keys = []
    for grid in all_symmetries(regions):
        labels = {}
        keys.append(",".join(str(labels.setdefault(g, len(labels))) for row in grid for g in row))
    expected = hashlib.sha256(f"touch|4|{min(keys)}".encode()).hexdigest()
    assert canonical_hash(regions) == expected


def test_hash_rejects_bad_input():
    with pytest.raises(ValueError, match="unknown rule"):
        canonical_hash([[0] * 4] * 4, "diagonal")
    with pytest.raises(ValueError):
        canonical_hash([[0, 1], [1, 0]])
