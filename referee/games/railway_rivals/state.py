"""The state of a Railway Rivals game: plain dataclasses rebuilt by replaying the log."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine.journal import Journal
from referee.engine.ledger import Ledger

# The kinds of account entry, each with the words the sheet shows for it.
ENTRY_KINDS = {
    "capital": "starting capital",
    "build_payment": "building payment",
    "first_town": "first to a town",
    "race_fee": "race fee",
    "prize": "race prize",
    "spending": "spent on track",
    "correction": "correction",
}


@dataclass(frozen=True)
class Entry:
    """One line of the accounts: money from one account to another, with its reason."""

    kind: str
    source: str
    target: str
    amount: int
    race: int  # 0: the building stage; n: race n and the spending after it
    note: str = ""


@dataclass
class Building:
    order: list[str]  # the companies in turn order this round
    round: int = 1
    at: int = 0  # index in `order` of the company building now
    throw: int | None = None  # this turn's throw (tournament: the round's shared throw)
    countdown: dict[str, int] | None = None  # turns left each, once the last town is declared

    @property
    def builder(self) -> str:
        return self.order[self.at]


@dataclass
class Train:
    id: str  # its lead company's id
    members: list[str]  # one company, or two for a joint train
    hexes: dict[str, int] | None = None  # rival company -> hexes on its lines (None: undeclared)
    powers: list[str] = field(default_factory=list)  # rivals it exchanges running powers with
    length: int = 0  # movement the route needs (hexes, +1 for each hill entered)
    moved: int = 0
    place: int | None = None  # 1 first, 2 second


@dataclass
class Race:
    number: int
    keys: list[int] = field(default_factory=list)  # the key numbers that stand
    towns: list[str] = field(default_factory=list)
    phase: str = "towns"  # towns | length | entries | routes | racing | done
    answered: dict[str, str | None] = field(default_factory=dict)  # company -> train or None
    trains: dict[str, Train] = field(default_factory=dict)
    declare_order: list[str] = field(default_factory=list)  # train ids, richest first
    throw_order: list[str] = field(default_factory=list)  # train ids, richest first
    at: int = 0  # index in throw_order of the train throwing next
    fees: list[tuple[str, str, int]] = field(default_factory=list)  # posted (payer, payee, n)
    lone: bool = False

    def remaining(self, train: str) -> int:
        t = self.trains[train]
        return max(t.length - t.moved, 0)


@dataclass
class Spending:
    """What each company may still spend on track after a race (or every 2 runs)."""

    allowance: dict[str, int]
    order: list[str]  # tournament: richest first, one after another
    done: list[str] = field(default_factory=list)
    ordered: bool = False


@dataclass
class State:
    ledger: Ledger
    companies: dict[str, str]  # id -> name, in seat order
    towns: list[str] = field(default_factory=list)  # the map's towns, in its order
    stage: str = "setup"  # setup | building | operating | ended
    starts: dict[str, str] = field(default_factory=dict)  # company -> its start town
    entries: Journal = field(default_factory=Journal)  # every account entry (shared, not copied)
    towns_first: dict[str, str] = field(default_factory=dict)  # town -> first company there
    building: Building | None = None
    race: Race | None = None
    races: Journal = field(default_factory=Journal)  # finished races (shared, never changed)
    spending: Spending | None = None
    key_uses: dict[int, int] = field(default_factory=dict)
    learned: dict[int, str] = field(default_factory=dict)  # key numbers the table typed
    joint_hexes: dict[str, int] = field(default_factory=dict)  # "a+b" (sorted) -> joint hexes
    leaps: dict[str, dict[str, int]] = field(default_factory=dict)  # company -> rival -> leaps
    target: int = 0
    winners: list[str] = field(default_factory=list)
    # the keeper's corrections once the game is over: {"company", "amount", "reason"}
    corrections_after_end: list[dict] = field(default_factory=list)

    def balance(self, cid: str) -> int:
        return self.ledger.balance(cid)

    @property
    def over(self) -> bool:
        return self.stage == "ended"

    def unreached(self) -> list[str]:
        """Towns no railway has reached yet (start towns count as reached)."""
        reached = set(self.towns_first) | set(self.starts.values())
        return [t for t in self.towns if t not in reached]

    def race_number(self) -> int:
        """The race an entry belongs to now: the one running, or the last one finished."""
        if self.race is not None:
            return self.race.number
        return self.races[-1].number if self.races else 0

    def richest_first(self, ids: list[str] | None = None) -> list[str]:
        """Companies by money, most first; ties keep seat order."""
        seats = list(self.companies)
        pool = ids if ids is not None else seats
        return sorted(pool, key=lambda c: (-self.balance(c), seats.index(c)))
