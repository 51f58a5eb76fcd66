"""Draws the app's icons into static/: a railway track on the app's blue, as an SVG (the
browser tab's icon) and as PNGs (the web app manifest's 192 and 512 px icons, the
apple-touch-icon, a 32 px favicon). The shapes are rectangles, so each pixel's colour is the
exact share of it that each shape covers: sharp edges, no drawing library.

Run from the checkout: python scripts/draw_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
BLUE = (0x1F, 0x5F, 0xAE)  # --accent of static/app.css: the theme colour too
SLEEPER = (0xC9, 0xD8, 0xEE)
RAIL = (0xFF, 0xFF, 0xFF)

# (x0, y0, x1, y1, colour) on a unit square, painted in order. Everything but the background
# sits inside the centre circle of radius 0.4 that a maskable icon keeps.
SHAPES = [
    (0.0, 0.0, 1.0, 1.0, BLUE),
    *[(0.27, y, 0.73, y + 0.065, SLEEPER) for y in (0.205, 0.335, 0.465, 0.595, 0.725)],
    (0.355, 0.15, 0.415, 0.85, RAIL),
    (0.585, 0.15, 0.645, 0.85, RAIL),
]
PNGS = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180,
        "favicon-32.png": 32}


def overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def pixels(size: int) -> list[bytes]:
    """The rows of a size x size RGB image of SHAPES."""
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            colour = [0.0, 0.0, 0.0]
            for x0, y0, x1, y1, rgb in SHAPES:
                share = (overlap(x / size, (x + 1) / size, x0, x1)
                         * overlap(y / size, (y + 1) / size, y0, y1) * size * size)
                if share > 0:
                    colour = [c * (1 - share) + s * share for c, s in zip(colour, rgb,
                                                                          strict=True)]
            row += bytes(round(c) for c in colour)
        rows.append(bytes(row))
    return rows


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in pixels(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg() -> str:
    def hexed(rgb: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{c:02x}" for c in rgb)

    rects = "".join(
        f'<rect x="{x0 * 100:g}" y="{y0 * 100:g}" width="{(x1 - x0) * 100:g}" '
        f'height="{(y1 - y0) * 100:g}" fill="{hexed(rgb)}"/>'
        for x0, y0, x1, y1, rgb in SHAPES)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{rects}</svg>\n'


def main() -> None:
    for name, size in PNGS.items():
        (STATIC / name).write_bytes(png(size))
    (STATIC / "icon.svg").write_text(svg(), encoding="utf-8")


if __name__ == "__main__":
    main()
