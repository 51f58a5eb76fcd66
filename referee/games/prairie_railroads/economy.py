"""Income, Value, minimum bids, dividends and control: the rulebook's arithmetic."""

from __future__ import annotations

from collections.abc import Callable

from referee.games.prairie_railroads.constants import (
    SEGMENT_VALUE,
    WESTERN_BASE_COST,
    WESTERN_VALUE,
)
from referee.games.prairie_railroads.state import Railroad, State

IncomeOf = Callable[[str], int]


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def city_income(base: int, start: bool, grown: bool) -> int:
    """What a city adds to each segment ending there: start cities give nothing."""
    if start:
        return 0
    return base + (1 if grown else 0)


def segment_income(a: str, b: str, income_of: IncomeOf) -> int:
    return income_of(a) + income_of(b)


def full_income(rr: Railroad, income_of: IncomeOf) -> int:
    """The Income worked out afresh from the built segments (Western Builds give none)."""
    return sum(segment_income(a, b, income_of) for a, b in rr.track)


def full_value(rr: Railroad) -> int:
    return SEGMENT_VALUE * len(rr.track) + (WESTERN_VALUE if rr.western else 0)


def minimum_bid(value: int) -> int:
    """One fifth of the railroad's Value (a Value is always a multiple of $5)."""
    return value // 5


def dividend_per_share(income: int) -> int:
    return ceil_div(income, 5)


def final_per_share(value: int, income: int, sold: int) -> int:
    return ceil_div(value + income, sold) if sold else 0


def western_cost(existing: int) -> int:
    return WESTERN_BASE_COST + 5 * existing


def controllers(rr: Railroad) -> list[str]:
    """Players with the most shares of `rr` (ties included); nobody if no share is held."""
    most = max(rr.shares.values(), default=0)
    return [pid for pid, n in rr.shares.items() if n == most and n > 0]


def dividend_preview(state: State) -> dict[str, int]:
    """What each player would receive from a Pay Dividends card now."""
    out = {pid: 0 for pid in state.players}
    for rr in state.railroads.values():
        each = dividend_per_share(rr.income)
        for pid, n in rr.shares.items():
            out[pid] += n * each
    return out


def final_preview(state: State) -> dict[str, int]:
    """What each player would receive from the final payoff now."""
    out = {pid: 0 for pid in state.players}
    for rr in state.railroads.values():
        each = final_per_share(rr.value, rr.income, rr.sold())
        for pid, n in rr.shares.items():
            out[pid] += n * each
    return out
