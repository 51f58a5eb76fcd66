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


class Shared:
    """Marks a value that is never changed in place (a Journal): states share it as it is."""

    __slots__ = ()


_UNTOUCHED = "_untouched_fields"  # the fields of a working state not yet read, in its __dict__
_PLAIN = (str, int, float, bool, type(None), bytes, frozenset, Shared)


class _Touching:
    """Mixed into a working state's class while an action is applied: a field is copied the
    first time it is read, so the action changes its own copy and every field it never reads
    stays shared with the state it came from."""

    __slots__ = ()
    _touch_base: type

    def __getattribute__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "__dict__")
        untouched = fields.get(_UNTOUCHED)
        if untouched and name in untouched:
            untouched.discard(name)
            value = fields[name]
            if not isinstance(value, _PLAIN):
                value = fields[name] = working_copy(value)
            return value
        return object.__getattribute__(self, name)

    def __setattr__(self, name: str, value: Any) -> None:
        untouched = object.__getattribute__(self, "__dict__").get(_UNTOUCHED)
        if untouched:
            untouched.discard(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        untouched = object.__getattribute__(self, "__dict__").get(_UNTOUCHED)
        if untouched:
            untouched.discard(name)
        object.__delattr__(self, name)


_TOUCHING: dict[type, type] = {}


def _touching_class(base: type) -> type | None:
    """`base` with copy on first read mixed in; None for a state that has no __dict__."""
    found = _TOUCHING.get(base)
    if found is None:
        if "__slots__" in vars(base) or not hasattr(base, "__dict__"):
            return None
        methods = {name: vars(_Touching)[name]
                   for name in ("__getattribute__", "__setattr__", "__delattr__")}
        found = type(base.__name__, (base,), {"__slots__": (), "_touch_base": base, **methods})
        _TOUCHING[base] = found
    return found


def touched_copy(state: Any) -> Any:
    """A working state for one action that copies only what the action reads: a new object
    holding the same fields, each copied on its first read (a state without fields of its
    own is copied whole). The state it came from is never changed."""
    base = type(state)
    base = vars(base).get("_touch_base", base)
    touching = _touching_class(base)
    if touching is None:
        return working_copy(state)
    fields = dict(object.__getattribute__(state, "__dict__"))
    fields.pop(_UNTOUCHED, None)
    copy = object.__new__(touching)
    object.__getattribute__(copy, "__dict__").update(fields)
    object.__getattribute__(copy, "__dict__")[_UNTOUCHED] = set(fields)
    return copy


def settled(state: Any) -> Any:
    """A working state made an ordinary state of its game again (its class and fields as
    they were), once the action is done; any other state as it is."""
    base = vars(type(state)).get("_touch_base")
    if base is not None:
        object.__getattribute__(state, "__dict__").pop(_UNTOUCHED, None)
        object.__setattr__(state, "__class__", base)
    return state


class Step:
    """A working state while one action is applied.

    Rules change `step.state` freely; what they read is copied first (copy on first read), so
    if they raise :class:`IllegalAction` the copy is thrown away and the game's state is
    untouched. Money moves only through :meth:`transfer`.
    """

    def __init__(self, state: Any):
        self.state = touched_copy(state)
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
        return Outcome(settled(self.state), self.transfers, self.events)


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
