"""The default web hooks, used by any game that does not define its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PIECE_COLOURS = ("red", "blue", "green", "yellow", "black", "white")


@dataclass(frozen=True)
class Choice:
    key: str
    label: str


@dataclass(frozen=True)
class SetupOptions:
    """What the lobby asks when a game is created."""

    editions: tuple[Choice, ...] = ()
    variants: tuple[Choice, ...] = ()
    colours: tuple[str, ...] = PIECE_COLOURS
    uses_map: bool = False


SETUP = SetupOptions()


def acting_player(action: dict) -> str | None:
    """The seat an action acts for: its `player` field (bids name their bidder there too)."""
    player = action.get("player")
    return player if isinstance(player, str) and player else None


def page_context(view: Any) -> dict:
    """No extra template names."""
    return {}
