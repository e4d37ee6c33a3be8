"""Motifs (issue 17): at least 40, each one 4-connected region on every board it is drawn on,
centred, neither a speck nor the whole board."""

import pytest

from generator_ext import MOTIF_SIZES, motif_cells, motifs


def four_connected(cells) -> bool:
    """Apart from motifs' own search, so the test does not grade the code by itself: a
    union-find over side-by-side pairs, one set at the end."""
    parent = {cell: cell for cell in cells}

    def root(cell):
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for r, c in parent:
        for near in ((r + 1, c), (r, c + 1)):
            if near in parent:
                parent[root(near)] = root((r, c))
    return len({root(cell) for cell in parent}) == 1


def test_there_are_letters_digits_and_pictograms():
    names = motifs()
    assert len(names) >= 40 and len(set(names)) == len(names)
    assert {*"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"} <= set(names)
    assert {"heart", "star", "house", "arrow", "tree", "crown", "snowflake"} <= set(names)


@pytest.mark.parametrize("name", motifs())
def test_every_motif_is_one_region_on_every_size(name):
    for n in MOTIF_SIZES:
        cells = motif_cells(name, n)
        assert cells and all(0 <= r < n and 0 <= c < n for r, c in cells), (name, n)
        assert four_connected(cells), (name, n)
        assert n // 2 <= len(cells) <= 0.8 * n * n, (name, n, len(cells))
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        # Centred: the margins on either side differ by at most one cell.
        assert abs(min(rows) - (n - 1 - max(rows))) <= 1, (name, n)
        assert abs(min(cols) - (n - 1 - max(cols))) <= 1, (name, n)


def test_the_same_motif_is_the_same_cells_every_time_and_a_bad_one_is_refused():
    assert motif_cells("heart", 9) == motif_cells("heart", 9)
    with pytest.raises(ValueError, match="unknown motif"):
        motif_cells("dragon", 9)
    with pytest.raises(ValueError, match="boards of 7 to 16"):
        motif_cells("heart", 20)


def test_every_motif_has_one_kind_and_an_unknown_one_is_a_value_error():
    from generator_ext import MOTIF_KINDS, motif_kind

    kinds = [motif_kind(name) for name in motifs()]
    assert kinds.count("letter") == 26 and kinds.count("digit") == 10
    assert set(kinds) == set(MOTIF_KINDS)
    with pytest.raises(ValueError, match="unknown motif 'unicorn'"):
        motif_kind("unicorn")
