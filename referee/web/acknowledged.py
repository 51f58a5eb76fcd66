"""How many actions of each game the server has acknowledged, kept beside the database.

The count is written (a small JSON file, replaced whole) after each action is committed and
before its answer goes out; it lives outside the database and its write-ahead log, so a start
that finds fewer actions in a game than were acknowledged (its `-wal` was deleted, or an older
copy of the file was put back) can say which games lost how many. A count is never above what
was committed: a lower one (a write of the file that failed, two servers writing it at once)
only hides a loss, it never reports one that did not happen.
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

ACKNOWLEDGED_FILE = "acknowledged.json"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Count:
    """A game's title and the length of its log: acknowledged, or found in the database."""

    title: str
    actions: int


def _read(path: Path) -> dict[str, Count]:
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        return {str(game_id): Count(str(c["title"]), int(c["actions"]))
                for game_id, c in stored.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        log.warning("%s cannot be read: the games' acknowledged actions start again from "
                    "the database", path)
        return {}


class Acknowledged:
    """The acknowledged counts of one database, in the file at `path`."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self._guard = threading.Lock()

    def note(self, game_id: str, title: str, actions: int) -> None:
        """Keep `actions` as the game's acknowledged count (never lowering it); a file that
        cannot be written costs only the warning at the next start."""
        with self._guard:
            counts = _read(self.path)
            if game_id in counts and counts[game_id].actions >= actions:
                return
            counts[game_id] = Count(title, actions)
            self._write(counts)

    def start_from(self, found: dict[str, Count]) -> list[str]:
        """Compare the counts acknowledged by the last run with those `found` in the database,
        then keep the found ones: a sentence per game that lost actions."""
        with self._guard:
            lost = losses(_read(self.path), found)
            self._write(found)
        return lost

    def _write(self, counts: dict[str, Count]) -> None:
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        text = json.dumps({g: {"title": c.title, "actions": c.actions}
                           for g, c in counts.items()}, ensure_ascii=False)
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, self.path)
        except OSError as err:
            log.warning("%s cannot be written (%s): a loss of acknowledged actions would go "
                        "unnoticed at the next start", self.path, err.strerror)


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
                       f"{was.actions} actions the server acknowledged: the last {missing} "
                       f"{'are' if missing != 1 else 'is'} lost.")
    return out


def counts(listings: Iterable[Listing]) -> dict[str, Count]:
    """The title and log length of each game listed."""
    return {g.id: Count(g.title, g.actions) for g in listings}
