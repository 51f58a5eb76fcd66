"""The figures Railway Rivals' pages derive, with their parts and rule (docs/explain.md): the
fees paid for a race's routes, and the printed building payments."""

from __future__ import annotations

from typing import Any

from referee.games.contract import DerivedFigure, Part
from referee.games.railway_rivals.building import PAYMENTS
from referee.games.railway_rivals.citations import fee_rule
from referee.games.railway_rivals.state import State


def _race_fees(rules: Any, state: State, number: str) -> DerivedFigure | None:
    if not number.isdigit():
        return None
    race = int(number)
    fees = [e for e in state.entries if e.kind == "race_fee" and e.race == race]
    if not fees:
        return None
    parts = tuple(Part(f"{state.companies.get(e.source, e.source)} pays "
                       f"{state.companies.get(e.target, e.target)}: {e.note}", e.amount)
                  for e in fees)
    sections, readings = fee_rule(_fee_fields(rules, state, race), cap=True)
    return DerivedFigure(f"The fees of race {race}", sum(e.amount for e in fees), parts,
                         f"{sections} — {readings}")


def _fee_fields(rules: Any, state: State, number: int) -> dict[str, object]:
    """What decides a race's fees, as its fee transfers carry it: a joint train's split (the
    setting), running powers, a lone runner."""
    current = [state.race] if state.race is not None else []
    race = next(r for r in (*current, *state.races) if r.number == number)  # it posted fees
    trains = race.trains.values()
    return {"joint_fees": rules.settings.joint_fees if any(len(t.members) > 1 for t in trains)
            else None, "powers": any(t.powers for t in trains), "lone": race.lone}


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
    return _race_fees(rules, state, subject) if name == "race_fees" else None
