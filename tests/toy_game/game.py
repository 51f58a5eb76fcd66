"""The toy race's rules and its side of the contract (GAME)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engine import BANK, Ledger, Outcome, Step
from referee.engine.handlers import Handlers
from referee.engine.record import RecordError
from referee.engine.replay import Frame
from referee.engine.rules import require
from referee.games.contract import Figure, FinalFigures, ranked

GOAL = 20
FIGURES = (Figure("points", "Points", "mean", "Average points"), Figure("rolls", "Rolls"))
HANDLERS = Handlers()


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


@HANDLERS.on("roll")
def roll(step: Step, action: dict) -> None:
    state: State = step.state
    require(action.get("player") == state.roller, f"It is {state.names[state.roller]}'s roll.")
    die = action.get("die")
    require(type(die) is int and 1 <= die <= 6, "A die shows 1 to 6.")
    player = action["player"]
    state.scores[player] += die
    step.transfer(BANK, player, die, "roll", "roll")
    step.say(f"{state.names[player]} rolls {die}: {state.scores[player]} points.")
    state.turn += 1
    if state.scores[player] >= GOAL:
        state.winners = [player]
        step.say(f"{state.names[player]} reaches {GOAL} and wins.")


class ToyRules:
    game = "toy_race"
    banker_actions: frozenset[str] = frozenset()

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
        step = Step(state)
        handler(step, action)
        return step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        return [] if state.over else [{"type": "roll", "player": state.roller}]


class ToyRace:
    """The toy race, as the app asks of a game."""

    banker_actions: frozenset[str] = frozenset()
    boards = None

    def rules_for(self, record: dict, resolve: Any = None) -> ToyRules:
        return ToyRules(record["players"])

    def to_act(self, state: State) -> list[str]:
        return [] if state.roller is None else [state.roller]

    def acting_player(self, action: dict) -> str | None:
        player = action.get("player")
        return player if isinstance(player, str) and player else None

    def visible_cash(self, state: State, viewer: str | None, subject: str) -> int | None:
        return state.ledger.balance(subject)  # nothing is secret in a race

    def history(self, frames: list[Frame]) -> list[dict]:
        lines = [text for f in frames if f.action is not None for text in f.outcome.events]
        return [{"label": "The race", "turn": 0, "lines": lines}]

    def summary(self, state: State) -> dict:
        return {"scores": dict(state.scores), "cash": dict(state.ledger.balances),
                "to_act": state.roller, "winners": list(state.winners)}

    def final_figures(self, frames: Sequence[Frame]) -> FinalFigures | None:
        """The points and the die rolls of each racer, once someone has won."""
        state: State = frames[-1].state
        if not state.over:
            return None
        rolls = [t for f in frames for t in f.outcome.transfers if t.kind == "roll"]
        values = {pid: {"points": state.scores[pid],
                        "rolls": sum(1 for t in rolls if t.target == pid)}
                  for pid in state.order}
        winners = tuple(state.winners)
        return FinalFigures(FIGURES, values, winners, ranked(values, winners, "points"), "points")

    def render(self, report: dict) -> str:
        lines = [f"  {pid}: {score} points, ${report['cash'].get(pid, 0)}"
                 for pid, score in report["scores"].items()]
        if report["winners"]:
            lines.append("Winner: " + ", ".join(report["winners"]))
        return "\n".join(["Toy race:", *lines])


GAME = ToyRace()
