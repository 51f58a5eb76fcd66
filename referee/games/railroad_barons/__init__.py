"""Railroad Barons (Helmut Ohley, Lookout Games): two players, five Holdings, stocks and
railroads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.contract import record_errors
from referee.games.railroad_barons.box import Box, BoxError, load_box
from referee.games.railroad_barons.rules import BANKER_ACTIONS, BaronsRules
from referee.games.railroad_barons.settings import Settings, SettingsError
from referee.games.railroad_barons.views import render

__all__ = ["BANKER_ACTIONS", "BaronsRules", "Box", "Settings", "render", "rules_for",
           "summary"]


def rules_for(record: dict, resolve_map: Callable[[str, str], Any] | None = None
              ) -> BaronsRules:
    """The rules object for a game record.

    `map` is the box: a key under tables/railroad_barons/ (or one `resolve_map` finds in the
    laptop's instance folder), or a whole box inline (the form of `Box.to_dict()`).
    """
    ref = record["map"]
    with record_errors((BoxError, "map: {err}")):
        if isinstance(ref, dict):
            box = Box.from_dict(ref)
        elif resolve_map is not None:
            box = resolve_map("railroad_barons", ref) or load_box(ref)
        else:
            box = load_box(ref)
    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        settings = Settings.from_record(record.get("settings", {}))
        return BaronsRules(box, record["players"], settings)


def summary(state: Any, rules: BaronsRules | None = None) -> dict:
    """The report `referee replay --json` prints; the state carries what it reads of the box
    (`rules` is accepted and not needed)."""
    from referee.games.railroad_barons.views import summary as report

    return report(state)
