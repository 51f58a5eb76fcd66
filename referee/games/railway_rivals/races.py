"""Rules B1-B8 (and C1, C2): key numbers, entries, routes and fees, the race, prizes."""

from __future__ import annotations

from typing import cast

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railway_rivals.context import Play, count, handles, units, verb
from referee.games.railway_rivals.state import Race, Spending, Train

PRIZES = (20, 10)  # B6
LONE_PRIZE = 20
MIN_RUN = 6  # B3: hexes by the shortest route
MAX_HEXES = 99
TOURNAMENT_SPEND_EVERY = 2
TOURNAMENT_SPEND_FLOOR, TOURNAMENT_SPEND_LINE = 5, 50  # C2: under 50 points, up to 5


def race_in(play: Play, *phases: str) -> Race:
    state = play.state
    require(state.stage == "operating", "Races are run in the operating stage.")
    require(state.spending is None, "Spending after the race comes first.", "B6")
    require(state.race is not None, "No race is under way.")
    race = cast(Race, state.race)
    if race.phase not in phases:
        raise IllegalAction(f"Race {race.number}: {PHASE_WORDS[race.phase]} now.")
    return race


PHASE_WORDS = {
    "towns": "the dice are thrown for the two towns",
    "length": "the table checks that the run is at least 6 hexes",
    "entries": "each company enters the race or stays out",
    "routes": "the entrants declare their routes, richest first",
    "racing": "the trains are racing",
    "done": "the race is over",
}


@handles("key_throw")
def key_throw(play: Play, action: dict) -> None:
    """Two throws of one die name a town by its key number (B1, B2), never the average die."""
    state = play.state
    race = race_in(play, "towns")
    dice = action.get("dice")
    if dice is None and "tens" in action and "units" in action:  # the phone's two dice rows
        dice = [action["tens"], action["units"]]
    require(isinstance(dice, list) and len(dice) == 2
            and all(type(d) is int and 1 <= d <= 6 for d in dice),
            "A key number is two throws of a normal die, each 1 to 6.", "C1")
    key = 10 * dice[0] + dice[1]
    town = play.map.keys.get(key) or state.learned.get(key)
    if town is None:
        typed = action.get("town")
        require(isinstance(typed, str) and 0 < len(typed.strip()) <= 40,
                f"Key {key} is not in this map's table: read the town from the printed map.")
        town = play.map.find_town(typed)
        if town is None and not play.settings.typed_towns_on_map:
            town = typed.strip()  # a record from before the check: the name as it was typed
        require(town is not None, f"Key {key}: {typed.strip()!r} is not a town of the "  # type: ignore[union-attr]
                f"{play.map.name} map (the towns: {', '.join(play.map.towns)}).")
        state.learned[key] = town
        play.say(f"Key {key} is {town} (as read from the map; remembered for this game).")
    if play.settings.tournament and state.key_uses.get(key, 0) >= play.settings.key_uses:
        play.say(f"Key {key} ({town}) has been used "
                 f"{count(play.settings.key_uses, 'time', 'times')}: "
                 "throw again.")
        return
    if race.towns and race.towns[0] == town:
        play.say(f"Key {key} is {town} again: throw again for the second town.")
        return
    race.keys.append(key)
    race.towns.append(town)
    if len(race.towns) == 1:
        play.say(f"Race {race.number}: the first town is {town} ({key}).")
        return
    race.phase = "length"
    play.say(f"Race {race.number}: {race.towns[0]} to {town} ({key}). The run must be at "
             f"least {MIN_RUN} hexes by the shortest route.")


@handles("run_length")
def run_length(play: Play, action: dict) -> None:
    """The table confirms the run is at least 6 hexes; a shorter run is thrown again (B3)."""
    state = play.state
    race = race_in(play, "length")
    ok = action.get("ok")
    require(type(ok) is bool, "Say whether the run is at least 6 hexes (ok: true or false).")
    if not ok:
        play.say(f"{race.towns[0]} to {race.towns[1]} is under {MIN_RUN} hexes: throw both "
                 "towns again.", "B3")
        race.keys.clear()
        race.towns.clear()
        race.phase = "towns"
        return
    if play.settings.tournament:
        for key in race.keys:
            state.key_uses[key] = state.key_uses.get(key, 0) + 1
    race.phase = "entries"
    play.say(f"Race {race.number}, {race.towns[0]} to {race.towns[1]}: each company enters or "
             "stays out.")


