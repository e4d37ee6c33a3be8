"""design_score: the figures issue 17 measures, on boards whose figures are known by hand."""

import pytest

from generator_ext import design_score, generate


def test_a_board_of_stripes_is_symmetric_dense_in_one_direction_and_thin():
    stripes = [[c for c in range(4)] for _ in range(4)]  # region = column: one cell wide
    figures = design_score(stripes)
    assert figures.symmetry == 1.0  # the left-right mirror maps every border on a border
    assert figures.density == pytest.approx(12 / 24)  # every horizontal pair is split
    assert figures.thin == pytest.approx(8 / 16)  # the top and bottom cells of each stripe
    assert figures.largest == 0.25 and figures.two_cell == 0 and figures.one_cell == 0


def test_small_regions_are_counted_and_spoil_the_score():
    board = [[0, 0, 1, 1],
             [0, 0, 1, 1],
             [0, 0, 2, 2],
             [0, 0, 3, 0]]
    figures = design_score(board)
    assert figures.largest == pytest.approx(9 / 16)
    assert figures.two_cell == pytest.approx(1 / 4) and figures.one_cell == pytest.approx(1 / 4)
    assert figures.score < design_score([[c for c in range(4)] for _ in range(4)]).score


def test_the_symmetry_is_the_best_of_the_seven_symmetries():
    # Symmetric under a half turn only: a mirror keeps fewer of its borders.
    board = [[0, 0, 0, 1],
             [2, 2, 0, 1],
             [3, 2, 1, 1],
             [3, 3, 3, 1]]
    assert design_score(board).symmetry < 1.0
    turned = [row[::-1] for row in board[::-1]]
    assert design_score(turned).symmetry == design_score(board).symmetry


def test_the_grown_levels_measure_as_the_issue_says():
    """The figures issue 17 gives for the growth generator at n=7-11 (its table, 'ours'): the
    baseline the design strategy is measured against."""
    import statistics

    scores = [design_score(generate(n, seed=seed, strategy="fast").regions)
              for n in (7, 8, 9, 10, 11) for seed in range(20)]
    assert statistics.median(s.symmetry for s in scores) == pytest.approx(0.46, abs=0.04)
    assert statistics.median(s.density for s in scores) == pytest.approx(0.34, abs=0.03)
    assert statistics.median(s.thin for s in scores) == pytest.approx(0.16, abs=0.03)


def test_bad_input_is_a_value_error():
    with pytest.raises(ValueError, match="square grid"):
        design_score([[0, 1, 2]])


def test_the_generators_compiled_score_is_design_score():
    """The design generator chooses by a C copy of design_score's formula: one rule, held
    equal here on designed, grown and motif levels."""
    from generator_ext._design import design_value_of

    levels = [generate(n, seed=seed, strategy=strategy)
              for n in (6, 9, 13) for seed in range(6) for strategy in ("design", "fast")]
    levels += [generate(10, seed=seed, motif="heart") for seed in range(3)]
    for level in levels:
        assert design_value_of(level.regions) == pytest.approx(
            design_score(level.regions).score, abs=6e-5)


def test_region_shares_are_largest_first():
    from generator_ext.shapes import region_shares

    board = [[0, 0, 1, 1],
             [0, 0, 1, 1],
             [0, 0, 2, 2],
             [0, 0, 3, 0]]
    assert region_shares(board) == [9 / 16, 4 / 16, 2 / 16, 1 / 16]
    assert region_shares(board)[0] == design_score(board).largest


def test_a_notch_is_a_bump_off_a_straight_border_not_a_strokes_tip():
    from generator_ext.shapes import notches

    bump = [[0, 0, 0, 0, 0],
            [0, 0, 1, 0, 0],  # 1 at (1, 2) juts into 0 off 1's straight border below
            [1, 1, 1, 1, 1],
            [1, 1, 1, 1, 1],
            [1, 1, 1, 1, 1]]
    tip = [[0, 0, 0, 0],
           [0, 1, 0, 0],  # a stroke one cell wide: its tip leads to more stroke, not a border
           [0, 1, 0, 0],
           [1, 1, 1, 1]]
    edge = [[0, 1, 0, 0],  # a bump at the board's edge, into the row's band of 0
            [1, 1, 1, 1],
            [1, 1, 1, 1],
            [1, 1, 1, 1]]
    assert (notches(bump), notches(tip), notches(edge)) == (1, 0, 1)


def test_the_generators_compiled_notches_are_shapes_notches():
    """The design generator smooths the notches it finds in C: one rule with shapes.notches."""
    from generator_ext._design import bump_count_of

    from generator_ext.shapes import notches

    levels = [generate(n, seed=seed, strategy=strategy)
              for n in (6, 9, 13) for seed in range(6) for strategy in ("design", "fast")]
    assert any(notches(level.regions) for level in levels)  # grown levels have some
    for level in levels:
        assert bump_count_of(level.regions) == notches(level.regions)
