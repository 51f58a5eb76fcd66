"""The figures Railroad Barons' pages derive, with their parts and rule (docs/explain.md): a
Holding's share value (par and each move of its marker), its revenue, a railroad card's printed
cost and income, a certificate's price, a sale's proceeds and a player's worth (cash plus
shares, the final score)."""

from __future__ import annotations

from typing import Any

from referee.games.contract import DerivedFigure, Part
from referee.games.railroad_barons.state import State
from referee.games.railroad_barons.terms import sale_terms, shares_worth, tens


def _share_value(rules: Any, state: State, key: str) -> DerivedFigure | None:
    h = state.holdings.get(key)
    if h is None or not h.started or h.space is None:
        return None
    name = rules.box.holdings[key].name
    value = rules.box.track[h.space].value
    parts = [Part(f"{name} started at par", h.par)]
    for move in h.moves:  # one line up or down at a time, or the banker's correction
        parts.append(Part(f"{move['round']}: {move['why']}, the marker moves "
                          f"${move['from']:,} → ${move['to']:,}", move["to"] - move["from"]))
    parts.append(Part(f"The marker stands on space {h.space} of the share value track"))
    return DerivedFigure(f"{name}'s share value (per 10%)", value, tuple(parts),
                  "Calculate and Pay out Revenue; Selling Stock Certificates")


REVENUE = "Calculate and Pay out Revenue"


def _card(rules: Any, subject: str) -> tuple[str, Any] | None:
    """A railroad card's side ("NAME|0"): its name and the printed side."""
    name, _, side = subject.rpartition("|")
    card = next((c for c in rules.box.cards if c.name == name), None)
    if card is None or not side.isdigit() or int(side) >= len(card.sides):
        return None
    return name, card.sides[int(side)]


def _railroad(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """A railroad's income, printed on its card (its cost beside it)."""
    found = _card(rules, subject)
    if found is None:
        return None
    name, side = found
    return DerivedFigure(
        f"The {name}'s income", side.income,
        (Part(f"Printed on the {name} card ({side.category}{side.level}, cost "
              f"${side.cost:,}) in the box {rules.box.name}", side.income),), REVENUE)


def _cost(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """A railroad's price from the bank, printed on its card."""
    found = _card(rules, subject)
    if found is None:
        return None
    name, side = found
    return DerivedFigure(
        f"The {name}'s cost", side.cost,
        (Part(f"Printed on the {name} card ({side.category}{side.level}) in the box "
              f"{rules.box.name}", side.cost),), "Buy Railroads and Assign Investors")


def _revenue(rules: Any, state: State, key: str) -> DerivedFigure | None:
    """A Holding's revenue now: its railroads' printed incomes, network tokens, Investors."""
    h = state.holdings.get(key)
    if h is None or not h.started:
        return None
    parts = []
    if h.railroads:
        for name, side in h.railroads:
            printed = rules.box.card(name).sides[side]
            parts.append(Part(f"The {name}'s income, printed on its card "
                              f"({printed.category}{printed.level})", printed.income))
        if h.network:
            parts.append(Part(f"{h.network} Operator token(s) in the route network × $10",
                              10 * h.network))
        for value in h.investors:
            parts.append(Part(f"The ${value} Investor's bonus", rules.box.investors[value].bonus))
    return DerivedFigure(f"{rules.box.holdings[key].name}'s revenue", sum(
        p.amount or 0 for p in parts), tuple(parts), REVENUE)


def _certificate(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """A certificate's price ("MSC|20" or "MSC|20|10" for an exchange): tens × share value."""
    key, _, rest = subject.partition("|")
    pct, _, give = rest.partition("|")
    h = state.holdings.get(key)
    if h is None or not h.started or h.space is None or not pct.isdigit() \
            or not (give == "" or give.isdigit()):
        return None
    value = rules.box.track[h.space].value
    n = tens(int(pct), int(give) if give else None)
    parts = [Part(f"{rules.box.holdings[key].name}'s share value, per 10%", value)]
    if n != 1:
        parts.append(Part(f"× {n} tens of percent" + (f" ({pct}% less the {give}% given)"
                                                      if give else ""), (n - 1) * value))
    return DerivedFigure(f"A {pct}% certificate of {rules.box.holdings[key].name}",
                         n * value, tuple(parts), "Buying a Stock Certificate")


def _sale(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """A sale's proceeds ("pid|MSC|20" or "pid|MSC|40|20" taking the 20% back)."""
    pid, key, pct, *give = (subject.split("|") + [""])[:4]
    h = state.holdings.get(key)
    if pid not in state.players or h is None or h.space is None or not pct.isdigit() \
            or not (give[0] == "" or give[0].isdigit()):
        return None
    after = rules.settings.director_sale_price == "after_drop"
    terms = sale_terms(rules.box, state, pid, h, int(pct), int(give[0]) if give[0] else None,
                       after)
    parts = [Part(f"{terms.units} × 10% at ${terms.value:,}" + (
        " (the value after the Director's drop: director_sale_price)" if terms.drops and after
        else ""), terms.proceeds)]
    if terms.drops:
        parts.append(Part("The Director sells: the marker drops a line"))
    return DerivedFigure(f"Selling {pct}% of {rules.box.holdings[key].name}", terms.proceeds,
                         tuple(parts), "Selling Stock Certificates")


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


FIGURES = {"share_value": _share_value, "worth": _worth, "railroad": _railroad, "cost": _cost,
           "revenue": _revenue, "certificate": _certificate, "sale": _sale}


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    make = FIGURES.get(name)
    return make(rules, state, subject) if make else None
