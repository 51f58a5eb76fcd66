"""A stored game as its game record: what the banker's export, the club file and the digest
of a game all read (docs/game-record.md)."""

from __future__ import annotations

from sqlite_utils import Database

from referee.web import store
from referee.web.dates import ended_at, record_dates
from referee.web.digest import record_digest
from referee.web.store import GameRow


def full_record(db: Database, game: GameRow, actions: list[dict], over: bool) -> dict:
    """The record of `game` with `actions` as its log, its title and when it was played
    (`ended` and `minutes` only for a game `over`)."""
    record = game.record(actions)
    ended = ended_at(db, game, len(actions)) if over else None
    return {"format": record["format"], "game": record["game"], "title": game.title,
            **record_dates(game.started, ended), **record}


def game_digest(db: Database, game: GameRow) -> str:
    """The digest of a stored game's record (referee/web/digest.py)."""
    return record_digest({**game.record(store.actions_from(db, game.id)),
                          "started": game.started})
