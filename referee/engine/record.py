"""The game record: settings, map, players and the action log, as one JSON document.

The same document is what `referee replay` reads and what the web app exports and imports;
docs/game-record.md describes it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FORMAT = "referee.game/1"


class RecordError(ValueError):
    """A game record that cannot be read, with what is wrong and where."""


def new_record(game: str, map_ref: Any, players: list[dict], settings: dict | None = None) -> dict:
    return {
        "format": FORMAT,
        "game": game,
        "map": map_ref,
        "settings": dict(settings or {}),
        "players": [dict(p) for p in players],
        "actions": [],
    }


def check_record(data: Any, where: str = "record") -> dict:
    """Return `data` if it is shaped like a game record; else raise RecordError naming the field."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: 'format' must be {FORMAT!r}, not {data.get('format')!r}")
    for key, kind in (("game", str), ("players", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"{where}: '{key}' must be a {kind.__name__}")
    if not isinstance(data.get("map"), (str, dict)):
        raise RecordError(f"{where}: 'map' must be a map key or an inline map object")
    if not isinstance(data.get("settings", {}), dict):
        raise RecordError(f"{where}: 'settings' must be an object")
    for i, p in enumerate(data["players"]):
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not p["id"]:
            raise RecordError(f"{where}: players[{i}] needs a non-empty 'id'")
    for i, a in enumerate(data["actions"]):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise RecordError(f"{where}: actions[{i}] must be an object with a 'type'")
    return data


def read_record(path: str | Path) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"{path}: cannot read ({err.strerror})") from err
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{path}: line {err.lineno}: not valid JSON ({err.msg})") from err
    return check_record(data, str(path))


def dump_record(record: dict) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"
