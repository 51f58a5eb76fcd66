"""Money moves only as transfers between accounts; balances are folded from them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

BANK = "bank"


@dataclass(frozen=True)
class Transfer:
    """One movement of whole currency units from one account to another.

    `kind` says what it is (a game's own word: "payoff", "purchase", "use_fee", "dividend",
    "correction", ...) and `fields` what it concerns ({"railroad": "B&O"}, {"reason": ...}):
    reports and histories read these. `memo` is for people only; nothing parses it.
    """

    source: str
    target: str
    amount: int
    memo: str = ""
    kind: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if type(self.amount) is not int or self.amount <= 0:
            raise ValueError(f"a transfer moves a positive whole amount, not {self.amount!r}")
        if self.source == self.target:
            raise ValueError(f"a transfer needs two different accounts, not {self.source!r} twice")

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "target": self.target,
            "amount": self.amount,
            "memo": self.memo,
            "kind": self.kind,
            "fields": dict(self.fields),
        }


def fold(transfers: Iterable[Transfer], opening: Mapping[str, int] | None = None) -> dict[str, int]:
    """Balances of every account after the transfers, starting from `opening` (default zero)."""
    balances: dict[str, int] = dict(opening or {})
    for t in transfers:
        balances[t.source] = balances.get(t.source, 0) - t.amount
        balances[t.target] = balances.get(t.target, 0) + t.amount
    return balances


class Ledger:
    """Running balances of a game's accounts, kept equal to the fold of its transfers.

    The bank is an account like any other; it starts at zero and goes negative as it pays out,
    so the sum over all accounts is always zero.
    """

    def __init__(self, balances: Mapping[str, int] | None = None):
        self.balances: dict[str, int] = dict(balances or {})

    def balance(self, account: str) -> int:
        return self.balances.get(account, 0)

    def post(self, transfer: Transfer) -> None:
        self.balances[transfer.source] = self.balance(transfer.source) - transfer.amount
        self.balances[transfer.target] = self.balance(transfer.target) + transfer.amount

    def total(self) -> int:
        return sum(self.balances.values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ledger):
            return NotImplemented
        mine = {k: v for k, v in self.balances.items() if v}
        theirs = {k: v for k, v in other.balances.items() if v}
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Ledger({self.balances!r})"
