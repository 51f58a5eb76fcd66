"""A game record's digest: the same game, whichever laptop holds it, has the same one.

It covers what makes the game (the game, its map, settings, players as entered and the whole
log, and when it started), not what a laptop adds (the title, which an import marks): a record
gathered twice, or gathered back to the laptop it came from, is known by it and counted once.
"""

from __future__ import annotations

import hashlib
import json

from referee.web.dates import moment
from referee.web.names import clean_name


def record_digest(record: dict) -> str:
    """The hex SHA-256 of the record's game-making fields, written canonically."""
    started = moment(record.get("started"))
    core = {
        "game": record.get("game"),
        "map": record.get("map"),
        "settings": record.get("settings") or {},
        "players": [{"id": p.get("id"), "name": clean_name(str(p.get("name") or p.get("id"))),
                     "colour": p.get("colour") or ""} for p in record.get("players", [])],
        "actions": record.get("actions", []),
        "started": None if started is None else started.timestamp(),
    }
    text = json.dumps(core, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
