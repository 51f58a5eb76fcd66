"""Tests in the game's own words: `Table().starts("ann").auction("CRIP", "bob", 20)...`."""

from __future__ import annotations

from pathlib import Path

from referee.engine import Replayer
from referee.engine.record import new_record
from referee.games.prairie_railroads.board import load_board_folder
from referee.games.prairie_railroads.constants import treasury
from referee.games.prairie_railroads.game import rules_for
from tests.books import refused

TEST_BOARD = Path(__file__).resolve().parent.parent / "fixtures" / "boards" / "prairie_test"
NAMES = ("ann", "bob", "cy", "dee", "eve")
SMALL_DECK = {"PD": 6, "OS": 6, "CT": 10}


def fixture_board():
    """The small board made for the tests (tests/fixtures/boards/prairie_test)."""
    return load_board_folder(TEST_BOARD)


def fixture_board_inline() -> dict:
    return fixture_board().to_dict()


class Table:
    """A game at a table, driven by the actions the players would report."""

    def __init__(self, players: int = 3, deck: dict | None = None,
                 board: str | dict | None = "test"):
        ids = NAMES[:players]
        if board == "test":
            board = fixture_board_inline()
        self.record = new_record(
            "prairie_railroads", board or "",
            [{"id": p, "name": p.capitalize()} for p in ids],
            {"deck": deck or dict(SMALL_DECK)},
        )
        self.rules = rules_for(self.record)
        self.game = Replayer(self.rules)

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

    @property
    def now(self) -> str:
        return self.state.turn.player

    def cash(self, pid: str) -> int:
        return self.state.cash(pid)

    def treasury(self, rr: str) -> int:
        return self.state.cash(treasury(rr))

    def rr(self, key: str):
        return self.state.railroads[key]

    def events(self) -> list[str]:
        return list(self.game.frames[-1].outcome.events)

    def log(self) -> list[dict]:
        return list(self.game.log)

    # -- in the game's words ---------------------------------------------------------------
    def starts(self, pid: str) -> Table:
        return self.do("first_player", player=pid)

    def sell(self, winner: str | None, price: int = 0) -> Table:
        """Run the open auction: `winner` bids `price` when his turn comes, the others pass."""
        while self.state.auction is not None:
            bidder = self.state.auction.next_bidder
            if bidder == winner and self.state.auction.high_bidder != winner:
                self.do("bid", player=bidder, amount=price)
            else:
                self.do("pass", player=bidder)
        return self

    def first(self, frm: str, to: str, **incomes: int) -> Table:
        self.do("first_build", player=self.state.first_builder, **{"from": frm, "to": to},
                **({"incomes": incomes} if incomes else {}))
        return self

    def auctions(self, *plan: tuple) -> Table:
        """Each initial auction in turn: (winner or None, price, from, to)."""
        for winner, price, frm, to in plan:
            self.sell(winner, price).first(frm, to)
        return self

    def card(self, card: str, source: str = "hand") -> Table:
        return self.do("play_card", player=self.now, card=card, source=source)

    def offer(self, rr: str, own: bool = False) -> Table:
        return self.do("offer", player=self.now, railroad=rr, own=own)

    def grow(self, a: int, b: int, city: str | None = None) -> Table:
        fields = {"city": city} if city is not None else {}
        return self.do("growth", player=self.now, dice=[a, b], **fields)

    def roll_then_read(self, a: int, b: int) -> Table:
        """Without a board: the roll first ("Roll for me"), the chart read afterwards."""
        return self.do("growth", player=self.now, dice=[a, b], read_chart=True)

    def read_chart(self, city: str | None = None, new_city: bool = False) -> Table:
        """The city the chart named for the roll just recorded (None: nothing grew)."""
        fields: dict = {"city": city} if city is not None else {}
        if new_city:
            fields["new_city"] = "yes"
        return self.do("grow_city", player=self.now, **fields)

    def choose(self, rr: str, builder: str | None = None) -> Table:
        fields = {"builder": builder} if builder else {}
        return self.do("choose_railroad", player=self.now, railroad=rr, **fields)

    def build(self, frm: str, to: str, via: str | None = None, **incomes: int) -> Table:
        b = self.state.turn.build
        fields: dict = {"from": frm, "to": to, "kind": "double" if via else "single"}
        if via:
            fields["via"] = via
        if incomes:
            fields["incomes"] = incomes
        return self.do("build", player=b.builder, railroad=b.railroad, **fields)

    def western(self, box: str, beside: list[str] | None = None) -> Table:
        b = self.state.turn.build
        fields: dict = {"kind": "western", "box": box}
        if beside:
            fields["beside"] = beside
        return self.do("build", player=b.builder, railroad=b.railroad, **fields)


STANDARD_START = (  # three players, Ann first; on the test board
    ("ann", 20, "Troy", "Marysville"),
    ("bob", 15, "Atchison", "Topeka"),
    ("cy", 10, "Kansas City", "Ashby"),
    (None, 0, "Paola", "Corvin"),
    ("ann", 5, "Columbus", "Dunmore"),
    ("bob", 12, "Girard", "Corvin"),
)


def standard_game(**kw) -> Table:
    return Table(**kw).starts("ann").auctions(*STANDARD_START)
