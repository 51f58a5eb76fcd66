"""The default web hooks, used by any game that does not define its own."""

from __future__ import annotations

from typing import Any


def page_context(view: Any) -> dict:
    """No extra template names."""
    return {}


def blueprints() -> tuple:
    """No pages of the game's own beyond phone, banker, table and history."""
    return ()


def setup_context() -> dict:
    """No extra names for the lobby's templates/<key>/_setup.html."""
    return {}


def read_setup(form: Any, problems: list[str]) -> tuple[Any, dict]:
    """The map reference (None: the lobby's own map choice) and extra settings from the form.

    A game with fields of its own in templates/<key>/_setup.html reads them here, appending a
    message to `problems` for each one to fix.
    """
    return None, {}


def boards_page() -> str | None:
    """The address of the game's own boards page (None: the web core's /boards/<game>)."""
    return None


def board_links(summary: Any) -> list[tuple[str, str]]:
    """(label, address) of the game's own pages about one board, shown on its report."""
    return []


def nav_links() -> list[tuple[str, str, str]]:
    """(name, label, address) of the game's own pages beyond its boards page: none."""
    return []
