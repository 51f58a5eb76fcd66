"""Rules A1-A8 (and C4, C5): start towns, build throws, payments to rivals, first to a town."""

from __future__ import annotations

from typing import cast

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railway_rivals.context import Play, count, handles, units
from referee.games.railway_rivals.state import Building, Race, Spending, State

# Payments to each rival present (rules A4, A5 and the worked figure of A7).
PAYMENTS = {
    "join": (1, "joins a rival's line"),
    "cross": (1, "crosses a rival's line"),
    "junction_alongside": (3, "joins and runs alongside a rival"),
    "straight_alongside": (5, "runs straight alongside a rival through a hex"),
    "adjacent_towns": (3, "runs alongside a rival between two bordering town hexes"),
}
MAX_PAYMENT = 99
JOINT_TOTAL, JOINT_PARTNER = 20, 10  # C4: joint hexes per company, and with any one partner
LEAPS_TOTAL, LEAPS_RIVAL = 8, 2  # C5


@handles("start_town")
def start_town(play: Play, action: dict) -> None:
    """A company names the town its railway starts from (rule D); several may share one."""
    state = play.state
    require(state.stage == "setup", "The start towns are named before the building begins.")
    cid = play.company(action)
    require(cid not in state.starts, f"{play.name(cid)} starts at {state.starts.get(cid)} "
            "already (the banker can undo it).")
    town = play.town(action.get("town"))
    starts = play.map.start_towns()
    require(not starts or town in starts,
            f"{town} is not a start town on this map (the start towns: {', '.join(starts)}).",
            "D")
    state.starts[cid] = town
    play.say(f"{play.name(cid)} starts at {town}.")
    waiting = [c for c in state.companies if c not in state.starts]
    if not waiting:
        state.stage = "building"
        state.building = Building(list(state.companies))
        play.say(f"The building stage begins: {play.name(state.building.builder)} throws "
                 "first.")


def builder_now(play: Play, cid: str) -> Building:
    state = play.state
    require(state.stage == "building" and state.building is not None,
            "That belongs to the building stage.")
    b = cast(Building, state.building)  # found just above
    require(cid == b.builder, f"It is {play.name(b.builder)}'s turn to build, not "
            f"{play.name(cid)}'s.")
    return b


@handles("build_throw")
def build_throw(play: Play, action: dict) -> None:
    """The die thrown for a turn's track (tournament: one throw for the whole round)."""
    cid = play.company(action)
    b = builder_now(play, cid)
    if play.settings.tournament:
        require(b.at == 0, f"In tournament rules the round's throw is made by its first mover "
                f"({play.name(b.order[0])}); every company builds {b.throw}.", "C2")
    require(b.throw is None, f"{play.name(cid)} has thrown {b.throw} already this turn.")
    die = play.whole(action.get("die"), "The die", 1, 6)
    b.throw = die
    if play.settings.tournament:
        play.say(f"Round {b.round}: {play.name(cid)} throws {die}; every company builds {die}.")
    else:
        play.say(f"{play.name(cid)} throws {die} and builds that much track.")


def spender(play: Play, cid: str) -> str:
    """Whether `cid` may build now: 'build' in its building turn, 'spend' after a race."""
    state = play.state
    if state.stage == "building":
        b = builder_now(play, cid)
        throw_by = "the round's first mover" if play.settings.tournament else play.name(cid)
        require(b.throw is not None, f"First the build throw (by {throw_by}).")
        return "build"
    require(state.stage == "operating" and state.spending is not None,
            "Track is built in the building stage, or with money after a race.", "B6")
    sp = cast(Spending, state.spending)
    require(cid in sp.allowance and cid not in sp.done,
            f"{play.name(cid)} is not spending now.")
    if sp.ordered:
        first = next(c for c in sp.order if c not in sp.done)
        require(cid == first, f"{play.name(first)} spends first (richest first).", "C2")
    return "spend"


def use_allowance(play: Play, cid: str, amount: int, what: str) -> None:
    sp = cast(Spending, play.state.spending)  # spender() has found `cid` spending
    left = sp.allowance[cid]
    require(amount <= left, f"{play.name(cid)} may spend {units(left)} more, not "
            f"{units(amount)} on {what}.", "B6")
    sp.allowance[cid] = left - amount


