"""What the rules tell the table: whose move it is, the accounts sheet, summaries, next actions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from referee.engine.journal import Journal
from referee.games.railway_rivals.building import countdown_open
from referee.games.railway_rivals.context import count
from referee.games.railway_rivals.state import Entry, Race, State

if TYPE_CHECKING:
    from referee.games.railway_rivals.rules import RivalsRules

MINUS = "\u2212"
T = TypeVar("T")
STAGES = {"setup": "building", "building": "building", "operating": "operating",
          "ended": "ended"}


def mover(state: State) -> str | None:
    """The one company whose move it is now (None: the table's dice, anyone, or the game is
    over). Not the contract's to_act, which names every company that may act (`may_act`)."""
    if state.over:
        return None
    if state.stage == "setup":
        return next((c for c in state.companies if c not in state.starts), None)
    if state.building is not None:
        return state.building.builder
    sp = state.spending
    if sp is not None:
        waiting = [c for c in sp.order if c not in sp.done]
        return waiting[0] if sp.ordered or len(waiting) == 1 else None
    race = state.race
    if race is None:
        return None
    if race.phase == "entries":
        return next((c for c in state.companies if c not in race.answered), None)
    if race.phase == "routes":
        return next(t for t in race.declare_order if race.trains[t].hexes is None)
    if race.phase == "racing":
        return race.throw_order[race.at]
    return None


def may_act(state: State) -> list[str]:
    """Every company that may act now (the contract's to_act, GAME.to_act): all those still to
    name a start, to answer a race, or to spend when the order is free; else the `mover`. None
    while the table throws the towns or checks the run (the accounts keeper records that)."""
    if state.over:
        return []
    if state.stage == "setup":
        return [c for c in state.companies if c not in state.starts]
    sp = state.spending
    if sp is not None and not sp.ordered and state.building is None:
        return [c for c in sp.order if c not in sp.done]
    race = state.race
    if state.building is None and sp is None and race is not None:
        if race.phase == "entries":
            return [c for c in state.companies if c not in race.answered]
        tid = mover(state)
        return list(race.trains[tid].members) if tid in race.trains else []
    who = mover(state)
    return [who] if who else []


def visible_cash(state: State, viewer: str | None, subject: str) -> int:
    """Money is public in Railway Rivals: one sheet keeps every company's accounts in the open,
    and the order of routes and throws (richest first) is read from it."""
    return state.balance(subject)


def derived(state: State, name: str, fold: Callable[[Iterable[Entry], tuple[str, ...]], T]) -> T:
    """`fold(entries, companies)`, worked out once per journal of entries: the pages drawn
    between two entries (most actions add none) read it again without a pass over them all."""
    companies = tuple(state.companies)
    entries = state.entries
    if isinstance(entries, Journal):
        return entries.derived((name, companies), lambda journal: fold(journal, companies))
    return fold(entries, companies)


def _moves(entries: Iterable[Entry], companies: tuple[str, ...]) -> dict[str, dict[int, list[int]]]:
    """Per company, per race (0: building), its moves of money in order (+ in, - out)."""
    moves: dict[str, dict[int, list[int]]] = {cid: {} for cid in companies}
    for e in entries:  # one pass: each entry is a line's move for its two accounts
        if e.source in moves:
            moves[e.source].setdefault(e.race, []).append(-e.amount)
        if e.target in moves:
            moves[e.target].setdefault(e.race, []).append(e.amount)
    return moves


def _points(entries: Iterable[Entry], companies: tuple[str, ...]) -> dict[int, dict[str, int]]:
    """Every company's balance after the last entry of each race (0: building)."""
    running = {c: 0 for c in companies}
    points: dict[int, dict[str, int]] = {}
    for e in entries:
        for cid, sign in ((e.source, -1), (e.target, 1)):
            if cid in running:
                running[cid] += sign * e.amount
        points[e.race] = dict(running)
    return points


def sheet(state: State) -> dict[str, list[str]]:
    """The paper accounts sheet: per company one line per stage and race, "20 − 6 + 3 = 17"."""
    names = {r.number: f"Race {r.number} ({'–'.join(r.towns)})" for r in state.races}
    if state.race is not None:
        names[state.race.number] = f"Race {state.race.number}" + (
            f" ({'–'.join(state.race.towns)})" if state.race.towns else "")
    moves = derived(state, "moves", _moves)
    out: dict[str, list[str]] = {}
    for cid in state.companies:
        lines: list[str] = []
        running = 0
        groups = moves[cid]
        for number in sorted(groups):
            changes = groups[number]
            text = str(running) if number or running else ""
            for m in changes:
                if not text:
                    text = str(m)
                else:
                    text += f" + {m}" if m > 0 else f" {MINUS} {-m}"
            running += sum(changes)
            label = "Building" if number == 0 else names.get(number, f"Race {number}")
            lines.append(f"{label}: {text} = {running}".replace("-", MINUS))
        out[cid] = lines
    return out


