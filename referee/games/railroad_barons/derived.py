"""The figures Railroad Barons' pages derive, with their parts and rule (docs/explain.md): a
Holding's share value and a player's worth (cash plus shares, the final score)."""

from __future__ import annotations

from typing import Any

from referee.games.contract import DerivedFigure, Part
from referee.games.railroad_barons.state import State
from referee.games.railroad_barons.terms import shares_worth


def _share_value(rules: Any, state: State, key: str) -> DerivedFigure | None:
    h = state.holdings.get(key)
    if h is None or not h.started or h.space is None:
        return None
    name = rules.box.holdings[key].name
    value = rules.box.track[h.space].value
    parts = (Part(f"{name} started at par", h.par),
             Part(f"Its share value marker moved since, one line at a time (revenue paid or "
                  f"withheld, a Director's sale), to space {h.space} of the share value "
                  f"track, which reads", value))
    return DerivedFigure(f"{name}'s share value (per 10%)", value, parts,
                  "Calculate and Pay out Revenue; Selling Stock Certificates")


def _worth(rules: Any, state: State, pid: str) -> DerivedFigure | None:
    if pid not in state.players:
        return None
    parts = [Part("cash", state.cash(pid))]
    for key, h in state.holdings.items():
        pct = h.share(pid)
        if h.started and pct and h.space is not None:
            value = rules.box.track[h.space].value
            parts.append(Part(f"{rules.box.holdings[key].name} {pct}% × ${value:,} per 10%",
                              shares_worth(value, pct)))
    return DerivedFigure(f"{state.players[pid]}'s worth: cash plus share value",
                  sum(p.amount or 0 for p in parts), tuple(parts), "End of the Game")


FIGURES = {"share_value": _share_value, "worth": _worth}


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    make = FIGURES.get(name)
    return make(rules, state, subject) if make else None
