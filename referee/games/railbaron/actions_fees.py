"""The end of the turn: fees, shortfall, auctions; and the banker's corrections."""

from __future__ import annotations

from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railbaron.context import (
    MAX_ADJUSTMENT,
    Play,
    handles,
)
from referee.games.railbaron.fees import BANK_FEE, money, note_since, turn_fees
from referee.games.railbaron.state import (
    Auction,
)

# -- end of turn: fees, shortfall, auctions, bankruptcy -------------------------------------


@handles("end_turn")
def end_turn(play: Play, action: dict) -> None:
    player = play.turn_player(action, "end")
    turn = play.turn
    fees = turn_fees(play.state, play.board, play.settings, player.id)
    turn.fees = [f.as_dict() for f in fees]
    owed = sum(f.amount for f in fees)
    if owed == 0 and turn.ridden:
        play.say(f"{player.name} owes no use fees.")
    if play.cash(player.id) >= owed:
        play.settle_fees()
        return
    if play.state.owned_by(player.id):
        play.say(f"{player.name} owes {money(owed)} in use fees and cannot cover them: "
                 "railroads must be sold back or auctioned.", "AUCTION")
    play.after_sale(first=True)


@handles("sell_back")
def sell_back(play: Play, action: dict) -> None:
    player = play.seller(action)
    rr = play.railroad(action.get("railroad"))
    require(play.state.owners[rr] == player.id, f"{player.name} does not own the {rr}.")
    half = play.price(rr) // 2
    play.pay(BANK, player.id, half, f"sold back the {rr}", "sell_back", railroad=rr)
    play.say(f"{player.name} sells the {rr} back to the bank for {money(half)}.")
    play.state.owners[rr] = None
    if player.established.get(rr, BANK_FEE) < BANK_FEE:  # he may be established on it at $0
        player.established[rr] = BANK_FEE  # AUCTION: later rides on it cost the bank's $1,000
        note_since(play.state, player.id, rr, f"the bank's rate once he sold the {rr} back")
    play.state.purchases -= 1
    play.after_sale()


@handles("auction")
def start_auction(play: Play, action: dict) -> None:
    player = play.seller(action)
    rr = play.railroad(action.get("railroad"))
    require(play.state.owners[rr] == player.id, f"{player.name} does not own the {rr}.")
    order = play.state.order
    at = order.index(player.id)
    bidders = [order[(at + k) % len(order)] for k in range(1, len(order))]
    bidders = [pid for pid in bidders if not play.state.players[pid].bankrupt]
    opening = play.price(rr) // 2
    play.state.auction = Auction(rr, player.id, bidders, opening, multiple=play.bid_multiple())
    play.turn.phase = "auction"
    play.say(f"{player.name} auctions the {rr}: opening bid {money(opening)}; "
             f"{play.name(bidders[0])} bids first.")


@handles("bid")
def bid(play: Play, action: dict) -> None:
    auction = current_auction(play)
    bidder = play.player(action)
    require(bidder.id == auction.next_bidder,
            f"It is {play.name(auction.next_bidder)}'s bid, not {bidder.name}'s.", "AUCTION")
    amount = action.get("amount")
    require(type(amount) is int, "amount: a whole number of dollars.")
    minimum = auction.minimum()
    require(amount >= minimum, f"{bidder.name}'s bid of {money(amount)} is under the minimum "
            f"{money(minimum)}.", "AUCTION")
    require(amount % auction.multiple == 0,
            f"Classic rules: bids are multiples of {money(auction.multiple)}.", "AUCTION")
    cash = play.cash(bidder.id)
    require(amount <= cash, f"{bidder.name} cannot bid {money(amount)} with "
            f"{play.said_cash(bidder.id)} cash.", "AUCTION")
    auction.high, auction.high_bidder = amount, bidder.id
    play.say(f"{bidder.name} bids {money(amount)} for the {auction.railroad}.")
    advance_auction(play, auction)


@handles("pass")
def pass_bid(play: Play, action: dict) -> None:
    auction = current_auction(play)
    bidder = play.player(action)
    require(bidder.id == auction.next_bidder,
            f"It is {play.name(auction.next_bidder)}'s bid, not {bidder.name}'s.", "AUCTION")
    play.say(f"{bidder.name} passes.")
    auction.bidders.pop(auction.at)
    if auction.bidders:
        auction.at %= len(auction.bidders)
    resolve_auction(play, auction)


