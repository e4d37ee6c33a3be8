"""The builder's near-copy check against honest boards: `python -m benchmarks.likeness [n ...]`.

For each size, the stored levels a filled install holds (10 per served tier, as the pools'
targets ask; distinct maps) and 40 freshly generated boards (the engine's generator, fixed
seeds), plus at 6×6 two boards painted by hand: how many are stored levels (same canonical
hash), how many hold a stored level's solution under some symmetry (the index's test), how
far the nearest such level is, and how many the near-copy rule refuses: the flat quarter of
the cells (before issue 35) and `likeness.near_limit` (after). No database: the same engine
and likeness calls the builder's check makes."""

from __future__ import annotations

import sys

from generator_ext import canonical_hashes, generate, served_tiers
from puzzles.levels import likeness

PER_TIER = 10
FRESH = 40

# Two 6×6 boards painted as a person paints one: bands and blocks, every region connected.
HAND_PAINTED = [[[int(digit) for digit in row] for row in board.split()] for board in ("""
    000111
    022221
    023321
    443355
    444555
    444555
""", """
    001122
    001122
    333442
    355444
    355544
    335554
""")]


def stored_levels(n: int) -> tuple[list, set[str]]:
    levels, hashes = [], set()
    for tier in served_tiers(n, 1):
        seed, got = 500_000 + 1000 * n + 100 * len(tier), 0
        while got < PER_TIER:
            seed += 1
            try:
                level = generate(n, seed=seed, tier=tier, max_attempts=200)
            except RuntimeError:
                continue
            digests = set(canonical_hashes(level.regions))
            if digests & hashes:
                continue
            hashes |= digests
            levels.append(level)
            got += 1
    return levels, hashes


def nearest(board, levels, index) -> int | None:
    """The fewest cells apart of the stored levels whose solution the board holds."""
    moves = likeness._transforms(len(board))
    apart = [likeness._apart_under(board, moves[symmetry], levels[level_id].regions)
             for level_id, symmetry in index.holders(board)]
    return min(apart) if apart else None


def figures(n: int) -> str:
    levels, hashes = stored_levels(n)
    index = likeness.SolutionIndex(n)
    index.add([(i, level.solution, 1, level.regions) for i, level in enumerate(levels)])
    boards = [("fresh", generate(n, seed=900_000 + i).regions) for i in range(FRESH)]
    boards += [("hand", b) for b in HAND_PAINTED] if n == 6 else []
    rows = []
    for kind, board in boards:
        stored = bool(set(canonical_hashes(board)) & hashes)
        rows.append((kind, stored, nearest(board, levels, index)))
    quarter, limit = 0.25 * n * n, likeness.near_limit(n)

    def refused(rule_limit, kind):
        return sum(1 for k, stored, apart in rows if k == kind
                   and (stored or (apart is not None and apart < rule_limit)))

    lines = [f"{n}×{n}: {len(levels)} stored levels; {FRESH} fresh boards: "
             f"{sum(1 for k, s, _ in rows if k == 'fresh' and s)} stored, "
             f"{sum(1 for k, _, a in rows if k == 'fresh' and a is not None)} hold a stored "
             f"solution, nearest (cells apart) "
             f"{sorted(a for k, _, a in rows if k == 'fresh' and a is not None)}",
             f"  refused: before (< {quarter:g} cells) {refused(quarter, 'fresh')}/{FRESH}, "
             f"after (< {limit}) {refused(limit, 'fresh')}/{FRESH}"]
    if n == 6:
        lines.append(f"  hand-painted: nearest {[a for k, _, a in rows if k == 'hand']}; "
                     f"refused before {refused(quarter, 'hand')}/2, after "
                     f"{refused(limit, 'hand')}/2")
    return "\n".join(lines)


if __name__ == "__main__":
    for size in [int(a) for a in sys.argv[1:]] or [5, 6, 7, 8, 10]:
        print(figures(size), flush=True)
