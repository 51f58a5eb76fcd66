"""How a game plugs into the engine: a rules object that turns (state, action) into an outcome."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.engine.errors import IllegalAction
from referee.engine.ledger import Ledger, Transfer


class Event(str):
    """A line an action says, carrying the rule that made the app do it on its own (an
    establishment, a bounce out, an obsolete railroad): still a plain str to every reader."""

    rule: str

    def __new__(cls, text: str, rule: str) -> Event:
        event = super().__new__(cls, text)
        event.rule = rule
        return event

    def __reduce__(self) -> tuple:
        return Event, (str(self), self.rule)


@dataclass
class Outcome:
    """What one accepted action produced: the new state, the money it moved, what to tell people."""

    state: Any
    transfers: list[Transfer] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def working_copy(state: Any) -> Any:
    """A deep copy of a state of plain data, made by pickling (a few times faster than
    copy.deepcopy for the same result; a state must be plain, picklable data)."""
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


class Step:
    """A working copy of a state while one action is applied.

    Rules change `step.state` freely; if they raise :class:`IllegalAction`, the copy is thrown
    away and the game's state is untouched. Money moves only through :meth:`transfer`.
    """

    def __init__(self, state: Any):
        self.state = working_copy(state)
        self.transfers: list[Transfer] = []
        self.events: list[str] = []

    @property
    def ledger(self) -> Ledger:
        return self.state.ledger

    def transfer(self, source: str, target: str, amount: int, memo: str = "", kind: str = "",
                 **fields: Any) -> Transfer:
        """Move `amount` from `source` to `target`: a transfer of `kind` about `fields`."""
        t = Transfer(source, target, amount, memo, kind, fields)
        self.ledger.post(t)
        self.transfers.append(t)
        return t

    def say(self, text: str, rule: str | None = None) -> None:
        """Tell the table `text`; `rule`: the rulebook section of an effect the app applies on
        its own (the page shows "Rule: ...")."""
        self.events.append(Event(text, rule) if rule else text)

    def outcome(self) -> Outcome:
        return Outcome(self.state, self.transfers, self.events)


class GameRules(Protocol):
    """The interface every game offers the engine; states must carry a `ledger`."""

    game: str
    banker_actions: frozenset[str]  # action types only the banker records (undo always is)

    def initial(self) -> Outcome:
        """The state before the first action (opening cash is paid here, as transfers)."""
        ...

    def apply(self, state: Any, action: dict) -> Outcome:
        """Check `action` against `state` and return the outcome, or raise IllegalAction."""
        ...

    def legal_actions(self, state: Any) -> list[dict]:
        """The actions that may come next, as templates with their allowed choices."""
        ...


def require(condition: bool, reason: str, rule: str | None = None) -> None:
    """Raise IllegalAction with `reason` unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason, rule)
