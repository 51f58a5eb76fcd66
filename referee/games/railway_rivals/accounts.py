"""Spending after a race (B6, C2) and the banker's corrections, each with its reason (A6)."""

from __future__ import annotations

from typing import cast

from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railway_rivals.building import spender, use_allowance
from referee.games.railway_rivals.context import Play, handles, units
from referee.games.railway_rivals.races import next_race
from referee.games.railway_rivals.state import Spending

MAX_CORRECTION = 999


@handles("spend")
def spend(play: Play, action: dict) -> None:
    """Money spent on new track, paid to the bank in place of a die throw (B6)."""
    cid = play.company(action)
    require(spender(play, cid) == "spend", "In the building stage track is paid by the die.",
            "A3")
    amount = play.whole(action.get("amount"), "The amount spent", 1, 999)
    play.can_pay(cid, amount, "track")
    use_allowance(play, cid, amount, "track")
    play.pay(cid, BANK, amount, play.note(action) or "new track", "spending")
    play.say(f"{play.name(cid)} spends {units(amount)} on new track.")


@handles("done_spending")
def done_spending(play: Play, action: dict) -> None:
    """A company has spent what it wants; once all have, the next race is thrown."""
    state = play.state
    cid = play.company(action)
    require(spender(play, cid) == "spend", "Spending comes after a race: in the building stage "
            "a turn ends with end_turn.", "B6")
    sp = cast(Spending, state.spending)  # spender() has found it spending
    sp.done.append(cid)
    left = sp.allowance[cid]
    play.say(f"{play.name(cid)} is done spending" + (f" ({units(left)} banked)." if left
                                                      else "."))
    if all(c in sp.done for c in sp.allowance):
        close_spending(play)


@handles("close_spending")
def close_spending_action(play: Play, action: dict) -> None:
    """The banker closes the spending for everyone (those still spending bank the rest)."""
    state = play.state
    require(state.stage == "operating" and state.spending is not None,
            "Nobody is spending now.")
    play.say("The banker closes the spending.")
    close_spending(play)


def close_spending(play: Play) -> None:
    state = play.state
    state.spending = None
    if play.settings.target_check == "after_spending" and play.target_reached():
        play.say(f"A company has reached the target of {units(state.target)}.")
        play.end_game()
        return
    next_race(play)


@handles("correction")
def correction(play: Play, action: dict) -> None:
    """The accounts keeper corrects a company's money, with a reason, at any time."""
    state = play.state
    cid = play.company(action)
    amount = action.get("amount")
    require(type(amount) is int and amount != 0 and abs(amount) <= MAX_CORRECTION,
            f"A correction is a whole number, not 0, at most {MAX_CORRECTION} either way.")
    reason = play.note(action, required=True)
    if amount > 0:
        play.pay(BANK, cid, amount, reason, "correction")
    else:
        play.pay(cid, BANK, -amount, reason, "correction")
    sign = "+" if amount > 0 else "−"
    play.say(f"Correction for {play.name(cid)}: {sign}{units(abs(amount))} ({reason}).")
    if state.over:  # kept for the final summary, with its reason
        state.corrections_after_end.append({"company": cid, "amount": amount, "reason": reason})
        play.name_winners()
