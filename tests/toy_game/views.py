"""What the toy race shows: who rolls, the cash, the history, its summary and its text."""

from __future__ import annotations

from referee.engine.replay import Frame
from tests.toy_game.rules import State


def roller(state: State) -> str | None:
    """The one player to roll now (None once someone has won)."""
    return state.roller


def visible_cash(state: State, viewer: str | None, subject: str) -> int | None:
    return state.ledger.balance(subject)  # nothing is secret in a race


def history(frames: list[Frame]) -> list[dict]:
    lines = [text for f in frames if f.action is not None for text in f.outcome.events]
    return [{"label": "The race", "turn": 0, "lines": lines}]


def summary(state: State) -> dict:
    return {"players": {pid: {"score": state.scores[pid], "cash": state.ledger.balance(pid)}
                        for pid in state.order},
            "to_act": [state.roller] if state.roller else [], "winners": list(state.winners)}


def render(report: dict) -> str:
    lines = [f"  {pid}: {p['score']} points, ${p['cash']}" for pid, p in report["players"].items()]
    if report["winners"]:
        lines.append("Winner: " + ", ".join(report["winners"]))
    return "\n".join(["Toy race:", *lines])
