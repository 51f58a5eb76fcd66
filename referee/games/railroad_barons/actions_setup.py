"""Setup: the Investor draft, and the starting value of the Holding with the $450 Investor."""

from __future__ import annotations

from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railroad_barons.box import PARS
from referee.games.railroad_barons.context import Play, handles, money
from referee.games.railroad_barons.flow import start_stock_round
from referee.games.railroad_barons.state import DIRECTOR

MAX_PRICE = 9999


def investor_value(play: Play, action: dict) -> int:
    value = action.get("investor")
    require(type(value) is int and value in play.state.pool,
            f"The Investors still to be chosen: "
            f"{', '.join('$' + str(v) for v in play.state.pool)}.")
    return value  # type: ignore[return-value]


@handles("offer_investor")
def offer_investor(play: Play, action: dict) -> None:
    """The chooser selects an Investor and names its value (the face value is suggested)."""
    play.stage("draft")
    state = play.state
    require(state.draft.step == "offer",
            "The next Investor is selected, not offered." if state.draft.step == "pick"
            else "An Investor is on offer: it is answered first.")
    chooser = state.chooser
    pid = play.player(action)
    require(pid == chooser, f"{play.name(chooser)} selects the next Investor.")
    value = investor_value(play, action)
    price = action.get("price", value)
    require(type(price) is int and 0 <= price <= MAX_PRICE,
            f"The value named is a whole number of dollars 0 to {MAX_PRICE}.")
    state.draft.offered, state.draft.price, state.draft.step = value, price, "answer"
    other = state.other(pid)
    play.say(f"{play.name(pid)} selects the ${value} Investor and names {money(price)}: "
             f"{play.name(other)} takes either {money(price)} or the card.")


@handles("answer_offer")
def answer_offer(play: Play, action: dict) -> None:
    """The other player takes the named money or the Investor card; the chooser gets the other."""
    play.stage("draft")
    state = play.state
    require(state.draft.step == "answer", "No Investor is on offer now.")
    chooser = state.chooser
    other = state.other(chooser)
    pid = play.player(action)
    require(pid == other, f"{play.name(other)} answers the offer.")
    take = action.get("take")
    require(take in ("cash", "investor"), "Take the cash or the Investor.")
    value, price = state.draft.offered, state.draft.price
    assert value is not None and price is not None
    card_to, cash_to = (other, chooser) if take == "investor" else (chooser, other)
    state.pool.remove(value)
    give_investor(play, card_to, value)
    play.pay(BANK, cash_to, price, f"the draft: {money(price)} instead of the ${value} Investor",
             "draft_money", investor=value, price=price)
    card, cash = f"the ${value} Investor", money(price)
    took, left = (card, cash) if take == "investor" else (cash, card)
    play.say(f"{play.name(other)} takes {took}; {play.name(chooser)} gets {left}.")
    state.draft.offered = state.draft.price = None
    dealt(play)


@handles("pick_investor")
def pick_investor(play: Play, action: dict) -> None:
    """With `draft_offers` = first: B selects the second and third Investors, A the fourth."""
    play.stage("draft")
    state = play.state
    require(state.draft.step == "pick",
            "The Investor is offered for money or the card: offer it and name its value."
            if state.draft.step == "offer" else "An Investor is on offer: it is answered first.")
    chooser = state.chooser
    pid = play.player(action)
    require(pid == chooser, f"{play.name(chooser)} selects the next Investor.")
    value = investor_value(play, action)
    state.pool.remove(value)
    give_investor(play, pid, value)
    play.say(f"{play.name(pid)} selects the ${value} Investor.")
    dealt(play)


def dealt(play: Play) -> None:
    """One more Investor has come into play: the next selection, or the fifth leaves."""
    state = play.state
    state.draft.dealt += 1
    if state.draft.dealt < 4:
        every = play.settings.draft_offers == "every"
        state.draft.step = "offer" if every else "pick"
        verb = "selects the next Investor and names its value" if every else \
            "selects the next Investor"
        play.say(f"{play.name(state.chooser)} {verb}.")
        return
    last = state.pool.pop()
    play.say(f"The ${last} Investor is removed from the game: each player receives "
             f"${last}, its face value.", "Setup")
    for p in state.players:
        play.pay(BANK, p, last, f"the draft: face value of the removed ${last} Investor",
                 "draft_removed", investor=last)
    if play.box.investors[last].ability == "msc":
        name = play.box.investor_railroad
        play.say(f"The {play.hname(play.box.investor_holding)} Director certificate and the "
                 f"{name} go back to their stacks.")
        stack_back(play, name)
    if state.msc_owner is not None:
        state.stage = "msc_par"
        play.say(f"{play.name(state.msc_owner)} sets the starting share value of "
                 f"{play.hname(play.box.investor_holding)}: $70, $80, $90 or $100.")
    else:
        finish_setup(play)


def give_investor(play: Play, pid: str, value: int) -> None:
    play.state.investors[pid].append(value)
    if play.box.investors[value].ability == "msc":
        play.state.msc_owner = pid


def stack_back(play: Play, name: str) -> None:
    """Put the railroad back at its place in the stack (the box's order)."""
    order = [c.name for c in play.box.cards]
    stack = play.state.stack + [name]
    play.state.stack = sorted(stack, key=order.index)


@handles("set_par")
def set_par(play: Play, action: dict) -> None:
    """The owner of the $450 Investor starts its Holding: marker on the chosen starting space."""
    play.stage("msc_par")
    state = play.state
    owner = state.msc_owner
    assert owner is not None
    pid = play.player(action)
    require(pid == owner, f"{play.name(owner)} holds the $450 Investor and sets the value.")
    par = action.get("par")
    require(par in PARS, "The starting share value is $70, $80, $90 or $100.", "Starting a Holding")
    h = state.holdings[play.box.investor_holding]
    h.certs[DIRECTOR], h.director = owner, owner
    h.space, h.par = play.box.par_space(par), par
    name = play.box.investor_railroad
    h.railroads.append((name, 0))
    play.say(f"{play.name(owner)} takes the {play.hname(h.key)} Director certificate (40%) "
             f"that came with the $450 Investor, at {money(par)}, and the Holding gets "
             f"the {name}.")
    finish_setup(play)


def finish_setup(play: Play) -> None:
    state = play.state
    state.priority = state.a
    play.say(f"{play.name(state.a)} has the Priority Deal.")
    start_stock_round(play)
