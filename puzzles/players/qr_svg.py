"""QR codes as inline SVG (segno, pure Python): the sync page shows its join link as one."""

import io

import segno


def qr_svg(text: str) -> str:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                     svgns=True, title="QR code of the sync link",
                                     dark="#000", light="#fff")
    return out.getvalue().decode()
