"""Each player's worth (cash plus share value) over the game, as a small server-drawn SVG."""

from __future__ import annotations

import re
from html import escape
from typing import Any

WIDTH, HEIGHT, PAD = 340, 200, 34
RIGHT = 22  # room right of the last point, so that its label ("now", "end") is not cut off
TOP = 14  # the highest a name label's baseline goes, so that the label is not cut off
COLOURS = ("#1d4ed8", "#d62828")  # for a seat without a colour of its own
HEX = re.compile(r"#[0-9a-fA-F]{6}")
STEPS = (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000)


def worth_now(state: Any, pid: str) -> int:
    """Cash plus share value now, from the state alone (it carries the track's values)."""
    values = state.book["values"]
    return state.cash(pid) + sum(values[h.space] * h.share(pid) // 10
                                 for h in state.holdings.values() if h.space)


def points_of(state: Any) -> tuple[list[str], dict[str, list[int]]]:
    """The labels (each Stock Round's start, then "now" during the game or the end) and each
    player's worth at them."""
    rows = list(state.values_by_round)
    if rows and not state.over:
        rows.append({"round": "now", **{pid: worth_now(state, pid) for pid in state.players}})
    labels = [str(row["round"]) for row in rows]
    series = {pid: [int(row.get(pid, 0)) for row in rows] for pid in state.players}
    return labels, series


def value_chart(state: Any, colours: dict[str, str] | None = None) -> str:
    """The SVG markup of the chart, each player's line in his seat's colour (`colours`, by id);
    names are escaped; empty when there is nothing yet."""
    colours = colours or {}
    labels, series = points_of(state)
    if not labels:
        return ""
    top_value = max([v for vs in series.values() for v in vs] + [1])
    step = next((s for s in STEPS if top_value / s <= 5), STEPS[-1])
    top = -(-top_value // step) * step
    span = max(len(labels) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + i * (WIDTH - PAD - RIGHT) / span, 1)

    def y(v: int) -> float:
        return round(HEIGHT - 20 - v * (HEIGHT - 30) / top, 1)

    parts = [f'<svg class="rb-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="Worth of each player, round by round">']
    for v in range(0, top + 1, step):
        parts.append(f'<line x1="{PAD}" x2="{WIDTH - RIGHT}" y1="{y(v)}" y2="{y(v)}" '
                     'stroke="#ccc" stroke-width="1"/>')
        parts.append(f'<text x="{PAD - 4}" y="{y(v) + 4}" text-anchor="end" '
                     f'font-size="11">${v:,}</text>')
    for i, label in enumerate(labels):
        parts.append(f'<text x="{x(i)}" y="{HEIGHT - 4}" text-anchor="middle" '
                     f'font-size="11">{escape(label)}</text>')
    for n, (pid, values) in enumerate(series.items()):
        given = colours.get(pid, "")
        colour = given if HEX.fullmatch(given) else COLOURS[n % len(COLOURS)]
        pts = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3" '
                     f'points="{pts}"/>')
        name = escape(state.players[pid])
        parts.append(f'<text x="{x(len(values) - 1) - 4}" '
                     f'y="{max(TOP, y(values[-1]) - 6 - 14 * n)}" '
                     f'text-anchor="end" font-size="12" fill="{colour}">{name} '
                     f'${values[-1]:,}</text>')
    parts.append("</svg>")
    return "".join(parts)
