"""The balance-over-time chart of Railway Rivals: an SVG drawn on the server, no script.

x: after the building stage (0), then after each race; y: units in the bank. The target is a
dashed line. The plot is a fixed box the page stretches to its width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 1000, 500
Y_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)
MAX_Y_TICKS = 6


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    points: str  # "x,y x,y ..." in the WIDTH × HEIGHT box
    final: int


@dataclass(frozen=True)
class Chart:
    lines: tuple[Line, ...]
    y_ticks: tuple[tuple[str, float], ...]  # (label, y in the box)
    races: int
    target_y: float | None
    target: int
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def description(self) -> str:
        finals = "; ".join(f"{line.name} {line.final}" for line in self.lines)
        return (f"Money in the bank after the building stage and after each of {self.races} "
                f"{'race' if self.races == 1 else 'races'}; target {self.target}. Now: {finals}.")


def _step(span: int) -> int:
    return next((s for s in Y_STEPS if span / s <= MAX_Y_TICKS), Y_STEPS[-1])


def balance_chart(series: Sequence[tuple[str, str, Sequence[int]]], target: int) -> Chart:
    """Lines in the companies' colours: (name, colour, balance after building and each race)."""
    races = max((len(v) - 1 for _n, _c, v in series), default=0)
    values = [x for _n, _c, v in series for x in v] or [0]
    low = min(0, *values)
    high = max(*values, target if max(values) >= target * 0.6 else 0, 1)
    step = _step(max(high - low, 1))
    bottom, top = (low // step) * step, -(-high // step) * step
    span = max(top - bottom, 1)

    def y(v: int) -> float:
        return round(HEIGHT - (v - bottom) * HEIGHT / span, 1)

    def x(i: int) -> float:
        return round(i * WIDTH / max(races, 1), 1)

    lines = tuple(Line(name, colour or "#555555",
                       " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(vals)),
                       vals[-1] if vals else 0)
                  for name, colour, vals in series)
    ticks = tuple((str(v), y(v)) for v in range(bottom, top + 1, step))
    return Chart(lines, ticks, races, y(target) if bottom <= target <= top else None, target)
