"""The figures of a move before it is made: what a sale pays, when a Holding gets its capital,
which levels a railroad makes obsolete, the Operator tokens left. The rules apply these and the
pages preview them, from the same functions, so the two cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.railroad_barons.box import Box, Obsolescence, Side
from referee.games.railroad_barons.state import Holding, State

CAPITAL_AT = 50  # percent in players' hands when the bank pays a Holding its capital
CAPITAL_TIMES = 10  # the capital: 10 × the share value


def shares_worth(value: int, percent: int) -> int:
    """What `percent` of a Holding is worth at share value `value` (the value is per 10%)."""
    return value * percent // 10


def worth(box: Box, state: State, pid: str) -> int:
    """A player's cash plus the share value of everything he holds (the final score)."""
    total = state.cash(pid)
    for h in state.holdings.values():
        if h.started and h.share(pid):
            total += shares_worth(box.track[h.space].value, h.share(pid))  # type: ignore[index]
    return total


# -- buying ------------------------------------------------------------------------------------

def tens(percent: int, give: int | None = None) -> int:
    """The 10% shares a `percent` certificate is paid for, less the `give` percent exchanged
    for it (the share value is a price per 10%)."""
    return (percent - (give or 0)) // 10


def certificate_cost(value: int, percent: int, give: int | None = None) -> int:
    """The price of a `percent` certificate at share value `value` (a new Holding's starting
    value), less the `give` percent returned for it in an exchange."""
    return tens(percent, give) * value


def capital_due(h: Holding, bought: int = 0) -> bool:
    """Whether the Holding is owed its capital once `bought` percent more is in players' hands:
    50% sold to players, and only once a game."""
    return not h.operating and h.sold() + bought >= CAPITAL_AT


def capital_amount(value: int) -> int:
    """The capital the bank pays a Holding at share value `value`."""
    return CAPITAL_TIMES * value


# -- selling -----------------------------------------------------------------------------------

def marker_drops(state: State, h: Holding, seller: str) -> bool:
    """Whether a sale by `seller` drops the Holding's marker one line: its Director sells, and
    the marker has not dropped for that Holding this turn."""
    return h.director == seller and h.key not in state.turn_dropped


def line_away(box: Box, h: Holding, way: str) -> str:
    """The space one line `way` ("up" or "down") from the Holding's marker; "" at the end of
    the track, where the marker stays."""
    space = box.track[h.space]  # type: ignore[index]
    return space.up if way == "up" else space.down


def value_after(box: Box, h: Holding, way: str) -> int:
    """The share value once the marker moves one line `way` (at the end of the track it
    stays)."""
    return box.track[line_away(box, h, way) or h.space].value  # type: ignore[index]


@dataclass(frozen=True)
class SaleTerms:
    """One sale to the bank: the tens of percent paid for, the value each, the marker's drop."""

    units: int
    value: int
    drops: bool

    @property
    def proceeds(self) -> int:
        return self.units * self.value


def sale_terms(box: Box, state: State, seller: str, h: Holding, percent: int,
               exchange_for: int | None, paid_after_drop: bool) -> SaleTerms:
    """What selling `percent` of `h` (taking the smaller `exchange_for` back) pays: each 10%
    given up at the share value, or at the value below when a Director's sale is paid after
    the marker drops (`paid_after_drop`, the house reading `director_sale_price`)."""
    drops = marker_drops(state, h, seller)
    value = box.track[h.space].value  # type: ignore[index]
    if drops and paid_after_drop:
        value = value_after(box, h, "down")
    return SaleTerms(tens(percent, exchange_for), value, drops)


# -- operating ---------------------------------------------------------------------------------

def free_tokens(box: Box, h: Holding) -> int:
    """The Operator tokens on the Holding's card: those put into the route network never come
    back."""
    return box.holdings[h.key].tokens - h.network


def suggested_tokens(box: Box, h: Holding) -> tuple[int, int]:
    """(on (+), on (▼)): as many on the (+) circles as tokens allow, the rest on (▼)."""
    card = box.holdings[h.key]
    free = free_tokens(box, h)
    plus = min(card.plus, free)
    return plus, min(card.down, free - plus)


def obsoleted_by(box: Box, state: State, side: Side) -> list[int]:
    """The levels that become obsolete when `side` of a railroad is bought or leaves the stack."""
    return [lost for lost, _rule in obsolescence_of(box, state, side)]


def obsolescence_of(box: Box, state: State, side: Side) -> list[tuple[int, Obsolescence]]:
    """(level made obsolete, the row that does it) for `side`: every row of the box it
    triggers (by its level, its category or both), for the levels not obsolete yet. A level is
    obsolete once, so only the first railroad of a row counts."""
    out: list[tuple[int, Obsolescence]] = []
    for rule in box.obsolescence:
        if not rule.triggered_by(side):
            continue
        for lost in rule.obsoletes:
            if lost not in state.obsolete and lost not in [x for x, _ in out]:
                out.append((lost, rule))
    return out


def aid_needed(have: int, cost: int) -> int:
    """The Director's aid a first railroad needs: what the treasury lacks of its cost."""
    return max(cost - have, 0)
