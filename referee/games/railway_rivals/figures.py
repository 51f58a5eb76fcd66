"""What a finished Railway Rivals game gives the players page (`final_figures`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.contract import Figure, FinalFigures, ranked
from referee.games.railway_rivals.state import State

FIGURES = (
    Figure("races_won", "Races won", "sum"),
    Figure("fees_received", "Race fees received", "sum"),
    Figure("final_money", "Final money", "mean", "Average final money"),
)


def final_figures(frames: Sequence[Any]) -> FinalFigures | None:
    """Each company's races won (its train first, alone or jointly), race fees received from
    rivals' trains, and its money at the end."""
    state: State = frames[-1].state
    if not state.over:
        return None
    transfers = [t for f in frames for t in f.outcome.transfers]
    values = {
        cid: {
            "races_won": sum(1 for race in state.races for train in race.trains.values()
                             if train.place == 1 and cid in train.members),
            "fees_received": sum(t.amount for t in transfers
                                 if t.kind == "race_fee" and t.target == cid),
            "final_money": state.balance(cid),
        }
        for cid in state.companies
    }
    winners = tuple(state.winners)
    return FinalFigures(FIGURES, values, winners, ranked(values, winners, "final_money"),
                        "final_money")
