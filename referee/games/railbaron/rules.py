"""The rules of Rail Baron (modern Southeast rulebook and classic Avalon Hill rules) as actions.

Each action is a plain dict with a `type`; `apply` checks it against the state and returns the
outcome, or raises IllegalAction naming the rule. docs/railbaron-actions.md lists every action;
the handlers live in the actions_* modules, the shared turn flow in context.py.
"""

from __future__ import annotations

from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, Step

# The action modules register their handlers on import.
from referee.games.railbaron import actions_fees, actions_purchase, actions_setup, actions_turn  # noqa: F401,E501
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.context import HANDLERS, Play
from referee.games.railbaron.fees import money
from referee.games.railbaron.settings import Settings
from referee.games.railbaron.state import (
    PHANTOM,
    Player,
    State,
)
from referee.games.railbaron.views import legal_actions

# Recorded by the banker for the table: corrections, and draws and rolls that are no seat's own.
BANKER_ACTIONS = frozenset({"adjust_cash", "roll_for_first_player", "draw_deed", "phantom_draw"})
AFTER_END = frozenset({"adjust_cash"})  # once the game is over, only the banker's corrections


class RailBaronRules:
    """The rules object the engine replays a Rail Baron game with."""

    game = "railbaron"
    banker_actions = BANKER_ACTIONS

    def __init__(self, board: RailBaronMap, players: list[dict], settings: Settings):
        if not 2 <= len(players) <= 6:
            raise ValueError(f"Rail Baron takes 2 to 6 players, not {len(players)}")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids):
            raise ValueError("every player needs a different id")
        if reserved := {BANK, PHANTOM, "banker"} & set(ids):
            raise ValueError(f"{sorted(reserved)[0]!r} cannot be a player id")
        if settings.honeymoon and len(players) != 2:
            raise ValueError("the Honeymoon rules are for exactly 2 players")
        if not board.railroads:
            raise ValueError(f"the {board.name} map has no railroads yet: it can be looked up, "
                             "not played")
        self.board = board
        self.players = [dict(p) for p in players]
        self.settings = settings

    def initial(self) -> Outcome:
        players = {
            p["id"]: Player(p["id"], p.get("name") or p["id"], p.get("colour", ""))
            for p in self.players
        }
        state = State(ledger=Ledger(), players=players)
        state.contenders = list(players)
        state.owners = {rr: None for rr in self.board.railroads}
        step = Step(state)
        cash = self.settings.starting_cash()
        extra = {"extra": self.settings.starting_auction_extra} \
            if self.settings.starting_auction else {}  # STARTING AUCTION: the extra cash
        for pid in players:
            step.transfer(BANK, pid, cash, "starting cash", "starting_cash", **extra)
        step.say(f"Each player starts with {money(cash)} and a Freight engine.")
        step.say("Everyone rolls three dice: the highest total goes first.")
        return step.outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "Rail Baron", over=state.over, after_end=AFTER_END)
        play = Play(self, Step(state))
        handler(play, action)
        play.undeclare_below_win_cash()
        play.announce()
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        return legal_actions(self, state)

    def rename(self, state: State, player: str, name: str) -> None:
        """The engine's name correction (referee.engine.corrections): later lines use it."""
        state.players[player].name = name
