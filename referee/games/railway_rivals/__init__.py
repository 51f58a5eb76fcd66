"""Railway Rivals (Dampfross, David Watts): the accounts sheet, key numbers and the race helper."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.record import RecordError
from referee.games.railway_rivals.mapdata import MapError, RivalsMap, load_map
from referee.games.railway_rivals.rules import BANKER_ACTIONS, RivalsRules
from referee.games.railway_rivals.settings import Settings, SettingsError
from referee.games.railway_rivals.views import render, summary

__all__ = [
    "BANKER_ACTIONS",
    "RivalsMap",
    "RivalsRules",
    "Settings",
    "render",
    "rules_for",
    "summary",
]


def rules_for(record: dict, resolve_map: Callable[[str, str], Any] | None = None) -> RivalsRules:
    """The rules object for a game record.

    `map` is a map key under tables/railway_rivals/ (for example "austria") or a whole map
    inline (the form of `RivalsMap.to_dict()`). Map keys are loaded from the project's tables;
    `resolve_map` (today Rail Baron's resolver) is not consulted.
    """
    ref = record["map"]
    try:
        rivals_map = RivalsMap.from_dict(ref) if isinstance(ref, dict) else load_map(ref)
    except MapError as err:
        raise RecordError(f"map: {err}") from err
    try:
        settings = Settings.from_record(record.get("settings", {}))
        return RivalsRules(rivals_map, record["players"], settings)
    except SettingsError as err:
        raise RecordError(str(err)) from err
    except ValueError as err:
        raise RecordError(f"players: {err}") from err
