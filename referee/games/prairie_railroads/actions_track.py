"""Construct Track: the free first segments, Discover Growth, who builds, and the builds."""

from __future__ import annotations

import difflib
from typing import Any

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.prairie_railroads.actions_stock import open_initial
from referee.games.prairie_railroads.board import Board, is_whole
from referee.games.prairie_railroads.constants import (
    DEVELOPMENT_CUBES,
    DOUBLE_COST,
    FIRST_SEGMENT_ENDS,
    RAILROADS,
    SEGMENT_COST,
    SEGMENT_VALUE,
    START_CITIES,
    TRACK_CUBES,
    WESTERN_BUILDS_MAX,
    WESTERN_VALUE,
    money,
    treasury,
)
from referee.games.prairie_railroads.context import Play, handles
from referee.games.prairie_railroads.economy import western_cost
from referee.games.prairie_railroads.state import Build, City, Railroad, State, Turn

RULE = "Construct Track"
KINDS = ("single", "double", "western")


# -- checking segments ----------------------------------------------------------------------

def cubes_left(rr: Railroad) -> int:
    """Track cubes a railroad can still place (one of its 32 marks its Income)."""
    return TRACK_CUBES - 1 - len(rr.track) - (1 if rr.western else 0)


def check_segment(play: Play, rr: Railroad, frm: str, to: str, network: set[str]) -> None:
    """Raise IllegalAction unless `rr` may build frm–to now, reaching out from `network`."""
    require(frm != to, "A segment joins two different cities.", RULE)
    require(frm in network, f"The {rr.key} has no track at {frm}: a segment must connect to "
            "its existing track.", RULE)
    owner = play.state.segment_owner(frm, to)
    require(owner is None, f"The {owner} has already built {frm}–{to}: each segment may have "
            "only one railroad.", RULE)
    if play.board is not None:
        seg = play.board.segment(frm, to)
        require(seg is not None, f"There is no segment {frm}–{to} on the {play.board.name}.", RULE)
        assert seg is not None
        require(not seg.one_way or seg.a == frm,
                f"{seg.a}–{seg.b} is one-way: it may only be built from {seg.a}.", RULE)


def single_options(play: Play, rr: Railroad) -> list[tuple[str, str]] | None:
    """Every single segment `rr` may build (None without a board: the table knows)."""
    if play.board is None:
        return None
    network = play.network(rr)
    out = []
    for seg in play.board.segments:
        for frm, to in ((seg.a, seg.b), (seg.b, seg.a)):
            try:
                check_segment(play, rr, frm, to, network)
            except IllegalAction:
                continue
            out.append((frm, to))
    return out


def double_options(play: Play, rr: Railroad) -> list[tuple[str, str, str]] | None:
    singles = single_options(play, rr)
    if singles is None:
        return None
    network = play.network(rr)
    out = []
    for frm, via in singles:
        if via in network:
            continue
        assert play.board is not None
        for seg in play.board.segments:
            if via not in seg.key:
                continue
            to = seg.b if seg.a == via else seg.a
            if to in network or to == frm:
                continue
            try:
                check_segment(play, rr, via, to, network | {via})
            except IllegalAction:
                continue
            out.append((frm, via, to))
    return out


def western_options(play: Play, rr: Railroad) -> list[str] | None:
    if play.board is None:
        return None
    own = {frozenset(seg) for seg in rr.track}
    return [box.box for box in play.board.western.values()
            if frozenset(box.segment) in own and play.state.western_owner(box.box) is None]


def can_build(play: Play, rr: Railroad) -> bool:
    """Not underfinanced, a cube left, and (with a board) a segment open to it, or, on a
    personal card, a Western Build box beside its track that it can pay for."""
    cash = play.cash(treasury(rr.key))
    if cash < SEGMENT_COST or cubes_left(rr) < 1:
        return False
    singles = single_options(play, rr)
    if singles is None or singles:
        return True
    turn = play.state.turn
    return (turn is not None and turn.source == "hand" and rr.western is None
            and play.state.western_count < WESTERN_BUILDS_MAX
            and cash >= western_cost(play.state.western_count)
            and bool(western_options(play, rr)))


