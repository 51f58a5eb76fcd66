"""One live Replayer per game, kept in process so no request replays a log from the start.

The database is the truth: before use, a cached Replayer is brought level with the stored log
by the engine (`referee.engine.checkpoint.catch_up`), fed only the actions it lacks. A game met
for the first time since the server started is brought back by the engine
(`referee.engine.checkpoint.resume`) from its log and the checkpoint stored with it (the state
of the newest checkpoint frame in force, stored again whenever that changes, an undo below it
included; `checkpoint_of` works out what to store): only the actions in force above it are
replayed. This module keeps the Replayers, their locks and the storage; callers that change a
game hold the game's lock.

A game's pages may give frame notes (`WebParts.frame_notes`, its web module's `WEB`):
what they derive from each action once (Rail Baron's history lines). Each checkpoint adds a
piece: the notes of the actions in force since the previous one (never the whole game's again,
so a save costs the same late in a game as early). A restart puts the notes back on the
frames, so those pages need no replay of the older actions either.

A note belongs to the action that made its frame, keyed by the action's log position: the frame
made by the action at a position, and the one below it, are the same whatever came later (undo
and redo take back and put back that very frame), so a stored note never goes stale. An undo
below a piece's end leaves the notes of the frames it took back unused; new actions have later
positions and land in a later piece. Whatever the pieces do not cover is worked out again when
asked for, so a missing or foreign piece costs time, never a wrong history.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from referee.engine.checkpoint import (
    FrameNoter,
    PendingCheckpoint,
    catch_up,
    checkpoint_of,
    resume,
)
from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError
from referee.engine.replay import Frame, Replayer, ReplayError
from referee.engine.rules import GameRules
from referee.games import registry
from referee.games.registry import Resolvers
from referee.web import store
from referee.web.hooks import hooks_for
from referee.web.store import GameRow

NEAR_TOP = 8  # frames this close to the top are found by walking down, without a list


def frame_noter(key: str | None) -> FrameNoter | None:
    """The game's frame notes, (version, make), through its hooks; None for a game without."""
    if key is None:
        return None
    try:
        return hooks_for(key).web.frame_notes
    except KeyError:
        return None


class GameUnavailable(Exception):
    """A stored game that cannot be brought up: its rules or map are missing, or it no longer
    replays under the current rules. Not the visitor's fault; the message says what is wrong."""


def map_resolver(instance_dir: Path) -> Resolvers:
    """Each game's boards, shipped and in the instance folder: `resolve_map(game)(board)`."""
    return registry.resolver(instance_dir)


def build_rules(record: dict, resolve_map: Resolvers) -> GameRules:
    """The rules object for a game record; raises GameUnavailable with the reason."""
    try:
        return registry.rules_for(record, resolve_map)
    except ImportError as err:
        game = record.get("game")
        raise GameUnavailable(f"The rules for {game!r} are not available: {err}") from err
    except (RecordError, IllegalAction, ValueError, LookupError, OSError, TypeError,
            AttributeError) as err:
        raise GameUnavailable(f"This game cannot be set up: {err}") from err


def new_replayer(record: dict, resolve_map: Resolvers) -> Replayer:
    """An empty Replayer of a game record, with the game's own answer to whose an action is
    (a take-back of another seat's action is refused in it as at the table)."""
    return Replayer(build_rules(record, resolve_map), seat_of=registry.seat_of(record["game"]))


class FramesInForce(Sequence):
    """The frames in force below and at `top`, oldest first, read as a list: the newest are
    found by walking down from the top, and the list is made only when read from the bottom
    (copying 10,000 frames for every answer would make actions slower as the game goes on).
    Safe to read while the Replayer moves on: a frame's `prev` never changes."""

    __slots__ = ("_top", "_list")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, top: Frame):
        self._top = top
        self._list: list[Frame] | None = None

    def __len__(self) -> int:
        return self._top.depth + 1

    def _all(self) -> list[Frame]:
        if self._list is None:
            self._list = list(self.__reversed__())[::-1]
        return self._list

    def __getitem__(self, index):  # type: ignore[override]
        if self._list is None and isinstance(index, int) and -NEAR_TOP <= index < 0:
            frame: Frame | None = self._top
            for _ in range(-1 - index):
                frame = frame.prev if frame is not None else None
            if frame is None:
                raise IndexError("no such frame")
            return frame
        return self._all()[index]

    def __iter__(self) -> Iterator[Frame]:
        return iter(self._all())

    def __reversed__(self) -> Iterator[Frame]:
        frame: Frame | None = self._top
        while frame is not None:
            yield frame
            frame = frame.prev

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"FramesInForce({len(self)} frames, top {self._top!r})"


class LogView(Sequence):
    """The first `seq` actions of a Replayer's log, read in place: the log is only ever
    appended to, so they never change (no copy of the whole log for every answer)."""

    __slots__ = ("_log", "_seq")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, log: list[dict], seq: int):
        self._log = log
        self._seq = seq

    def __len__(self) -> int:
        return self._seq

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return self._log[:self._seq][index]
        position = index + self._seq if index < 0 else index
        if not 0 <= position < self._seq:
            raise IndexError("no such action")
        return self._log[position]

    def __iter__(self) -> Iterator[dict]:
        return islice(self._log, self._seq)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"LogView({self._seq} actions)"


