"""The initial auctions, Offer Stock and the bidding."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.rules import require
from referee.games.prairie_railroads.constants import (
    RAILROADS,
    money,
    treasury,
)
from referee.games.prairie_railroads.context import Play, handles
from referee.games.prairie_railroads.economy import minimum_bid
from referee.games.prairie_railroads.state import Railroad


@handles("first_player")
def first_player(play: Play, action: dict) -> None:
    """The die chose who starts: he opens the bidding for the first CRIP share."""
    require(play.state.stage == "first_player", "The starting player is already chosen.")
    pid = play.player(action)
    play.state.stage = "initial"
    play.say(f"{play.name(pid)} is the starting player.")
    open_initial(play, RAILROADS[0], pid)


def open_initial(play: Play, key: str, offered_by: str) -> None:
    state = play.state
    state.initial = key
    play.say(f"Initial auction of the first {key} share, opened by {play.name(offered_by)}.")
    play.open_auction(state.railroads[key], None, offered_by, 0)
    if play.auction_done():
        close_auction(play)


def offer_choices(play: Play, pid: str, source: str) -> list[dict]:
    """The shares `pid` may offer with an Offer Stock card from `source` (hand or deck)."""
    railroads = play.state.railroads.values()
    unsold = [rr for rr in railroads if rr.unsold() > 0]
    if source == "deck":
        most = max((rr.unsold() for rr in unsold), default=0)
        return [{"railroad": rr.key, "own": False} for rr in unsold if rr.unsold() == most]
    out = [{"railroad": rr.key, "own": False} for rr in unsold]
    out += [{"railroad": rr.key, "own": True} for rr in railroads if rr.shares.get(pid, 0) > 0]
    return out


@handles("offer")
def offer(play: Play, action: dict) -> None:
    pid, turn = play.turn(action, "offer")
    rr = play.railroad(action.get("railroad"))
    own = action.get("own", False)
    require(type(own) is bool, "'own' is true (one of the player's own shares) or false.")
    choice = {"railroad": rr.key, "own": own}
    if choice not in offer_choices(play, pid, turn.source or "hand"):
        raise IllegalAction(_why_not(play, pid, rr, own, turn.source or "hand"), "Offer Stock")
    turn.phase = "bidding"
    minimum = minimum_bid(rr.value)
    seller = pid if own else None
    what = "his own" if own else "an unsold"
    play.say(f"{play.name(pid)} offers {what} {rr.key} share; minimum bid {money(minimum)}"
             f" (Value {money(rr.value)} ÷ 5).")
    play.open_auction(rr, seller, pid, minimum)
    if play.auction_done():
        close_auction(play)


def _why_not(play: Play, pid: str, rr: Railroad, own: bool, source: str) -> str:
    if own and source == "deck":
        return "A drawn Offer Stock card never offers the player's own share."
    if own:
        return f"{play.name(pid)} holds no {rr.key} share."
    if rr.unsold() == 0:
        return f"Every {rr.key} share is sold."
    return (f"A drawn Offer Stock card offers a share of the railroad with the most unsold "
            f"shares; the {rr.key} has {rr.unsold()}.")


def _bidder(play: Play, action: dict) -> str:
    auction = play.state.auction
    require(auction is not None, "No share is up for auction.")
    assert auction is not None
    pid = play.player(action)
    require(pid == auction.next_bidder,
            f"It is {play.name(auction.next_bidder)}'s bid, not {play.name(pid)}'s.")
    return pid


@handles("bid")
def bid(play: Play, action: dict) -> None:
    pid = _bidder(play, action)
    auction = play.state.auction
    assert auction is not None
    amount = action.get("amount")
    least = auction.to_beat()
    require(type(amount) is int and amount >= least,
            f"The bid must be at least {money(least)}.", "Offer Stock")
    require(amount <= play.cash(pid),
            f"{play.name(pid)} has {money(play.cash(pid))}: nobody bids over his cash.")
    auction.high, auction.high_bidder = amount, pid
    auction.bidders.append(auction.bidders.pop(0))
    play.say(f"{play.name(pid)} bids {money(amount)} for the {auction.railroad} share.")
    play.drop_the_broke()
    if play.auction_done():
        close_auction(play)


@handles("pass")
def pass_(play: Play, action: dict) -> None:
    pid = _bidder(play, action)
    auction = play.state.auction
    assert auction is not None
    auction.bidders.pop(0)
    play.say(f"{play.name(pid)} drops out of the bidding.")
    if play.auction_done():
        close_auction(play)


def close_auction(play: Play) -> None:
    state = play.state
    auction = state.auction
    assert auction is not None
    rr = state.railroads[auction.railroad]
    buyer, price = auction.high_bidder, auction.high or 0
    state.auction = None
    if state.stage == "initial":
        if buyer is None:
            buyer = auction.offered_by
            play.say(f"No bid: {play.name(buyer)} takes the {rr.key} share free; "
                     "the treasury gets nothing.")
        else:
            play.pay(buyer, treasury(rr.key), price, f"initial auction: {rr.key}", "auction",
                     railroad=rr.key)
            play.say(f"{play.name(buyer)} buys the {rr.key} share for {money(price)}.")
        rr.shares[buyer] = rr.shares.get(buyer, 0) + 1
        state.first_build, state.first_builder = rr.key, buyer
        return
    if buyer is None:
        play.say(f"No one bought the {rr.key} share.")
    else:
        target = auction.seller or treasury(rr.key)
        play.pay(buyer, target, price, f"bought a {rr.key} share", "share_purchase",
                 railroad=rr.key)
        if auction.seller:
            rr.shares[auction.seller] -= 1
            if rr.shares[auction.seller] == 0:
                del rr.shares[auction.seller]
        rr.shares[buyer] = rr.shares.get(buyer, 0) + 1
        to = f"from {play.name(auction.seller)}" if auction.seller else "from the treasury"
        play.say(f"{play.name(buyer)} buys a {rr.key} share {to} for {money(price)}.")
    play.end_turn()
