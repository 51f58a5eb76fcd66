"""What the web layer asks of a game, gathered from its contract (referee.games.contract).

The rules side (who acts, visible cash, banker-only actions) comes from the game's GAME; the
lobby's choices from its META. A game whose META names a `web` module may define there any of:

    page_context(view: GameView) -> dict        # extra names for templates/<key>/_<page>.html
    blueprints() -> tuple[Blueprint, ...]       # the game's own pages, registered by the app
    setup_context() -> dict                     # extra names for templates/<key>/_setup.html
    read_setup(form, problems) -> (map_ref | None, dict)
                                                # the lobby fields of templates/<key>/_setup.html
    boards_page() -> str | None                 # the game's own boards page (referee/web/boards.py)
    board_links(summary) -> [(label, url)]      # its pages about one board, on the board's report
    nav_links() -> [(name, label, url)]         # its own pages the lobby and the shared
                                                # navigation link to (a page's `current` is name)
    frame_notes = (version, make)               # notes worked out once per action and stored
                                                # with each checkpoint (referee/web/replayers.py)

Names it leaves out come from `referee.web.games.generic`. Its pages render
templates/<key>/_<page>.html, falling back to templates/generic/_<page>.html.
docs/adding-a-game.md describes the whole contract.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from referee.engine.takeback import TAKE_BACK, own_latest
from referee.games import registry
from referee.games.contract import Choice, Game, GameMeta
from referee.web.games import generic

__all__ = ["Choice", "FrameNoter", "GameHooks", "hooks_for"]

# (version, make): make(frames, depth) gives one picklable note per frame of frames[1..depth]
# (set as Frame.memo); the note of frames[i] may depend on frames[i] and frames[i - 1] only;
# `version` changes when the notes do (notes of another version are not trusted)
FrameNoter = tuple[str, Callable[[list[Any], int], list[Any]]]


@dataclass(frozen=True)
class GameHooks:
    key: str
    setup: GameMeta
    game: Game
    page_context: Callable[[Any], dict]
    blueprints: Callable[[], tuple]
    setup_context: Callable[[], dict]
    read_setup: Callable[[Any, list[str]], tuple[Any, dict]]
    boards_page: Callable[[], str | None]
    board_links: Callable[[Any], list[tuple[str, str]]]
    nav_links: Callable[[], list[tuple[str, str, str]]]
    frame_notes: FrameNoter | None = None

    def acting_for(self, action: dict) -> str | None:
        """The seat an action acts for; None for the banker's actions (undo among them). A
        take-back acts for the seat it names: the one whose own tap it takes back."""
        if action.get("type") == TAKE_BACK:
            player = action.get("player")
            return player if isinstance(player, str) and player else None
        if action.get("type") in registry.banker_actions(self.key):
            return None
        return self.game.acting_player(action)

    def own_latest(self, game: Any, seat: str | None) -> Any | None:
        """The frame `seat` may take back now (engine/takeback.py): the one answer the phone's
        Take back button and the action endpoint both ask."""
        return own_latest(game, seat, self.acting_for)

    def visible_cash(self, state: Any, viewer: str | None, subject: str) -> int | None:
        return self.game.visible_cash(state, viewer, subject)

    def to_act(self, state: Any) -> list[str]:
        """The players who may act now (see Game.to_act)."""
        return self.game.to_act(state)

    def partial(self, page: str) -> list[str]:
        """Template names for one page's game-specific fragment, the game's own first."""
        return [f"{self.key}/_{page}.html", f"generic/_{page}.html"]


def _web_module(meta: GameMeta) -> ModuleType | None:
    return importlib.import_module(meta.web) if meta.web else None


def hooks_for(key: str) -> GameHooks:
    """The hooks of a game in the registry (KeyError for an unknown game)."""
    meta = registry.GAMES[key]
    module = _web_module(meta)

    def pick(name: str) -> Any:
        return getattr(module, name, None) or getattr(generic, name)

    return GameHooks(key, meta, registry.game(key), pick("page_context"), pick("blueprints"),
                     pick("setup_context"), pick("read_setup"), pick("boards_page"),
                     pick("board_links"), pick("nav_links"),
                     getattr(module, "frame_notes", None))
