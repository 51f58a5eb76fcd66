"""One action being applied: the working state, and the money and words every game uses.

Each game's `context.Play` subclasses :class:`Play` and adds the helpers its rules read (names,
towns, prices). Money moves through :meth:`Play.pay`, in one argument order in every game:
`pay(source, target, amount, memo, kind, **fields)`.
"""

from __future__ import annotations

from typing import Any

from referee.engine.ledger import Transfer
from referee.engine.rules import Step


class Play:
    """One action being applied: `state` is the working copy, `rules` the game's rules."""

    def __init__(self, rules: Any, step: Step):
        self.rules = rules
        self.step = step
        self.state: Any = step.state

    def cash(self, account: str) -> int:
        """An account's balance now, with this action's transfers so far."""
        return self.state.ledger.balance(account)

    def pay(self, source: str, target: str, amount: int, memo: str, kind: str,
            **fields: Any) -> Transfer | None:
        """A transfer of `kind` about `fields` (read by reports and explanations; `memo` is for
        people, nothing parses it). An amount of 0 moves nothing and gives None."""
        if amount > 0:
            return self.step.transfer(source, target, amount, memo, kind, **fields)
        return None

    def say(self, text: str, rule: str | None = None) -> None:
        """Tell the table `text`; `rule`: the rulebook section of an effect the app applied."""
        self.step.say(text, rule)
