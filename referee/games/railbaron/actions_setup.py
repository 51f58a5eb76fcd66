"""Setup and city lookups: the first player, home, destination and alternate destination cities,
the Starting Auction draw."""

from __future__ import annotations

from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railbaron.board import parity_of
from referee.games.railbaron.context import (
    Play,
    handles,
)
from referee.games.railbaron.fees import money
from referee.games.railbaron.state import (
    Auction,
    Player,
)

# -- setup --------------------------------------------------------------------------------


@handles("roll_for_first_player")
def roll_for_first_player(play: Play, action: dict) -> None:
    state = play.state
    require(state.stage == "first_player", "The first player is already known.")
    rolls = action.get("rolls")
    require(isinstance(rolls, dict), "rolls: give each contender's three dice.")
    require(set(rolls) == set(state.contenders),
            "rolls: exactly these players roll now: "
            + ", ".join(play.name(pid) for pid in state.contenders) + ".")
    totals = {pid: sum(play.dice(rolls[pid], 3, f"{play.name(pid)}'s roll"))
              for pid in state.contenders}
    best = max(totals.values())
    tied = [pid for pid in state.contenders if totals[pid] == best]
    if len(tied) > 1:
        state.contenders = tied
        play.say(f"Tie at {best}: " + " and ".join(play.name(p) for p in tied) + " roll again.")
        return
    first = tied[0]
    seats = list(state.players)
    at = seats.index(first)
    state.order = seats[at:] + seats[:at]
    state.contenders = []
    state.stage = "homes"
    play.say(f"{play.name(first)} rolls {best} and goes first; then "
             + ", ".join(play.name(p) for p in state.order[1:]) + ".")
    play.start_lookup(first, "home")


@handles("roll_region")
def roll_region(play: Play, action: dict) -> None:
    player = play.turn_player(action, "region")
    turn = play.turn
    red, w1, w2 = play.dice(action.get("dice"), 3, "dice (red, white, white)")
    code = play.board.region_at(red, w1 + w2)
    where = f"{parity_of(red)} {w1 + w2}"
    given = action.get("region")
    if code is None:
        code = play.board.find_region(given) if isinstance(given, str) else None
        require(code is not None, f"The region table's {where} cell is unknown in this chart: "
                "enter the region from the printed chart.")
        play.say(f"Region cell {where} is unknown; the table read {play.board.regions[code]}.")
    elif given is not None:
        require(play.board.find_region(str(given)) == code,
                f"The chart says {play.board.regions[code]} for {where}.")
    region_name = play.board.regions[code]
    play.say(f"{player.name} rolls {where} for the region: {region_name}.")
    here = player.city
    if (turn.lookup != "home" and here is not None and play.board.region_of(here) == code):
        turn.phase = "choose_region"
        play.say(f"{player.name}'s train is in {region_name}: any region may be chosen.")
    else:
        turn.region = code
        turn.phase = "city"


@handles("choose_region")
def choose_region(play: Play, action: dict) -> None:
    player = play.turn_player(action, "choose_region")
    given = action.get("region")
    code = play.board.find_region(given) if isinstance(given, str) else None
    require(code is not None, f"Unknown region {given!r}.")
    play.turn.region = code
    play.turn.phase = "city"
    play.say(f"{player.name} chooses {play.board.regions[code]}.")


@handles("roll_city")
def roll_city(play: Play, action: dict) -> None:
    player = play.turn_player(action, "city")
    turn = play.turn
    region = turn.region
    assert region is not None
    red, w1, w2 = play.dice(action.get("dice"), 3, "dice (red, white, white)")
    where = f"{play.board.regions[region]} {parity_of(red)} {w1 + w2}"
    city = play.board.city_at(region, red, w1 + w2)
    given = action.get("city")
    if city is None:
        found = play.board.find_city(given) if isinstance(given, str) else None
        require(found is not None and play.board.region_of(found) == region,
                f"The city cell {where} is unknown in this chart: enter the city of that region "
                "from the printed chart.")
        city = found
        play.say(f"City cell {where} is unknown; the table read {city}.")
    elif given is not None:
        require(play.board.find_city(str(given)) == city, f"The chart says {city} for {where}.")
    assert city is not None
    play.say(f"{player.name} rolls {where}: {city}.")
    finish_lookup(play, player, city)


def finish_lookup(play: Play, player: Player, city: str) -> None:
    turn = play.turn
    state = play.state
    if turn.lookup == "home":
        player.home = player.city = city
        play.say(f"{player.name}'s home city is {city}.")
        index = state.order.index(player.id) + 1
        if index < len(state.order):
            play.start_lookup(state.order[index], "home")
        elif play.settings.starting_auction:
            state.stage = "starting_auction"
            turn.phase = "draw_deed"
        else:
            play.begin_play()
        return
    if turn.lookup == "alternate":
        player.alternate = city
        player.declared = True
        player.declared_from = player.city
        player.destination = player.home
        player.trip_from = player.city
        play.say(f"{player.name}'s alternate destination is {city}; the destination is home, "
                 f"{player.home}.")
        if city == player.city:
            play.say(f"{player.name} is at the alternate destination: declared, but the rest of "
                     "the turn is lost.")
            turn.phase = "end"
            return
        play.after_destination()
        return
    if city == player.city:
        play.say(f"{city} is where {player.name}'s train stands: the rest of the turn is lost.")
        turn.phase = "end"
        return
    player.destination = city
    player.trip_from = player.city
    play.say(f"{player.name}'s destination: {city}.")
    play.after_destination()


@handles("draw_deed")
def draw_deed(play: Play, action: dict) -> None:
    state = play.state
    require(state.stage == "starting_auction" and play.turn.phase == "draw_deed",
            "Deeds are drawn only for the Starting Auction.")
    rr = play.railroad(action.get("railroad"))
    require(rr in play.bank_holds() and rr not in state.drawn,
            f"The {rr} is not among the bank's undrawn deeds.")
    state.drawn.append(rr)
    opening = play.price(rr) // 2
    state.auction = Auction(rr, BANK, list(state.order), opening, purpose="starting",
                            multiple=play.bid_multiple())
    play.turn.phase = "auction"
    play.say(f"Starting Auction: the {rr} ({play.board.railroads[rr].name}), opening bid "
             f"{money(opening)}; {play.name(state.order[0])} bids first.")
