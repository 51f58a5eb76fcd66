"""Prairie Railroads (John Bohrer): stocks, track and dividends on the Kansas prairie."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.record import RecordError
from referee.games.prairie_railroads.board import Board, BoardError, load_board
from referee.games.prairie_railroads.rules import BANKER_ACTIONS, PrairieRules
from referee.games.prairie_railroads.settings import Settings, SettingsError
from referee.games.prairie_railroads.views import render, summary

__all__ = [
    "BANKER_ACTIONS",
    "Board",
    "PrairieRules",
    "Settings",
    "render",
    "rules_for",
    "summary",
]


def rules_for(record: dict, resolve_map: Callable[[str, str], Any] | None = None) -> PrairieRules:
    """The rules object for a game record.

    `map` is "" (no board table: the table types cities as it builds), a board key under
    tables/prairie_railroads/, or a whole board inline (the form of `Board.to_dict()`).
    Board keys are loaded from the project's tables; `resolve_map` is not consulted.
    """
    ref = record["map"]
    try:
        if isinstance(ref, dict):
            board: Board | None = Board.from_dict(ref)
        elif ref:
            board = load_board(ref)
        else:
            board = None
    except BoardError as err:
        raise RecordError(f"map: {err}") from err
    except (KeyError, TypeError, IndexError, ValueError) as err:
        raise RecordError(f"map: the inline board is incomplete ({err})") from err
    try:
        settings = Settings.from_record(record.get("settings", {}))
        return PrairieRules(board, record["players"], settings)
    except SettingsError as err:
        raise RecordError(str(err)) from err
    except ValueError as err:
        raise RecordError(f"players: {err}") from err
