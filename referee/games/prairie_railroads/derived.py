"""The figures Prairie Railroads' pages derive, with their parts and rule (docs/explain.md):
a railroad's Income, Value, dividend per share and minimum bid, a player's next Pay Dividends
and final payoff, the cost of the next Western Build."""

from __future__ import annotations

from typing import Any

from referee.games.contract import DerivedFigure, Part
from referee.games.prairie_railroads.constants import (
    DOUBLE_COST,
    SEGMENT_COST,
    SEGMENT_VALUE,
    SHARES,
    WESTERN_VALUE,
)
from referee.games.prairie_railroads.context import income_of
from referee.games.prairie_railroads.economy import (
    dividend_per_share,
    final_per_share,
    minimum_bid,
    western_cost,
)
from referee.games.prairie_railroads.state import State


def _dividend(rules: Any, state: State, key: str) -> DerivedFigure | None:
    rr = state.railroads.get(key)
    if rr is None:
        return None
    each = dividend_per_share(rr.income)
    return DerivedFigure(f"The {key}'s dividend per share", each,
                  (Part(f"The {key}'s Income", rr.income),
                   Part(f"divided by {SHARES}, rounded up")), "Pay Dividends")


def _income(rules: Any, state: State, key: str) -> DerivedFigure | None:
    rr = state.railroads.get(key)
    if rr is None:
        return None
    ends: dict[str, int] = {}
    for segment in rr.track:
        for city in segment:
            ends[city] = ends.get(city, 0) + 1
    parts = []
    for city, n in ends.items():
        each = income_of(rules.board, state, city)
        if each:
            parts.append(Part(f"{city}: ${each:,}" + (f" × {n} segment ends" if n > 1 else ""),
                              each * n))
    return DerivedFigure(f"The {key}'s Income", rr.income, tuple(parts), "Construct Track")


def _value(rules: Any, state: State, key: str) -> DerivedFigure | None:
    rr = state.railroads.get(key)
    if rr is None:
        return None
    parts = [Part(f"{len(rr.track)} track segment(s) × ${SEGMENT_VALUE}",
                  len(rr.track) * SEGMENT_VALUE)]
    if rr.western:
        parts.append(Part(f"the Western Build {rr.western}", WESTERN_VALUE))
    return DerivedFigure(f"The {key}'s Value", rr.value, tuple(parts),
                  "Determining a railroad's Value")


def _minimum_bid(rules: Any, state: State, key: str) -> DerivedFigure | None:
    rr = state.railroads.get(key)
    if rr is None:
        return None
    return DerivedFigure(f"The {key}'s minimum bid", minimum_bid(rr.value),
                  (Part(f"The {key}'s Value", rr.value), Part("divided by 5")), "Offer Stock")


def _next_dividends(rules: Any, state: State, pid: str) -> DerivedFigure | None:
    if pid not in state.players:
        return None
    parts = []
    for rr in state.railroads.values():
        n = rr.shares.get(pid, 0)
        if n:
            each = dividend_per_share(rr.income)
            parts.append(Part(f"{n} {rr.key} share(s) × ${each:,}", n * each))
    return DerivedFigure(f"What the next Pay Dividends pays {state.players[pid]}",
                  sum(p.amount or 0 for p in parts), tuple(parts), "Pay Dividends")


def _final(rules: Any, state: State, pid: str) -> DerivedFigure | None:
    if pid not in state.players:
        return None
    parts = []
    for rr in state.railroads.values():
        n = rr.shares.get(pid, 0)
        each = final_per_share(rr.value, rr.income, rr.sold())
        if n and each:
            parts.append(Part(f"{n} {rr.key} share(s) × ${each:,} ((Value ${rr.value:,} + "
                              f"Income ${rr.income:,}) ÷ {rr.sold()} sold, rounded up)",
                              n * each))
    return DerivedFigure(f"{state.players[pid]}'s final payoff", sum(p.amount or 0 for p in parts),
                  tuple(parts), "Final Railroad Stock Payoffs")


def _western(rules: Any, state: State, _subject: str) -> DerivedFigure:
    n = state.western_count
    return DerivedFigure("The next Western Build's cost", western_cost(n),
                  (Part("with no Western Build yet", western_cost(0)),
                   Part(f"$5 more for each one built: {n}", western_cost(n) - western_cost(0))),
                  "Construct Track")


def _bid(rules: Any, state: State, which: str) -> DerivedFigure | None:
    """The running auction's high bid or least next bid."""
    a = state.auction
    if a is None or which not in ("high", "minimum"):
        return None
    if which == "high":
        if a.high is None:
            return None
        return DerivedFigure(f"The high bid for the {a.railroad} share", a.high,
                             (Part(f"{state.players.get(a.high_bidder, a.high_bidder)}'s bid",
                                   a.high),), "Offer Stock")
    if a.high is None:
        parts = (Part(f"The {a.railroad}'s minimum bid when offered: its Value ÷ 5",
                      a.minimum),)
        if a.to_beat() != a.minimum:
            parts += (Part("at least $1", a.to_beat() - a.minimum),)
    else:
        parts = (Part(f"{state.players.get(a.high_bidder, a.high_bidder)}'s high bid", a.high),
                 Part("and $1 more", 1))
    return DerivedFigure(f"The least next bid for the {a.railroad} share", a.to_beat(), parts,
                         "Offer Stock")


def _segment_cost(rules: Any, state: State, which: str) -> DerivedFigure | None:
    """A segment's cost, a printed price of the rules (paid from the railroad's treasury)."""
    cost = {"single": SEGMENT_COST, "double": DOUBLE_COST}.get(which)
    if cost is None:
        return None
    return DerivedFigure(f"The cost of a {which} segment", cost,
                         (Part(f"The rulebook's price of a {which} segment", cost),),
                         "Construct Track")


FIGURES = {"bid": _bid, "segment_cost": _segment_cost,
           "dividend": _dividend, "value": _value, "income": _income, "minimum_bid": _minimum_bid,
           "next_dividends": _next_dividends, "final": _final, "western_cost": _western}


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    make = FIGURES.get(name)
    return make(rules, state, subject) if make else None