def current_auction(play: Play) -> Auction:
    auction = play.state.auction
    require(auction is not None and play.state.turn is not None and play.turn.phase == "auction",
            "No auction is running.")
    assert auction is not None
    return auction


def advance_auction(play: Play, auction: Auction) -> None:
    auction.at = (auction.at + 1) % len(auction.bidders)
    resolve_auction(play, auction)


def resolve_auction(play: Play, auction: Auction) -> None:
    others = [pid for pid in auction.bidders if pid != auction.high_bidder]
    if others:
        return
    state = play.state
    rr = auction.railroad
    state.auction = None
    if auction.purpose == "starting":
        if auction.high_bidder is None:
            play.say(f"No bid for the {rr}: it is set aside.")
        else:
            assert auction.high is not None
            play.pay(auction.high_bidder, BANK, auction.high, f"bought the {rr} at auction",
                     "auction", railroad=rr, starting=True)
            play.say(f"{play.name(auction.high_bidder)} buys the {rr} for {money(auction.high)}.")
            state.purchases += 1
            play.set_owner(rr, auction.high_bidder)
        next_starting_deed(play)
        return
    seller = state.players[auction.seller]
    if auction.high_bidder is None:
        half = play.price(rr) // 2
        play.pay(BANK, seller.id, half, f"bank bought the {rr}", "sale", railroad=rr)
        state.owners[rr] = None
        state.purchases -= 1
        play.say(f"No bid: the bank buys the {rr} from {seller.name} for {money(half)}.",
                 "AUCTION")
    else:
        assert auction.high is not None
        play.pay(auction.high_bidder, seller.id, auction.high, f"bought the {rr} at auction",
                 "auction", railroad=rr)
        play.say(f"{play.name(auction.high_bidder)} buys the {rr} from {seller.name} for "
                 f"{money(auction.high)}.")
        play.set_owner(rr, auction.high_bidder, auctioned=True)
        if seller.id == play.turn.player and rr in play.turn.ridden:
            seller.established[rr] = 0
            note_since(play.state, seller.id, rr, f"no fee, as he rode the {rr} in the turn "
                       "he sold it")
            play.say(f"{seller.name} rode the {rr} this turn: no fee to its new owner while "
                     "established on it.")
    play.after_sale()


# -- corrections ----------------------------------------------------------------------------


@handles("adjust_cash")
def adjust_cash(play: Play, action: dict) -> None:
    player = play.player(action)
    amount = action.get("amount")
    reason = action.get("reason")
    require(type(amount) is int and amount != 0 and abs(amount) <= MAX_ADJUSTMENT,
            f"amount: a whole, non-zero number of dollars up to {money(MAX_ADJUSTMENT)}.")
    require(isinstance(reason, str) and reason.strip() != "",
            "reason: say why the cash is corrected.")
    cash = play.cash(player.id)
    if amount > 0:
        play.pay(BANK, player.id, amount, f"correction: {reason.strip()}", "correction",
                 reason=reason.strip())
    else:
        # A banker who plays must learn nothing of another's secret cash from the answer: his
        # correction is taken as asked, and a balance it leaves below zero is a debt the
        # owner's phone shows, to be corrected.
        require(play.settings.banker_plays or cash + amount >= 0,
                f"{player.name} has less than {money(-amount)}: cannot take {money(-amount)}.")
        play.pay(player.id, BANK, -amount, f"correction: {reason.strip()}", "correction",
                 reason=reason.strip())
    play.say(f"Banker's correction: {player.name} {'+' if amount > 0 else '-'}"
             f"{money(abs(amount))} ({reason.strip()}).")
    if play.state.over:  # kept for the final summary, with its reason
        play.state.corrections_after_end.append(
            {"account": player.id, "amount": amount, "reason": reason.strip()})


def next_starting_deed(play: Play) -> None:
    state = play.state
    undrawn = [rr for rr in play.bank_holds() if rr not in state.drawn]
    if len(state.drawn) >= len(state.players) or not undrawn:
        play.say("The Starting Auction is over; deeds not sold go back to the bank.")
        play.begin_play()
    else:
        play.turn.phase = "draw_deed"
