"""Picture sheets of generated boards:
`python -m benchmarks.sheet [--out DIR] [--strategy design|fast] [--motifs] [--families]`.

One PNG per size class (7-9, 10-12, 13-16, 17-20): 24 untargeted levels (seeds 0..23, the
sizes of the class in turn), each in its region colours with its size, tier and design score
(generator_ext.design_score) under it, to look at beside hand-made boards. --strategy fast
draws today's previous generator, the baseline; --motifs draws one sheet of 24 motifs;
--families one sheet per composition family (FAMILIES), boards of 8 to 11."""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from generator_ext import FAMILIES, design_score, generate, motifs, rate, region_colors
from puzzles.web.og_image import BACKGROUND, TEXT, draw_board

CLASSES = {"7-9": (7, 8, 9), "10-12": (10, 11, 12), "13-16": (13, 14, 15, 16),
           "17-20": (17, 18, 19, 20)}
COLUMNS, ROWS, BOARD, GAP, CAPTION = 6, 4, 220, 24, 40


def sheet(sizes: tuple[int, ...], title: str, strategy: str = "design",
          motif_names: list[str] | None = None, family: str | None = None) -> Image.Image:
    width = COLUMNS * BOARD + (COLUMNS + 1) * GAP
    height = 60 + ROWS * (BOARD + CAPTION) + (ROWS + 1) * GAP
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((GAP, 18), title, font=ImageFont.load_default(28), fill=TEXT)
    small = ImageFont.load_default(14)
    for seed in range(COLUMNS * ROWS):
        n = sizes[seed % len(sizes)]
        motif = motif_names[seed % len(motif_names)] if motif_names else None
        regions = generate(n, seed=seed, strategy=strategy, motif=motif, family=family).regions
        left = GAP + (seed % COLUMNS) * (BOARD + GAP)
        top = 60 + GAP + (seed // COLUMNS) * (BOARD + CAPTION + GAP)
        draw_board(draw, regions, region_colors(regions), left, top, BOARD)
        figures = design_score(regions)
        # Plain "x": the default font has no multiplication sign.
        caption = (f"{n}x{n} {rate(regions).tier or '-'}  score {figures.score:.2f}  "
                   f"sym {figures.symmetry:.2f}" + (f"  {motif}" if motif else ""))
        draw.text((left, top + BOARD + 8), caption, font=small, fill=TEXT)
    return image


def family_sheets(out: str | Path) -> list[str]:
    """One sheet per composition family (boards of 8 to 11) in `out`: their paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for family in FAMILIES:
        path = out / f"family-{family}.png"
        sheet((8, 9, 10, 11), f"Family {family}, 8-11: seeds 0-23", family=family).save(path)
        paths.append(str(path))
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="test-artifacts/sheets")
    parser.add_argument("--strategy", default="design", choices=["design", "fast"])
    parser.add_argument("--motifs", action="store_true")
    parser.add_argument("--families", action="store_true")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.families:
        print("\n".join(family_sheets(out)))
        return
    if args.motifs:
        names = motifs()[::2][:COLUMNS * ROWS]
        path = out / "motifs-9-12.png"
        sheet((9, 10, 11, 12), "Motif boards, 9-12: seeds 0-23", motif_names=names).save(path)
        print(path)
        return
    for name, sizes in CLASSES.items():
        path = out / f"boards-{args.strategy}-{name}.png"
        sheet(sizes, f"Generated boards ({args.strategy}), {name}: seeds 0-23, untargeted",
              args.strategy).save(path)
        print(path)


if __name__ == "__main__":
    main()
