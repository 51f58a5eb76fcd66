"""Rail Baron: the rules of the modern (Southeast) rulebook and the classic Avalon Hill rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.record import RecordError
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.rules import BANKER_ACTIONS, RailBaronRules
from referee.games.railbaron.settings import Settings, SettingsError
from referee.games.railbaron.views import render, summary

__all__ = [
    "BANKER_ACTIONS",
    "RailBaronMap",
    "RailBaronRules",
    "Settings",
    "render",
    "rules_for",
    "summary",
]


def rules_for(record: dict, resolve_map: Callable[[str, str], Any] | None = None) -> RailBaronRules:
    """The rules object for a game record; a map named by key is loaded by `resolve_map`."""
    ref = record["map"]
    if isinstance(ref, dict):
        try:
            board = RailBaronMap.from_dict(ref)
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"map: the inline map is incomplete ({err})") from err
    else:
        if resolve_map is None:
            from referee.tables import load_map

            board = load_map(ref)
        else:
            board = resolve_map("railbaron", ref)
    try:
        settings = Settings.from_record(record.get("settings", {}), board.default_edition)
        return RailBaronRules(board, record["players"], settings)
    except SettingsError as err:
        raise RecordError(str(err)) from err
    except ValueError as err:
        raise RecordError(f"players: {err}") from err
