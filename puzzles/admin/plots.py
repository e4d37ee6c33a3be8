"""The admin's plots, drawn on the server as inline SVG (no script): a scatter of predicted
against measured values with the diagonal where they agree."""
from django.utils.html import format_html, format_html_join

SIDE = 320  # the plot's square, in pixels
MARGIN = 40


def scatter(points: list[tuple[float, float]], *, x_label: str, y_label: str):
    """An SVG square of (x, y) points on one range for both axes, the diagonal y = x drawn:
    a point above it measured more than predicted. One <circle> a point."""
    values = [v for point in points for v in point] or [0.0, 1.0]
    low, high = min(values), max(values)
    pad = (high - low) * 0.05 or 1.0
    low, high = low - pad, high + pad

    def place(x: float, y: float) -> tuple[float, float]:
        return (round(MARGIN + (x - low) / (high - low) * SIDE, 1),
                round(MARGIN + SIDE - (y - low) / (high - low) * SIDE, 1))

    (x0, y0), (x1, y1) = place(low, low), place(high, high)
    dots = format_html_join("", '<circle cx="{}" cy="{}" r="3.5" fill="#3465a4" '
                                'fill-opacity="0.7"><title>{}, {}</title></circle>',
                            ((*place(x, y), round(x), round(y)) for x, y in points))
    total = SIDE + 2 * MARGIN
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" '
        'role="img" aria-label="{} against {}" style="background:#fff;border:1px solid #ccc">'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999" stroke-dasharray="4 3"/>{}'
        '<text x="{}" y="{}" font-size="12" text-anchor="middle">{} ({} to {})</text>'
        '<text x="12" y="{}" font-size="12" text-anchor="middle" '
        'transform="rotate(-90 12 {})">{}</text></svg>',
        total, total, total, total, y_label, x_label, x0, y0, x1, y1, dots,
        total / 2, total - 10, x_label, round(low), round(high), total / 2, total / 2, y_label)
