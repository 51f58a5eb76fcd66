"""Tests in the game's own words: `play(...).roll_destination(red=3, white=(3, 4))...`."""

from __future__ import annotations

from itertools import product

from referee.engine import Replayer
from referee.engine.record import new_record
from referee.games.railbaron.game import rules_for
from referee.games.railbaron.views import legal_actions
from tests.books import refused
from tests.railbaron.testland import make_testland

COLOURS = {"blue": "#1f5fbf", "red": "#c0392b", "green": "#2e8b57", "yellow": "#d4ac0d",
           "black": "#222222", "white": "#eeeeee"}


def dice_for(board, region: str, city: str | None = None):
    """Dice (red, w1, w2) that roll `region` in the region table, or `city` in its city table."""
    for red, w1, w2 in product(range(1, 7), repeat=3):
        if w1 > w2:
            continue
        if city is None and board.region_at(red, w1 + w2) == region:
            return [red, w1, w2]
        if city is not None and board.city_at(region, red, w1 + w2) == city:
            return [red, w1, w2]
    raise AssertionError(f"no dice give {city or region}")


class Table:
    """A game at a table, driven by the actions the players would report."""

    def __init__(self, players=("blue", "red", "green"), settings=None, board=None):
        self.record = new_record(
            "railbaron",
            board or make_testland(),
            [{"id": p, "name": p.capitalize(), "colour": COLOURS.get(p, "")} for p in players],
            settings or {},
        )
        self.rules = rules_for(self.record)
        self.board = self.rules.board
        self.game = Replayer(self.rules)

    # -- plumbing ---------------------------------------------------------------------------
    def do(self, kind: str, **fields) -> Table:
        self.game.submit({"type": kind, **fields})
        return self

    def rejects(self, kind: str, **fields) -> str:
        """Submit an action the rules must refuse; return the reason. The state must not change."""
        return refused(self.game, {"type": kind, **fields})

    @property
    def state(self):
        return self.game.state

    @property
    def turn(self):
        return self.state.turn

    @property
    def now(self) -> str:
        return self.turn.player

    def cash(self, pid: str) -> int:
        return self.state.cash(pid)

    def p(self, pid: str):
        return self.state.players[pid]

    def events(self) -> list[str]:
        return list(self.game.frames[-1].outcome.events)

    def all_events(self) -> list[str]:
        return [e for frame in self.game.frames for e in frame.outcome.events]

    def legal(self) -> list[str]:
        return [a["type"] for a in legal_actions(self.rules, self.state)]

    # -- setup --------------------------------------------------------------------------------
    def first_player(self, **rolls) -> Table:
        return self.do("roll_for_first_player", rolls={k: list(v) for k, v in rolls.items()})

    def homes(self, *cities: str) -> Table:
        for city in cities:
            self.lookup(city)
        return self

    def set_up(self, first: str = "blue", homes=None) -> Table:
        """First player `first`; then homes in turn order (defaults: Atlanta, Knoxville, ...)."""
        contenders = list(self.state.contenders)
        self.first_player(**{pid: (6, 6, 6) if pid == first else (1, 1, 1) for pid in contenders})
        defaults = ["Atlanta", "Knoxville", "Savannah", "Asheville", "Charleston", "Chattanooga"]
        return self.homes(*(homes or defaults[: len(self.state.order)]))

    # -- city lookups ---------------------------------------------------------------------------
    def roll_region(self, red: int, white: tuple[int, int], region: str | None = None) -> Table:
        extra = {"region": region} if region else {}
        return self.do("roll_region", player=self.now, dice=[red, *white], **extra)

    def choose_region(self, region: str) -> Table:
        return self.do("choose_region", player=self.now, region=region)

    def roll_city(self, red: int, white: tuple[int, int], city: str | None = None) -> Table:
        extra = {"city": city} if city else {}
        return self.do("roll_city", player=self.now, dice=[red, *white], **extra)

    def roll_destination(self, red: int, white: tuple[int, int]) -> Table:
        return self.roll_region(red, white)

    def lookup(self, city: str) -> Table:
        """Roll (or pick, when allowed) whatever leads to `city`."""
        region = self.board.region_of(city)
        red, w1, w2 = dice_for(self.board, region)
        self.roll_region(red, (w1, w2))
        if self.turn.phase == "choose_region":
            self.choose_region(region)
        red, w1, w2 = dice_for(self.board, region, city)
        return self.roll_city(red, (w1, w2))

    go_to = lookup

    # -- the turn -------------------------------------------------------------------------------
    def declare(self) -> Table:
        return self.do("declare", player=self.now)

    def home_swap(self) -> Table:
        return self.do("home_swap", player=self.now)

    def roll(self, w1: int, w2: int, red: int | None = None) -> Table:
        extra = {"red": red} if red is not None else {}
        return self.do("roll_move", player=self.now, white=[w1, w2], **extra)

    def bonus(self, red: int) -> Table:
        return self.do("roll_bonus", player=self.now, red=red)

    def arrive(self, *ridden: str, within_white: bool = True, payoff: int | None = None,
               order: tuple[str, ...] = ()) -> Table:
        """`order`: the railroads in the order ridden, when it matters to establishment."""
        extra: dict = {"payoff": payoff} if payoff is not None else {}
        if order:
            extra["order"] = list(order)
        if self.turn.phase == "arrival":
            return self.do("arrive", player=self.now, **extra)
        return self.do("arrive", player=self.now, ridden=list(ridden), within_white=within_white,
                       **extra)

    def stop(self, *ridden: str, city: str | None = None, at: tuple[str, ...] = (),
             order: tuple[str, ...] = ()) -> Table:
        where = {"city": city} if city else {"railroads": list(at or ridden[-1:])}
        extra = {"order": list(order)} if order else {}
        return self.do("stop", player=self.now, ridden=list(ridden), at=where, **extra)

    def buy(self, railroad: str) -> Table:
        return self.do("buy", player=self.now, railroad=railroad)

    def upgrade(self, engine: str) -> Table:
        return self.do("upgrade", player=self.now, engine=engine)

    def no_purchase(self) -> Table:
        return self.do("skip_purchase", player=self.now)

    def rover(self, victim: str) -> Table:
        return self.do("rover", player=self.now, victim=victim)

    def end_turn(self) -> Table:
        return self.do("end_turn", player=self.now)

    def sell_back(self, railroad: str) -> Table:
        return self.do("sell_back", player=self.now, railroad=railroad)

    def auction(self, railroad: str) -> Table:
        return self.do("auction", player=self.now, railroad=railroad)

    def bid(self, player: str, amount: int) -> Table:
        return self.do("bid", player=player, amount=amount)

    def pass_(self, player: str) -> Table:
        return self.do("pass", player=player)

    def adjust(self, player: str, amount: int, reason: str = "table decision") -> Table:
        return self.do("adjust_cash", player=player, amount=amount, reason=reason)

    def undo(self) -> Table:
        return self.do("undo")

    def trip(self, city: str, *ridden: str, white=(2, 3), buy: str | None = None) -> Table:
        """A whole plain turn: destination `city` (if none yet), roll, arrive, purchase, end."""
        if self.turn.phase == "region":
            self.go_to(city)
        self.roll(*white)
        self.arrive(*ridden)
        if buy:
            self.buy(buy)
        else:
            self.no_purchase()
        return self.end_turn()


def play(players=("blue", "red", "green"), settings=None, board=None) -> Table:
    return Table(players, settings, board)