def joint_partners(race: Race, companies: list[str], cid: str) -> list[str]:
    """The companies `cid` may enter a joint train with: any other that has not answered (B3)."""
    return [c for c in companies if c != cid and c not in race.answered]


def answering(play: Play, action: dict) -> tuple[Race, str]:
    race = race_in(play, "entries")
    cid = play.company(action)
    require(cid not in race.answered, f"{play.name(cid)} has answered already.")
    return race, cid


@handles("enter")
def enter(play: Play, action: dict) -> None:
    """A company enters the race, alone or with a partner in one joint train (B3)."""
    race, cid = answering(play, action)
    members = [cid]
    if action.get("partner") is not None:
        partner = play.company(action, "partner")
        if partner not in joint_partners(race, list(play.state.companies), cid):
            require(partner != cid, "A joint train is run by two companies.", "B3")
            raise IllegalAction(f"{play.name(partner)} has answered already.", "B3")
        members.append(partner)
    race.trains[cid] = Train(cid, members)
    for c in members:
        race.answered[c] = cid
    play.say(f"{play.names(members)} {'enter a joint train' if len(members) > 1 else 'enters'}.")
    entries_done(play, race)


@handles("stay_out")
def stay_out(play: Play, action: dict) -> None:
    race, cid = answering(play, action)
    race.answered[cid] = None
    play.say(f"{play.name(cid)} stays out of race {race.number}.")
    entries_done(play, race)


def train_order(play: Play, race: Race) -> list[str]:
    """Trains richest first: a joint train by its richer partner; ties keep seat order."""
    state = play.state
    seats = list(state.companies)

    def rank(tid: str) -> tuple[int, int]:
        lead = state.richest_first(race.trains[tid].members)[0]
        return -state.balance(lead), seats.index(lead)

    return sorted(race.trains, key=rank)


def entries_done(play: Play, race: Race) -> None:
    if len(race.answered) < len(play.state.companies):
        return
    if not race.trains:
        play.say(f"Nobody runs race {race.number}.")
        finish_race(play, race)
        return
    race.lone = len(race.trains) == 1
    if race.lone and not play.settings.lone_runner_pays_fees:
        lone_wins(play, race)
        return
    race.phase = "routes"
    race.declare_order = train_order(play, race)
    play.say("Routes are declared richest first: "
             f"{', '.join(train_name(play, race, t) for t in race.declare_order)}.")


def train_name(play: Play, race: Race, tid: str) -> str:
    return play.names(race.trains[tid].members)


def crew_does(play: Play, race: Race, tid: str, one: str, many: str) -> str:
    """The train's crew with its verb agreeing: "Ann throws", "Bob and Cy throw"."""
    return f"{train_name(play, race, tid)} {verb(race.trains[tid].members, one, many)}"


def powers_possible(race: Race, a: str, b: str) -> bool:
    """Whether companies `a` and `b` may exchange running powers: two companies that both run
    in this race, each with its own train (B4)."""
    ta = race.trains.get(race.answered.get(a) or "")
    tb = race.trains.get(race.answered.get(b) or "")
    return a != b and ta is not None and tb is not None and len(ta.members) == 1 \
        and len(tb.members) == 1


def power_partners(race: Race, companies: list[str], cid: str) -> list[str]:
    """The rivals `cid` may name for running powers in this race (B4)."""
    return [c for c in companies if powers_possible(race, cid, c)]


def exchange(race: Race, a: str, b: str) -> bool:
    """Whether the trains of companies `a` and `b` both claim running powers with the other."""
    ta, tb = race.trains.get(a), race.trains.get(b)
    return bool(ta and tb and b in ta.powers and a in tb.powers)


