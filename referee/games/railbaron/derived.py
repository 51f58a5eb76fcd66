"""The figures Rail Baron's pages derive, with their parts and rule (docs/explain.md): the use
fees a player owes at the end of his turn and a trip's payoff. A figure tells no cash: fees are
paid openly and payoffs read off the chart at the table."""

from __future__ import annotations

from typing import Any

from referee.engine.ledger import BANK
from referee.games.contract import DerivedFigure, Part
from referee.games.railbaron.charts.lookup import payoff as payoff_lookup
from referee.games.railbaron.fees import turn_fees
from referee.games.railbaron.state import State


def _fees(rules: Any, state: State, pid: str) -> DerivedFigure | None:
    turn = state.turn
    if turn is None or turn.player != pid or turn.phase != "end" or pid not in state.players:
        return None
    parts = []
    established = False
    for fee in turn_fees(state, rules.board, rules.settings, pid):
        player = state.players.get(fee.to)
        to = "the bank" if fee.to == BANK else (player.name if player else fee.to)
        what = f"to {to} for the {', '.join(fee.railroads)}"
        if fee.established:
            established = True
            what += f" (established: instead of ${fee.full:,})"
        parts.append(Part(what, fee.amount))
    rule = "USE FEES" + ("; ESTABLISHMENT" if established else "")
    return DerivedFigure(f"The use fees {state.players[pid].name} owes this turn",
                  sum(p.amount or 0 for p in parts), tuple(parts), rule)


def _payoff(rules: Any, state: State, trip: str) -> DerivedFigure | None:
    """A trip's payoff ("Atlanta|Knoxville"): the chart cell, public to all."""
    start, _, end = trip.partition("|")
    board = rules.board
    try:
        found = payoff_lookup(board, start, end)
    except ValueError:  # a city the map does not have
        return None
    if found.amount is None or found.city_a == found.city_b:
        return None
    parts = [Part(f"The {board.name} payoff chart, {found.city_a} to {found.city_b}",
                  found.amount)]
    if found.overridden:
        parts.append(Part("this cell as the table set it (a house rule of this game)"))
    parts += [Part(f"Note: {note}") for note in found.notes]
    return DerivedFigure(f"The payoff {found.city_a} to {found.city_b}", found.amount, tuple(parts),
                  "ARRIVAL")


FIGURES = {"fees": _fees, "payoff": _payoff}


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    make = FIGURES.get(name)
    return make(rules, state, subject) if make else None
