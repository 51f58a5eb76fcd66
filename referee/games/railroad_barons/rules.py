"""The rules of Railroad Barons as actions.

Each action is a plain dict with a `type`; `apply` checks it against the state and returns the
outcome, or raises IllegalAction naming the rule. docs/railroad-barons.md lists every action;
the handlers live in the actions_* modules, the order of play in flow.py.
"""

from __future__ import annotations

from typing import Any

from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, Step

# The action modules register their handlers on import.
from referee.games.railroad_barons import (  # noqa: F401
    actions_bank,
    actions_operate,
    actions_setup,
    actions_stock,
)
from referee.games.railroad_barons.box import Box
from referee.games.railroad_barons.context import HANDLERS, Play, money
from referee.games.railroad_barons.settings import Settings
from referee.games.railroad_barons.state import Holding, State

STARTING_CASH = 200
RESERVED = {BANK, "banker"}
BANKER_ACTIONS = frozenset({"adjust_cash", "correct_value"})
AFTER_END = BANKER_ACTIONS  # once the game is over, only the banker's corrections


def book_of(box: Box) -> dict[str, Any]:
    """What a report reads of the box, carried in the state so that it needs no rules object:
    the box's key, the Holdings' names and colours, each space's value, each railroad's sides."""
    return {
        "box": box.key,
        "holdings": {k: [h.name, h.color] for k, h in box.holdings.items()},
        "values": {k: s.value for k, s in box.track.items()},
        "cards": {c.name: [[s.category, s.level, s.cost, s.income] for s in c.sides]
                  for c in box.cards},
    }


class BaronsRules:
    """The rules object the engine replays a Railroad Barons game with."""

    game = "railroad_barons"
    banker_actions = BANKER_ACTIONS

    def __init__(self, box: Box, players: list[dict], settings: Settings):
        if len(players) != 2:
            raise ValueError(f"Railroad Barons takes 2 players, not {len(players)}")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids):
            raise ValueError("every player needs a different id")
        if bad := [i for i in ids if i in RESERVED or i.startswith("treasury:")]:
            raise ValueError(f"{bad[0]!r} cannot be a player id")
        self.box = box
        self.players = [dict(p) for p in players]
        self.settings = settings

    def initial(self) -> Outcome:
        box = self.box
        stack = [c.name for c in box.cards if c.name != box.investor_railroad]
        state = State(
            ledger=Ledger(),
            players={p["id"]: p.get("name") or p["id"] for p in self.players},
            holdings={k: Holding(k) for k in box.holdings},
            stack=stack,
            investors={p["id"]: [] for p in self.players},
            pool=sorted(box.investors),
            book=book_of(box),
        )
        step = Step(state)
        for pid in state.players:
            step.transfer(BANK, pid, STARTING_CASH, "starting cash", "starting_cash")
        a, b = list(state.players.values())
        step.say(f"Each player receives {money(STARTING_CASH)}. {a} is player A, {b} player B.")
        step.say(f"The {box.investor_railroad} and the {box.holdings[box.investor_holding].name} "
                 f"Director certificate lie on the $450 Investor.")
        step.say(f"{a} selects an Investor and names its value.")
        return step.outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "Railroad Barons", over=state.over, after_end=AFTER_END)
        play = Play(self, Step(state))
        handler(play, action)
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict[str, Any]]:
        from referee.games.railroad_barons.views import legal_actions

        return legal_actions(self, state)

    def rename(self, state: State, player: str, name: str) -> None:
        """The engine's name correction (referee.engine.corrections): later lines use it."""
        state.players[player] = name
