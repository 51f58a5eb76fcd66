"""A tiny game for the web tests: players add to their counters and pay the bank.

It implements the engine's GameRules and is registered only inside the tests, which shows the
web layer works for any game in the registry, not only Rail Baron.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import BANK, IllegalAction, Ledger, Outcome, Step
from referee.engine.rules import require

OPENING_CASH = 100


@dataclass
class CounterState:
    ledger: Ledger
    counts: dict[str, int] = field(default_factory=dict)


class CounterRules:
    game = "counter"

    def __init__(self, players: list[dict]):
        self.players = [p["id"] for p in players]

    def initial(self) -> Outcome:
        step = Step(CounterState(Ledger(), {p: 0 for p in self.players}))
        for p in self.players:
            step.transfer(BANK, p, OPENING_CASH, "opening cash")
        return step.outcome()

    def apply(self, state: CounterState, action: dict) -> Outcome:
        step = Step(state)
        kind = action["type"]
        if kind == "add":
            player = action.get("player")
            require(player in self.players, f"No player {player!r}.")
            n = action.get("n")
            require(type(n) is int and 1 <= n <= 10, "Add from 1 to 10.")
            step.state.counts[player] += n
            step.say(f"{player} adds {n}.")
        elif kind == "pay":
            player = action.get("player")
            require(player in self.players, f"No player {player!r}.")
            amount = action.get("amount")
            require(type(amount) is int and amount > 0, "Pay a positive amount.")
            require(amount <= step.ledger.balance(player), f"{player} cannot pay {amount}.")
            step.transfer(player, BANK, amount, "payment")
            step.say(f"{player} pays {amount}.")
        elif kind == "reset":
            step.state.counts = {p: 0 for p in self.players}
            step.say("All counters back to 0.")
        else:
            raise IllegalAction(f"Unknown action {kind!r}.")
        return step.outcome()

    def legal_actions(self, state: CounterState) -> list[dict]:
        return [{"type": "add", "player": p} for p in self.players]


def rules_for(record: dict, resolve_map: object = None) -> CounterRules:
    return CounterRules(record["players"])


class Counter:
    """The counter game's side of referee.games.contract.Game."""

    banker_actions = frozenset({"reset"})
    boards = None

    def rules_for(self, record: dict, resolve: object = None) -> CounterRules:
        return rules_for(record, resolve)

    def to_act(self, state: CounterState) -> list[str]:
        return list(state.counts)  # anyone may add at any time

    def acting_player(self, action: dict) -> str | None:
        player = action.get("player")
        return player if isinstance(player, str) and player else None

    def visible_cash(self, state: CounterState, viewer: str | None, subject: str) -> int | None:
        return None  # nobody's cash is shown on phones or the table

    def history(self, frames: list) -> list[dict]:
        lines = [text for f in frames[1:] for text in f.outcome.events]
        return [{"label": "Counting", "turn": 0, "lines": lines}] if lines else []

    def summary(self, state: CounterState) -> dict:
        return {"counts": dict(state.counts), "to_act": None, "winners": []}

    def final_figures(self, frames: list) -> None:
        return None  # counting never ends: no game of it is ever finished

    def render(self, report: dict) -> str:
        return ", ".join(f"{p}: {n}" for p, n in report["counts"].items())


GAME = Counter()