def builders(play: Play, pid: str) -> list[str]:
    """The railroads `pid` may have build: his controlled ones that can, else any that can."""
    turn = play.state.turn
    blocked = turn.blocked if turn is not None else []
    able = [key for key in RAILROADS
            if key not in blocked and can_build(play, play.state.railroads[key])]
    mine = [key for key in able if pid in play.controllers(play.state.railroads[key])]
    return mine or able


def _add_segment(play: Play, rr: Railroad, frm: str, to: str) -> None:
    rr.track.append((frm, to))
    rr.value += SEGMENT_VALUE
    rr.income += play.income_of(frm) + play.income_of(to)


def _incomes(action: dict) -> dict:
    """New cities' incomes: `incomes` ({"City": 2}) and `from_income`, `via_income`,
    `to_income` (a whole number, or its digits as typed on a phone; empty: not given)."""
    incomes = action.get("incomes") or {}
    require(isinstance(incomes, dict), "'incomes' gives each new city's income: {\"City\": 2}.")
    merged = dict(incomes)
    for end in ("from", "via", "to"):
        value, city = action.get(f"{end}_income"), action.get(end)
        if value is None or value == "" or not isinstance(city, str):
            continue
        if isinstance(value, str):
            require(is_whole(value.strip()), f"{city}'s income must be a whole number.")
            value = int(value.strip())
        merged[city] = value
    return merged


# -- the free first segment ------------------------------------------------------------------

def first_choices(play: Play, rr: Railroad) -> list[tuple[str, str]] | None:
    starts = START_CITIES[rr.key]
    ends = FIRST_SEGMENT_ENDS.get(rr.key)
    if play.board is None:
        return [(starts[0], end) for end in ends] if ends else None
    out = []
    for start in starts:
        city = play.board.find_city(start)
        if city is None:
            continue
        for seg in play.board.segments:
            if city not in seg.key:
                continue
            to = seg.b if seg.a == city else seg.a
            if ends and to not in ends:
                continue
            try:
                check_segment(play, rr, city, to, {city})
            except IllegalAction:
                continue
            out.append((city, to))
    return out


@handles("first_build")
def first_build(play: Play, action: dict) -> None:
    """The winner of an initial auction builds the railroad's first segment, free."""
    state = play.state
    require(state.first_build is not None, "No free first segment is due now.")
    assert state.first_build is not None and state.first_builder is not None
    pid = play.player(action)
    require(pid == state.first_builder,
            f"{play.name(state.first_builder)} builds the free {state.first_build} segment.")
    rr = state.railroads[state.first_build]
    require(action.get("railroad") in (None, rr.key), f"The free segment is the {rr.key}'s.")
    incomes = _incomes(action)
    frm = play.city(action.get("from"), incomes)
    to = play.city(action.get("to"), incomes)
    require(frm in START_CITIES[rr.key],
            f"The {rr.key} starts from {' or '.join(START_CITIES[rr.key])}, not {frm}.",
            "Setting Up The Game")
    ends = FIRST_SEGMENT_ENDS.get(rr.key)
    require(not ends or to in ends,
            f"The {rr.key}'s first segment goes from {frm} to {' or '.join(ends or ())}.",
            "Setting Up The Game")
    check_segment(play, rr, frm, to, {frm})
    _add_segment(play, rr, frm, to)
    play.say(f"The {rr.key} builds {frm}–{to} free: Income {money(rr.income)}, "
             f"Value {money(rr.value)}.")
    state.first_build = state.first_builder = None
    index = RAILROADS.index(rr.key)
    if index + 1 < len(RAILROADS):
        open_initial(play, RAILROADS[index + 1], pid)
        return
    state.stage, state.initial = "play", None
    owner = next(iter(state.railroads["MP"].shares))
    play.say(f"The railroads are established; {play.name(owner)}, who owns the MP, plays first.")
    play.start_turn(owner, 1)


# -- Discover Growth -------------------------------------------------------------------------

def growth_choices(play: Play, roll: int) -> tuple[str | None, list[str]]:
    """(the city that grows, or None) and, when the player must choose, the cities he may."""
    state = play.state
    board = play.board
    if len(state.grown) >= DEVELOPMENT_CUBES or board is None:
        return None, []
    primary, secondary = board.growth[roll]
    for city in (primary, secondary):
        if city not in state.grown:
            return city, []
    return None, fallback_cities(state, board)


