"""The page accent of a seat: its player's colour, and an ink that reads on it (WCAG contrast).

A seat's own pages (its phone and its history) take the player's colour as the accent of
buttons, the header stripe, the focus ring and the "your turn" banner (static/app.css reads
`--accent` and `--accent-ink`); the banker console and the table view keep the neutral accent.
"""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from referee.web.filters import HEX_COLOUR

DARK_INK = "#111111"
LIGHT_INK = "#ffffff"


def luminance(colour: str) -> float:
    """The relative luminance of #rrggbb (WCAG 2)."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two #rrggbb colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(colour: str) -> str:
    """Dark or white ink, whichever has the more contrast on `colour` (#rrggbb)."""
    if not HEX_COLOUR.fullmatch(colour):
        return ""
    return DARK_INK if contrast(colour, DARK_INK) >= contrast(colour, LIGHT_INK) else LIGHT_INK


def accent_style(colour: object) -> Markup:
    """` style="--accent: …; --accent-ink: …"` for a seat's colour; nothing for no colour."""
    if not isinstance(colour, str) or not HEX_COLOUR.fullmatch(colour):
        return Markup("")
    return Markup(' style="--accent: %s; --accent-ink: %s" data-accent="seat"') % (
        colour.lower(), ink(colour))


def init_app(app: Flask) -> None:
    """Make `ink` and `accent_style` filters of the templates."""
    app.jinja_env.filters.update(ink=ink, accent_style=accent_style)
