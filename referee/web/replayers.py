"""One live Replayer per game, kept in process so no request replays a log from the start.

The database is the truth: before use, a cached Replayer is brought level with the stored log
by feeding it only the actions it lacks. A game met for the first time since the server started
resumes from its saved checkpoint (the state every few dozen actions, stored with the game) and
replays only what follows. Callers that change a game hold the game's lock.

A game's pages may register frame notes (`register_frame_notes`): what they derive from each
action once (Rail Baron's history lines). Each checkpoint adds a piece: the notes of the actions
in force since the previous one (never the whole game's again, so a save costs the same late in
a game as early). A restart puts the notes back on the frames, so those pages need no replay of
the older actions either.

A note belongs to the action that made its frame, keyed by the action's log position: the frame
made by the action at a position, and the one below it, are the same whatever came later (undo
and redo take back and put back that very frame), so a stored note never goes stale. An undo
below a piece's end leaves the notes of the frames it took back unused; new actions have later
positions and land in a later piece. Whatever the pieces do not cover is worked out again when
asked for, so a missing or foreign piece costs time, never a wrong history.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from referee.engine.checkpoint import CheckpointError, dump_state, fingerprint, load_state
from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError
from referee.engine.replay import CHECKPOINT_EVERY, Frame, Replayer
from referee.engine.rules import GameRules
from referee.games import registry
from referee.web import store
from referee.web.store import GameRow

MapResolver = Callable[[str, str], Any]
FrameNotes = Callable[[list[Frame], int], list[Any]]  # (frames, depth) -> notes of frames[1..depth]

_NOTERS: dict[type, tuple[str, FrameNotes]] = {}
NEAR_TOP = 8  # frames this close to the top are found by walking down, without a list


def register_frame_notes(rules_type: type, version: str, make: FrameNotes) -> None:
    """Save `make(frames, depth)` (one picklable note per frame, set as `Frame.memo`) with every
    checkpoint of games whose rules are a `rules_type`; `version` changes when the notes do.
    `frames` may be a run of the frames in force: the note of frames[i] may depend on frames[i]
    and frames[i - 1] only."""
    _NOTERS[rules_type] = (version, make)


@dataclass(frozen=True)
class SavedCheckpoint:
    """What a checkpoint holds: the state. Checkpoints saved before the notes were saved in
    pieces also hold the notes of every action up to them (still read)."""

    state: Any
    version: str = ""
    notes: tuple = ()


@dataclass(frozen=True)
class PendingCheckpoint:
    """A checkpoint and its piece of frame notes, worked out and pickled, not yet stored."""

    seq: int
    fingerprint: str
    state: bytes = field(repr=False)
    piece: store.NotePiece | None = None
    whole: bool = False  # the piece replaces every piece stored before


def checkpoint_of(replayer: Replayer, saved: int = 0,
                  noted: int | None = None) -> PendingCheckpoint | None:
    """The Replayer's newest saved-worthy checkpoint, when newer than `saved` (the log length of
    the one stored), with the frame notes since `noted` (None: all of them); no database is
    touched, so an import works it out before it takes the write lock."""
    found = replayer.saved_checkpoint()
    if found is None or found[0] <= saved:
        return None
    seq, state = found
    rules_print = fingerprint(replayer.rules)
    pending = PendingCheckpoint(seq, rules_print, dump_state(SavedCheckpoint(state)))
    noter = _NOTERS.get(type(replayer.rules))
    if noter is None:
        return pending
    frames = replayer.frames_between(noted or 0, seq)
    depth = len(frames) - 1
    notes = tuple(noter[1](frames, depth)) if depth else ()
    positions = tuple(frame.position for frame in frames[1:])
    piece = store.NotePiece(noted or 0, seq, rules_print, noter[0],
                            dump_state((positions, notes)))
    return PendingCheckpoint(seq, rules_print, pending.state, piece, whole=noted is None)


class GameUnavailable(Exception):
    """A stored game that cannot be brought up: its rules or map are missing, or it no longer
    replays under the current rules. Not the visitor's fault; the message says what is wrong."""


def map_resolver(instance_dir: Path) -> MapResolver:
    """`resolve_map(game, key)`: each game's boards, shipped and in the instance folder."""
    return registry.resolver(instance_dir)


