"""The state of a Railroad Barons game: small, plain dataclasses rebuilt by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.journal import Journal
from referee.engine.ledger import Ledger

PERCENTS = (40, 30, 20, 10)
DIRECTOR = 40


@dataclass
class Holding:
    key: str
    certs: dict[int, str | None] = field(
        default_factory=lambda: {p: None for p in PERCENTS})  # percent -> owner (None: bank)
    director: str | None = None  # None: not started
    space: str | None = None  # the share value marker's space on the track
    par: int | None = None
    operating: bool = False  # has received its capital
    railroads: list[tuple[str, int]] = field(default_factory=list)  # (card name, side)
    network: int = 0  # Operator tokens in the route network
    investors: list[int] = field(default_factory=list)  # assigned Investors, by value
    # the marker's moves since par, oldest first: {"from", "to", "why", "round"} (why this value)
    moves: list[dict] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.director is not None

    def share(self, pid: str | None) -> int:
        return sum(p for p, owner in self.certs.items() if owner == pid)

    def owned(self, pid: str) -> list[int]:
        return [p for p in PERCENTS if self.certs[p] == pid]

    def sold(self) -> int:
        """The percent players hold."""
        return sum(p for p, owner in self.certs.items() if owner is not None)


@dataclass
class Draft:
    step: str = "offer"  # offer | answer | pick
    dealt: int = 0  # Investors that have come into play (4 in all)
    offered: int | None = None  # the Investor on offer
    price: int | None = None  # the value its chooser named for it


@dataclass
class OpTurn:
    """One Holding operating: its Director's steps."""

    holding: str
    phase: str = "tokens"  # tokens | revenue | buy
    plus: int = 0
    down: int = 0
    added: int = 0  # railroads and Investors added so far (at most `plus`)
    revenue: int = 0


@dataclass
class State:
    ledger: Ledger
    players: dict[str, str]  # id -> name; the first is player A
    holdings: dict[str, Holding]
    stack: list[str]  # railroad cards, top first
    investors: dict[str, list[int]]  # player -> Investors held (not yet assigned)
    pool: list[int]  # Investors still to be drafted
    stage: str = "draft"  # draft | msc_par | stock | operating | over
    draft: Draft = field(default_factory=Draft)
    msc_owner: str | None = None  # who took the Investor with the Director certificate
    out_of_game: list[str] = field(default_factory=list)  # railroads removed, in order
    levels_seen: list[int] = field(default_factory=list)  # levels bought or removed so far
    obsolete: list[int] = field(default_factory=list)  # obsolete levels
    sr: int = 0
    orn: int = 0  # 1 or 2 during the operating rounds
    priority: str = ""
    turn: str = ""  # whose Stock Round turn
    fresh: bool = True  # no turn taken yet in this Stock Round
    passes: int = 0  # consecutive passes
    last_actor: str | None = None  # who last sold or bought this Stock Round
    sold_this_round: dict[str, list[str]] = field(default_factory=dict)
    turn_sold: bool = False  # the player of the turn has sold already
    turn_dropped: list[str] = field(default_factory=list)  # Holdings dropped by this turn
    priority_switched: bool = False
    op: OpTurn | None = None
    op_queue: list[str] = field(default_factory=list)
    ending: bool = False  # a Holding reached the end value: this OR is the last
    values_by_round: Journal = field(default_factory=Journal)  # each player's worth, per round
    book: dict = field(default_factory=dict)  # the box's names and printed figures reports read
    scores: dict[str, dict] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    # the banker's corrections once the game is over: {"account", "amount", "reason"} of cash,
    # {"holding", "from", "to", "reason"} of a marker (the values before and after)
    corrections_after_end: list[dict] = field(default_factory=list)

    def cash(self, account: str) -> int:
        return self.ledger.balance(account)

    @property
    def over(self) -> bool:
        return self.stage == "over"

    def other(self, pid: str) -> str:
        return next(p for p in self.players if p != pid)

    @property
    def a(self) -> str:
        return next(iter(self.players))

    @property
    def chooser(self) -> str:
        """Who selects the next Investor in the draft: A the first, B the next two, A the fourth."""
        a = self.a
        return [a, self.other(a), self.other(a), a][min(self.draft.dealt, 3)]

    def certificate_count(self, pid: str) -> int:
        return sum(len(h.owned(pid)) for h in self.holdings.values())


def treasury(key: str) -> str:
    """The account of a Holding's treasury."""
    return f"treasury:{key}"
