"""Per-game web hooks: what the web layer asks of a game beyond the engine's GameRules.

A game `key` may have a module `referee.web.games.<key>` defining any of:

    SETUP: SetupOptions                         # lobby choices (editions, variants, map?)
    acting_player(action: dict) -> str | None   # which seat an action acts for (None: banker only)
    visible_cash(state, viewer: str | None, subject: str) -> int | None
                                                # cash of `subject` as `viewer` (a player id, or
                                                # None at the table) may know it; None: hidden
    page_context(view: GameView) -> dict        # extra names for templates/<key>/_<page>.html
    setup_context() -> dict                     # extra names for templates/<key>/_setup.html
    read_setup(form, problems) -> (map_ref | None, dict)
                                                # the lobby fields of templates/<key>/_setup.html

Names it leaves out come from `referee.web.games.generic`. Its pages render
templates/<key>/_<page>.html, falling back to templates/generic/_<page>.html.
docs/web.md describes the contract.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from referee.games.registry import GAMES, banker_actions
from referee.web.games import generic
from referee.web.games.generic import Choice, SetupOptions

__all__ = ["Choice", "GameHooks", "SetupOptions", "hooks_for"]

PAGES = ("phone", "banker", "table", "history")


@dataclass(frozen=True)
class GameHooks:
    key: str
    setup: SetupOptions
    acting_player: Callable[[dict], str | None]
    visible_cash: Callable[[Any, str | None, str], int | None]
    page_context: Callable[[Any], dict]
    setup_context: Callable[[], dict]
    read_setup: Callable[[Any, list[str]], tuple[Any, dict]]

    def acting_for(self, action: dict) -> str | None:
        """The seat an action acts for; None for the banker's actions (undo among them)."""
        if action.get("type") in banker_actions(self.key):
            return None
        return self.acting_player(action)

    def partial(self, page: str) -> list[str]:
        """Template names for one page's game-specific fragment, the game's own first."""
        return [f"{self.key}/_{page}.html", f"generic/_{page}.html"]


def _module(key: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{key}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{key}":
            raise
        return None


def hooks_for(key: str) -> GameHooks:
    """The hooks of a game in the registry (KeyError for an unknown game)."""
    if key not in GAMES:
        raise KeyError(key)
    module = _module(key) if key.isidentifier() else None

    def pick(name: str) -> Any:
        return getattr(module, name, None) or getattr(generic, name)

    return GameHooks(
        key, pick("SETUP"), pick("acting_player"), pick("visible_cash"), pick("page_context"),
        pick("setup_context"), pick("read_setup"),
    )

