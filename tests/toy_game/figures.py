"""What a finished toy race gives the players page: points and rolls per racer."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.replay import Frame
from referee.games.contract import Figure, FinalFigures, ranked

FIGURES = (Figure("points", "Points", "mean", "Average points"), Figure("rolls", "Rolls"))


def final_figures(frames: Sequence[Frame]) -> FinalFigures | None:
    """The points and the die rolls of each racer, once someone has won."""
    state = frames[-1].state
    if not state.over:
        return None
    rolls = [t for f in frames for t in f.outcome.transfers if t.kind == "roll"]
    values = {pid: {"points": state.scores[pid],
                    "rolls": sum(1 for t in rolls if t.target == pid)}
              for pid in state.order}
    winners = tuple(state.winners)
    return FinalFigures(FIGURES, values, winners, ranked(values, winners, "points"))
