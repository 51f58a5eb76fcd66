"""The working context of one toy race action: the engine's Play, with the race's names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.handlers import Handlers
from referee.engine.play import Play as EnginePlay

if TYPE_CHECKING:
    from tests.toy_game.rules import State

HANDLERS = Handlers()
handles = HANDLERS.on  # @handles("roll") registers the handler of an action type


class Play(EnginePlay):
    """One action being applied: the working state, with the racers' names."""

    state: State

    def name(self, player: str) -> str:
        return self.state.names.get(player, player)
