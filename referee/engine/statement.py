"""Statements: the lines that make each account's balance, one per transfer it took part in.

Built from the transfers of each action in force while replaying, so the lines of an account
add up to its balance by construction (balances are the fold of the same transfers). Each line
keeps the log index of the action that moved the money (`seq`; None for the opening). What a
line says and which rule set it come from a `describe` the caller supplies (a game's words).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.ledger import Transfer

Describe = Callable[[Transfer, str], tuple[str, str]]  # (transfer, account) -> (text, rule)


@dataclass(frozen=True)
class Line:
    """One transfer as one account sees it: `amount` is signed (+ in, - out)."""

    seq: int | None  # the action's index in the log; None: the opening (starting cash)
    amount: int
    kind: str
    text: str
    rule: str
    other: str  # the account on the other side
    fields: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"seq": self.seq, "amount": self.amount, "kind": self.kind, "text": self.text,
                "rule": self.rule}


def plain(transfer: Transfer, account: str) -> tuple[str, str]:
    """The words of a transfer with no game's words at hand: its kind, and no rule."""
    return transfer.kind or "transfer", ""


def moves(frames: Iterable[Any]) -> Iterator[tuple[int | None, Transfer]]:
    """(seq, transfer) for every transfer of `frames` (a replay's frames in force), in order."""
    for frame in frames:
        seq = frame.position if frame.position >= 0 else None
        for transfer in frame.transfers:
            yield seq, transfer


def statements(frames: Iterable[Any], describe: Describe = plain) -> dict[str, list[Line]]:
    """Every account's lines, oldest first."""
    out: dict[str, list[Line]] = {}
    for seq, t in moves(frames):
        for account, sign, other in ((t.source, -1, t.target), (t.target, 1, t.source)):
            text, rule = describe(t, account)
            out.setdefault(account, []).append(
                Line(seq, sign * t.amount, t.kind, text, rule, other, t.fields))
    return out


def statement(frames: Iterable[Any], account: str, describe: Describe = plain) -> list[Line]:
    """The lines of one account, oldest first."""
    out = []
    for seq, t in moves(frames):
        if account not in (t.source, t.target):
            continue
        sign, other = (-1, t.target) if t.source == account else (1, t.source)
        text, rule = describe(t, account)
        out.append(Line(seq, sign * t.amount, t.kind, text, rule, other, t.fields))
    return out


def total(lines: Iterable[Line]) -> int:
    """What the lines add up to: the account's balance, for all of its lines."""
    return sum(line.amount for line in lines)
