"""A game's state saved with the game, so that a restart replays only the actions after it.

The engine owns the format both ways: `checkpoint_of` works out what to store (the newest
checkpoint frame's state, and a piece of frame notes), `resume` brings a game back from its
log and what was stored, and `catch_up` submits the actions recorded since, naming the first
one that does not replay by its position. The storage itself (a database, a file) is the
caller's: it keeps what `checkpoint_of` gives and hands it back to `resume`.

A checkpoint is only as good as the rules that made it: `fingerprint(rules)` hashes the code of
the engine and of the game's package with everything the rules object holds (map, players,
settings). A checkpoint whose fingerprint differs is ignored and the log is replayed in full.
States are pickled and compressed; loading accepts only the project's own classes and plain
containers, so a damaged or foreign blob is refused, never run.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import json
import pickle
import sys
import zlib
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from referee.engine.errors import IllegalAction
from referee.engine.replay import Replayer, ReplayError

ENGINE_DIR = Path(__file__).resolve().parent
SAFE_BUILTINS = frozenset({"set", "frozenset", "dict", "list", "tuple", "bytes", "bytearray",
                           "int", "float", "str", "bool", "complex", "object", "getattr"})
SAFE_MODULES = {"collections": frozenset({"OrderedDict", "defaultdict", "deque", "Counter"}),
                "copyreg": frozenset({"_reconstructor"}),
                "datetime": frozenset({"date", "datetime", "timedelta", "timezone"})}
SAFE_PREFIXES = ("referee.", "tests.")


class CheckpointError(ValueError):
    """A saved state that cannot be read back (damaged, or of classes it may not name)."""


def dump_state(state: Any) -> bytes:
    return zlib.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), 6)


MOVED = {("referee.web.replayers", "SavedCheckpoint"): ("referee.engine.checkpoint",
                                                       "SavedCheckpoint")}


class _Loader(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        module, name = MOVED.get((module, name), (module, name))
        if module == "builtins" and name in SAFE_BUILTINS:
            return super().find_class(module, name)
        if name in SAFE_MODULES.get(module, ()):
            return super().find_class(module, name)
        if module.startswith(SAFE_PREFIXES) and module in sys.modules:
            return super().find_class(module, name)
        raise CheckpointError(f"a saved state may not name {module}.{name}")


def load_state(blob: bytes) -> Any:
    """The state `dump_state` saved; CheckpointError if the blob cannot be trusted or read."""
    try:
        return _Loader(io.BytesIO(zlib.decompress(blob))).load()
    except CheckpointError:
        raise
    except Exception as err:  # zlib.error, pickle errors, a class that changed shape
        raise CheckpointError(f"a saved state cannot be read: {err}") from err


@cache
def _code_digest(module: str) -> str:
    """sha256 of the engine's sources and of the package that holds `module`."""
    digest = hashlib.sha256()
    package = sys.modules[module.rsplit(".", 1)[0]] if "." in module else sys.modules[module]
    folders = [ENGINE_DIR, Path(getattr(package, "__file__", "") or ".").resolve().parent]
    for folder in folders:
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _plain(value: Any) -> Any:
    """JSON's fallback: sets sorted, boards and settings as their plain data."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    return repr(value)


_PARTS: dict[int, tuple[Any, str]] = {}  # id -> (the object, its digest): boards are shared


def _hash(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()


def _digest(value: Any) -> str:
    if isinstance(value, (str, int, float, bool, type(None), list, dict)):
        return _hash(value)
    kept = _PARTS.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    digest = _hash(value)
    if len(_PARTS) > 64:
        _PARTS.clear()
    _PARTS[id(value)] = (value, digest)
    return digest


def fingerprint(rules: Any) -> str:
    """What a checkpoint was made under: the rules' code and everything the rules object holds
    (its map, players and settings, as plain data)."""
    digest = hashlib.sha256(_code_digest(type(rules).__module__).encode())
    digest.update(type(rules).__qualname__.encode())
    for name, value in sorted(vars(rules).items()):
        digest.update(f"{name}={_digest(value)};".encode())
    return digest.hexdigest()


@dataclasses.dataclass(frozen=True)
class SavedCheckpoint:
    """What a checkpoint holds: the state. Checkpoints saved before the notes were saved in
    pieces also hold the notes of every action up to them (still read)."""

    state: Any
    version: str = ""
    notes: tuple = ()


class Stored(Protocol):
    """A checkpoint as stored with a game: after `seq` actions, under `fingerprint`."""

    seq: int
    fingerprint: str
    state: bytes


# (version, make): make(frames, depth) gives one picklable note per frame of frames[1..depth]
# (set as Frame.memo); the note of frames[i] may depend on frames[i] and frames[i - 1] only;
# `version` changes when the notes do (notes of another version are not trusted)
FrameNoter = tuple[str, Callable[[list[Any], int], list[Any]]]


class StoredNotes(Protocol):
    """A piece of frame notes as stored: those of the actions at positions start..end-1."""

    start: int
    end: int
    fingerprint: str
    version: str
    notes: bytes


@dataclasses.dataclass
class Resumed:
    """A game brought back from its log and what was stored with it."""

    replayer: Any  # the Replayer at the end of the log
    checkpoint: int = 0  # the log length of the stored checkpoint it rests on (0: none used)
    noted: int | None = None  # the stored notes cover the actions at positions 0..noted-1


def resume(rules: Any, log: Sequence[dict], stored: Stored | None = None,
           pieces: Iterable[StoredNotes] = (), notes_version: str | None = None,
           seat_of: Any = None) -> Resumed:
    """The game after `log`, from its stored checkpoint when one fits today's rules (its
    fingerprint) and can be read, with the frame notes stored in `pieces` (saved under
    `notes_version`) put back on the frames. Only the actions in force above the newest state
    known are replayed (engine/replay.py `Replayer.restore`); a checkpoint that does not fit or
    is damaged costs a replay of the actions in force, never a wrong game. ReplayError names
    an action in force the rules refuse. `seat_of`: whose an action is (Replayer)."""
    if stored is None or not 0 < stored.seq <= len(log) or stored.fingerprint != fingerprint(rules):
        return Resumed(Replayer.restore(rules, log, seat_of=seat_of))
    try:
        loaded = load_state(stored.state)
    except CheckpointError:
        return Resumed(Replayer.restore(rules, log, seat_of=seat_of))
    kept = loaded if isinstance(loaded, SavedCheckpoint) else SavedCheckpoint(loaded)
    notes: dict[int, Any] = {}
    noted = None
    if notes_version is not None:
        notes, end = _stitch(pieces, stored, notes_version)
        noted = end if end == stored.seq else None
    replayer = Replayer.restore(rules, log, (stored.seq, kept.state), notes, seat_of)
    if notes_version is not None and not notes and kept.version == notes_version:
        # a checkpoint saved before the notes came in pieces holds them all, frame by frame
        frames = replayer.frames_between(0, stored.seq)
        if kept.notes and len(kept.notes) == len(frames) - 1:
            for frame, note in zip(frames[1:], kept.notes, strict=True):
                frame.memo = note
    return Resumed(replayer, stored.seq, noted)


def _stitch(pieces: Iterable[StoredNotes], stored: Stored,
            version: str) -> tuple[dict[int, Any], int]:
    """The notes of the pieces that follow one another from the opening, saved under the
    checkpoint's rules and today's notes code, by log position; and where they end."""
    notes: dict[int, Any] = {}
    end = 0
    for piece in pieces:
        if piece.start != end or piece.end > stored.seq or (
                piece.fingerprint, piece.version) != (stored.fingerprint, version):
            break
        try:
            positions, made = load_state(piece.notes)
            notes.update(zip(positions, made, strict=True))
        except (CheckpointError, TypeError, ValueError):
            break  # a damaged piece: what it and the later ones hold is made again
        end = piece.end
    return notes, end


@dataclasses.dataclass(frozen=True)
class NotePiece:
    """The frame notes of the actions at log positions start..end-1 that were in force when
    the piece was made (pickled by `dump_state`): one `StoredNotes` to store."""

    start: int
    end: int
    fingerprint: str
    version: str
    notes: bytes = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class PendingCheckpoint:
    """A checkpoint and its piece of frame notes, worked out and pickled, not yet stored."""

    seq: int
    fingerprint: str
    state: bytes = dataclasses.field(repr=False)
    piece: NotePiece | None = None
    whole: bool = False  # the piece replaces every piece stored before


def checkpoint_of(replayer: Replayer, saved: int = 0, noted: int | None = None,
                  noter: FrameNoter | None = None) -> PendingCheckpoint | None:
    """The Replayer's newest saved-worthy checkpoint, when newer than `saved` (the log length of
    the one stored), with the frame notes since `noted` (None: all of them) made by `noter`;
    nothing is stored here, so a caller works it out before it takes a write lock."""
    found = replayer.saved_checkpoint()
    if found is None or found[0] == saved:
        return None  # (an undo below the stored one makes an older one the newest in force)
    seq, state = found
    rules_print = fingerprint(replayer.rules)
    pending = PendingCheckpoint(seq, rules_print, dump_state(SavedCheckpoint(state)))
    if noter is None or (noted is not None and noted >= seq):
        return pending  # the notes up to an older checkpoint are stored already
    frames = replayer.frames_between(noted or 0, seq)
    depth = len(frames) - 1
    notes = tuple(noter[1](frames, depth)) if depth else ()
    positions = tuple(frame.position for frame in frames[1:])
    piece = NotePiece(noted or 0, seq, rules_print, noter[0], dump_state((positions, notes)))
    return PendingCheckpoint(seq, rules_print, pending.state, piece, whole=noted is None)


def catch_up(replayer: Replayer, actions: Iterable[dict]) -> Replayer:
    """`replayer` with `actions` submitted, the ones recorded after its log (a game resumed
    from a checkpoint, or kept while others acted). ReplayError names the first action the
    rules refuse or fail on by its position in the log; the Replayer is then left part way,
    for the caller to drop."""
    for position, action in enumerate(actions, start=replayer.seq):
        try:
            replayer.submit(action)
        except Exception as err:  # refused, or the rules failed on it: said as that action
            cause = err if isinstance(err, IllegalAction) else IllegalAction(str(err))
            raise ReplayError(position, action if isinstance(action, dict) else {},
                              cause) from err
    return replayer
