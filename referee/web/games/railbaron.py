"""Rail Baron's web hooks: lobby choices, cash visibility and the names its pages need."""

from __future__ import annotations

from typing import Any

from referee.games.railbaron.settings import EDITIONS, VARIANTS
from referee.games.railbaron.views import visible_cash
from referee.web.games import railbaron_report
from referee.web.games.generic import Choice, SetupOptions
from referee.web.games.railbaron_turn import turn_context

__all__ = ["SETUP", "page_context", "visible_cash"]

EDITION_LABELS = {
    "modern": "Modern (RailGameFans rulebook)",
    "classic": "Classic (Avalon Hill)",
}
VARIANT_LABELS = {
    "short_game": "Short Game",
    "discounted_superchief": "Discounted SuperChief",
    "free_superchief": "Free SuperChief (from Express)",
    "starting_auction": "Starting Auction",
    "honeymoon": "Honeymoon (two players)",
}

# The keys are the rules' own (referee.games.railbaron.settings); only the labels are ours.
SETUP = SetupOptions(
    editions=tuple(Choice(key, EDITION_LABELS.get(key, key)) for key in EDITIONS),
    variants=tuple(Choice(key, VARIANT_LABELS.get(key, key)) for key in VARIANTS),
    uses_map=True,
)


def page_context(view: Any) -> dict:
    """Rail Baron counts in dollars; the public pages get their names from railbaron_report,
    the phone and the banker console the turn flow from railbaron_turn."""
    context: dict[str, Any] = {"currency": "$"}
    if view.page in ("table", "history"):
        context.update(railbaron_report.page_context(view))
    elif view.page in ("phone", "banker"):
        context.update(turn_context(view))
    return context