def timeline(state: State) -> list[dict[str, Any]]:
    """Every company's balance after the building stage and after each race: the chart's data."""
    points = derived(state, "points", _points)
    out, last = [], {c: 0 for c in state.companies}
    for number in range(0, max(points, default=0) + 1):
        last = points.get(number, last)
        out.append({"race": number, "balances": dict(last)})
    return out


def race_report(state: State, race: Race | None) -> dict[str, Any] | None:
    if race is None:
        return None
    trains = {tid: t for tid, t in race.trains.items()}
    return {
        "number": race.number,
        "phase": race.phase,
        "keys": list(race.keys),
        "towns": list(race.towns),
        "entrants": [list(t.members) for t in trains.values()],
        "staying_out": [c for c, t in race.answered.items() if t is None],
        "declare_order": list(race.declare_order),
        "order": list(race.throw_order),
        "fees": [{"from": a, "to": b, "amount": n} for a, b, n in race.fees],
        "remaining": {tid: race.remaining(tid) for tid, t in trains.items()
                      if t.length and t.place is None},
        "places": {tid: t.place for tid, t in trains.items() if t.place},
    }


def summary(state: State) -> dict[str, Any]:
    """The report of `referee replay --json`: stage, the mover and every company that may act
    (`to_act`), accounts, race, towns, end."""
    unreached = state.unreached()
    return {
        "game": "railway_rivals",
        "stage": STAGES[state.stage],
        "mover": mover(state),
        "to_act": may_act(state),
        "players": [
            {"id": c, "name": name, "balance": state.balance(c), "start": state.starts.get(c),
             "towns_first": [t for t, who in state.towns_first.items() if who == c]}
            for c, name in state.companies.items()
        ],
        "race": race_report(state, state.race),
        "races_run": len(state.races),
        "last_race": race_report(state, state.races[-1]) if state.races else None,
        "spending": ({c: n for c, n in state.spending.allowance.items()
                      if c not in state.spending.done} if state.spending else None),
        "unreached_towns": unreached,
        "key_uses": {str(k): n for k, n in sorted(state.key_uses.items())},
        "target": state.target,
        "winners": list(state.winners),
        "corrections_after_end": corrections_after_end(state),
        "sheet": sheet(state),
        "timeline": timeline(state),
    }


def corrections_after_end(state: State) -> list[dict[str, str]]:
    """The keeper's corrections made once the game was over: who, the change, the reason."""
    return [{"name": state.companies[c["company"]],
             "change": ("+" if c["amount"] > 0 else MINUS) + str(abs(c["amount"])),
             "reason": c["reason"]}
            for c in state.corrections_after_end]


def render(report: dict[str, Any]) -> str:
    """The text `referee replay` prints for a summary."""
    lines = [f"Railway Rivals, {report['stage']}: "
             f"{count(report['races_run'], 'race', 'races')} run; target "
             f"{report['target']}."]
    for p in report["players"]:
        first = f"; first to {', '.join(p['towns_first'])}" if p["towns_first"] else ""
        lines.append(f"  {p['name']} ({p['id']}): {p['balance']}{first}")
        lines.extend(f"    {line}" for line in report["sheet"][p["id"]])
    if report["unreached_towns"]:
        lines.append(f"Unreached: {', '.join(report['unreached_towns'])}")
    for c in report.get("corrections_after_end", ()):
        lines.append(f"Corrected after the end: {c['name']} {c['change']} ({c['reason']})")
    if report["winners"]:
        names = {p["id"]: p["name"] for p in report["players"]}
        lines.append("Winner: " + " and ".join(names[w] for w in report["winners"]))
    return "\n".join(lines)


def legal_actions(rules: RivalsRules, state: State) -> list[dict[str, Any]]:
    """The action types the rules may accept next, with who may send them."""
    if state.over:
        return [{"type": "correction"}]
    out: list[dict[str, Any]] = [{"type": "correction"}]
    who = mover(state)
    if state.stage == "setup":
        out.append({"type": "start_town", "company": who,
                    "towns": rules.map.start_towns() or list(rules.map.towns)})
    elif state.building is not None:
        b = state.building
        if b.throw is None:
            out.append({"type": "build_throw", "company": who})
        else:
            out += [{"type": t, "company": who} for t in
                    ("build_payment", "reached_town", "end_turn")]
        if countdown_open(state):
            out.append({"type": "last_town", "company": list(state.companies)})
    elif state.spending is not None:
        sp = state.spending
        ids = [who] if who else [c for c in sp.order if c not in sp.done]
        out += [{"type": t, "company": ids} for t in
                ("spend", "build_payment", "reached_town", "done_spending")]
        out.append({"type": "close_spending"})
    elif state.race is not None:
        phase = state.race.phase
        if phase == "towns":
            out.append({"type": "key_throw"})
        elif phase == "length":
            out.append({"type": "run_length", "ok": [True, False]})
        elif phase == "entries":
            waiting = [c for c in state.companies if c not in state.race.answered]
            out += [{"type": "enter", "company": waiting}, {"type": "stay_out",
                                                           "company": waiting}]
        elif phase == "routes":
            out.append({"type": "route", "company": who})
        elif phase == "racing":
            out.append({"type": "move", "company": who,
                        "die": sorted(set(rules.settings.die_faces()))})
    return out
