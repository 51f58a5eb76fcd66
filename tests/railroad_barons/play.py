"""Tests in the game's own words: `Table().draft(...).buy("aaron", "DPI", 40, par=100)`."""

from __future__ import annotations

from pathlib import Path

from referee.engine import Replayer
from referee.engine.record import new_record
from referee.games.railroad_barons.box import load_box_folder
from referee.games.railroad_barons.game import rules_for, summary
from referee.games.railroad_barons.state import treasury
from tests.books import refused

TEST_BOX = Path(__file__).resolve().parent.parent / "fixtures" / "boxes" / "railroad_barons_test"


def the_test_box():
    """The box made for the tests, not the printed box (tests/fixtures/boxes)."""
    return load_box_folder(TEST_BOX)


class Table:
    """A two-player game at a table, driven by the actions the players would report."""

    def __init__(self, a: str = "ann", b: str = "bob", settings: dict | None = None,
                 box: dict | None = None):
        """`box`: an inline box (the test box's by default)."""
        self.record = new_record("railroad_barons", box or the_test_box().to_dict(),
                                 [{"id": a, "name": a.capitalize()},
                                  {"id": b, "name": b.capitalize()}], settings or {})
        self.rules = rules_for(self.record)
        self.game = Replayer(self.rules)
        self.a, self.b = a, b

    # -- plumbing ---------------------------------------------------------------------------
    def do(self, type_: str, /, **fields) -> Table:
        self.game.submit({"type": type_, **fields})
        return self

    def rejects(self, kind: str, /, **fields) -> str:
        """Submit an action the rules must refuse; return the reason. The state must not change."""
        return refused(self.game, {"type": kind, **fields})

    @property
    def state(self):
        return self.game.state

    def cash(self, pid: str) -> int:
        return self.state.cash(pid)

    def treasury(self, key: str) -> int:
        return self.state.cash(treasury(key))

    def h(self, key: str):
        return self.state.holdings[key]

    def value(self, key: str) -> int:
        return self.rules.box.track[self.h(key).space].value

    def events(self) -> list[str]:
        return list(self.game.frames[-1].outcome.events)

    def said(self, text: str) -> bool:
        return any(text in e for e in self.events())

    def report(self) -> dict:
        return summary(self.state, self.rules)

    # -- setup ------------------------------------------------------------------------------
    def offer(self, investor: int, price: int | None = None) -> Table:
        fields = {"price": price} if price is not None else {}
        return self.do("offer_investor", player=self.a, investor=investor, **fields)

    def answer(self, take: str) -> Table:
        return self.do("answer_offer", player=self.b, take=take)

    def pick(self, pid: str, investor: int) -> Table:
        """`pid` ends up with the Investor and no money changes hands: a plain selection where
        only the first is offered, else an offer at $0 whose $0 the other player takes."""
        if self.state.draft.step == "pick":
            return self.do("pick_investor", player=pid, investor=investor)
        self.do("offer_investor", player=pid, investor=investor, price=0)
        return self.do("answer_offer", player=self.state.other(pid), take="cash")

    def draft(self, offered=30, take="cash", b_picks=(40, 50), a_pick=60, price=None,
              par=None) -> Table:
        """The whole draft; the fifth Investor is the one left over."""
        self.offer(offered, price).answer(take)
        for v in b_picks:
            self.pick(self.b, v)
        self.pick(self.a, a_pick)
        if self.state.stage == "msc_par":
            self.do("set_par", player=self.state.msc_owner, par=par)
        return self

    def quick_start(self) -> Table:
        """A draft that leaves the $450 Investor out: each player gets $450 more."""
        return self.draft()

    # -- stock rounds -------------------------------------------------------------------------
    def buy(self, pid: str, holding: str, percent: int, **fields) -> Table:
        return self.do("buy", player=pid, holding=holding, percent=percent, **fields)

    def sell(self, pid: str, *sales: tuple) -> Table:
        """Each sale: (holding, percent) or (holding, percent, exchange_for)."""
        items = []
        for sale in sales:
            item = {"holding": sale[0], "percent": sale[1]}
            if len(sale) > 2:
                item["exchange_for"] = sale[2]
            items.append(item)
        return self.do("sell", player=pid, sales=items)

    def end_turn(self, pid: str) -> Table:
        return self.do("end_turn", player=pid)

    def passes(self, *pids: str) -> Table:
        for pid in pids:
            self.do("pass", player=pid)
        return self

    def end_stock_round(self) -> Table:
        """Both pass, the one to act first."""
        first = self.state.turn
        return self.passes(first, self.state.other(first))

    # -- operating rounds ---------------------------------------------------------------------
    @property
    def director(self) -> str:
        return self.h(self.state.op.holding).director

    def tokens(self, plus=0, down=0, network=0) -> Table:
        return self.do("place_tokens", player=self.director, plus=plus, down=down,
                       network=network)

    def pay_out(self) -> Table:
        return self.do("pay_out", player=self.director)

    def withhold(self) -> Table:
        return self.do("withhold", player=self.director)

    def buy_railroad(self, side: int | None = None) -> Table:
        fields = {"side": side} if side is not None else {}
        return self.do("buy_railroad", player=self.director, **fields)

    def assign(self, investor: int, **fields) -> Table:
        return self.do("assign_investor", player=self.director, investor=investor, **fields)

    def finish(self, *discard: str) -> Table:
        return self.do("finish", player=self.director, discard=list(discard))

    def operate(self, plus=0, down=0, network=0, pay=True, buys=0, discard=()) -> Table:
        """One Holding's whole turn."""
        self.tokens(plus, down, network)
        if self.state.op.phase == "revenue":
            self.pay_out() if pay else self.withhold()
        for _ in range(buys):
            self.buy_railroad()
        return self.finish(*discard)
