"""A level's Open Graph picture (1200×630 PNG): its board in the region colours, with the
title, for link previews. Never the solution."""

from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from generator_ext import REGION_COLORS

WIDTH, HEIGHT, MARGIN = 1200, 630, 45
BACKGROUND, LINE, TEXT = "#f7f5f0", "#2a2a33", "#1f1f24"


def draw_board(draw: ImageDraw.ImageDraw, regions: list[list[int]], colors: list[int],
               left: float, top: float, side: float) -> None:
    """A board in its region colours with thick lines where regions meet."""
    n = len(regions)
    cell = side / n
    for r, row in enumerate(regions):
        for c, g in enumerate(row):
            x, y = left + c * cell, top + r * cell
            draw.rectangle([x, y, x + cell, y + cell], fill=REGION_COLORS[colors[g]][1],
                           outline="#00000033")
    thick = max(2, int(cell / 10))
    for r in range(n):
        for c in range(n):
            x, y = left + c * cell, top + r * cell
            if c + 1 < n and regions[r][c] != regions[r][c + 1]:
                draw.line([x + cell, y, x + cell, y + cell], fill=LINE, width=thick)
            if r + 1 < n and regions[r][c] != regions[r + 1][c]:
                draw.line([x, y + cell, x + cell, y + cell], fill=LINE, width=thick)
    draw.rectangle([left, top, left + side, top + side], outline=LINE, width=thick + 2)


def level_png(regions: list[list[int]], colors: list[int], heading: str,
              subheading: str) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    side = HEIGHT - 2 * MARGIN
    left, top = MARGIN, MARGIN
    draw_board(draw, regions, colors, left, top, side)
    text_left = left + side + MARGIN
    draw.text((text_left, top + 40), "Queens", font=ImageFont.load_default(72), fill=TEXT)
    draw.text((text_left, top + 150), heading[:28], font=ImageFont.load_default(44), fill=TEXT)
    draw.text((text_left, top + 220), subheading[:34], font=ImageFont.load_default(32),
              fill="#5d5d66")
    out = BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