def fallback_cities(state: State, board: Board) -> list[str]:
    """When both cities of a roll have grown: any ungrown primary city, else any secondary."""
    for column in (board.primaries(), board.secondaries()):
        left = [c for c in column if c not in state.grown]
        if left:
            return left
    return []


def _not_a_misspelling(play: Play, city: str, action: dict) -> None:
    """A growth city new to the game that reads almost like a known one is refused unless the
    table confirms it is new (`new_city`): a slip of the thumb must not become a city."""
    if action.get("new_city") in (True, "yes"):
        return
    known = [c for c in play.state.cities if c.casefold() != city.casefold()]
    near = difflib.get_close_matches(city.casefold(), [c.casefold() for c in known], 3, 0.75)
    names = [c for c in known if c.casefold() in near]
    require(not names, f"{city} is not a city this game knows; did you mean "
            f"{' or '.join(names)}? Choose it, or confirm that {city} is a new city.",
            "Discover Growth")


@handles("growth")
def growth(play: Play, action: dict) -> None:
    pid, turn = play.turn(action, "growth")
    first, second = play.dice(action.get("dice"), 2, "Discover Growth")
    roll = 10 * first + second
    typed = action.get("city")
    if isinstance(typed, str) and not typed.strip():
        typed = None  # the form's "as the chart says" (with a board) or "nothing grew"
    if play.board is not None:
        city, choices = growth_choices(play, roll)
        if choices and typed is None:
            # The roll stands once made: record it, then the player picks what the rule allows.
            turn.phase, turn.roll = "growth_choice", roll
            primary, secondary = play.board.growth[roll]
            play.say(f"{play.name(pid)} rolls {roll}: {primary} and {secondary} have both "
                     f"grown; {play.name(pid)} chooses an ungrown city from the chart.")
            return
        if choices:
            found = play.find_city(typed)
            require(found in choices, f"Roll {roll}: both cities have grown; choose an ungrown "
                    f"city from the chart ({', '.join(choices)}).", "Discover Growth")
            city = found
        elif typed is not None and city is not None:
            require(play.find_city(typed) == city, f"Roll {roll} grows {city}.",
                    "Discover Growth")
    elif action.get("read_chart") in (True, "yes"):
        # Without a board the table reads the chart once the roll is seen ("Roll for me"):
        # the roll stands, then the player chooses the city that grew.
        require(typed is None, "Record the roll first, then the city the chart names.",
                "Discover Growth")
        turn.phase, turn.roll = "growth_choice", roll
        play.say(f"{play.name(pid)} rolls {roll} for growth; {play.name(pid)} reads the city "
                 "off the chart.")
        return
    else:
        city = _typed_growth_city(play, typed, action)
    _grow(play, pid, turn, roll, city)


def _typed_growth_city(play: Play, typed: Any, action: dict) -> str | None:
    """Without a board: the city the table says grew (None or blank: nothing grew), a city new
    to the game learned (confirmed with `new_city` when it reads almost like a known one)."""
    if typed is None or isinstance(typed, str) and not typed.strip():
        return None
    state = play.state
    require(len(state.grown) < DEVELOPMENT_CUBES,
            f"All {DEVELOPMENT_CUBES} development cubes are on the board.", "Discover Growth")
    require(isinstance(typed, str) and 0 < len(typed.strip()) <= 40,
            "Type the city that grew (at most 40 letters).")
    city = play.find_city(typed) or typed.strip()
    if city not in state.cities:
        _not_a_misspelling(play, city, action)
        state.cities[city] = City(city, None)
    return city


@handles("grow_city")
def grow_city(play: Play, action: dict) -> None:
    """After a recorded roll whose two cities have both grown: the city the player chooses."""
    pid, turn = play.turn(action, "growth_choice")
    assert turn.roll is not None
    if play.board is None:
        _grow(play, pid, turn, turn.roll, _typed_growth_city(play, action.get("city"), action))
        return
    choices = fallback_cities(play.state, play.board)
    found = play.find_city(action.get("city"))
    require(found in choices, f"Roll {turn.roll}: both cities have grown; choose an ungrown "
            f"city from the chart ({', '.join(choices)}).", "Discover Growth")
    _grow(play, pid, turn, turn.roll, found, chosen=True)


