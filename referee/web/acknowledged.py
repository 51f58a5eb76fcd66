"""How many actions of each game the server has acknowledged, kept beside the database.

After each action is committed, and before its answer goes out, a line (the game, its title,
its count) is appended to a file outside the database and its write-ahead log; a start that
finds fewer actions in a game than were acknowledged (its `-wal` was deleted, or an older copy
of the file was put back) can say which games lost how many, and then starts the file again
from the counts found. A count is never above what was committed: one missing (a write of the
file that failed) only hides a loss, it never reports one that did not happen.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from referee.web.store import Listing

ACKNOWLEDGED_FILE = "acknowledged.jsonl"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Count:
    """A game's title and the length of its log: acknowledged, or found in the database."""

    title: str
    actions: int


def _line(game_id: str, count: Count) -> bytes:
    return (json.dumps({"game": game_id, "title": count.title, "actions": count.actions},
                       ensure_ascii=False) + "\n").encode()


def _read(path: Path) -> dict[str, Count]:
    """The highest count of each game in the file (a line that cannot be read is skipped)."""
    try:
        lines = path.read_bytes().splitlines()
    except FileNotFoundError:
        return {}
    except OSError as err:
        log.warning("%s cannot be read (%s): a loss of acknowledged actions goes unnoticed",
                    path, err.strerror)
        return {}
    counts: dict[str, Count] = {}
    for line in lines:
        try:
            entry = json.loads(line)
            game_id, count = str(entry["game"]), Count(str(entry["title"]),
                                                       int(entry["actions"]))
        except (ValueError, TypeError, KeyError):
            continue
        if game_id not in counts or counts[game_id].actions < count.actions:
            counts[game_id] = count
    return counts


class Acknowledged:
    """The acknowledged counts of one database, in the file at `path`."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self._guard = threading.Lock()

    def note(self, game_id: str, title: str, actions: int) -> None:
        """Keep `actions` as the game's acknowledged count: one line appended (a write the
        disk refuses costs only the warning at the next start)."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, _line(game_id, Count(title, actions)))
            finally:
                os.close(fd)
        except OSError as err:
            log.warning("%s cannot be written (%s): a loss of acknowledged actions would go "
                        "unnoticed at the next start", self.path, err.strerror)

    def start_from(self, found: dict[str, Count]) -> list[str]:
        """Compare the counts acknowledged by the last run with those `found` in the database,
        then keep the found ones only: a sentence per game that lost actions."""
        with self._guard:
            lost = losses(_read(self.path), found)
            temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            try:
                fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "wb") as out:
                    out.write(b"".join(_line(g, c) for g, c in found.items()))
                os.replace(temporary, self.path)
            except OSError as err:
                log.warning("%s cannot be written (%s): a loss of acknowledged actions would "
                            "go unnoticed at the next start", self.path, err.strerror)
        return lost


def _shown(title: str) -> str:
    """A title as it may be printed to a terminal: control characters as escapes."""
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in title)


def losses(acknowledged: dict[str, Count], found: dict[str, Count]) -> list[str]:
    """A sentence per game holding fewer actions than were acknowledged, or gone."""
    out = []
    for game_id, was in acknowledged.items():
        now = found.get(game_id)
        if now is None:
            out.append(f'The game "{_shown(was.title)}" is not in the database any more: its '
                       f"{was.actions} acknowledged action{'s' * (was.actions != 1)} are lost.")
        elif now.actions < was.actions:
            missing = was.actions - now.actions
            out.append(f'The game "{_shown(was.title)}" holds {now.actions} of the '
                       f"{was.actions} action{'s' * (was.actions != 1)} the server "
                       f"acknowledged: the last {missing} {'are' if missing != 1 else 'is'} "
                       "lost.")
    return out


def counts(listings: Iterable[Listing]) -> dict[str, Count]:
    """The title and log length of each game listed."""
    return {g.id: Count(g.title, g.actions) for g in listings}
