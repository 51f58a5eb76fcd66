"""The figures Rail Baron's pages derive, with their parts and rule (docs/explain.md): the use
fees a player owes at the end of his turn, a trip's payoff, a railroad's printed price and half
of it (sell-back, opening bid), an engine's price, the auction's bids, an established rate and
the rover fee. A figure tells no cash: fees are paid openly, payoffs and prices read off the
printed charts at the table, bids made aloud."""

from __future__ import annotations

from typing import Any

from referee.engine.ledger import BANK
from referee.games.contract import DerivedFigure, Part
from referee.games.railbaron.charts.lookup import payoff as payoff_lookup
from referee.games.railbaron.citations import CLASSIC_FEES, HONEYMOON, OWN_RAILROAD
from referee.games.railbaron.context import ROVER_FEE
from referee.games.railbaron.fees import turn_fees
from referee.games.railbaron.state import ENGINE_NAMES, ENGINES, State


def _since(since: dict | None) -> str:
    """An establishment's why, turn and place, as a fee's words add them."""
    if not since:
        return ""
    when = f"turn {since['turn']}" if since["turn"] else "the start of the game"
    return f"; {since['why']}, since {when} at {since['at']}"


def _fees(rules: Any, state: State, pid: str) -> DerivedFigure | None:
    turn = state.turn
    if turn is None or turn.player != pid or turn.phase != "end":
        return None
    parts = []
    sections: dict[str, None] = {}  # each fee's section, in order, each once
    fees = turn_fees(state, rules.board, rules.settings, pid)
    for fee in fees:
        player = state.players.get(fee.to)
        to = "the bank" if fee.to == BANK else (player.name if player else fee.to)
        what = f"to {to} for the {', '.join(fee.railroads)}"
        if fee.phantom:
            sections[HONEYMOON] = None
            what += f" (half of the ${fee.phantom:,} fee for the phantom player's railroads)"
        elif fee.own:
            sections[CLASSIC_FEES] = None
            what += f" (the {', '.join(fee.own)} his own: {OWN_RAILROAD})"
        else:
            sections["USE FEES"] = None
        if fee.established:
            sections["ESTABLISHMENT"] = None
            what += f" (established: instead of ${fee.full:,}{_since(fee.since)})"
        parts.append(Part(what, fee.amount))
    rule = "; ".join(sections or ["USE FEES"])
    return DerivedFigure(f"The use fees {state.players[pid].name} owes this turn",
                         sum(fee.amount for fee in fees), tuple(parts), rule)


def _payoff(rules: Any, state: State, trip: str) -> DerivedFigure | None:
    """A trip's payoff ("Atlanta|Knoxville"): the chart cell, public to all."""
    start, _, end = trip.partition("|")
    board = rules.board
    try:
        found = payoff_lookup(board, start, end)
    except ValueError:  # a city the map does not have
        return None
    if found.amount is None or found.city_a == found.city_b:
        return None
    parts = [Part(f"The {board.name} payoff chart, {found.city_a} to {found.city_b}",
                  found.amount)]
    if found.overridden:
        parts.append(Part("this cell as the table set it (a house rule of this game)"))
    parts += [Part(f"Note: {note}") for note in found.notes]
    return DerivedFigure(f"The payoff {found.city_a} to {found.city_b}", found.amount, tuple(parts),
                  "ARRIVAL")


def _printed(rules: Any, rr: str) -> tuple[Part, ...]:
    """A railroad's price as printed on the map's railroad list, and the Short Game's halving."""
    railroad = rules.board.railroads[rr]
    parts = [Part(f"The {rules.board.name} railroad list prints the {railroad.name} ({rr}) at",
                  railroad.price)]
    charged = rules.settings.scaled(railroad.price)
    if charged != railroad.price:
        parts.append(Part("Short Game: every price halved", charged - railroad.price))
    return tuple(parts)


def _price(rules: Any, state: State, rr: str) -> DerivedFigure | None:
    if rr not in rules.board.railroads or rules.board.railroads[rr].public:
        return None
    charged = rules.settings.scaled(rules.board.railroads[rr].price)
    return DerivedFigure(f"The {rr}'s price", charged, _printed(rules, rr), "PURCHASE")


