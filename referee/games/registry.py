"""The games the product knows, found by name; a game is added here, not wedged into the engine."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from referee.engine.record import RecordError, check_record
from referee.engine.replay import UNDO, Replayer
from referee.engine.rules import GameRules


@dataclass(frozen=True)
class GameInfo:
    """What a lobby needs to list a game, without loading its rules."""

    key: str
    title: str
    min_players: int
    max_players: int
    module: str


GAMES: dict[str, GameInfo] = {
    "railbaron": GameInfo("railbaron", "Rail Baron", 2, 6, "referee.games.railbaron"),
    "prairie_railroads": GameInfo(
        "prairie_railroads", "Prairie Railroads", 3, 5, "referee.games.prairie_railroads"
    ),
}


def game_info(key: str) -> GameInfo:
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RecordError(f"unknown game {key!r} (known: {known})") from None


def game_module(key: str) -> Any:
    """The package of a game: `rules_for(record, resolve_map)`, `summary(state)` and
    `render(summary)` (the text `referee replay` prints)."""
    return importlib.import_module(game_info(key).module)


def rules_for(record: dict, resolve_map: Any = None) -> GameRules:
    """The rules object for a record; `resolve_map(game, key)` loads a map named by key."""
    check_record(record)
    return game_module(record["game"]).rules_for(record, resolve_map)


def summary(record: dict, state: Any) -> dict:
    """The game's own report of a state: exact figures per player, and the winners."""
    return game_module(record["game"]).summary(state)


def banker_actions(key: str) -> frozenset[str]:
    """The action types of a game that only the banker records; undo is always one of them."""
    return frozenset({UNDO}) | frozenset(getattr(game_module(key), "BANKER_ACTIONS", ()))


def render(record: dict, report: dict) -> str:
    """The game's own text of a `summary` report."""
    return game_module(record["game"]).render(report)


def replay(record: dict, resolve_map: Any = None) -> Replayer:
    """Replay a whole record; raises ReplayError at the first illegal action."""
    return Replayer(rules_for(record, resolve_map), record["actions"])
