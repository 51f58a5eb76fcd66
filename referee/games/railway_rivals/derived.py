"""The figures Railway Rivals' pages derive, with their parts and rule (docs/explain.md): the
fees paid for a race's routes, and the printed building payments."""

from __future__ import annotations

from typing import Any

from referee.games.contract import DerivedFigure, Part
from referee.games.railway_rivals.building import PAYMENTS
from referee.games.railway_rivals.state import State


def _race_fees(state: State, number: str) -> DerivedFigure | None:
    if not number.isdigit():
        return None
    race = int(number)
    parts = tuple(
        Part(f"{state.companies.get(e.source, e.source)} pays "
             f"{state.companies.get(e.target, e.target)}: {e.note}", e.amount)
        for e in state.entries if e.kind == "race_fee" and e.race == race)
    if not parts:
        return None
    return DerivedFigure(f"The fees of race {race}", sum(p.amount or 0 for p in parts), parts,
                  "B4 — fee_cap")


def _payment(kind: str) -> DerivedFigure | None:
    """A building payment to each rival present: a printed amount of the rules (A4, A5)."""
    if kind not in PAYMENTS:
        return None
    amount, what = PAYMENTS[kind]
    return DerivedFigure(f"The payment when a line {what}", amount,
                         (Part(f"The rules' payment to each rival when a line {what}", amount),),
                         "A4. Payments to rivals")


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    if name == "payment":
        return _payment(subject)
    return _race_fees(state, subject) if name == "race_fees" else None
