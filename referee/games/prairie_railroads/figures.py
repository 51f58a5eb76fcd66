"""What a finished Prairie Railroads game gives the players page (`final_figures`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.contract import Figure, FinalFigures, ranked
from referee.games.prairie_railroads.state import State

FIGURES = (
    Figure("final_cash", "Final cash", "mean", "Average final cash", "$"),
    Figure("final_payoff", "Final payoff", "mean", "Average final payoff", "$"),
    Figure("dividends", "Dividends received", "sum", prefix="$"),
)


def final_figures(frames: Sequence[Any]) -> FinalFigures | None:
    """Each player's final cash (what decides the winner), the final payoff his shares brought
    and the dividends he received, from the transfers of the actions in force."""
    state: State = frames[-1].state
    if not state.over:
        return None
    transfers = [t for f in frames for t in f.outcome.transfers]
    values = {
        pid: {
            "final_cash": state.cash(pid),
            "final_payoff": sum(t.amount for t in transfers
                                if t.kind == "final_payoff" and t.target == pid),
            "dividends": sum(t.amount for t in transfers
                             if t.kind == "dividend" and t.target == pid),
        }
        for pid in state.players
    }
    winners = tuple(state.winners)
    return FinalFigures(FIGURES, values, winners, ranked(values, winners, "final_cash"),
                        "final_cash")