def _grow(play: Play, pid: str, turn: Turn, roll: int, city: str | None,
          chosen: bool = False) -> None:
    """Put the development cube on `city` (None: nothing grows), then on to the builder."""
    state = play.state
    turn.roll = None
    if city is None:
        play.say(f"{play.name(pid)} rolls {roll} for growth: nothing grows.")
    else:
        require(city not in state.grown, f"{city} has already grown: a city grows once.",
                "Discover Growth")
        state.grown.append(city)
        if chosen:
            play.say(f"{play.name(pid)} chooses {city}: {city} grows.")
        else:
            play.say(f"{play.name(pid)} rolls {roll}: {city} grows.")
        for rr in state.railroads.values():
            _, start = play.base_income(city)
            ends = sum(seg.count(city) for seg in rr.track)
            if ends and not start:
                rr.income += ends
                play.say(f"The {rr.key}'s Income rises to {money(rr.income)}.")
    able = builders(play, pid)
    if not able:
        play.say("Every railroad is underfinanced: nothing is built.")
        play.end_turn()
        return
    turn.phase = "railroad"


@handles("choose_railroad")
def choose_railroad(play: Play, action: dict) -> None:
    pid, turn = play.turn(action, "railroad")
    rr = play.railroad(action.get("railroad"))
    able = builders(play, pid)
    if rr.key not in able:
        if play.cash(treasury(rr.key)) < SEGMENT_COST:
            why = f"The {rr.key} is underfinanced ({money(play.cash(treasury(rr.key)))})."
        elif not can_build(play, rr):
            why = f"The {rr.key} cannot build anything."
        else:
            why = (f"{play.name(pid)} controls a railroad that can build: "
                   f"choose {' or '.join(able)}.")
        raise IllegalAction(why, RULE)
    controlling = play.controllers(rr)
    builder = action.get("builder") or (controlling[0] if len(controlling) == 1 else None)
    require(builder in controlling,
            f"The {rr.key}'s controller builds: choose {' or '.join(map(play.name, controlling))}.",
            RULE)
    turn.build = Build(turn.source or "hand", rr.key, builder)
    turn.phase = "build"
    play.say(f"{play.name(pid)} has the {rr.key} build; {play.name(builder)} chooses the track.")


@handles("build")
def build(play: Play, action: dict) -> None:
    state = play.state
    turn = state.turn
    require(turn is not None and turn.phase == "build" and turn.build is not None,
            "No railroad is building now.")
    assert turn is not None and turn.build is not None
    pid = play.player(action)
    require(pid == turn.build.builder,
            f"{play.name(turn.build.builder)} chooses the {turn.build.railroad}'s track.")
    rr = state.railroads[turn.build.railroad]  # type: ignore[index]
    require(action.get("railroad") in (None, rr.key), f"The {rr.key} is the railroad building.")
    kind = action.get("kind", "single")
    require(kind in KINDS, f"A build is single, double or western, not {kind!r}.")
    if kind != "single":
        require(turn.build.source == "hand", "A drawn Construct Track card builds a single "
                "segment only: no double segment, no Western Build.", RULE)
    incomes = _incomes(action)
    if kind == "single":
        frm, to = play.city(action.get("from"), incomes), play.city(action.get("to"), incomes)
        check_segment(play, rr, frm, to, play.network(rr))
        _pay(play, rr, SEGMENT_COST, "a single segment")
        _add_segment(play, rr, frm, to)
        play.say(f"The {rr.key} builds {frm}–{to} for {money(SEGMENT_COST)}: "
                 f"Income {money(rr.income)}, Value {money(rr.value)}.")
    elif kind == "double":
        frm = play.city(action.get("from"), incomes)
        via = play.city(action.get("via"), incomes)
        to = play.city(action.get("to"), incomes)
        network = play.network(rr)
        require(via not in network and to not in network,
                f"A double segment goes through and to cities where the {rr.key} has no track.",
                RULE)
        require(cubes_left(rr) >= 2, f"The {rr.key} has too few track cubes left.", RULE)
        check_segment(play, rr, frm, via, network)
        check_segment(play, rr, via, to, network | {via})
        _pay(play, rr, DOUBLE_COST, "a double segment")
        _add_segment(play, rr, frm, via)
        _add_segment(play, rr, via, to)
        play.say(f"The {rr.key} builds {frm}–{via}–{to} for {money(DOUBLE_COST)}: "
                 f"Income {money(rr.income)}, Value {money(rr.value)}.")
    else:
        _western(play, rr, action)
    play.end_turn()


