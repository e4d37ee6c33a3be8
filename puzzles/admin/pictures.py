"""The admin's small pictures: a board drawn as inline HTML, and a map's design figures."""
from django.utils.html import format_html, format_html_join

from generator_ext import REGION_COLORS, design_score, region_colors


def board_picture(regions, cell_px: int = 8, colors=None):
    """A small colored grid of the regions, as inline HTML."""
    n = len(regions)
    colors = colors or region_colors(regions)
    cells = format_html_join(
        "",
        '<span style="background:{}"></span>',
        ((REGION_COLORS[colors[g]][1],) for row in regions for g in row),
    )
    return format_html(
        '<div style="display:grid;grid-template-columns:repeat({},{}px);grid-auto-rows:{}px;'
        'gap:1px;background:#555;border:1px solid #555;width:max-content">{}</div>',
        n, cell_px, cell_px, cells,
    )


def design_figures(regions) -> str:
    """The map's design figures (generator_ext.design_score), as the admin shows them."""
    d = design_score(regions)
    return (f"score {d.score:.2f}: symmetry {d.symmetry:.2f}, border density {d.density:.2f}, "
            f"thin cells {d.thin:.2f}, largest region {d.largest:.2f}, "
            f"2-cell regions {d.two_cell:.2f}, 1-cell regions {d.one_cell:.2f}")
