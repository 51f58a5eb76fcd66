"""Turn actions: declaring, home swap, movement, arrival, stop, rover."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.rules import require
from referee.games.railbaron.context import (
    ROVER_FEE,
    WIN_CASH,
    Play,
    handles,
)
from referee.games.railbaron.fees import full_rate, money, note_since
from referee.games.railbaron.state import (
    ENGINE_NAMES,
    Player,
)

# -- declaring ----------------------------------------------------------------------------


@handles("declare")
def declare(play: Play, action: dict) -> None:
    player = play.turn_player(action, "region")
    turn = play.turn
    require(turn.lookup == "destination",
            f"{player.name} may declare only when about to determine a destination.")
    require(not player.declared, f"{player.name} is already declared.")
    cash = play.cash(player.id)
    if cash >= WIN_CASH:
        if player.city == player.home:
            play.win([player.id], f"{player.name} declares at home with {money(cash)} and wins!")
            return
        player.early = False
        play.say(f"{player.name} declares with {money(cash)}.")
    else:
        require(play.settings.short_game,
                f"{player.name} cannot declare: cash {play.said_cash(player.id)}, declaring needs "
                f"{money(WIN_CASH)}.", "DECLARING AND WINNING")
        require(not play.bank_holds(),
                f"{player.name} cannot Early Declare while the bank still holds railroads.",
                "Short Game 2")
        home_region = play.board.region_of(player.home or "")
        require(player.city is None or play.board.region_of(player.city) != home_region,
                f"{player.name} cannot Early Declare while in the region of the home city.",
                "Short Game 2")
        player.early = True
        play.say(f"{player.name} Early Declares.")
    turn.lookup = "alternate"


@handles("home_swap")
def home_swap(play: Play, action: dict) -> None:
    player = play.turn_player(action)
    require(play.settings.home_swap, "This game is played without the Home Swap (a rule of the "
            "modern rulebook the classic summary does not have).", "HOME SWAP")
    require(play.turn.phase == "move" and not player.moved and not player.swapped,
            f"{player.name} may Home Swap only after the first destination and before the first "
            "movement roll.", "HOME SWAP")
    old_home, new_home = player.home, player.destination
    assert old_home is not None and new_home is not None
    player.home, player.destination = new_home, old_home
    player.city, player.milepost = new_home, None
    player.trip_from = new_home
    player.swapped = True
    for rr in sorted(play.board.railroads_at(new_home)):  # all of them, his own too
        rate = full_rate(play.state, play.board, play.settings, player.id, rr)
        if player.established.get(rr, rate) >= rate:  # a lower one he had stays, with its date
            player.established[rr] = rate
            note_since(play.state, player.id, rr, "the rate of the Home Swap")
    play.say(f"{player.name} swaps home: home is now {new_home}, destination {old_home}; "
             f"established on the railroads at {new_home}.")


# -- movement -----------------------------------------------------------------------------


@handles("roll_move")
def roll_move(play: Play, action: dict) -> None:
    player = play.turn_player(action, "move")
    turn = play.turn
    white = play.dice(action.get("white"), 2, "white")
    red = action.get("red")
    if player.engine == "superchief":
        red = play.die(red, "red (a SuperChief rolls all three dice)")
    else:
        require(red is None, f"A {ENGINE_NAMES[player.engine]} rolls the two white dice; the red "
                "bonus die comes only after doubles." if player.engine == "express" else
                "A Freight rolls the two white dice; the red bonus die comes only after double "
                "sixes.")
    turn.white = (white[0], white[1])
    turn.red = red
    player.moved = True
    if player.engine == "freight":
        turn.bonus = white == (6, 6)
    elif player.engine == "express":
        turn.bonus = white[0] == white[1]
    else:
        turn.bonus = True
    total = sum(white)
    if player.engine == "superchief":
        play.say(f"{player.name} rolls {white[0]}+{white[1]}+{red} (SuperChief): moves "
                 f"{total + red}.")
    elif turn.bonus:
        play.say(f"{player.name} rolls {white[0]}+{white[1]}: moves {total}, then the bonus die.")
    else:
        play.say(f"{player.name} rolls {white[0]}+{white[1]}: moves {total}.")
    turn.phase = "moving"


@handles("roll_bonus")
def roll_bonus(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "bonus")
    turn = play.turn
    # the entitlement comes from the roll made with the engine he had (a SuperChief's red die
    # is rolled with the whites), not from an engine bought at this turn's purchase
    require(turn.bonus and turn.red is None,
            f"{player.name} has no bonus die to roll this turn.", "BONUS ROLL")
    require(turn.leg == 1 or turn.phase == "bonus", "The bonus die is rolled once a turn.")
    turn.red = play.die(action.get("red"), "red")
    play.say(f"{player.name} rolls the bonus die: {turn.red} more.")
    turn.phase = "moving"


def record_rides(play: Play, player: Player, rails: list[str], order: list[str] | None) -> None:
    """Note the railroads ridden. Riding one he is not established on ends establishment; a ride
    after that on a railroad he was established on is at the full fee (ESTABLISHMENT). Classic
    establishment is kept "for as long as he uses it, and no other railroad": riding one
    railroad he is established on ends it on the others. Without an order, the established
    railroads of the report count as ridden first."""
    turn = play.turn
    if order is None:
        order = sorted(rails, key=lambda rr: rr not in player.established)
    for rr in order:
        if rr in player.established:
            turn.established_rides.setdefault(rr, player.established[rr])
            turn.established_since.setdefault(rr, player.established_since.get(rr))
            if play.settings.one_railroad:
                player.established = {rr: player.established[rr]}
        else:
            if rr not in turn.full_rides:
                turn.full_rides.append(rr)
            player.established = {}
    for rr in rails:
        if rr not in turn.ridden:
            turn.ridden.append(rr)


def ride_order(play: Play, action: dict, rails: list[str]) -> list[str] | None:
    """The optional `order` of a report: every railroad ridden, in the order ridden (a railroad
    ridden twice may appear twice)."""
    order = action.get("order")
    if order is None:
        return None
    named = play.railroads(order, "order") if isinstance(order, list) else None
    require(named is not None and set(named) == set(rails) and len(order) <= 200,
            "order: name each railroad ridden, in the order ridden, and no others.")
    return [str(rr) for rr in order]  # type: ignore[union-attr]


@handles("arrive")
def arrive(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "arrival")
    turn = play.turn
    require(player.destination is not None, f"{player.name} has no destination to arrive at.")
    if turn.phase == "arrival":
        player.arrive_next_turn = False
        turn.start_arrival = True
        play.arrive_at_destination(player, action.get("payoff"))
        return
    rails = play.railroads(action.get("ridden"), "ridden")
    within_white = action.get("within_white", True)
    require(isinstance(within_white, bool), "within_white is true or false.")
    if turn.leg == 1 and not within_white:
        require(turn.red is not None,
                "Arriving beyond the white dice needs the bonus die: roll it first.")
    record_rides(play, player, rails, ride_order(play, action, rails))
    was_home_trip = player.heading_home
    play.arrive_at_destination(player, action.get("payoff"))
    turn.bounce = turn.leg == 1 and turn.bonus and within_white and not was_home_trip
    if was_home_trip and turn.bonus:
        play.say(f"{player.name} ignores the unused bonus at home.")


@handles("stop")
def stop(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving")
    turn = play.turn
    if turn.bonus and turn.red is None and turn.leg == 1:
        raise IllegalAction(f"{player.name} must move the bonus die too: roll it first.",
                            "BONUS ROLL")
    rails = play.railroads(action.get("ridden"), "ridden")
    order = ride_order(play, action, rails)
    at = action.get("at") or {"railroads": [rails[-1]]}
    require(isinstance(at, dict), "at: give {'city': name} or {'railroads': [...]}.")
    if at.get("city") is not None:
        city = play.city(at["city"])
        require(city != player.destination,
                f"{city} is the destination: that is an arrival, not a stop.")
        player.city, player.milepost = city, None
        where = city
    else:
        player.city, player.milepost = None, play.railroads(at.get("railroads"), "at")
        where = "a milepost on the " + "/".join(player.milepost)
    record_rides(play, player, rails, order)
    play.say(f"{player.name} rides the {', '.join(rails)} and stops at {where}.")
    turn.phase = "end"


@handles("rover")
def rover(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "purchase", "end")
    victim = play.player(action, "victim")
    require(victim.id != player.id, f"{player.name} cannot rover himself.")
    require(victim.declared, f"{victim.name} is not declared and cannot be rovered.",
            "ROVER PLAY")
    require(not victim.home_safe, f"{victim.name} is home safe and immune.", "Short Game 4")
    require(play.turn.white is not None,
            f"{player.name} has not moved this turn: a rover needs his train to move to or "
            f"through {victim.name}'s milepost.", "ROVER PLAY")
    if victim.early and play.cash(victim.id) < ROVER_FEE:
        play.say(f"{player.name} rovers {victim.name}, who cannot pay {money(ROVER_FEE)}.",
                 "Short Game 4")
        play.bankrupt(victim, to=player.id)
        return
    if play.cash(victim.id) >= ROVER_FEE:
        play.say(f"{player.name} rovers {victim.name}: {money(ROVER_FEE)} to {player.name}.")
    else:
        play.say(f"{player.name} rovers {victim.name}, who owes {player.name} "
                 f"{money(ROVER_FEE)}.")
    victim.declared = victim.early = False
    victim.destination = victim.alternate
    victim.trip_from = victim.declared_from
    play.say(f"{victim.name} now heads for the alternate destination, {victim.alternate}.",
             "ROVER PLAY")
    if victim.city is not None and victim.city == victim.alternate:
        victim.arrive_next_turn = True
        play.say(f"{victim.name} is at {victim.alternate}: arrives at the start of the next turn.",
                 "ROVER PLAY")
    play.owe_rover_fee(victim, player.id)