@handles("build_payment")
def build_payment(play: Play, action: dict) -> None:
    """Building into a hex a rival uses: the payment to each rival present (rule A4)."""
    cid = play.company(action)
    mode = spender(play, cid)
    rivals = play.rivals(action.get("to"), cid)
    kind = action.get("kind")
    if kind == "alongside":
        halves = play.whole(action.get("half_hexes"), "The half hexes alongside", 1, 12)
        amount, what = 1 + 2 * halves, f"joins and runs {halves} half hex(es) alongside"
    elif kind == "custom":
        amount = play.whole(action.get("amount"), "The payment", 1, MAX_PAYMENT)
        what = play.note(action, required=True)
    elif kind in PAYMENTS:
        amount, what = PAYMENTS[kind]
    else:
        raise IllegalAction(f"Unknown payment {kind!r} (join, cross, alongside, "
                            "junction_alongside, straight_alongside, adjacent_towns, custom).")
    if kind == "adjacent_towns" and play.map.neighbours:
        pair = [play.town(t) for t in (action.get("towns") or [None, None])[:2]]
        require(len(pair) == 2 and play.map.borders(*pair),
                "Name the two bordering town hexes (the map lists "
                f"{'; '.join(' and '.join(sorted(p)) for p in play.map.neighbours)}).", "A4")
        what += f" ({pair[0]}–{pair[1]})"
    total = amount * len(rivals)
    play.can_pay(cid, total, "building")
    if mode == "spend":
        use_allowance(play, cid, total, "payments to rivals")
    for rival in rivals:
        play.pay(cid, rival, amount, what, "build_payment")
    each = " each" if len(rivals) > 1 else ""
    play.say(f"{play.name(cid)} {what}: pays {play.names(rivals)} {units(amount)}{each}.")


@handles("reached_town")
def reached_town(play: Play, action: dict) -> None:
    """The first railway into a town earns income from the bank, not at start towns (A6)."""
    state = play.state
    cid = play.company(action)
    spender(play, cid)
    town = play.town(action.get("town"))
    starters = [c for c, t in state.starts.items() if t == town]
    require(not starters, f"{town} is a start town ({play.names(starters)}): no income for "
            "reaching it.", "A6")
    first = state.towns_first.get(town)
    require(first is None, f"{play.name(first)} reached {town} first already.", "A6")
    small = play.map.towns[town].small
    income = play.settings.small_town if small else play.settings.first_town
    state.towns_first[town] = cid
    play.pay(BANK, cid, income, town, "first_town")
    left = play.unreached()
    play.say(f"{play.name(cid)} is first to {town}: +{units(income)}. "
             + (f"{count(len(left), 'town', 'towns')} still unreached." if left
                else "Every town is reached."),
             "A6. Accounts")


def check_countdown(state: State) -> None:
    """Raise IllegalAction unless the countdown may start now: the building stage, one town
    left unreached, no countdown running (A8)."""
    require(state.stage == "building" and state.building is not None,
            "That belongs to the building stage.")
    left = state.unreached()
    require(len(left) == 1, f"{len(left)} towns are unreached; the countdown starts when only "
            "one is left.", "A8")
    require(state.building.countdown is None,  # type: ignore[union-attr]
            "The countdown is running already.", "A8")


def countdown_open(state: State) -> bool:
    """Whether any company may start the countdown now (A8)."""
    try:
        check_countdown(state)
    except IllegalAction:
        return False
    return True


@handles("last_town")
def last_town(play: Play, action: dict) -> None:
    """With one town left, any company may start the countdown: 2 more turns each (A8)."""
    state = play.state
    cid = play.company(action)
    check_countdown(state)
    b = cast(Building, state.building)  # check_countdown has found the building stage
    left = play.unreached()
    b.countdown = {c: 2 for c in state.companies}
    if b.throw is not None:  # a turn half built is not one of the two more
        b.countdown[b.builder] += 1
    play.say(f"{play.name(cid)} declares the end: the building stage ends when every company "
             f"has had 2 more turns ({left[0]} is still unreached).")


