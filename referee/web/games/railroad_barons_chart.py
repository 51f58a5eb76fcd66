"""Each player's worth (cash plus share value) over the game, as a small server-drawn SVG."""

from __future__ import annotations

from html import escape
from typing import Any

WIDTH, HEIGHT, PAD = 340, 200, 34
COLOURS = ("#1d4ed8", "#d62828")
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


def value_chart(state: Any) -> str:
    """The SVG markup of the chart; names are escaped; empty when there is nothing yet."""
    labels, series = points_of(state)
    if not labels:
        return ""
    top_value = max([v for vs in series.values() for v in vs] + [1])
    step = next((s for s in STEPS if top_value / s <= 5), STEPS[-1])
    top = -(-top_value // step) * step
    span = max(len(labels) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + i * (WIDTH - PAD - 8) / span, 1)

    def y(v: int) -> float:
        return round(HEIGHT - 20 - v * (HEIGHT - 30) / top, 1)

    parts = [f'<svg class="rb-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="Worth of each player, round by round">']
    for v in range(0, top + 1, step):
        parts.append(f'<line x1="{PAD}" x2="{WIDTH - 8}" y1="{y(v)}" y2="{y(v)}" '
                     'stroke="#ccc" stroke-width="1"/>')
        parts.append(f'<text x="{PAD - 4}" y="{y(v) + 4}" text-anchor="end" '
                     f'font-size="11">${v:,}</text>')
    for i, label in enumerate(labels):
        parts.append(f'<text x="{x(i)}" y="{HEIGHT - 4}" text-anchor="middle" '
                     f'font-size="11">{escape(label)}</text>')
    for n, (pid, values) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        pts = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="3" '
                     f'points="{pts}"/>')
        name = escape(state.players[pid])
        parts.append(f'<text x="{x(len(values) - 1) - 4}" y="{y(values[-1]) - 6 - 14 * n}" '
                     f'text-anchor="end" font-size="12" fill="{colour}">{name} '
                     f'${values[-1]:,}</text>')
    parts.append("</svg>")
    return "".join(parts)
