"""The toy race's rules: the state, the one action (a roll) and the engine's GameRules."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import BANK, Ledger, Outcome, Step
from referee.engine.record import RecordError
from referee.engine.rules import require
from tests.toy_game.context import HANDLERS, Play, handles

__all__ = ["BANKER_ACTIONS", "GOAL", "HANDLERS", "State", "ToyRules"]

GOAL = 20
BANKER_ACTIONS: frozenset[str] = frozenset()  # every roll is a player's own
ROLLING = "ROLLING"  # the toy's rulebook sections (rulebook.py words them)
TURNS = "TURNS"


@dataclass
class State:
    ledger: Ledger
    names: dict[str, str]
    scores: dict[str, int]
    order: list[str]
    turn: int = 0  # how many rolls so far; order[turn % 2] rolls next
    winners: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def roller(self) -> str | None:
        return None if self.over else self.order[self.turn % len(self.order)]


@handles("roll")
def roll(play: Play, action: dict) -> None:
    state = play.state
    require(action.get("player") == state.roller, f"It is {play.name(state.roller)}'s roll.",
            TURNS)
    die = action.get("die")
    require(type(die) is int and 1 <= die <= 6, "A die shows 1 to 6.")
    player = action["player"]
    state.scores[player] += die
    play.pay(BANK, player, die, "roll", "roll", die=die)
    play.say(f"{play.name(player)} rolls {die}: {state.scores[player]} points.")
    state.turn += 1
    if state.scores[player] >= GOAL:
        state.winners = [player]
        play.say(f"{play.name(player)} reaches {GOAL} and wins.", "WINNING")


class ToyRules:
    game = "toy_race"
    banker_actions = BANKER_ACTIONS

    def __init__(self, players: list[dict]):
        if len(players) != 2:
            raise RecordError("players: the toy race takes two players")
        self.players = players

    def initial(self) -> Outcome:
        ids = [p["id"] for p in self.players]
        names = {p["id"]: str(p.get("name") or p["id"]) for p in self.players}
        return Step(State(Ledger(), names, dict.fromkeys(ids, 0), ids)).outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "The toy race", over=state.over)
        play = Play(self, Step(state))
        handler(play, action)
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        return [] if state.over else [{"type": "roll", "player": state.roller}]
