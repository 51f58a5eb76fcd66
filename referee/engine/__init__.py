"""The game-independent engine: action log, replay, undo and the ledger of transfers.

Nothing here knows a game's rules; each game plugs in through :class:`GameRules`.
Nothing here imports Flask or sqlite-utils.
"""

from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.handlers import Handlers
from referee.engine.ledger import BANK, Ledger, Transfer
from referee.engine.questions import Question
from referee.engine.replay import Frame, Replayer
from referee.engine.rules import GameRules, Outcome, Step

__all__ = [
    "BANK",
    "Frame",
    "GameRules",
    "Handlers",
    "IllegalAction",
    "Ledger",
    "Outcome",
    "Question",
    "Replayer",
    "StaleAction",
    "Step",
    "Transfer",
]