@handles("route")
def route(play: Play, action: dict) -> None:
    """A train's route: hexes on each rival's lines, running powers, movement needed (B4)."""
    race = race_in(play, "routes")
    cid = play.company(action)
    tid = race.answered.get(cid)
    require(tid is not None, f"{play.name(cid)} is not in race {race.number}.")
    tid = cast(str, tid)
    next_tid = next(t for t in race.declare_order if race.trains[t].hexes is None)
    require(tid == next_tid, f"{train_name(play, race, next_tid)} declares first (richest "
            "first).", "B4")
    train = race.trains[tid]
    hexes = read_hexes(play, action.get("hexes", hexes_fields(action)), train.members)
    powers_named = action.get("powers", [])
    if isinstance(powers_named, str):  # one box ticked on a form
        powers_named = [powers_named] if powers_named else []
    powers = read_powers(play, race, powers_named, train)
    cap = play.settings.fee_cap
    for rival, n in hexes.items():
        require(n <= cap or rival in powers,
                f"{units(n)} to {play.name(rival)} is more than {cap}: not allowed except by "
                "exchange of running powers.", "B4")
    own_lines = play.settings.own_lines_required
    if not race.lone or own_lines or action.get("length") is not None:
        # a lone runner does not race: its length shows the route is partly its own (B4)
        train.length = play.whole(action.get("length"), "The movement the route needs",
                                  MIN_RUN, MAX_HEXES)
        if own_lines:
            own_lines_in_route(play, train, hexes)
    train.hexes, train.powers = hexes, powers
    for other in race.trains.values():
        if other is train or other.hexes is None or len(other.members) > 1:
            continue
        rival = other.members[0]
        if cid in other.powers:
            require(rival in powers, f"{play.name(rival)} claimed running powers with "
                    f"{play.name(cid)}: name {play.name(rival)} in your running powers (or the "
                    f"banker undoes {play.name(rival)}'s route).", "B4")
        if rival in powers:
            require(cid in other.powers, f"{play.name(rival)} did not claim running powers "
                    f"with {play.name(cid)}, and its route cannot change.", "B4")
            net = abs(hexes.get(rival, 0) - other.hexes.get(cid, 0))
            limit = play.settings.powers_net_max
            require(net <= limit, f"Running powers net {units(net)} between "
                    f"{play.names([cid, rival])}: the difference must be at most {limit}.", "B4")
    fees = ", ".join(f"{n} on {play.name(r)}'s lines" for r, n in hexes.items()) or \
        "only its own lines"
    extra = f"; running powers with {play.names(powers)}" if powers else ""
    moves = f"; needs {train.length} to move" if train.length else ""
    play.say(f"{crew_does(play, race, tid, 'declares', 'declare')} the route: "
             f"{fees}{extra}{moves}.")
    if all(t.hexes is not None for t in race.trains.values()):
        post_fees(play, race)


def own_lines_in_route(play: Play, train: Train, hexes: dict[str, int]) -> None:
    """B4: "His route must be at least partly over his own lines" (a joint train's: either
    partner's); a route whose hexes on rivals' lines reach its length is all on theirs."""
    on_rivals = sum(hexes.values())
    whose = "their" if len(train.members) > 1 else "its"
    require(on_rivals < train.length,
            f"His route must be at least partly over his own lines: {on_rivals} hexes on "
            f"rivals' lines for a route that needs {train.length}, so none of "
            f"{play.names(train.members)}'s route is on {whose} own lines.", "B4")


def hexes_fields(action: dict) -> dict[str, object]:
    """The hexes on each rival's lines as a form sends them: `on_<company>` fields."""
    return {k[3:]: v for k, v in action.items() if k.startswith("on_")}


def read_hexes(play: Play, value: object, members: list[str]) -> dict[str, int]:
    require(isinstance(value, dict), "Give the hexes on each rival's lines.")
    out: dict[str, int] = {}
    for rival, n in value.items():  # type: ignore[union-attr]
        require(rival in play.state.companies, f"Unknown company {rival!r}.")
        require(rival not in members, f"{play.name(rival)}'s own lines are free to it.", "B")
        play.whole(n, f"The hexes on {play.name(rival)}'s lines", 0, MAX_HEXES)
        if n:
            out[rival] = n
    return out


def read_powers(play: Play, race: Race, value: object, train: Train) -> list[str]:
    require(isinstance(value, list), "Running powers are a list of rivals.")
    out: list[str] = []
    for rival in value:  # type: ignore[union-attr]
        require(rival in play.state.companies and rival not in train.members
                and rival not in out, f"Running powers are exchanged with a rival, not "
                f"{rival!r}.", "B4")
        require(powers_possible(race, train.id, rival),
                "Running powers are exchanged between two companies that both run in this "
                "race, each with its own train.", "B4")
        out.append(rival)
    return out


Payment = tuple[str, str, int, str, dict[str, object]]  # payer, payee, units, note, why