def _prices(rules: Any, state: State, _subject: str) -> DerivedFigure:
    """Every railroad the bank still sells, at its printed price (the buy buttons)."""
    parts: list[Part] = []
    for rr in rules.board.non_public():
        if state.owners.get(rr) is None:
            parts += _printed(rules, rr)
    return DerivedFigure("The railroads the bank sells, at their printed prices", None,
                         tuple(parts), "PURCHASE")


def _half(rules: Any, state: State, rr: str) -> DerivedFigure | None:
    price = _price(rules, state, rr)
    if price is None:
        return None
    half = price.amount // 2
    parts = (*price.parts, Part("half of it (a railroad sold back, an auction's opening bid)",
                                half - price.amount))
    return DerivedFigure(f"Half the {rr}'s price", half, parts, "AUCTION")


def _engine(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """An upgrade's price ("pid|superchief"): the rulebook's price for the player's engine."""
    pid, _, target = subject.partition("|")
    if pid not in state.players or target not in ENGINES[1:]:
        return None
    current = state.players[pid].engine
    cost = rules.settings.upgrade_cost(current, target, len(state.players))
    parts = (Part(f"The {ENGINE_NAMES[target]}'s price from a {ENGINE_NAMES[current]}, "
                  f"{len(state.players)} players, as this game's settings set it", cost),)
    return DerivedFigure(f"The {ENGINE_NAMES[target]}'s price", cost, parts, "PURCHASE")


def _bid(rules: Any, state: State, which: str) -> DerivedFigure | None:
    """The running auction's high bid or least next bid (bids are made aloud)."""
    auction = state.auction
    if auction is None or which not in ("high", "minimum"):
        return None
    names = {pid: p.name for pid, p in state.players.items()}
    if which == "high":
        if auction.high is None or auction.high_bidder is None:
            return None
        return DerivedFigure(f"The high bid for the {auction.railroad}", auction.high,
                             (Part(f"{names.get(auction.high_bidder)}'s last bid", auction.high),),
                             "AUCTION")
    least = auction.opening if auction.high is None else auction.high + 500
    parts = [Part("the opening bid: half the railroad's price", auction.opening)]
    if auction.high is not None:
        parts = [Part(f"{names.get(auction.high_bidder)}'s bid", auction.high),
                 Part("and $500 more", 500)]
    minimum = auction.minimum()
    if minimum != least:
        parts.append(Part(f"rounded up to a multiple of ${auction.multiple:,} (classic rules)",
                          minimum - least))
    return DerivedFigure(f"The least next bid for the {auction.railroad}", minimum, tuple(parts),
                         "AUCTION")


def _established(rules: Any, state: State, subject: str) -> DerivedFigure | None:
    """The rate a player is established at on a railroad ("pid|SOU"), and since when."""
    pid, _, rr = subject.partition("|")
    player = state.players.get(pid)
    if player is None:
        return None
    turn = state.turn if state.turn is not None and state.turn.player == pid else None
    if rr in player.established:
        rate, since = player.established[rr], player.established_since.get(rr)
    elif turn is not None and rr in turn.established_rides:  # ridden, then establishment ended
        rate, since = turn.established_rides[rr], turn.established_since.get(rr)
    else:
        return None
    parts = [Part(f"{player.name} is established on the {rr} at", rate)]
    if since:
        words = _since(since)[2:]
        parts.append(Part(words[:1].upper() + words[1:]))
    return DerivedFigure(f"{player.name}'s established rate on the {rr}", rate, tuple(parts),
                         "ESTABLISHMENT")


def _rover(rules: Any, state: State, _subject: str) -> DerivedFigure:
    return DerivedFigure("The rover fee", ROVER_FEE,
                         (Part("The rulebook's rover fee, paid by the declared player caught",
                               ROVER_FEE),), "ROVER PLAY")


FIGURES = {"fees": _fees, "payoff": _payoff, "price": _price, "prices": _prices, "half": _half,
           "engine": _engine, "bid": _bid, "established": _established, "rover": _rover}


def figures(rules: Any, state: State, name: str, subject: str) -> DerivedFigure | None:
    make = FIGURES.get(name)
    return make(rules, state, subject) if make else None