@dataclass(frozen=True)
class Snapshot:
    """A game as it stood at one moment: safe to read while another request moves on."""

    seq: int
    log: Sequence[dict]
    frames: Sequence[Frame]
    rules: GameRules
    state: Any  # the latest frame's state, held here: the Replayer keeps only a few
    undone: tuple[Frame, ...] = ()  # what redo may put back, the next one last


class ReplayerCache:
    def __init__(self, resolve_map: Resolvers):
        self.resolve_map = resolve_map
        self._replayers: dict[str, Replayer] = {}
        self._snapshots: dict[str, tuple[Replayer, Snapshot]] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._saved: dict[str, int] = {}  # game -> log length of the checkpoint it has stored
        self._noted: dict[str, int] = {}  # game -> its stored notes cover positions 0..n-1

    def lock(self, game_id: str) -> threading.Lock:
        """The lock that serialises changes to one game within this process."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def holds(self, game_id: str) -> bool:
        """Whether the game is in memory (its next page replays nothing)."""
        return game_id in self._replayers

    def evict(self, game_id: str) -> None:
        self._replayers.pop(game_id, None)
        self._snapshots.pop(game_id, None)
        self._saved.pop(game_id, None)
        self._noted.pop(game_id, None)

    def adopt(self, game_id: str, replayer: Replayer) -> None:
        """Keep a Replayer built elsewhere (a new or imported game) as the game's own."""
        with self.lock(game_id):
            self._replayers[game_id] = replayer
            self._snapshots.pop(game_id, None)

    def current(self, db: Database, game: GameRow, count: int) -> Replayer:
        """The game's Replayer at `count` stored actions; the caller holds the game's lock."""
        replayer = self._replayers.get(game.id)
        if replayer is None or replayer.seq > count:
            replayer = self._resume(db, game, count)
            self._replayers[game.id] = replayer
        if replayer.seq < count:
            # cut at `count`: actions stored since are not asked for here
            tail = store.actions_from(db, game.id, replayer.seq)[:count - replayer.seq]
            try:
                catch_up(replayer, tail)
            except ReplayError as err:
                self.evict(game.id)  # never keep a Replayer left half way
                raise GameUnavailable(f"The stored log no longer replays: {err}") from err
            if replayer.seq != count:
                self.evict(game.id)
                raise GameUnavailable(
                    f"The stored log has a gap: {count} actions counted, {replayer.seq} found."
                )
        return replayer

    def _resume(self, db: Database, game: GameRow, count: int) -> Replayer:
        """The game at `count` stored actions, as the engine brings it back from its log and
        the checkpoint and notes stored with it (no tail left to replay)."""
        rules = build_rules(game.record(), self.resolve_map)
        log = store.actions_from(db, game.id)[:count]
        noter = frame_noter(game.game)
        saved = store.load_checkpoint(db, game.id)
        try:
            resumed = resume(rules, log, saved, store.note_pieces(db, game.id) if noter else (),
                             noter[0] if noter else None, registry.seat_of(game.game))
        except ReplayError as err:
            raise GameUnavailable(f"The stored log no longer replays: {err.reason}") from err
        except Exception as err:  # the rules failed on an action: never a half-built game
            raise GameUnavailable(f"The stored log no longer replays: {err}") from err
        if resumed.checkpoint:
            self._saved[game.id] = resumed.checkpoint
        if resumed.noted is not None:
            self._noted[game.id] = resumed.noted
        return resumed.replayer

    def save_checkpoint(self, db: Database, game: GameRow, replayer: Replayer) -> None:
        """Store the Replayer's newest saved-worthy checkpoint, when it is not the one stored
        (every SAVE_EVERY actions in force, or after an undo below it; nothing to
        do otherwise). Within the caller's transaction."""
        pending = checkpoint_of(replayer, self._saved.get(game.id, 0), self._noted.get(game.id),
                                frame_noter(game.game))
        if pending is not None:
            self.store_checkpoint(db, game.id, pending)

    def store_checkpoint(self, db: Database, game_id: str, pending: PendingCheckpoint) -> None:
        """Write a checkpoint worked out before (`checkpoint_of`), within the caller's
        transaction: the writing is all that happens while the write lock is held."""
        store.save_checkpoint(db, game_id, pending.seq, pending.fingerprint, pending.state)
        self._saved[game_id] = pending.seq
        if pending.piece is not None:
            store.add_notes(db, game_id, pending.piece, whole=pending.whole)
            self._noted[game_id] = pending.seq

    def snapshot(self, db: Database, game: GameRow, count: int | None = None) -> Snapshot:
        """The game as stored now; the same Snapshot again while nothing has changed (copying a
        long log on every page would make pages slower as the game goes on).

        `count`, when the caller has just stored an action, is the log length it left: the
        count is then not read again, unless the game has moved on since (another seat's answer
        landed in between), when the page is drawn as the game stands now, never at a length
        the kept Replayer has passed (that would replay the game from its start)."""
        with self.lock(game.id):
            kept_replayer = self._replayers.get(game.id)
            if count is None or (kept_replayer is not None and kept_replayer.seq > count):
                count = store.action_count(db, game.id) or 0
            replayer = self.current(db, game, count)
            kept = self._snapshots.get(game.id)
            if kept is not None and kept[0] is replayer and kept[1].seq == replayer.seq:
                return kept[1]  # a Replayer's seq only grows: the same seq is the same log
            snapshot = Snapshot(replayer.seq, LogView(replayer.log, replayer.seq),
                                FramesInForce(replayer.top), replayer.rules, replayer.state,
                                tuple(replayer.undone))
            self._snapshots[game.id] = (replayer, snapshot)
            return snapshot
