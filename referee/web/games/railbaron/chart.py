"""The cash-over-time chart of a finished game, as plain numbers for an inline SVG.

The plot is drawn in a fixed box (WIDTH × HEIGHT) that the page stretches to its width; the
axis labels are placed by percentage in HTML, so they stay readable on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.railbaron.fees import money

WIDTH = 1000
HEIGHT = 500
Y_STEPS = (1_000, 2_000, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 200_000, 250_000,
           500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000)
X_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
MAX_Y_TICKS = 6
MAX_X_TICKS = 8


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    values: tuple[int, ...]  # cash at the end of each turn, turn 0 (the start) first


@dataclass(frozen=True)
class Tick:
    label: str
    at: float  # percent along the axis: 0 is the left or the bottom


@dataclass(frozen=True)
class ChartLine:
    name: str
    colour: str
    points: str  # "x,y x,y ..." in the WIDTH × HEIGHT box
    last: tuple[float, float]
    final: int


@dataclass(frozen=True)
class Chart:
    lines: tuple[ChartLine, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    last_turn: int
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def description(self) -> str:
        finals = "; ".join(f"{line.name} {money(line.final)}" for line in self.lines)
        return f"Cash at the end of each turn, turns 0 to {self.last_turn}. Final: {finals}."


def step_for(span: int, steps: Sequence[int], most: int) -> int:
    """The smallest step of `steps` that cuts `span` into at most `most` parts."""
    for step in steps:
        if span / step <= most:
            return step
    return steps[-1]


def _format(amount: int) -> str:
    if amount and amount % 1000 == 0:
        return f"{money(amount // 1000)}k"
    return money(amount)


def cash_chart(series: Sequence[Series]) -> Chart:
    """Lines in the players' colours, x = turn, y = cash; the axes start at turn 0 and $0."""
    last_turn = max((len(s.values) - 1 for s in series), default=0)
    everything = [v for s in series for v in s.values] or [0]
    low, high = min(0, *everything), max(0, *everything)
    step = step_for(max(high - low, 1), Y_STEPS, MAX_Y_TICKS)
    bottom = (low // step) * step
    top = max(-(-high // step) * step, bottom + step)
    x_span = max(last_turn, 1)

    def x(turn: int) -> float:
        return round(turn * WIDTH / x_span, 2)

    def y(cash: int) -> float:
        return round(HEIGHT - (cash - bottom) * HEIGHT / (top - bottom), 2)

    lines = []
    for s in series:
        points = [(x(turn), y(cash)) for turn, cash in enumerate(s.values)]
        if not points:
            continue
        lines.append(ChartLine(s.name, s.colour, " ".join(f"{px},{py}" for px, py in points),
                               points[-1], s.values[-1]))
    y_ticks = tuple(Tick(_format(v), round((v - bottom) * 100 / (top - bottom), 2))
                    for v in range(bottom, top + 1, step))
    x_step = step_for(x_span, X_STEPS, MAX_X_TICKS)
    x_ticks = tuple(Tick(str(t), round(t * 100 / x_span, 2))
                    for t in range(0, last_turn + 1, x_step))
    return Chart(tuple(lines), y_ticks, x_ticks, last_turn)