def build_rules(record: dict, resolve_map: MapResolver) -> GameRules:
    """The rules object for a game record; raises GameUnavailable with the reason."""
    try:
        return registry.rules_for(record, resolve_map)
    except ImportError as err:
        game = record.get("game")
        raise GameUnavailable(f"The rules for {game!r} are not available: {err}") from err
    except (RecordError, IllegalAction, ValueError, LookupError, OSError, TypeError,
            AttributeError) as err:
        raise GameUnavailable(f"This game cannot be set up: {err}") from err


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
    def __init__(self, resolve_map: MapResolver):
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
        tail = None  # the actions after the Replayer's seq, when already read
        if replayer is None or replayer.seq > count:
            replayer, tail = self._resume(db, game, count)
            self._replayers[game.id] = replayer
        if replayer.seq < count:
            start = replayer.seq
            if tail is None:  # cut at `count`: actions stored since are not asked for here
                tail = store.actions_from(db, game.id, start)[:count - start]
            for offset, action in enumerate(tail):
                try:
                    replayer.submit(action)
                except Exception as err:  # the rules refused it, or failed on it
                    self.evict(game.id)  # never keep a Replayer left half way
                    raise GameUnavailable(
                        f"The stored log no longer replays: action {start + offset + 1} "
                        f"({action.get('type')!r}): {err}"
                    ) from err
            if replayer.seq != count:
                self.evict(game.id)
                raise GameUnavailable(
                    f"The stored log has a gap: {count} actions counted, {replayer.seq} found."
                )
        return replayer

    def _resume(self, db: Database, game: GameRow,
                 count: int) -> tuple[Replayer, list[dict] | None]:
        """A Replayer from the game's saved checkpoint, if one fits the rules of today, with the
        actions after it; else a Replayer at the opening (the caller replays the log)."""
        rules = build_rules(game.record(), self.resolve_map)
        if count < 2 * CHECKPOINT_EVERY:
            return Replayer(rules), None
        saved = store.load_checkpoint(db, game.id)
        if saved is None or not 0 < saved.seq <= count or saved.fingerprint != fingerprint(rules):
            return Replayer(rules), None
        log = store.actions_from(db, game.id)[:count]
        try:
            loaded = load_state(saved.state)
            kept = loaded if isinstance(loaded, SavedCheckpoint) else SavedCheckpoint(loaded)
            replayer = Replayer.resume(rules, log[:saved.seq], kept.state)
        except (CheckpointError, IllegalAction):
            return Replayer(rules), log  # a damaged checkpoint costs a replay, nothing else
        self._saved[game.id] = saved.seq
        noter = _NOTERS.get(type(rules))
        if noter is not None:
            self._restore_notes(db, game.id, replayer, saved, noter[0], kept)
        return replayer, log[saved.seq:]

    def _restore_notes(self, db: Database, game_id: str, replayer: Replayer,
                       saved: store.Checkpoint, version: str, kept: SavedCheckpoint) -> None:
        """Put the stored notes back on the frames of a resumed Replayer: the pieces that
        follow one another from the opening, saved under the checkpoint's rules and today's
        notes code (or the notes an older checkpoint held whole)."""
        notes: dict[int, Any] = {}
        end = 0
        for piece in store.note_pieces(db, game_id):
            if piece.start != end or piece.end > saved.seq or (
                    piece.fingerprint, piece.version) != (saved.fingerprint, version):
                break
            try:
                positions, made = load_state(piece.notes)
                notes.update(zip(positions, made, strict=True))
            except (CheckpointError, TypeError, ValueError):
                break  # a damaged piece: what it and the later ones hold is made again
            end = piece.end
        frames = replayer.frames
        if end == saved.seq:
            self._noted[game_id] = end
        elif not notes and kept.version == version and len(kept.notes) == len(frames) - 1:
            notes = {f.position: note for f, note in zip(frames[1:], kept.notes, strict=True)}
        for frame in frames[1:]:
            note = notes.get(frame.position)
            if note is not None:
                frame.memo = note

    def save_checkpoint(self, db: Database, game_id: str, replayer: Replayer) -> None:
        """Store the Replayer's newest saved-worthy checkpoint, when it is newer than the one
        stored (every CHECKPOINT_EVERY actions or so). Within the caller's transaction."""
        pending = checkpoint_of(replayer, self._saved.get(game_id, 0), self._noted.get(game_id))
        if pending is not None:
            self.store_checkpoint(db, game_id, pending)

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
