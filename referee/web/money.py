"""What a tap would record in money, named on its button before it is pressed.

Every game's buttons that record money (a payoff, a purchase, a fee, a bonus for being first
into a town) name the amount: the web core asks the game's own rules what the very action the
button sends would move now (`rules.apply` on the state in force, nothing recorded) and
writes it from the side of the seat it acts for ("+$23,500" paid to it, "−$40,000" paid by
it, its own share where several are paid), or the whole amount where others pay and are
paid (a treasury's cost of track). Only transfers this page may see
count (docs/explain.md: another seat's secret cash stays secret). An action the button does
not hold whole (a typed amount, dice still to roll) names nothing: its field says it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.engine.errors import IllegalAction
from referee.games.contract import write_amount
from referee.games.explain import rule_names, visible
from referee.web.hooks import hooks_for

MINUS = "−"


@dataclass(frozen=True)
class TapMoney:
    """The money one tap would move, as its button says it."""

    amount: int  # how much (never negative)
    sign: str  # "+" paid to the seat, MINUS paid by it, "" moved between others
    text: str  # "+$23,500"


def tap_money(view: Any, action: dict) -> TapMoney | None:
    """The money `action` would move now, from its seat's side; None when it moves none this
    page may see, or when the rules cannot tell it before the tap (a field still to fill)."""
    snapshot = view.snapshot
    try:
        outcome = snapshot.rules.apply(snapshot.state, action)
    except (IllegalAction, TypeError, LookupError, AttributeError, ValueError, AssertionError):
        return None
    words = rule_names(view.game.game)
    seen = [t for t in outcome.transfers if t.amount and visible(words, t, view.money_viewer)]
    if not seen:
        return None
    try:
        seat = hooks_for(view.game.game).acting_for(action)
    except (KeyError, TypeError, ValueError):
        seat = None
    mine = [t for t in seen if seat is not None and seat in (t.source, t.target)]
    net = sum(t.amount if t.target == seat else -t.amount for t in mine)
    if net:  # what the seat gets or pays (its share of dividends paid to several)
        return named(view, abs(net), "+" if net > 0 else MINUS)
    return named(view, sum(t.amount for t in seen), "")


def named(view: Any, amount: int, sign: str = "") -> TapMoney:
    """An amount as the game writes it ("$5,000", "5 units", "1 unit"), with its sign."""
    return TapMoney(amount, sign, sign + write_amount(rule_names(view.game.game), amount))
