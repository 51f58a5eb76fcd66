"""The state of a Prairie Railroads game: small, plain dataclasses rebuilt by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.ledger import Ledger
from referee.games.prairie_railroads.constants import RAILROADS, SHARES


@dataclass
class Railroad:
    key: str
    shares: dict[str, int] = field(default_factory=dict)  # player id -> shares held
    track: list[tuple[str, str]] = field(default_factory=list)  # segments, as built (from, to)
    western: str | None = None  # the Western Build box it built
    western_beside: tuple[str, str] | None = None  # the segment the box lies beside
    income: int = 0  # running totals, updated on every build and growth
    value: int = 0

    def sold(self) -> int:
        return sum(self.shares.values())

    def unsold(self) -> int:
        return SHARES - self.sold()

    def cities(self) -> set[str]:
        return {c for seg in self.track for c in seg}


@dataclass
class Auction:
    railroad: str
    seller: str | None  # the player selling his own share; None: an unsold share
    bidders: list[str]  # still in, in bidding order
    minimum: int
    at: int = 0  # index in `bidders` of whoever bids next
    high: int | None = None
    high_bidder: str | None = None
    offered_by: str = ""  # whose turn or whose offer (the initial auctions: the offering player)

    @property
    def next_bidder(self) -> str:
        return self.bidders[self.at]

    def to_beat(self) -> int:
        """The least amount the next bid may be."""
        return max(self.minimum, 1) if self.high is None else self.high + 1


@dataclass
class Build:
    """A Construct Track card being played."""

    source: str  # hand | deck
    railroad: str | None = None
    builder: str | None = None


@dataclass
class Turn:
    number: int
    player: str
    phase: str  # card | offer | bidding | growth | growth_choice | railroad | build
    card: str | None = None
    source: str | None = None  # hand | deck
    build: Build | None = None
    blocked: list[str] = field(default_factory=list)  # no open segment, said the table
    roll: int | None = None  # a growth roll whose two cities had both grown, awaiting a choice


@dataclass
class City:
    """A city the game knows: from the board table, or typed by the table and remembered."""

    name: str
    income: int | None  # base income (None: not asked yet)
    start: bool = False


@dataclass
class State:
    ledger: Ledger
    players: dict[str, str]  # id -> name, in seat order (clockwise)
    hands: dict[str, dict[str, int]]
    deck: dict[str, int]
    stage: str = "first_player"  # first_player | initial | play | over
    railroads: dict[str, Railroad] = field(
        default_factory=lambda: {rr: Railroad(rr) for rr in RAILROADS})
    cities: dict[str, City] = field(default_factory=dict)
    grown: list[str] = field(default_factory=list)  # cities grown, in order
    auction: Auction | None = None
    initial: str | None = None  # the railroad of the initial auction now running
    first_build: str | None = None  # railroad whose free first segment is due (its winner builds)
    first_builder: str | None = None
    turn: Turn | None = None
    turns: int = 0  # the number of the latest turn begun
    dividends_paid: int = 0  # Pay Dividends cards played
    western_count: int = 0
    final: dict[str, int] = field(default_factory=dict)  # player -> final payoff received
    winners: list[str] = field(default_factory=list)
    # the banker's corrections once the game is over: {"account", "amount", "reason"}
    corrections_after_end: list[dict] = field(default_factory=list)

    def cash(self, pid: str) -> int:
        return self.ledger.balance(pid)

    @property
    def over(self) -> bool:
        return self.stage == "over"

    def segment_owner(self, a: str, b: str) -> str | None:
        key = {a, b}
        for rr in self.railroads.values():
            if any(set(seg) == key for seg in rr.track):
                return rr.key
        return None

    def western_owner(self, box: str) -> str | None:
        return next((rr.key for rr in self.railroads.values() if rr.western == box), None)
