"""The default web hooks, used by any game that does not define its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


# Stored in the players' "colour" as #rrggbb; the lobby shows the name.
PIECE_COLOURS = (
    Choice("#d62828", "red"),
    Choice("#1d4ed8", "blue"),
    Choice("#15803d", "green"),
    Choice("#facc15", "yellow"),
    Choice("#111111", "black"),
    Choice("#ffffff", "white"),
)


@dataclass(frozen=True)
class SetupOptions:
    """What the lobby asks when a game is created."""

    editions: tuple[Choice, ...] = ()
    variants: tuple[Choice, ...] = ()
    colours: tuple[Choice, ...] = PIECE_COLOURS
    uses_map: bool = False


SETUP = SetupOptions()


def acting_player(action: dict) -> str | None:
    """The seat an action acts for: its `player` field (bids name their bidder there too)."""
    player = action.get("player")
    return player if isinstance(player, str) and player else None


def visible_cash(state: Any, viewer: str | None, subject: str) -> int | None:
    """Nobody's cash is shown on phones or the table unless the game says who may see it."""
    return None


def page_context(view: Any) -> dict:
    """No extra template names."""
    return {}


def setup_context() -> dict:
    """No extra names for the lobby's templates/<key>/_setup.html."""
    return {}


def read_setup(form: Any, problems: list[str]) -> tuple[Any, dict]:
    """The map reference (None: the lobby's own map choice) and extra settings from the form.

    A game with fields of its own in templates/<key>/_setup.html reads them here, appending a
    message to `problems` for each one to fix.
    """
    return None, {}
