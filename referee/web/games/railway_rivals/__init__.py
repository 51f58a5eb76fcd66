"""Railway Rivals' web parts (`WEB`): the pages get an `rr` view (accounts sheet, race, what to
do now), and the game's own pages: the maps (upload and entry form, maps.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from referee.games.railway_rivals.building import (
    JOINT_PARTNER,
    JOINT_TOTAL,
    LEAPS_TOTAL,
    PAYMENTS,
    countdown_open,
    joint_hexes_of,
)
from referee.games.railway_rivals.game import GAME
from referee.games.railway_rivals.races import joint_partners, power_partners
from referee.games.railway_rivals.settings import NEW_GAME
from referee.games.railway_rivals.views import (
    MINUS,
    corrections_after_end,
    may_act,
    mover,
    sheet,
    timeline,
)
from referee.web.games.railway_rivals.chart import balance_chart
from referee.web.hooks import WebParts
from referee.web.presenter import Panel, Presenter, Slot, SnapshotView
from referee.web.turns import Fold, folds

__all__ = ["WEB"]

PHASE_WORDS = {
    "towns": "throw the dice for the towns",
    "length": "is the run at least 6 hexes?",
    "entries": "each company enters or stays out",
    "routes": "routes are declared, richest first",
    "racing": "the trains race",
}
PAYMENT_BUTTONS = (  # (kind, words on the button), the amounts from rule A4 and its figure
    ("join", "Join or cross a line"),
    ("junction_alongside", "Junction, then alongside"),
    ("straight_alongside", "Straight alongside"),
    ("adjacent_towns", "Between two town hexes"),
)


def blueprints() -> tuple:
    """The maps pages: every map, the upload and the entry form."""
    from referee.web.games.railway_rivals.maps import bp

    return (bp,)


def read_setup(form: Any, problems: list[str]) -> tuple[None, dict]:
    """A new game is written with the book's readings of B3 and B4 (a record without them keeps
    the reading it was played with: docs/railway-rivals.md, Settings)."""
    return None, dict(NEW_GAME)


def boards_page() -> str:
    """The maps page with the entry form (it links to the web core's upload page)."""
    from flask import url_for

    return url_for("railway_rivals_maps.index")


def page_context(view: Any) -> dict:
    """The `rr` view for templates/railway_rivals/*, and the Maps tab."""
    from flask import url_for

    rr = RivalsView(view)
    return {"rr": rr, "now": RivalsNow(view, rr), "currency": "",
            "game_tabs": [("Maps", url_for("railway_rivals_maps.index"))]}


# Refusals each shown beside a form of its own (the company panels, the keeper's forms).
OWN_FORMS = ("start_town", "build_throw", "build_payment", "reached_town", "end_turn",
             "spend", "done_spending", "enter", "stay_out", "route", "move", "correction",
             "undo", "redo", "take_back", "key_throw", "run_length", "last_town", "close_spending",
             "joint_build", "leap")


class RivalsNow(Presenter):
    """The web core's "now" block for Railway Rivals: the line of what happens, then one panel
    per company this page may act for (templates/railway_rivals/act/company.html) and, on the
    keeper's console, the table's own steps (the key numbers, the run's length, ...)."""

    css = "rr"
    failures_elsewhere = OWN_FORMS
    before_part = None  # nothing above the panels

    def __init__(self, view: Any, rr: RivalsView):
        super().__init__(view)
        self.rr = rr

    def now_line(self) -> str:
        return self.rr.doing or self.doing()

    def act_templates(self, kind: str) -> list[str]:
        return [f"railway_rivals/act/{kind}.html"]

    @cached_property
    def panels(self) -> list[Panel]:
        rr, state = self.rr, self.state
        out = []
        if self.banker:
            race = state.race
            if race is not None and state.spending is None and race.phase in ("towns",
                                                                               "length"):
                kind = "key_throw" if race.phase == "towns" else "run_length"
                out.append(Panel(kind, None, "the table", {"type": kind}))
        for cid in rr.mine:
            out.append(Panel("company", cid, rr.name(cid), {"type": rr.panel(cid),
                                                            "company": cid}))
        if self.banker and rr.countdown_open:
            out.append(Panel("last_town", None, "any company", {"type": "last_town"}))
        if self.banker and state.spending is not None:
            out.append(Panel("close_spending", None, "the keeper", {"type": "close_spending"}))
        return out

    @cached_property
    def slots(self) -> list[Slot]:
        """The panels in parts that stay on the page while their panels come and go: the
        table's steps, one per company this page may ever act for, the countdown, the close of
        the spending; so a company done sends its own part, not the block. The companies in
        table order, unless the panels come in another (a joint train's members)."""
        panels = self.panels
        mine = {p.player: p for p in panels if p.type == "company"}
        seats = list(self.state.companies) if self.banker else [c for c in self.state.companies
                                                                if c == self.rr.me]
        acting = [p.player for p in panels if p.type == "company"]
        if acting != [c for c in seats if c in mine]:
            seats = acting + [c for c in seats if c not in mine]

        def of(*kinds: str) -> list[Panel]:
            return [p for p in panels if p.type in kinds]

        out = [Slot("now-table", of("key_throw", "run_length"))] if self.banker else []
        out += [Slot(f"now-co{self.rr.slot(c)}", [mine[c]] if c in mine else [])
                for c in seats]
        if self.banker:
            out += [Slot("now-last", of("last_town")), Slot("now-close", of("close_spending"))]
        return out


@dataclass
class RivalsView(SnapshotView):
    """What the Railway Rivals pages show, read from one snapshot for one actor."""

    @property
    def map(self) -> Any:
        return self.rules.map

    def name(self, cid: str | None) -> str:
        return self.state.companies.get(cid, cid or "")

    def names(self, ids: list[str]) -> str:
        return " and ".join(self.name(c) for c in ids)

    @cached_property
    def acting(self) -> list[str]:
        return may_act(self.state)

    @cached_property
    def mine(self) -> list[str]:
        """The companies this page may act for now: a phone its own, the keeper everyone's (the
        one answer the POST asks, engine/permission.py, of each company's panel)."""
        return [cid for cid in self.acting
                if self.view.may({"type": self.panel(cid), "company": cid})]

    @property
    def me(self) -> str | None:
        return self.view.actor.player_id if self.view.page == "phone" else None

    # -- what happens now ------------------------------------------------------------------

    @cached_property
    def doing(self) -> str:
        state = self.state
        if state.over:
            return "The game is over."
        if state.stage == "setup":
            return "Each company names the town it starts from."
        if state.building is not None:
            b = state.building
            turn = f"Building, round {b.round}: {self.name(b.builder)}"
            if b.throw is None:
                return f"{turn} throws the die."
            return f"{turn} builds with a throw of {b.throw}."
        if state.spending is not None:
            waiting = [c for c in state.spending.order if c not in state.spending.done]
            return f"Spending after the race: {self.names(waiting)}."
        race = state.race
        if race is None:
            return ""
        towns = " to ".join(race.towns)
        return f"Race {race.number}" + (f", {towns}" if towns else "") + \
            f": {PHASE_WORDS.get(race.phase, '')}"

    @property
    def tournament(self) -> bool:
        return bool(self.settings.tournament)

    @property
    def first_town(self) -> int:
        return int(self.settings.first_town)

    # -- the companies and the sheet -------------------------------------------------------

    @cached_property
    def sheet(self) -> dict[str, list[str]]:
        return sheet(self.state)

    @cached_property
    def corrections_after_end(self) -> list[dict[str, str]]:
        return corrections_after_end(self.state)

    @cached_property
    def companies(self) -> list[dict]:
        state = self.state
        out = []
        for cid, name in state.companies.items():
            out.append({
                "id": cid, "name": name, "colour": self.colours.get(cid, ""),
                "balance": GAME.visible_cash(state, self.me, cid),
                "start": state.starts.get(cid),
                "firsts": [t for t, who in state.towns_first.items() if who == cid],
                "sheet": self.sheet.get(cid, []),
                "acting": cid in self.acting,
                "you": cid == self.me,
                "winner": cid in state.winners,
            })
        return out

    def slot(self, cid: str) -> int:
        """The company's place at the table (1, 2, ...): its parts' names on a page, as a
        company id may be any text (referee/web/parts.py)."""
        return list(self.state.companies).index(cid) + 1

    def company(self, cid: str) -> dict:
        return next(c for c in self.companies if c["id"] == cid)

    def rivals(self, cid: str) -> list[dict]:
        return [c for c in self.companies if c["id"] != cid]

    @property
    def unreached(self) -> list[str]:
        return self.state.unreached()

    @property
    def target(self) -> int:
        return int(self.state.target)

    @cached_property
    def chart(self) -> Any:
        """The balance of every company after the building stage and after each race."""
        points = timeline(self.state)
        series = [(c["name"], c["colour"], [p["balances"][c["id"]] for p in points])
                  for c in self.companies]
        return balance_chart(series, self.target)

    # -- what a company may do -------------------------------------------------------------

    def start_choices(self) -> list[str]:
        return self.map.start_towns() or list(self.map.towns)

    def first_town_choices(self) -> list[str]:
        """Towns nobody has reached (start towns are never paid for)."""
        return self.unreached

    def panel(self, cid: str) -> str:
        """Which panel the company gets now: start, throw, build, spend, entry, route, move."""
        state = self.state
        if cid not in self.acting:
            return ""
        if state.stage == "setup":
            return "start"
        if state.building is not None:
            return "throw" if state.building.throw is None else "build"
        if state.spending is not None:
            return "spend"
        race = state.race
        if race is None:
            return ""
        return {"entries": "entry", "routes": "route", "racing": "move"}.get(race.phase, "")

    @property
    def countdown_open(self) -> bool:
        return countdown_open(self.state)

    @property
    def countdown(self) -> str:
        b = self.state.building
        if b is None or b.countdown is None:
            return ""
        return "; ".join(f"{self.name(c)} {n}" for c, n in b.countdown.items())

    def allowance(self, cid: str) -> int:
        sp = self.state.spending
        return sp.allowance.get(cid, 0) if sp else 0

    def partners(self, cid: str) -> list[dict]:
        """The companies `cid` may enter a joint train with."""
        race = self.state.race
        ids = joint_partners(race, list(self.state.companies), cid) if race else []
        return [c for c in self.companies if c["id"] in ids]

    def route_rivals(self, cid: str) -> list[dict]:
        """The rivals whose lines a train might use (not its own members)."""
        race = self.state.race
        tid = race.answered.get(cid) if race else None
        members = race.trains[tid].members if tid else [cid]
        return [c for c in self.companies if c["id"] not in members]

    def power_partners(self, cid: str) -> list[dict]:
        """Rivals running their own train in this race (running powers are between two)."""
        race = self.state.race
        ids = power_partners(race, list(self.state.companies), cid) if race else []
        return [c for c in self.companies if c["id"] in ids]

    # -- joint lines and leaps (C4, C5): the keeper records them ----------------------------

    @cached_property
    def builders(self) -> list[str]:
        """The companies the keeper may record a joint line or a leap for: those building."""
        return [cid for cid in self.mine if self.panel(cid) in ("build", "spend")]

    @property
    def joint_lines(self) -> list[str]:
        """The joint hexes counted so far, per pair and per company, against their limits."""
        state = self.state
        pairs = [f"{self.names(pair.split('+'))} {n} of {JOINT_PARTNER}"
                 for pair, n in sorted(state.joint_hexes.items())]
        totals = [f"{self.name(c)} {joint_hexes_of(state, c)} of {JOINT_TOTAL}"
                  for c in state.companies if joint_hexes_of(state, c)]
        return pairs + totals

    @property
    def leap_lines(self) -> list[str]:
        """The leaps made so far, per company and along whose lines, against their limits."""
        out = []
        for cid, along in self.state.leaps.items():
            made = ", ".join(f"{n} along {self.name(r)}'s" for r, n in along.items())
            out.append(f"{self.name(cid)} {sum(along.values())} of {LEAPS_TOTAL} ({made})")
        return out

    @property
    def lone(self) -> bool:
        race = self.state.race
        return bool(race and race.lone)

    @property
    def die_faces(self) -> list[int]:
        return list(self.settings.die_faces())

    @property
    def payment_buttons(self) -> list[tuple[str, str, int]]:
        return [(kind, words, PAYMENTS[kind][0]) for kind, words in PAYMENT_BUTTONS]

    @property
    def neighbour_pairs(self) -> list[tuple[str, str]]:
        return sorted(tuple(sorted(p)) for p in self.map.neighbours)  # type: ignore[misc]

    # -- the race --------------------------------------------------------------------------

    @cached_property
    def race(self) -> dict | None:
        race = self.state.race
        if race is None and self.state.races:
            race = self.state.races[-1]
        if race is None:
            return None
        trains = race.trains
        order = race.throw_order or race.declare_order or list(trains)
        now = mover(self.state)
        rows = []
        for tid in order:
            t = trains[tid]
            rows.append({
                "id": tid, "name": self.names(t.members), "members": t.members,
                "length": t.length, "moved": t.moved, "remaining": race.remaining(tid),
                "place": t.place, "declared": t.hexes is not None,
                "now": tid == now and race.phase in ("routes", "racing"),
                "route": ", ".join(f"{n} on {self.name(r)}'s lines"
                                   for r, n in (t.hexes or {}).items()) or "own lines only",
            })
        return {
            "number": race.number, "phase": race.phase, "done": race is not self.state.race,
            "towns": list(race.towns), "key_numbers": list(race.keys), "trains": rows,
            "out": [self.name(c) for c, t in race.answered.items() if t is None],
            "waiting": [self.name(c) for c in self.state.companies if c not in race.answered],
            "fees": [f"{self.name(a)} pays {self.name(b)} {n}" for a, b, n in race.fees],
            "lone": race.lone,
        }

    @property
    def key_chart(self) -> list[list[tuple[int, str, int]]]:
        """Tournament rules: every key number with its town and how often it was used (C2)."""
        keys = self.map.keys | self.state.learned
        return [[(10 * a + b, keys.get(10 * a + b, "?"), self.state.key_uses.get(10 * a + b, 0))
                 for b in range(1, 7)] for a in range(1, 7)]

    @property
    def minus(self) -> str:
        return MINUS

    @cached_property
    def history(self) -> list[dict]:
        """The game in words by stage and race, newest first (GAME.history)."""
        return GAME.history(list(self.view.snapshot.frames))[::-1]

    @cached_property
    def folds(self) -> list[Fold]:
        """The history page's folds, newest first (referee/web/turns.py)."""
        return folds(self.view, self.history[::-1])


WEB = WebParts(page_context=page_context, blueprints=blueprints, read_setup=read_setup,
               boards_page=boards_page)
