"""The banker's corrections, each with its reason: cash, and a share value marker."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.engine.words import possessive
from referee.games.railroad_barons.context import Play, handles, money
from referee.games.railroad_barons.flow import score
from referee.games.railroad_barons.state import treasury

MAX_ADJUSTMENT = 10_000


def reason_of(action: dict) -> str:
    reason = action.get("reason")
    require(isinstance(reason, str) and bool(reason.strip()) and len(reason) <= 200,
            "Give the reason for the correction (at most 200 letters).")
    return reason.strip()  # type: ignore[union-attr]


@handles("adjust_cash")
def adjust_cash(play: Play, action: dict) -> None:
    """Move money between the bank and a player or a Holding's treasury."""
    state = play.state
    account = action.get("account")
    accounts = list(state.players) + [treasury(k) for k in state.holdings]
    require(account in accounts, f"Unknown account {account!r}.")
    amount = action.get("amount")
    require(type(amount) is int and amount != 0 and abs(amount) <= MAX_ADJUSTMENT,
            f"A correction is a whole amount, not zero, at most {MAX_ADJUSTMENT} either way.")
    reason = reason_of(action)
    who = play.name(account) if account in state.players else \
        play.hname(account.removeprefix("treasury:")) + "'s treasury"  # type: ignore[union-attr]
    if amount > 0:
        play.pay(BANK, account, amount, f"correction: {reason}",  # type: ignore[arg-type]
                 "correction", reason=reason)  # type: ignore[arg-type]
    else:
        if play.cash(account) < -amount:  # type: ignore[arg-type]
            raise IllegalAction(f"{who} has only {money(play.cash(account))}.")  # type: ignore
        play.pay(account, BANK, -amount, f"correction: {reason}",  # type: ignore[arg-type]
                 "correction", reason=reason)  # type: ignore[arg-type]
    play.say(f"The banker corrects {who} by {'+' if amount > 0 else '-'}"
             f"{money(abs(amount))}: {reason}.")
    if state.over:  # scored again, and kept for the final summary with its reason
        state.corrections_after_end.append({"account": account, "amount": amount,
                                            "reason": reason})
        score(play)


@handles("correct_value")
def correct_value(play: Play, action: dict) -> None:
    """Put a started Holding's marker on another space of the track."""
    h = play.holding(action.get("holding"))
    require(h.started, f"{play.hname(h.key)} has not been started.")
    space = action.get("space")
    require(isinstance(space, str) and space in play.box.track,
            f"Unknown space {space!r} of the share value track.")
    reason = reason_of(action)
    before = play.value(h)
    h.space = space
    h.moves.append({"from": before, "to": play.value(h), "round": play.round_name(),
                    "why": f"the banker's correction ({reason})"})
    play.say(f"The banker moves {possessive(play.hname(h.key))} marker from {money(before)} to "
             f"{money(play.value(h))}: {reason}.")
    if play.state.over:  # scored again, and kept for the final summary with its reason
        play.state.corrections_after_end.append({"holding": h.key, "from": before,
                                                 "to": play.value(h), "reason": reason})
        score(play)
