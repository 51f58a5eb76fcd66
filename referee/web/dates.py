"""When a game was played: its start and end as ISO 8601 with an offset, and its length.

A game made here starts when it is created and ends when the action that ended it was
recorded; an imported record brings its own `started` and `ended` (docs/game-record.md), or
none (a record written before they existed: date unknown). Actions recorded here after an
import's are played here: the last of them ends the game.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from referee.web import store
from referee.web.store import GameRow


def moment(text: object) -> datetime | None:
    """`text` as a moment if it is ISO 8601 with a date, a time and an offset, else None."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo is not None and "T" in text else None


def minutes_between(started: str | None, ended: str | None) -> int | None:
    """Whole minutes from `started` to `ended` (to the nearest, halves up), None if either is
    unknown."""
    start, end = moment(started), moment(ended)
    if start is None or end is None:
        return None
    return (int((end - start).total_seconds()) + 30) // 60


def ended_at(db: Database, game: GameRow, count: int) -> str | None:
    """When a game over, `count` actions long, ended: its last action's time if it was
    recorded here, else the imported record's end (None if it brought none), in the offset of
    its start."""
    ended = store.action_time(db, game.id, count - 1) if count > game.imported_seq else game.ended
    return in_offset_of(ended, game.started)


def in_offset_of(when: str | None, like: str | None) -> str | None:
    """`when` written in the offset of `like` (the same moment), when both are moments."""
    moment_, other = moment(when), moment(like)
    if moment_ is None or other is None:
        return when
    return moment_.astimezone(other.tzinfo).isoformat(timespec="seconds")


def record_dates(started: str | None, ended: str | None) -> dict:
    """The record's fields of when it was played: what is known of `started`, `ended` and the
    `minutes` between them."""
    out: dict = {}
    if started:
        out["started"] = started
    if ended:
        out["ended"] = ended
    minutes = minutes_between(started, ended)
    if minutes is not None:
        out["minutes"] = minutes
    return out
