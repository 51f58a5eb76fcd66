"""What a finished Railroad Barons game gives the players page (`final_figures`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.contract import Figure, FinalFigures, ranked
from referee.games.railroad_barons.state import State

FIGURES = (
    Figure("final_score", "Final score", "mean", "Average final score", "$"),
    Figure("final_cash", "Cash", "mean", "Average cash", "$"),
    Figure("share_value", "Share value", "mean", "Average share value", "$"),
)


def final_figures(frames: Sequence[Any]) -> FinalFigures | None:
    """Each player's final score as the game scored it: cash plus the worth of his shares."""
    state: State = frames[-1].state
    if not state.over:
        return None
    values = {
        pid: {
            "final_score": score["total"],
            "final_cash": score["cash"],
            "share_value": sum(s["worth"] for s in score["shares"].values()),
        }
        for pid, score in state.scores.items()
    }
    winners = tuple(state.winners)
    return FinalFigures(FIGURES, values, winners, ranked(values, winners, "final_score"),
                        "final_score")
