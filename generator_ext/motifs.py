"""Motifs a designed board can be composed around: the letters A-Z, the digits 0-9 and
pictograms, each a small bitmap. motif_cells(name, n) scales one to an n×n board, centres it
and joins cells that only touch at a corner, so the motif is one 4-connected region."""

from __future__ import annotations

MOTIF_SIZES = range(7, 17)  # the boards a motif is drawn on

# Each motif's bitmap ("#" drawn): the letters and digits, which name themselves, as 5×7
# glyphs in the manner of a dot-matrix font; then the pictograms, 7×7.
BITMAPS = {
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "C": (".####", "#....", "#....", "#....", "#....", "#....", ".####"),
    "D": ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "F": ("#####", "#....", "#....", "####.", "#....", "#....", "#...."),
    "G": (".####", "#....", "#....", "#.###", "#...#", "#...#", ".###."),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "I": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "#####"),
    "J": ("..###", "...#.", "...#.", "...#.", "#..#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "#...#", "####.", "#....", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."),
    "X": ("#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
    "Z": ("#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"),
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": (".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."),
    "heart": (".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#..."),
    "star": ("...#...", "...#...", "#######", ".#####.", "..###..", ".##.##.", "##...##"),
    "house": ("...#...", "..###..", ".#####.", "#######", ".#...#.", ".#.#.#.", ".#####."),
    "arrow": ("...#...", "..###..", ".#.#.#.", "#..#..#", "...#...", "...#...", "...#..."),
    "tree": ("...#...", "..###..", ".#####.", "..###..", ".#####.", "#######", "...#..."),
    "crown": ("#..#..#", "##.#.##", "#######", "#######", ".#####.", ".#####.", "#######"),
    "snowflake": ("#..#..#", ".#.#.#.", "..###..", "#######", "..###..", ".#.#.#.", "#..#..#"),
    "cross": ("..###..", "..###..", "#######", "#######", "#######", "..###..", "..###.."),
    "diamond": ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    "moon": ("..###..", ".##....", "##.....", "##.....", "##.....", ".##....", "..###.."),
    "bell": ("...#...", "..###..", ".#####.", ".#####.", ".#####.", "#######", "...#..."),
    "ring": (".#####.", "#.....#", "#.....#", "#.....#", "#.....#", "#.....#", ".#####."),
}
PICTOGRAMS = {name: bitmap for name, bitmap in BITMAPS.items() if len(name) > 1}


def motifs() -> list[str]:
    """Every motif's name: the letters, the digits, then the pictograms."""
    return list(BITMAPS)


MOTIF_KINDS = ("letter", "digit", "pictogram")


def motif_kind(name: str) -> str:
    """A motif's kind, one of MOTIF_KINDS (the builder's picker groups them so)."""
    if name not in BITMAPS:
        raise ValueError(f"unknown motif {name!r}; see generator_ext.motifs()")
    if name in PICTOGRAMS:
        return "pictogram"
    return "digit" if name.isdigit() else "letter"


def _connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return len(seen) == len(cells)


def _span(i: int, drawn: int, source: int) -> range:
    """The source rows (or columns) under row i of `drawn`: one when enlarging; when
    shrinking, all it covers, so a cell is drawn where any of them is and no stroke is lost."""
    return range(i * source // drawn, ((i + 1) * source - 1) // drawn + 1)


def _height(bitmap: tuple[str, ...], n: int) -> int:
    """About two thirds of the board; on the smallest boards two rows short of it, so a
    motif does not cut the board in two."""
    rows = len(bitmap)
    return min(n, max(rows, round(n * 0.7))) if n >= rows + 2 else n - 2


def _scaled(bitmap: tuple[str, ...], n: int, height: int, cover: bool) -> set[tuple[int, int]]:
    """The bitmap scaled to `height` rows (its width in proportion), centred on the board: a
    cell is drawn where the bitmap's cell under its centre is (which keeps a filled shape's
    notches), or with `cover` where any bitmap cell under it is (which keeps thin strokes)."""
    rows, cols = len(bitmap), len(bitmap[0])
    width = max(1, min(n, round(cols * height / rows)))
    if cover:
        cells = {(r, c) for r in range(height) for c in range(width)
                 if any(bitmap[i][j] == "#" for i in _span(r, height, rows)
                        for j in _span(c, width, cols))}
    else:
        cells = {(r, c) for r in range(height) for c in range(width)
                 if bitmap[(2 * r + 1) * rows // (2 * height)][(2 * c + 1) * cols // (2 * width)]
                 == "#"}
    if not cells:
        return cells
    # Centred by what is drawn, not by the bitmap's box (a moon leaves its right side empty).
    top = (n - 1 - max(r for r, _ in cells) - min(r for r, _ in cells)) // 2
    left = (n - 1 - max(c for _, c in cells) - min(c for _, c in cells)) // 2
    return {(r + top, c + left) for r, c in cells}


def _joined(cells: set[tuple[int, int]], n: int) -> set[tuple[int, int]]:
    """Cells that only touch at a corner get one of the two cells between them, so the
    motif is one region (4-connected), as a region must be."""
    cells = set(cells)
    changed = True
    while changed:
        changed = False
        for r, c in sorted(cells):
            for dr, dc in ((1, 1), (1, -1)):
                corner = (r + dr, c + dc)
                if corner in cells and (r + dr, c) not in cells and (r, c + dc) not in cells:
                    cells.add((r + dr, c) if 0 <= r + dr < n else (r, c + dc))
                    changed = True
    return cells


MAX_SHARE = 0.34  # a motif filling more of the board leaves the other regions no room


def _drawing(bitmap: tuple[str, ...], n: int) -> set[tuple[int, int]]:
    """The motif at the largest height that keeps it within MAX_SHARE of the board (and at
    least three rows), 4-connected: sampled by cell centres where that keeps it in one piece
    with at least two thirds of its ink, else by covering."""
    ink = sum(row.count("#") for row in bitmap) / (len(bitmap) * len(bitmap[0]))
    height = _height(bitmap, n)
    while True:
        cells = _scaled(bitmap, n, height, cover=False)
        width = max(1, min(n, round(len(bitmap[0]) * height / len(bitmap))))
        if not cells or not _connected(cells) or len(cells) < 0.66 * ink * height * width:
            cells = _scaled(bitmap, n, height, cover=True)
        cells = _joined(cells, n)
        if len(cells) <= MAX_SHARE * n * n or height <= 3:
            return cells
        height -= 1


_drawn: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}  # made once per (motif, n)


def motif_cells(name: str, n: int) -> list[tuple[int, int]]:
    """The cells (row, col) the motif occupies on an n×n board, sorted; ValueError for an
    unknown motif or a board it is not drawn on."""
    if name not in BITMAPS:
        raise ValueError(f"unknown motif {name!r}; the motifs are {', '.join(BITMAPS)}")
    if isinstance(n, bool) or not isinstance(n, int) or n not in MOTIF_SIZES:
        raise ValueError(f"motifs are drawn on boards of {MOTIF_SIZES[0]} to "
                         f"{MOTIF_SIZES[-1]}, not {n!r}")
    if (name, n) not in _drawn:
        _drawn[name, n] = tuple(sorted(_drawing(BITMAPS[name], n)))
    return list(_drawn[name, n])
