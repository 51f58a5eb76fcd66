"""What a finished Rail Baron game gives the players page (the contract's `final_figures`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.contract import Figure, FinalFigures, ranked
from referee.games.railbaron.state import State

FIGURES = (
    Figure("final_cash", "Final cash", "mean", "Average final cash", "$"),
    Figure("fees_paid", "Fees paid", "sum", prefix="$"),
    Figure("fees_received", "Fees received", "sum", prefix="$"),
    Figure("biggest_payoff", "Biggest payoff", "max", prefix="$"),
    Figure("trips", "Trips", "sum"),
    Figure("bankruptcies", "Bankruptcies", "sum"),
)


def final_figures(frames: Sequence[Any]) -> FinalFigures | None:
    """Each player's cash, use fees paid (to the bank and rivals) and received, biggest payoff,
    trips paid off and bankruptcy, from the transfers of the actions in force."""
    state: State = frames[-1].state
    if not state.over:
        return None
    transfers = [t for f in frames for t in f.outcome.transfers]
    values: dict[str, dict[str, int]] = {}
    for pid, player in state.players.items():
        payoffs = [t.amount for t in transfers if t.kind == "payoff" and t.target == pid]
        fees = [t for t in transfers if t.kind == "use_fee"]
        values[pid] = {
            "final_cash": state.cash(pid),
            "fees_paid": sum(t.amount for t in fees if t.source == pid),
            "fees_received": sum(t.amount for t in fees if t.target == pid),
            "biggest_payoff": max(payoffs, default=0),
            "trips": len(payoffs),
            "bankruptcies": int(player.bankrupt),
        }
    winners = tuple(state.winners)
    starts = {pid: i for i, pid in enumerate(state.order, start=1)}  # the turn order
    return FinalFigures(FIGURES, values, winners, ranked(values, winners, "final_cash"),
                        "final_cash", starts)
