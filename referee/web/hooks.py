"""What the web layer asks of a game, gathered from its contract (referee.games.contract).

The rules side (who acts, visible cash, banker-only actions) comes from the game's GAME; the
lobby's choices from its META. A game whose META names a `web` module exports there one value,
`WEB = WebParts(...)`, the way its rules export `GAME = GameParts(...)`: what its pages add to
the web core's. A field it leaves out keeps the generic default written beside it; a game with
no web module gets `WebParts()`. Its pages render templates/<key>/_<page>.html, falling back to
templates/generic/_<page>.html. docs/adding-a-game.md describes the whole contract.

The web core finds a game's web module by the dotted name in META.web: nothing in the core
imports a module of referee/web/games/.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.engine.checkpoint import FrameNoter
from referee.engine.takeback import own_latest
from referee.games import registry
from referee.games.contract import Game, GameMeta

__all__ = ["FrameNoter", "GameHooks", "WebParts", "hooks_for", "web_parts"]


def no_names(view: Any) -> dict:
    """No extra template names."""
    return {}


def no_pages() -> tuple:
    """No pages of the game's own beyond phone, banker, table and history."""
    return ()


def no_setup_names() -> dict:
    """No extra names for the lobby's templates/<key>/_setup.html."""
    return {}


def no_setup_fields(form: Any, problems: list[str]) -> tuple[Any, dict]:
    """The lobby's own map choice (None) and no extra settings."""
    return None, {}


def no_boards_page() -> str | None:
    """The web core's /boards/<game> serves the game's boards."""
    return None


def no_board_links(summary: Any) -> list[tuple[str, str]]:
    """No pages of the game's own about one board."""
    return []


def no_nav_links() -> list[tuple[str, str, str]]:
    """No pages of the game's own beyond its boards page for the shared navigation."""
    return []


@dataclass(frozen=True)
class WebParts:
    """What a game's pages add to the web core's: its web module's `WEB` (docs/web.md)."""

    page_context: Callable[[Any], dict] = no_names
    """(view: GameView) -> extra names for templates/<key>/_<page>.html; `now` its presenter."""
    blueprints: Callable[[], tuple] = no_pages
    """() -> the game's own pages (Flask Blueprints), registered by create_app."""
    setup_context: Callable[[], dict] = no_setup_names
    """() -> extra names for the lobby's templates/<key>/_setup.html."""
    read_setup: Callable[[Any, list[str]], tuple[Any, dict]] = no_setup_fields
    """(form, problems) -> (map reference or None, extra settings) from _setup.html's fields,
    a message appended to `problems` for each field to fix."""
    boards_page: Callable[[], str | None] = no_boards_page
    """() -> the address of the game's own boards page (None: /boards/<key>)."""
    board_links: Callable[[Any], list[tuple[str, str]]] = no_board_links
    """(summary: BoardSummary) -> (label, address) of its pages about one board."""
    nav_links: Callable[[], list[tuple[str, str, str]]] = no_nav_links
    """() -> (name, label, address) of its own pages the lobby and the shared navigation link
    to (beyond its boards page): Rail Baron's quick lookup."""
    frame_notes: FrameNoter | None = None
    """(version, make): notes worked out once per action, stored with each checkpoint."""


def web_parts(meta: GameMeta) -> WebParts:
    """The WebParts of a game: its web module's `WEB` (TypeError when it is not a WebParts),
    or the generic ones for a game without a web module."""
    if not meta.web:
        return WebParts()
    parts = getattr(importlib.import_module(meta.web), "WEB", None)
    if not isinstance(parts, WebParts):
        raise TypeError(f"{meta.web}.WEB is not a WebParts")
    return parts


@dataclass(frozen=True)
class GameHooks:
    """A game as the web layer asks it: its META (`setup`), its GAME and its WebParts (`web`)."""

    key: str
    setup: GameMeta
    game: Game
    web: WebParts

    def acting_for(self, action: dict) -> str | None:
        """The seat an action acts for; None for the banker's actions (undo among them). A
        take-back acts for the seat it names: the one whose own tap it takes back
        (registry.seat_of, the answer replay asks too)."""
        return registry.seat_of(self.key)(action)

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


def hooks_for(key: str) -> GameHooks:
    """The hooks of a game in the registry (KeyError for an unknown game)."""
    meta = registry.GAMES[key]
    return GameHooks(key, meta, registry.game(key), web_parts(meta))
