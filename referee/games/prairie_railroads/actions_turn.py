"""A turn: play a personal action card or draw one; Pay Dividends; the banker's corrections."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.prairie_railroads.actions_stock import offer_choices
from referee.games.prairie_railroads.constants import (
    CARD_NAMES,
    CARDS,
    LAST_PAY_DIVIDENDS,
    RAILROADS,
    treasury,
)
from referee.games.prairie_railroads.context import Play, handles

SOURCES = ("hand", "deck")
MAX_ADJUSTMENT = 10_000


@handles("play_card")
def play_card(play: Play, action: dict) -> None:
    """`card` (OS, CT or PD) from the player's hand, or drawn from the deck (`source`)."""
    pid, turn = play.turn(action, "card")
    card, source = action.get("card"), action.get("source", "hand")
    require(card in CARDS, f"A card is OS, CT or PD, not {card!r}.")
    require(source in SOURCES, "The card comes from the hand or is drawn from the deck.")
    state = play.state
    if source == "hand":
        require(state.hands[pid][card] > 0,
                f"{play.name(pid)} has no {CARD_NAMES[card]} card left in hand.")
        state.hands[pid][card] -= 1
    else:
        require(state.deck[card] > 0,
                f"The draw deck holds no {CARD_NAMES[card]} card: check the card drawn.")
        state.deck[card] -= 1
    turn.card, turn.source = card, source
    how = "plays" if source == "hand" else "draws"
    play.say(f"{play.name(pid)} {how} {CARD_NAMES[card]}.")
    if card == "PD":
        state.dividends_paid += 1
        if state.dividends_paid >= LAST_PAY_DIVIDENDS:
            play.say(f"The {LAST_PAY_DIVIDENDS}th Pay Dividends card ends the game.")
            play.final_payoff()
            return
        play.say(f"Pay Dividends ({state.dividends_paid} of {LAST_PAY_DIVIDENDS}): each share "
                 "pays Income ÷ 5, rounded up.")
        play.pay_dividends(list(state.railroads.values()), "dividend", "Pay Dividends")
        play.end_turn()
    elif card == "OS":
        if not offer_choices(play, pid, source):
            play.say("No share can be offered: the turn is over.")
            play.end_turn()
            return
        turn.phase = "offer"
    else:
        turn.phase = "growth"


@handles("adjust_cash")
def adjust_cash(play: Play, action: dict) -> None:
    """The banker's correction: move money between the bank and a player or a treasury."""
    account = action.get("account")
    accounts = list(play.state.players) + [treasury(rr) for rr in RAILROADS]
    require(account in accounts, f"Unknown account {account!r}.")
    require(not (play.state.over and account not in play.state.players),
            "The game is over: the treasuries went back to the bank.")
    amount = action.get("amount")
    require(type(amount) is int and amount != 0 and abs(amount) <= MAX_ADJUSTMENT,
            f"An adjustment is a whole amount, not zero, at most {MAX_ADJUSTMENT} either way.")
    reason = action.get("reason")
    require(isinstance(reason, str) and bool(reason.strip()), "Give the reason for the change.")
    who = play.name(account) if account in play.state.players else account
    if amount > 0:
        play.pay(BANK, account, amount, f"correction: {reason}", "correction", reason=reason)
    else:
        if play.cash(account) < -amount:
            raise IllegalAction(f"{who} has only ${play.cash(account)}.")
        play.pay(account, BANK, -amount, f"correction: {reason}", "correction", reason=reason)
    play.say(f"The banker corrects {who}'s cash by {amount:+d}: {reason.strip()}.")
    if play.state.over:  # kept for the final summary, with its reason
        play.state.corrections_after_end.append(
            {"account": account, "amount": amount, "reason": reason.strip()})
        play.name_winners()