@handles("end_turn")
def end_turn(play: Play, action: dict) -> None:
    """The builder has drawn its track and paid: the next company builds."""
    state = play.state
    cid = play.company(action)
    b = builder_now(play, cid)
    require(b.throw is not None, "Throw the die before ending the turn.")
    if b.countdown is not None and b.countdown.get(cid, 0) > 0:
        b.countdown[cid] -= 1
    if not play.unreached():
        begin_operating(play, "Every town is reached.")
        return
    if b.countdown is not None and not any(b.countdown.values()):
        begin_operating(play, "Every company has had its 2 more turns.")
        return
    b.at += 1
    if b.at == len(b.order):
        b.round += 1
        b.at = 0
        b.throw = None
        if play.settings.tournament:
            seats = list(state.companies)
            first = (b.round - 1) % len(seats)
            b.order = seats[first:] + seats[:first]
    if not play.settings.tournament:
        b.throw = None
    play.say(f"{play.name(b.builder)} builds next.")


def begin_operating(play: Play, why: str) -> None:
    state = play.state
    state.stage = "operating"
    state.building = None
    state.race = Race(1)
    left = play.unreached()
    play.say(f"{why} The operating stage begins: throw the dice for race 1's first town."
             + (f" Unreached: {', '.join(left)}." if left else ""))


def partner_pair(a: str, b: str) -> str:
    return "+".join(sorted((a, b)))


def joint_hexes_of(state: State, cid: str) -> int:
    """The joint hexes a company has counted with all its partners (C4: at most 20)."""
    return sum(n for pair, n in state.joint_hexes.items() if cid in pair.split("+"))


@handles("joint_build")
def joint_build(play: Play, action: dict) -> None:
    """Two companies combine their throws for a joint line (rule C4); the app counts hexes."""
    state = play.state
    require(play.settings.joint_builds, "Joint builds are not played in this game.", "C4")
    cid = play.company(action)
    partner = play.company(action, "partner")
    require(partner != cid, "A joint line is built with another company.", "C4")
    spender(play, cid)
    throws = action.get("throws")
    require(isinstance(throws, list) and len(throws) == 2
            and all(type(t) is int and 1 <= t <= 6 for t in throws),
            "Give both companies' throws (1 to 6 each).", "C4")
    may = 3 * sum(throws) // 4
    hexes = play.whole(action.get("hexes"), "The joint hexes", 1, 40)
    require(hexes <= may, f"Throws of {throws[0]} and {throws[1]} build {units(may)} "
            "together (three quarters of the total).", "C4")
    pair = partner_pair(cid, partner)
    require(state.joint_hexes.get(pair, 0) + hexes <= JOINT_PARTNER,
            f"At most {JOINT_PARTNER} joint hexes with one partner "
            f"({play.names([cid, partner])} have {state.joint_hexes.get(pair, 0)}).", "C4")
    for c in (cid, partner):
        require(joint_hexes_of(state, c) + hexes <= JOINT_TOTAL,
                f"At most {JOINT_TOTAL} joint hexes per company ({play.name(c)} has "
                f"{joint_hexes_of(state, c)}).", "C4")
    state.joint_hexes[pair] = state.joint_hexes.get(pair, 0) + hexes
    play.say(f"{play.names([cid, partner])} build a joint line: throws {throws[0]} + "
             f"{throws[1]} give {may} units; {hexes} joint hexes counted.")


@handles("leap")
def leap(play: Play, action: dict) -> None:
    """A leap along a rival's track (rule C5): at most 8, no more than 2 along one rival."""
    state = play.state
    require(play.settings.leapfrog, "Leapfrog is not played in this game.", "C5")
    cid = play.company(action)
    spender(play, cid)
    rival = play.rivals(action.get("rival"), cid)[0]
    mine = state.leaps.setdefault(cid, {})
    require(sum(mine.values()) < LEAPS_TOTAL, f"{play.name(cid)} has made its "
            f"{LEAPS_TOTAL} leaps.", "C5")
    require(mine.get(rival, 0) < LEAPS_RIVAL, f"{play.name(cid)} has made {LEAPS_RIVAL} leaps "
            f"along {play.name(rival)}'s lines already.", "C5")
    mine[rival] = mine.get(rival, 0) + 1
    play.say(f"{play.name(cid)} leaps along {play.name(rival)}'s line "
             f"({sum(mine.values())} of {LEAPS_TOTAL}).")
