"""The JSON Schemas (Draft 2020-12) of the game record, shipped inside the package: the
envelope every record has, and each game's schema of its actions (docs/game-record.md)."""

from __future__ import annotations

import json
from importlib.resources import files

RECORD_SCHEMA = "record.schema.json"
ACTIONS_SCHEMA = "actions.schema.json"


def record_schema() -> dict:
    """The schema of a record's envelope."""
    return json.loads((files("referee.engine") / RECORD_SCHEMA).read_text(encoding="utf-8"))


def actions_schema(game: str) -> dict | None:
    """The schema of the actions of the game `game` (a key), None if it ships none."""
    place = files(f"referee.games.{game}") / ACTIONS_SCHEMA
    return json.loads(place.read_text(encoding="utf-8")) if place.is_file() else None
