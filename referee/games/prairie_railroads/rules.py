"""The rules of Prairie Railroads as actions.

Each action is a plain dict with a `type`; `apply` checks it against the state and returns the
outcome, or raises IllegalAction naming the rule. docs/prairie-railroads.md lists every action;
the handlers live in the actions_* modules, the shared turn flow in context.py.
"""

from __future__ import annotations

from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, Step

# The action modules register their handlers on import.
from referee.games.prairie_railroads import (  # noqa: F401
    actions_correct,
    actions_stock,
    actions_track,
    actions_turn,
)
from referee.games.prairie_railroads.board import Board
from referee.games.prairie_railroads.constants import HANDS, STARTING_CASH, money
from referee.games.prairie_railroads.context import HANDLERS, Play
from referee.games.prairie_railroads.settings import Settings
from referee.games.prairie_railroads.state import State
from referee.games.prairie_railroads.views import legal_actions

RESERVED = {BANK, "banker"}


# Recorded by the banker for the table: corrections, and the die roll for the starting player.
BANKER_ACTIONS = frozenset({"adjust_cash", "first_player", "correct_income", "correct_growth",
                            "correct_deck"})
AFTER_END = frozenset({"adjust_cash"})  # once the game is over, only the banker's corrections


class PrairieRules:
    """The rules object the engine replays a Prairie Railroads game with."""

    game = "prairie_railroads"
    banker_actions = BANKER_ACTIONS

    def __init__(self, board: Board | None, players: list[dict], settings: Settings):
        if not 3 <= len(players) <= 5:
            raise ValueError(f"Prairie Railroads takes 3 to 5 players, not {len(players)}")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids):
            raise ValueError("every player needs a different id")
        if bad := [i for i in ids if i in RESERVED or i.startswith("treasury:")]:
            raise ValueError(f"{bad[0]!r} cannot be a player id")
        self.board = board
        self.players = [dict(p) for p in players]
        self.settings = settings

    def initial(self) -> Outcome:
        count = len(self.players)
        state = State(
            ledger=Ledger(),
            players={p["id"]: p.get("name") or p["id"] for p in self.players},
            hands={p["id"]: dict(HANDS[count]) for p in self.players},
            deck=dict(self.settings.deck),
        )
        step = Step(state)
        cash = STARTING_CASH[count]
        for pid in state.players:
            step.transfer(BANK, pid, cash, "starting cash", "starting_cash")
        hand = HANDS[count]
        step.say(f"Each player starts with {money(cash)} and {hand['PD']} PD, {hand['OS']} OS "
                 f"and {hand['CT']} CT cards.")
        deck = self.settings.deck
        step.say(f"The draw deck holds {deck['PD']} PD, {deck['OS']} OS and {deck['CT']} CT.")
        step.say("Roll the die for the starting player.")
        return step.outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "Prairie Railroads", over=state.over,
                                after_end=AFTER_END)
        play = Play(self, Step(state))
        handler(play, action)
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        return legal_actions(self, state)

    def rename(self, state: State, player: str, name: str) -> None:
        """The engine's name correction (referee.engine.corrections): later lines use it."""
        state.players[player] = name
