"""Rail Baron's web hooks: the names its pages need."""

from __future__ import annotations

from typing import Any

from referee.web.games import railbaron_report
from referee.web.games.railbaron_turn import turn_context

__all__ = ["page_context"]

def page_context(view: Any) -> dict:
    """Rail Baron counts in dollars; the public pages get their names from railbaron_report,
    the phone and the banker console the turn flow from railbaron_turn."""
    context: dict[str, Any] = {"currency": "$"}
    if view.page in ("table", "history"):
        context.update(railbaron_report.page_context(view))
    elif view.page in ("phone", "banker"):
        context.update(turn_context(view))
    return context
