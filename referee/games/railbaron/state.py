"""The state of a Rail Baron game: small, plain dataclasses rebuilt by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.ledger import Ledger
from referee.engine.replay import shared

PHANTOM = "phantom"
ENGINES = ("freight", "express", "superchief")
ENGINE_NAMES = {"freight": "Freight", "express": "Express", "superchief": "SuperChief"}


@dataclass
class Player:
    id: str
    name: str
    colour: str = ""
    engine: str = "freight"
    home: str | None = None
    city: str | None = None  # the city the train stands in
    milepost: list[str] | None = None  # railroads serving the train's milepost outside a city
    destination: str | None = None
    trip_from: str | None = None  # where the current trip began: the payoff is counted from here
    alternate: str | None = None
    declared: bool = False
    early: bool = False  # Short Game: declared with less than $200,000
    declared_from: str | None = None
    home_safe: bool = False  # Short Game: an early-declared player back home
    established: dict[str, int] = field(default_factory=dict)  # railroad -> fee he pays on it
    # railroad -> {"turn", "at", "why"}: when, where and why he was established on it
    established_since: dict[str, dict] = field(default_factory=dict)
    bankrupt: bool = False
    moved: bool = False  # has rolled for movement at least once this game
    swapped: bool = False
    arrive_next_turn: bool = False
    announced: bool = False

    def __setstate__(self, fields: dict) -> None:
        """A copied player's fields, its strings shared with every other copy's (a state is
        copied by pickling, which makes every city and railroad name anew in each)."""
        self.__dict__.update(shared(fields))

    @property
    def heading_home(self) -> bool:
        """Declared and bound for home: the trip that can win the game."""
        return self.declared and self.destination is not None and self.destination == self.home

    @property
    def trip_pays(self) -> bool:
        """Whether reaching the destination pays: not the trip home of a declared player,
        unless home is also his alternate destination (DECLARING)."""
        return not self.heading_home or self.alternate == self.destination


@dataclass
class Auction:
    railroad: str
    seller: str  # a player id, or the bank in the Starting Auction
    bidders: list[str]  # still bidding, in bidding order
    opening: int
    at: int = 0  # index in `bidders` of whoever bids next
    high: int | None = None
    high_bidder: str | None = None
    purpose: str = "shortfall"  # or "starting"
    multiple: int = 1  # every bid a multiple of this (classic rules: $500)

    @property
    def next_bidder(self) -> str:
        return self.bidders[self.at]

    def minimum(self) -> int:
        """The least bid allowed next: the opening bid, then $500 over the last, in multiples."""
        least = self.opening if self.high is None else self.high + 500
        return -(-least // self.multiple) * self.multiple


@dataclass
class Turn:
    number: int
    player: str
    phase: str
    lookup: str | None = None  # home | destination | alternate
    region: str | None = None
    white: tuple[int, int] | None = None
    red: int | None = None
    bonus: bool = False  # entitled to the red bonus die this turn
    leg: int = 1
    arrivals: int = 0
    bounce: bool = False  # a bounce out follows the purchase
    start_arrival: bool = False  # arrived at the start of the turn (rovered at the alternate)
    home_arrival: bool = False  # declared and reached home this turn
    ridden: list[str] = field(default_factory=list)
    established_rides: dict[str, int] = field(default_factory=dict)
    established_since: dict[str, dict | None] = field(default_factory=dict)  # of established_rides
    full_rides: list[str] = field(default_factory=list)  # ridden once establishment was lost
    debt: dict | None = None  # a rover fee the victim must raise: debtor, to, amount, resume
    fees: list[dict] = field(default_factory=list)

    def allowance(self) -> int:
        if self.white is None:
            return 0
        return sum(self.white) + (self.red or 0)


@dataclass
class State:
    ledger: Ledger
    players: dict[str, Player]  # in seat order
    stage: str = "first_player"  # first_player | homes | starting_auction | play | over
    contenders: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # turn order, the first player first
    turn: Turn | None = None
    owners: dict[str, str | None] = field(default_factory=dict)  # railroad -> owner (None: bank)
    sold_out: bool = False
    auction: Auction | None = None
    purchases: int = 0  # Honeymoon: railroads bought by the real players, less those returned
    drawn: list[str] = field(default_factory=list)  # Starting Auction deeds drawn
    end_after_round: bool = False
    winners: list[str] = field(default_factory=list)
    # the banker's corrections once the game is over: {"account", "amount", "reason"}
    corrections_after_end: list[dict] = field(default_factory=list)

    def cash(self, pid: str) -> int:
        return self.ledger.balance(pid)

    def active(self) -> list[str]:
        """Players still in the game, in turn order (seat order before it is known)."""
        ids = self.order or list(self.players)
        return [pid for pid in ids if not self.players[pid].bankrupt]

    def owned_by(self, owner: str) -> list[str]:
        return [rr for rr, o in self.owners.items() if o == owner]

    @property
    def over(self) -> bool:
        return self.stage == "over"
