"""Tests in the game's words: `Table("ann", "bob").start(ann="Aston").throw(4).pays(...)`."""

from __future__ import annotations

from pathlib import Path

from referee.engine import Replayer
from referee.engine.record import new_record
from referee.games.railway_rivals.game import rules_for
from referee.games.railway_rivals.mapdata import load_map_folder
from referee.games.railway_rivals.settings import NEW_GAME
from referee.games.railway_rivals.views import summary
from tests.books import refused

TEST_MAP = Path(__file__).resolve().parent.parent / "fixtures" / "railway_rivals" / "testmap"
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay")


def test_map_inline() -> dict:
    """The small map made for the tests (tests/fixtures/railway_rivals/testmap), inline."""
    return load_map_folder(TEST_MAP).to_dict()


test_map_inline.__test__ = False  # type: ignore[attr-defined]


class Table:
    """A game of Railway Rivals at a table, driven by what the players report."""

    def __init__(self, players: int = 3, map_ref: str | dict | None = None, **settings):
        self.ids = NAMES[:players]
        settings = {**NEW_GAME, **settings}  # as the lobby writes a new game
        self.record = new_record(
            "railway_rivals", map_ref if map_ref is not None else test_map_inline(),
            [{"id": p, "name": p.capitalize()} for p in self.ids], settings)
        self.rules = rules_for(self.record)
        self.game = Replayer(self.rules)

    # -- plumbing ---------------------------------------------------------------------------
    def do(self, type_: str, /, **fields) -> Table:
        self.game.submit({"type": type_, **fields})
        self.record["actions"] = list(self.game.log)
        return self

    def rejects(self, kind: str, /, **fields) -> str:
        """Submit an action the rules must refuse; return the reason. The state must not change."""
        return refused(self.game, {"type": kind, **fields})

    @property
    def state(self):
        return self.game.state

    def balance(self, cid: str) -> int:
        return self.state.balance(cid)

    def balances(self) -> dict[str, int]:
        return {c: self.state.balance(c) for c in self.ids}

    def events(self) -> list[str]:
        return self.game.frames[-1].outcome.events

    def report(self) -> dict:
        return summary(self.state)

    @property
    def builder(self) -> str:
        return self.state.building.builder

    # -- building ---------------------------------------------------------------------------
    def start(self, **towns: str) -> Table:
        for cid, town in towns.items():
            self.do("start_town", company=cid, town=town)
        return self

    def throw(self, die: int, company: str | None = None) -> Table:
        return self.do("build_throw", company=company or self.builder, die=die)

    def pays(self, kind: str, to, company: str | None = None, **fields) -> Table:
        return self.do("build_payment", company=company or self.builder, to=to, kind=kind,
                       **fields)

    def reaches(self, town: str, company: str | None = None) -> Table:
        return self.do("reached_town", company=company or self.builder, town=town)

    def done(self, company: str | None = None) -> Table:
        return self.do("end_turn", company=company or self.builder)

    def turn(self, die: int = 3, *towns: str) -> Table:
        """A whole build turn: throw, reach `towns` first, end."""
        if self.state.building.throw is None:
            self.throw(die)
        for town in towns:
            self.reaches(town)
        return self.done()

    # -- races ------------------------------------------------------------------------------
    def towns(self, *keys: int) -> Table:
        """Key throws, each a number like 43 (tens die, units die)."""
        for k in keys:
            self.do("key_throw", dice=[k // 10, k % 10])
        return self

    def long_enough(self, ok: bool = True) -> Table:
        return self.do("run_length", ok=ok)

    def enter(self, *companies: str, partner: str | None = None) -> Table:
        for c in companies:
            self.do("enter", company=c, **({"partner": partner} if partner else {}))
        return self

    def out(self, *companies: str) -> Table:
        for c in companies:
            self.do("stay_out", company=c)
        return self

    def route(self, company: str, length: int | None = 8, powers=(), **hexes: int) -> Table:
        fields = {"length": length} if length is not None else {}
        return self.do("route", company=company, hexes=hexes, powers=list(powers), **fields)

    def moves(self, *dice: int) -> Table:
        """Throws of the racing trains in their order, one die each."""
        for die in dice:
            race = self.state.race
            tid = race.throw_order[race.at]
            self.do("move", company=tid, die=die)
        return self

    def spends(self, company: str, amount: int) -> Table:
        return self.do("spend", company=company, amount=amount)

    def finished_spending(self, *companies: str) -> Table:
        for c in companies:
            self.do("done_spending", company=c)
        return self

    def all_done_spending(self) -> Table:
        while self.state.spending is not None:
            sp = self.state.spending
            self.do("done_spending", company=next(c for c in sp.order if c not in sp.done))
        return self

    # -- setups -----------------------------------------------------------------------------
    def through_building(self) -> Table:
        """Start at Aston/Bury/Hull, and reach every town in turn order (test map)."""
        starts = ("Aston", "Bury", "Hull", "Aston", "Bury", "Hull")
        self.start(**{c: starts[i] for i, c in enumerate(self.ids)})
        for town in self.state.unreached():
            self.turn(4, town)
        assert self.state.stage == "operating"
        return self
