"""A person's results over time as a small server-drawn SVG: where he finished, game by game.

Each finished game is a dot, oldest on the left; its height is the share of the table he
finished ahead of (top: first, bottom: last), so games of three and of six players read alike.
A win is a filled dot ringed; each kind of game has its colour (in the lobby's order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from referee.web.people import Played

WIDTH, HEIGHT = 340, 170
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 12, 26
INSET = 10
PALETTE = ("#1d4ed8", "#c2410c", "#15803d", "#7c3aed", "#b91c1c", "#0e7490")


def standing(p: Played) -> float:
    """1 for first, 0 for last, the share of the others beaten between (a win is 1)."""
    if p.won or p.players < 2:
        return 1.0
    return max(p.players - p.place, 0) / (p.players - 1)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def colours_for(keys: Sequence[str]) -> dict[str, str]:
    """A colour for each game key, in the order given."""
    return {key: PALETTE[i % len(PALETTE)] for i, key in enumerate(keys)}


def places_chart(played: Sequence[Played], colours: Mapping[str, str],
                 titles: Mapping[str, str]) -> str:
    """The SVG markup (names and titles escaped); empty without a game."""
    if not played:
        return ""
    span = max(len(played) - 1, 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:  # a dot's width clear of the labels and the right edge
        return round(LEFT + INSET + (i * (inner_w - 2 * INSET) / span if len(played) > 1
                                     else inner_w / 2 - INSET), 1)

    def y(share: float) -> float:
        return round(TOP + (1 - share) * inner_h, 1)

    wins = sum(p.won for p in played)
    words = (f"Finishing place in {len(played)} game{'s' * (len(played) != 1)}, oldest first: "
             f"{wins} won")
    parts = [f'<svg class="results-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(words)}">']
    for share, label in ((1.0, "1st"), (0.5, "middle"), (0.0, "last")):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(share)}" y2="{y(share)}" '
                     'stroke="currentColor" stroke-opacity="0.25" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 5}" y="{y(share) + 4}" text-anchor="end" '
                     f'font-size="11" fill="currentColor">{label}</text>')
    every = max(1, -(-len(played) // 8))  # at most about eight numbers along the bottom
    for i in range(0, len(played), every):
        parts.append(f'<text x="{x(i)}" y="{HEIGHT - 8}" text-anchor="middle" font-size="11" '
                     f'fill="currentColor">{i + 1}</text>')
    if len(played) > 1:
        line = " ".join(f"{x(i)},{y(standing(p))}" for i, p in enumerate(played))
        parts.append(f'<polyline points="{line}" fill="none" stroke="currentColor" '
                     'stroke-opacity="0.35" stroke-width="1.5"/>')
    for i, p in enumerate(played):
        colour = colours.get(p.game, PALETTE[0])
        tip = (f"{p.started[:10] if p.started else 'date unknown'}, {titles.get(p.game, p.game)}: "
               + ("won" if p.won else f"{ordinal(p.place)} of {p.players}"))
        ring = ' stroke="currentColor" stroke-width="2"' if p.won else ""
        radius = 6 if p.won else 4.5
        parts.append(f'<circle cx="{x(i)}" cy="{y(standing(p))}" r="{radius}" '
                     f'fill="{colour}"{ring}><title>{escape(tip)}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)