@handles("no_build")
def no_build(play: Play, action: dict) -> None:
    """Without a board table: the builder says the railroad has no open segment to build.

    The card's player then chooses again among the others; with none left nothing is built.
    """
    state = play.state
    turn = state.turn
    require(turn is not None and turn.phase == "build" and turn.build is not None,
            "No railroad is building now.")
    assert turn is not None and turn.build is not None
    require(play.board is None, "The board table shows where each railroad may build.")
    pid = play.player(action)
    require(pid == turn.build.builder,
            f"{play.name(turn.build.builder)} chooses the {turn.build.railroad}'s track.")
    rr = turn.build.railroad
    assert rr is not None
    turn.blocked.append(rr)
    turn.build = None
    play.say(f"{play.name(pid)}: the {rr} has no open segment to build.")
    if builders(play, turn.player):
        turn.phase = "railroad"
        return
    play.say("No other railroad can build: nothing is built.")
    play.end_turn()


def _pay(play: Play, rr: Railroad, cost: int, what: str) -> None:
    have = play.cash(treasury(rr.key))
    require(have >= cost, f"The {rr.key}'s treasury has {money(have)}; {what} costs "
            f"{money(cost)}.", RULE)
    require(cubes_left(rr) >= 1, f"The {rr.key} has no track cubes left.", RULE)
    play.pay(treasury(rr.key), BANK, cost, f"{rr.key} builds {what}", "build",
             railroad=rr.key)


def _western(play: Play, rr: Railroad, action: dict) -> None:
    state = play.state
    require(rr.western is None, f"The {rr.key} already has its Western Build.", RULE)
    require(state.western_count < WESTERN_BUILDS_MAX, "Every Western Build is built.", RULE)
    box = action.get("box")
    own = {frozenset(seg): seg for seg in rr.track}
    if play.board is not None:
        require(isinstance(box, str) and box in play.board.western,
                f"Unknown Western Build box {box!r} on the {play.board.name}.", RULE)
        beside = play.board.western[box].segment  # type: ignore[index]
    else:
        require(isinstance(box, str) and 0 < len(box.strip()) <= 40,
                "Name the Western Build box (the city it lies beside).")
        box = box.strip()  # type: ignore[union-attr]
        found = next((b for b in (r.western for r in state.railroads.values())
                      if b and b.casefold() == box.casefold()), None)  # type: ignore[union-attr]
        box = found or box
        pair = action.get("beside")
        require(isinstance(pair, list) and len(pair) == 2,
                "Name the segment the box lies beside: \"beside\": [city, city].", RULE)
        beside = tuple(play.find_city(c) or str(c) for c in pair)  # type: ignore[union-attr]
    owner = state.western_owner(box)  # type: ignore[arg-type]
    require(owner is None, f"The {owner} has already built the Western Build {box}.", RULE)
    require(frozenset(beside) in own, f"The Western Build {box} lies beside "
            f"{beside[0]}–{beside[1]}: the {rr.key} must have built that segment.", RULE)
    cost = western_cost(state.western_count)
    require(cubes_left(rr) >= 1, f"The {rr.key} has no track cubes left.", RULE)
    have = play.cash(treasury(rr.key))
    require(have >= cost, f"The {rr.key}'s treasury has {money(have)}; the Western Build costs "
            f"{money(cost)} now.", RULE)
    play.pay(treasury(rr.key), BANK, cost, f"{rr.key} Western Build", "western_build",
             railroad=rr.key)
    rr.western = box  # type: ignore[assignment]
    rr.western_beside = own[frozenset(beside)]
    rr.value += WESTERN_VALUE
    state.western_count += 1
    play.say(f"The {rr.key} builds the Western Build {box} for {money(cost)}: "
             f"Value {money(rr.value)}. Its shareholders are paid a dividend.")
    play.pay_dividends([rr], f"Western Build dividend: {rr.key}", "Construct Track")
