"""A tiny game for the web tests: players add to their counters and pay the bank.

Written as every game is (GameParts, a Play on the engine's), but kept in one module and with
no words of its own (no rule_names: its statements are plain). The web tests register it in the
registry for each test (tests/web/conftest.py), which shows the web layer works for any game
the registry holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import BANK, Ledger, Outcome, Step
from referee.engine.handlers import Handlers
from referee.engine.play import Play
from referee.engine.rules import require
from referee.games.contract import GameMeta, GameParts, Resolver

OPENING_CASH = 100
HANDLERS = Handlers()
META = GameMeta("counter", "Counter", 2, 6, "tests.web.counter_game")


@dataclass
class CounterState:
    ledger: Ledger
    counts: dict[str, int] = field(default_factory=dict)

    over = False  # counting never ends


def _player(play: Play, action: dict) -> str:
    player = action.get("player")
    require(player in play.rules.players, f"No player {player!r}.")
    return player  # type: ignore[return-value]


@HANDLERS.on("add")
def add(play: Play, action: dict) -> None:
    player = _player(play, action)
    n = action.get("n")
    require(type(n) is int and 1 <= n <= 10, "Add from 1 to 10.")
    play.state.counts[player] += n
    play.say(f"{player} adds {n}.")


@HANDLERS.on("pay")
def pay(play: Play, action: dict) -> None:
    player = _player(play, action)
    amount = action.get("amount")
    require(type(amount) is int and amount > 0, "Pay a positive amount.")
    require(amount <= play.cash(player), f"{player} cannot pay {amount}.")
    play.pay(player, BANK, amount, "payment", "payment")
    play.say(f"{player} pays {amount}.")


@HANDLERS.on("reset")
def reset(play: Play, action: dict) -> None:
    play.state.counts = dict.fromkeys(play.rules.players, 0)
    play.say("All counters back to 0.")


class CounterRules:
    game = "counter"

    def __init__(self, players: list[dict]):
        self.players = [p["id"] for p in players]

    def initial(self) -> Outcome:
        play = Play(self, Step(CounterState(Ledger(), dict.fromkeys(self.players, 0))))
        for p in self.players:
            play.pay(BANK, p, OPENING_CASH, "opening cash", "opening_cash")
        return play.step.outcome()

    def apply(self, state: CounterState, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "The counter game", over=False)
        play = Play(self, Step(state))
        handler(play, action)
        return play.step.outcome()

    def legal_actions(self, state: CounterState) -> list[dict]:
        return [{"type": "add", "player": p} for p in self.players]


def rules_for(record: dict, resolve: Resolver | None = None) -> CounterRules:
    return CounterRules(record["players"])


def history(frames: list) -> list[dict]:
    lines = [text for f in frames[1:] for text in f.outcome.events]
    return [{"label": "Counting", "turn": 0, "lines": lines}] if lines else []


GAME = GameParts(
    banker_actions=frozenset({"reset"}),
    boards=None,
    rules_for=rules_for,
    seats_to_act=lambda state: list(state.counts),  # anyone may add at any time
    visible_cash=lambda state, viewer, subject: None,  # no cash shown on phones or the table
    history=history,
    summary=lambda state: {"players": {p: {"count": n} for p, n in state.counts.items()},
                           "to_act": list(state.counts), "winners": []},
    render=lambda report: ", ".join(f"{p}: {c['count']}" for p, c in report["players"].items()),
    final_figures=lambda frames: None,  # no game of it is ever finished
)