def joint_fees_on_total(race: Race, partners: list[str],
                        hexes: dict[str, int]) -> list[Payment]:
    """A joint train's fees shared on their total (B3, B4): each partner pays half, the richer
    (listed first) the odd 1; each rival still gets its own fee, paid by the richer partner
    until its half is used up, then by the other."""
    total = sum(hexes.values())
    left = total - total // 2  # the richer partner's half, with the odd 1
    richer, other = partners
    shared = f"joint: {total} shared {left} and {total // 2}"
    payments = []
    for rival, n in hexes.items():
        first = min(n, left)
        left -= first
        for member, part in ((richer, first), (other, n - first)):
            if part:
                payments.append((member, rival, part, f"race {race.number}, {part} of {n} "
                                 f"hexes ({shared})", {"joint_fees": "on_total"}))
    return payments


def post_fees(play: Play, race: Race) -> None:
    """Every route is declared: the fees go onto the accounts before the race (B4)."""
    state = play.state
    payments: list[Payment] = []
    done_pairs: set[frozenset[str]] = set()
    for tid in race.declare_order:
        train = race.trains[tid]
        hexes = cast("dict[str, int]", train.hexes)  # every route is declared by now
        for rival, n in hexes.items():
            if len(train.members) == 1 and exchange(race, tid, rival):
                pair = frozenset((tid, rival))
                if pair in done_pairs:
                    continue
                done_pairs.add(pair)
                back = race.trains[rival].hexes.get(tid, 0)  # type: ignore[union-attr]
                note = f"race {race.number}, running powers {n} − {back}"
                netted = {"powers": [n, back]}
                if n > back:
                    payments.append((tid, rival, n - back, note, netted))
                elif back > n:
                    payments.append((rival, tid, back - n, note, netted))
                continue
            note = f"race {race.number}, {n} hexes"
            if len(train.members) == 1:
                payments.append((tid, rival, n, note, {}))
            elif play.settings.joint_fees == "per_rival":
                richer, other = state.richest_first(train.members)
                apart = {"joint_fees": "per_rival"}
                payments.append((richer, rival, n - n // 2, note + " (joint, richer half)",
                                 apart))
                if n // 2:
                    payments.append((other, rival, n // 2, note + " (joint)", apart))
        if len(train.members) > 1 and play.settings.joint_fees == "on_total":
            payments += joint_fees_on_total(race, state.richest_first(train.members), hexes)
    if not play.settings.allow_negative:
        after = {c: state.balance(c) for c in state.companies}
        for src, dst, n, _, _ in payments:
            after[src] -= n
            after[dst] += n
        short = [c for c, v in after.items() if v < 0]
        if short:
            raise IllegalAction(f"{play.names(short)} cannot pay these fees "
                                f"({units(state.balance(short[0]))} in the bank).", "B4")
    lone = {"lone": True} if race.lone else {}  # lone_runner_pays_fees: he still pays (B4, B6)
    for src, dst, n, note, why in payments:  # none of 0
        race.fees.append((src, dst, n))
        play.pay(src, dst, n, note, "race_fee", **why, **lone)
        play.say(f"{play.name(src)} pays {play.name(dst)} {units(n)} ({note}).")
    if race.lone:
        lone_wins(play, race)
        return
    race.phase = "racing"
    race.throw_order = train_order(play, race)
    play.say("The race is on. Throwing order: "
             f"{', '.join(train_name(play, race, t) for t in race.throw_order)}.")


@handles("move")
def move(play: Play, action: dict) -> None:
    """One throw of a racing train: it moves that many (hills taken into its route's need)."""
    race = race_in(play, "racing")
    cid = play.company(action)
    tid = race.throw_order[race.at]
    require(cid in race.trains[tid].members,
            f"{train_name(play, race, tid)} throws now.", "B5")
    faces = sorted(set(play.settings.die_faces()))
    die = action.get("die")
    if die is None and "face" in action:  # which face of the die came up, 1st to 6th
        face = play.whole(action.get("face"), "The face thrown", 1, 6)
        die = play.settings.die_faces()[face - 1]
    require(type(die) is int and die in faces,
            f"The die shows one of {', '.join(map(str, faces))}.", "C1")
    train = race.trains[tid]
    train.moved += die
    left = race.remaining(tid)
    if left > 0:
        play.say(f"{crew_does(play, race, tid, 'throws', 'throw')} {die}: {left} to go.")
    else:
        train.place = 1 + sum(1 for t in race.trains.values() if t.place and t is not train)
        play.say(f"{crew_does(play, race, tid, 'throws', 'throw')} {die} and "
                 f"{verb(race.trains[tid].members, 'arrives', 'arrive')} "
                 f"{'first' if train.place == 1 else 'second'}.")
    running = [t for t in race.throw_order if race.trains[t].place is None]
    placed = len(race.trains) - len(running)
    if placed == 1 and len(running) == 1:
        race.trains[running[0]].place = 2
        play.say(f"{crew_does(play, race, running[0], 'comes', 'come')} second.")
        running = []
    if placed >= len(PRIZES) or not running:
        award(play, race)
        return
    order = race.throw_order
    nxt = (race.at + 1) % len(order)
    while race.trains[order[nxt]].place is not None:
        nxt = (nxt + 1) % len(order)
    race.at = nxt


def lone_wins(play: Play, race: Race) -> None:
    """The only entrant wins without racing (B6)."""
    (tid,) = race.trains
    race.trains[tid].place = 1
    award(play, race)


def award(play: Play, race: Race) -> None:
    """Prizes from the bank: 20 and 10, or 20 to a lone runner; joint trains share (B6)."""
    state = play.state
    for tid, train in race.trains.items():
        if train.place is None:
            continue
        prize = LONE_PRIZE if race.lone else PRIZES[train.place - 1]
        shares = split(state.richest_first(train.members), prize)
        for member, share in shares:
            what = "lone runner" if race.lone else ("first" if train.place == 1 else "second")
            play.pay(BANK, member, share, f"race {race.number}, {what}", "prize")
        play.say(f"{crew_does(play, race, tid, 'wins', 'win')} {units(prize)}"
                 + (" without racing (the only entrant)." if race.lone else "."), "B6")
    finish_race(play, race)


def split(members: list[str], amount: int) -> list[tuple[str, int]]:
    """An amount shared by a joint train; the richer partner (listed first) takes the odd 1."""
    if len(members) == 1:
        return [(members[0], amount)]
    return [(members[0], amount - amount // 2), (members[1], amount // 2)]


def finish_race(play: Play, race: Race) -> None:
    state = play.state
    race.phase = "done"
    state.races = state.races.appended(race)
    state.race = None
    if play.settings.target_check == "after_race" and play.target_reached():
        play.say(f"A company has reached the target of {units(state.target)}.", "B8")
        play.end_game()
        return
    open_spending(play, race)
    if state.spending is None:
        next_race(play)


def open_spending(play: Play, race: Race) -> None:
    state = play.state
    if play.settings.tournament:
        if race.number % TOURNAMENT_SPEND_EVERY:
            return
        allowance = {}
        for c in state.companies:
            credit = state.balance(c)
            may = TOURNAMENT_SPEND_FLOOR if credit < TOURNAMENT_SPEND_LINE else credit // 10
            allowance[c] = max(0, may if play.settings.allow_negative else min(may, credit))
        order = state.richest_first()
        state.spending = Spending(allowance, order, ordered=True)
        play.say("After 2 runs each company may spend up to 10% of its credit (5 under 50), "
                 f"richest first: {', '.join(f'{play.name(c)} {allowance[c]}' for c in order)}.")
        return
    allowance = {c: 0 for c in state.companies}
    prized = set()
    this_race = []  # the entries of this race: the newest ones (entries are in race order,
    for entry in reversed(state.entries):  # and this race is the latest)
        if entry.race < race.number:
            break
        this_race.append(entry)
    for entry in this_race:
        if entry.kind == "prize":
            allowance[entry.target] += entry.amount
            prized.add(entry.target)
    for entry in this_race:
        if entry.kind == "race_fee" and entry.target not in prized:
            allowance[entry.target] += entry.amount
    allowance = {c: n for c, n in allowance.items() if n > 0}
    if not allowance:
        return
    order = [c for c in state.companies if c in allowance]
    state.spending = Spending(allowance, order)
    play.say("Each may spend on new track: "
             + ", ".join(f"{play.name(c)} up to {units(allowance[c])}" for c in order) + ".")


def next_race(play: Play) -> None:
    state = play.state
    number = state.races[-1].number + 1 if state.races else 1
    if play.settings.tournament:
        keys = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
        left = [k for k in keys if state.key_uses.get(k, 0) < play.settings.key_uses]
        towns = {play.map.keys.get(k) or state.learned.get(k) for k in left}
        if len(towns) < 2:
            play.say("Every key number has been used: the races are over.")
            play.end_game()
            return
    state.race = Race(number)
    play.say(f"Race {number}: throw the dice for the first town.")
