"""The working context of one Railway Rivals action: reading it, towns, money, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.handlers import Handlers
from referee.engine.ledger import BANK, Transfer
from referee.engine.play import Play as EnginePlay
from referee.engine.rules import Step, require
from referee.games.railway_rivals.state import ENTRY_KINDS, Entry, State

if TYPE_CHECKING:
    from referee.games.railway_rivals.mapdata import RivalsMap
    from referee.games.railway_rivals.rules import RivalsRules

HANDLERS = Handlers()
handles = HANDLERS.on  # @handles("build_throw") registers the handler of an action type


def units(n: int) -> str:
    return f"{n} unit" if abs(n) == 1 else f"{n} units"


def count(n: int, one: str, many: str) -> str:
    """A number with its noun in words: "1 time", "2 times"."""
    return f"{n} {one if n == 1 else many}"


def verb(members: list[str], one: str, many: str) -> str:
    """The verb agreeing with a train's crew: "Ann throws", "Bob and Cy throw"."""
    return one if len(members) == 1 else many


class Play(EnginePlay):
    """One action being applied: the working state with the rules' helpers."""

    rules: RivalsRules
    state: State

    def __init__(self, rules: RivalsRules, step: Step):
        super().__init__(rules, step)
        self.map: RivalsMap = rules.map
        self.settings = rules.settings

    # -- reading the action ---------------------------------------------------------------

    def name(self, cid: str | None) -> str:
        if cid is None or cid == BANK:
            return "the bank"
        return self.state.companies.get(cid, cid)

    def names(self, ids: list[str]) -> str:
        return " and ".join(self.name(c) for c in ids)

    def company(self, action: dict, key: str = "company") -> str:
        cid = action.get(key)
        require(isinstance(cid, str) and cid in self.state.companies,
                f"Unknown company {cid!r}.")
        return cid  # type: ignore[return-value]

    def rivals(self, value: object, payer: str) -> list[str]:
        """One rival or a list of them (each paid the amount), never the payer."""
        ids = [value] if isinstance(value, str) else value
        require(isinstance(ids, list) and bool(ids) and len(ids) <= len(self.state.companies),
                "Name the rival (or rivals) paid.")
        out: list[str] = []
        for cid in ids:  # type: ignore[union-attr]
            require(isinstance(cid, str) and cid in self.state.companies,
                    f"Unknown company {cid!r}.")
            require(cid != payer, f"{self.name(payer)} pays nothing to itself.")
            require(cid not in out, f"{self.name(cid)} is named twice.")
            out.append(cid)
        return out

    @staticmethod
    def whole(value: object, what: str, lo: int = 1, hi: int = 999) -> int:
        require(type(value) is int and lo <= value <= hi,  # type: ignore[operator]
                f"{what} must be a whole number {lo} to {hi}.")
        return value  # type: ignore[return-value]

    def note(self, action: dict, required: bool = False) -> str:
        text = action.get("reason", action.get("note", ""))
        require(isinstance(text, str) and len(text.strip()) <= 80,
                "A reason is text of at most 80 letters.")
        require(not required or bool(text.strip()), "Say why (a reason for the accounts).")
        return text.strip()

    def town(self, value: object) -> str:
        found = self.map.find_town(value)
        require(found is not None and found not in self.map.special,
                f"Unknown town {value!r} on the {self.map.name} map.")
        return found  # type: ignore[return-value]

    # -- towns ----------------------------------------------------------------------------

    def unreached(self) -> list[str]:
        return self.state.unreached()

    # -- money ----------------------------------------------------------------------------

    def pay(self, source: str, target: str, amount: int, memo: str, kind: str,
            **fields: object) -> Transfer | None:
        """Post one account entry of `kind` (and its transfer); `memo`: the entry's note on
        the accounts sheet. Nothing for a zero amount."""
        if kind not in ENTRY_KINDS:
            raise ValueError(f"{kind!r} is not a kind of account entry")
        if amount <= 0:
            return None
        entry = Entry(kind, source, target, amount, self.state.race_number(), memo)
        self.state.entries = self.state.entries.appended(entry)
        words = ENTRY_KINDS[kind] + (f": {memo}" if memo else "")
        fields = {"race": entry.race, "note": memo, **fields}
        if kind == "correction":
            fields["reason"] = memo  # the field every game's corrections carry
        return super().pay(source, target, amount, words, kind, **fields)

    def can_pay(self, cid: str, amount: int, what: str) -> None:
        if self.settings.allow_negative or cid == BANK:
            return
        have = self.state.balance(cid)
        require(amount <= have, f"{self.name(cid)} has {units(have)} and cannot pay "
                f"{units(amount)} for {what}.")

    # -- the end --------------------------------------------------------------------------

    def target_reached(self) -> bool:
        return any(self.state.balance(c) >= self.state.target for c in self.state.companies)

    def end_game(self) -> None:
        state = self.state
        state.stage = "ended"
        state.spending = None
        self.name_winners()

    def name_winners(self) -> None:
        """Most money wins, ties allowed (the end, or a correction after it)."""
        state = self.state
        best = max(state.balance(c) for c in state.companies)
        state.winners = [c for c in state.companies if state.balance(c) == best]
        verb = "win" if len(state.winners) > 1 else "wins"
        self.say(f"{self.names(state.winners)} {verb} with {units(best)}.", "B8")
