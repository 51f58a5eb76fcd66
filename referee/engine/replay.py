"""A game as an append-only log of actions, its state rebuilt by replay and kept cached.

Undo is itself an action: it takes back the latest action still in force; a player's own
take-back (`take_back`, engine/takeback.py) is one too, of the latest action recorded. Redo is
one too: it puts back the action the latest undo or take-back took (the same action, dice and
all, with what it moved and said), as long as nothing else was recorded since; a new action
ends what can be redone. Each action in force has a Frame (what it moved and said); the state
itself is kept only at checkpoints (every CHECKPOINT_EVERY-th frame) and for the latest few
frames. Any other frame's state is rebuilt when asked for, by replaying from the nearest kept
state below it: replay is deterministic, so undo still restores the prior state exactly, and
memory stays a few hundred bytes per action instead of a copy of the whole state.

Each action is held once: the log and its frame share the same dict. What a frame moved and
said is kept as objects at checkpoints and for the latest frames only; any other frame keeps it
packed and unpacks it when a page asks, without running a rule: once the frames between two
checkpoints are all packed, they share one compressed block (`_Block`: pickled once for the
63 of them and zlib'd, a fifth of their separate pickles), and so do their memos.
"""

from __future__ import annotations

import bisect
import pickle
import sys
import threading
import zlib
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from referee.engine.corrections import RENAME, names_in_force, rename
from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.ledger import Transfer
from referee.engine.questions import Question, still_open
from referee.engine.rules import GameRules, Outcome
from referee.engine.takeback import (
    GAME_OVER,
    NOTHING_TO_TAKE_BACK,
    TAKE_BACK,
    SeatOf,
    recorded_refusal,
    rules_seat_of,
    seat_of_action,
)

UNDO = "undo"
REDO = "redo"
NOTHING_TO_UNDO = "There is nothing to undo."
NOTHING_TO_REDO = ("There is nothing to redo: redo puts back what undo took, until something "
                   "else is recorded.")
CHECKPOINT_EVERY = 64  # a state is kept for every 64th frame in force (the opening is frame 0)
# The states of the latest frames are kept too, so a run of undos costs no replay. An action
# shares with the state before it every field it does not read (engine/rules.py), so a kept
# state costs what its action touched, not a copy of the game; states far apart share little,
# so the checkpoints are most of a long game's memory (64 apart, with 16 latest and 16 walked:
# under 1 KB per stored action in every game; a rebuild replays at most 63 actions).
TAIL = 16
WALK = 16  # states rebuilt on demand kept for undos and readers going down
SAVE_EVERY = 32  # a state is saved with the game for every 32nd frame in force (see below)


class Frame:
    """One action in force, with what it moved and said; its state on demand.

    `outcome` is the frame itself (transfers, events and state), as the engine's Outcome reads.
    `memo` is free for a reader to keep something small it derived from the state (so a page
    that walks every frame does not rebuild every state again); an older frame keeps it packed,
    as what it said.
    """

    __slots__ = ("position", "action", "_said", "depth", "prev", "_state", "_replayer", "_memo",
                 "renamed", "__weakref__")

    def __init__(self, position: int, action: dict | None, outcome: Outcome | None,
                 prev: Frame | None, replayer: Replayer):
        self.position = position  # index of the action in the log (-1 for the opening)
        self.action = action
        # (transfers, events), or the same packed (`_pack`); None until known: a game resumed
        # from a saved checkpoint learns what its older actions moved and said only when
        # someone asks (one replay from the opening)
        self._said: tuple | bytes | None = None if outcome is None else (
            tuple(outcome.transfers), tuple(outcome.events))
        self.depth = 0 if prev is None else prev.depth + 1
        self.prev = prev
        # the newest frame at or below this one whose action corrects a name (or None): the
        # names in force follow from those few frames, not from a walk down the whole log
        self.renamed: Frame | None = (
            self if action is not None and action.get("type") == RENAME
            else None if prev is None else prev.renamed)
        self._state: Any = None if outcome is None else outcome.state
        self._replayer = replayer
        self._memo: Any = None

    def _told(self) -> tuple:
        said = self._said
        if said is None:
            self._replayer.learn(self)
            said = self._said
        if isinstance(said, _Block):
            return said.item(self.depth)
        return pickle.loads(said) if isinstance(said, bytes) else said  # type: ignore[arg-type]

    @property
    def memo(self) -> Any:
        memo = self._memo
        if isinstance(memo, _Block):
            return memo.item(self.depth)
        return memo.unpacked() if isinstance(memo, _Packed) else memo

    @memo.setter
    def memo(self, value: Any) -> None:
        # a frame whose state is no longer kept is an older one: its memo is read seldom
        self._memo = value if self._state is not None else _Packed.of(value)

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        return self._told()[0]

    @property
    def events(self) -> tuple[str, ...]:
        return self._told()[1]

    @property
    def checkpoint(self) -> bool:
        return self.depth % CHECKPOINT_EVERY == 0

    @property
    def state(self) -> Any:
        state = self._state
        return state if state is not None else self._replayer.rebuild(self)

    @property
    def outcome(self) -> Frame:
        return self

    def __repr__(self) -> str:
        return f"Frame({self.position}, {self.action!r})"


def renaming_actions(frame: Frame | None) -> list[dict]:
    """The `rename_player` actions in force up to `frame` (itself included), oldest first:
    found through `Frame.renamed`, so only those frames are visited."""
    found = []
    frame = None if frame is None else frame.renamed
    while frame is not None:
        found.append(frame.action)
        frame = None if frame.prev is None else frame.prev.renamed
    found.reverse()
    return found


def _position(frame: Frame) -> int:
    return frame.position


class _Packed(bytes):
    """A frame's memo, pickled: kept so below the latest frames (the bytes themselves, one
    object, no wrapper around them)."""

    __slots__ = ()

    @classmethod
    def of(cls, value: Any) -> Any:
        """`value` packed, or as it is when it is nothing, or cannot be pickled."""
        if value is None or isinstance(value, (_Packed, _Block)):
            return value
        try:
            return cls(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):
            return value

    def unpacked(self) -> Any:
        return pickle.loads(self)


class _Block:
    """What the frames between two checkpoints moved and said (or their memos), one value a
    frame, pickled together and compressed: each frame of the run holds the block and finds
    its own by its depth. The latest block read is kept unpacked (one a process), so a page
    that reads frame after frame unpacks each block once."""

    __slots__ = ("low", "data")
    _opened: tuple[_Block, list] | None = None

    def __init__(self, low: int, values: list):
        self.low = low  # the depth of the first frame of the run
        self.data = zlib.compress(pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL))

    def item(self, depth: int) -> Any:
        """The value of the frame at `depth`."""
        opened = _Block._opened
        if opened is None or opened[0] is not self:
            opened = (self, pickle.loads(zlib.decompress(self.data)))
            _Block._opened = opened
        return opened[1][depth - self.low]


def _packed_value(value: Any) -> Any:
    """A frame's said or memo as `_bundle` reads it, unpacked (a `_Packed` is its pickle)."""
    return pickle.loads(value) if isinstance(value, bytes) else value


def _bundle(top: Frame) -> None:
    """Pack what the run of frames from `top` down to the checkpoint below it said into one
    block, and their memos into another, each when every frame of the run keeps its own
    packed (none still wanted as objects, none unknown, none in a block yet)."""
    run: list[Frame] = []
    frame: Frame | None = top
    while frame is not None and not frame.checkpoint:
        run.append(frame)
        frame = frame.prev
    if not run:
        return
    run.reverse()
    low = run[0].depth
    said = [f._said for f in run]
    if all(isinstance(x, bytes) or (isinstance(x, tuple) and not (x[0] or x[1]))
           for x in said):
        block = _Block(low, [_packed_value(x) for x in said])
        for f in run:
            f._said = block
    memos = [f._memo for f in run]
    if any(m is not None for m in memos) and all(
            m is None or isinstance(m, _Packed) for m in memos):
        notes = _Block(low, [_packed_value(m) for m in memos])
        for f in run:
            f._memo = notes


def _run_ends(frame: Frame) -> bool:
    """Whether `frame` is the last of a run between two checkpoints."""
    return frame.depth % CHECKPOINT_EVERY == CHECKPOINT_EVERY - 1


SHORT = 64  # a string value of an action this long or shorter is held once for every action


def shared(value: Any) -> Any:
    """`value` with its short strings (in lists and dicts too) the one copy of their text
    (sys.intern): read from JSON or copied by pickling, each would be a string of its own."""
    if type(value) is str:
        return sys.intern(value) if len(value) <= SHORT else value
    if type(value) is list:
        return [shared(item) for item in value]
    if type(value) is dict:
        return {shared(key): shared(item) for key, item in value.items()}
    return value


def held(action: dict) -> dict:
    """The copy of `action` a game keeps: its keys and short strings shared with every other
    action's (a record's 2,000 actions say "type" and "roll" 2,000 times)."""
    return shared(action)


def _pack(said: tuple | bytes | None) -> tuple | bytes | None:
    """A frame's (transfers, events) as it is kept below the latest frames: pickled, unless
    nothing was moved or said (the empty pair costs nothing)."""
    if isinstance(said, tuple) and (said[0] or said[1]):
        return pickle.dumps(said, protocol=pickle.HIGHEST_PROTOCOL)
    return said


class Replayer:
    """Holds one game's log and its current state.

    `seat_of` is the game's answer to whose an action is (engine/takeback.py `game_seat_of`;
    by default read off the rules): a take-back is refused unless it names the seat of the
    latest action recorded, in a replay and an import as at the table."""

    def __init__(self, rules: GameRules, actions: Iterable[dict] = (),
                 seat_of: SeatOf | None = None):
        self.rules = rules
        self.seat_of: SeatOf = seat_of or rules_seat_of(rules)
        self.log: list[dict] = []
        self._frames: list[Frame] = [Frame(-1, None, rules.initial(), None, self)]
        self._tail: deque[Frame] = deque(self._frames, maxlen=TAIL)
        self._walk: deque[Frame] = deque(maxlen=WALK)
        self._guard = threading.RLock()
        self._resumed: Frame | None = None  # the frame a saved checkpoint restored
        self._undone: list[Frame] = []  # frames taken back by undo that redo may put back
        self.extend(actions)

    def extend(self, actions: Iterable[dict], start: int = 0) -> None:
        """Submit recorded actions; ReplayError names the first the rules refuse."""
        for position, action in enumerate(actions, start=start):
            try:
                self.submit(action)
            except IllegalAction as err:
                raise ReplayError(position, action, err) from err

    @classmethod
    def resume(cls, rules: GameRules, log: list[dict], state: Any) -> Replayer:
        """The game after `log`, whose last state in force is `state` (a saved checkpoint),
        without replaying it: which actions are in force follows from the log alone."""
        return cls.restore(rules, log, (len(log), state))

    @classmethod
    def restore(cls, rules: GameRules, log: Sequence[dict],
                checkpoint: tuple[int, Any] | None = None,
                notes: Mapping[int, Any] | None = None,
                seat_of: SeatOf | None = None) -> Replayer:
        """The game after `log`, replaying only the actions still in force above the newest
        state known: `checkpoint` is (seq, state), the state after the first seq actions (a
        saved checkpoint); it is used when the action that made it is still in force, else the
        actions in force are replayed from the opening. Actions undone for good are never
        applied, and those redo may put back are applied when asked for. `notes` puts back
        each frame's memo, by the log position of its action. ReplayError names an action in
        force that the rules refuse, and a take-back of another seat's action."""
        replayer = cls(rules, seat_of=seat_of)
        stack = [replayer._frames[0]]
        undone: list[Frame] = []
        kept = [held(a) if isinstance(a, dict) else a for a in log]  # the one copy of each
        for position, action in enumerate(kept):
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                raise ReplayError(position, action if isinstance(action, dict) else {},
                                  IllegalAction("An action is an object with a 'type'."))
            if action["type"] in (UNDO, TAKE_BACK):
                if len(stack) == 1 or (action["type"] == TAKE_BACK
                                       and stack[-1].position != position - 1):
                    why = NOTHING_TO_UNDO if action["type"] == UNDO else NOTHING_TO_TAKE_BACK
                    raise ReplayError(position, action, IllegalAction(why))
                if action["type"] == TAKE_BACK and seat_of_action(
                        replayer.seat_of, stack[-1].action) != action.get("player"):
                    why = recorded_refusal(_Top(stack, position), action, replayer.seat_of)
                    raise ReplayError(position, action, IllegalAction(why or NOTHING_TO_TAKE_BACK))
                undone.append(stack.pop())
            elif action["type"] == REDO:
                if not undone:
                    raise ReplayError(position, action, IllegalAction(NOTHING_TO_REDO))
                stack.append(undone.pop())
            else:
                undone.clear()
                stack.append(Frame(position, action, None, stack[-1], replayer))
        replayer.log = kept
        replayer._frames = stack
        replayer._undone = undone
        replayer._tail.clear()
        base = stack[0]
        if checkpoint is not None and 0 < checkpoint[0] <= len(log):
            seq, state = checkpoint
            at = bisect.bisect_left(stack, seq - 1, lo=1, key=_position)
            if at < len(stack) and stack[at].position == seq - 1:
                base = stack[at]
                base._state = state
                replayer._resumed = base
        if notes:
            for frame in stack[1:]:
                frame.memo = notes.get(frame.position, frame.memo)
        replayer._tail.append(base)
        state = base._state
        for frame in stack[base.depth + 1:]:
            try:
                state = replayer._learn_from(frame, state)
            except IllegalAction as err:
                raise ReplayError(frame.position, frame.action or {}, err) from err
            frame._state = state
            replayer._keep(frame)
        return replayer

    def _learn_from(self, frame: Frame, state: Any) -> Any:
        """Apply `frame`'s action on `state` (its prev's) and note what it moved and said;
        the state it makes is kept when the frame is a checkpoint."""
        outcome = self._apply(state, frame.action or {}, frame.prev)
        if frame._said is None:
            said = (tuple(outcome.transfers), tuple(outcome.events))
            frame._said = said if frame.checkpoint or frame in self._tail else _pack(said)
            if _run_ends(frame) and frame not in self._tail:
                _bundle(frame)
        if frame._state is None and frame.checkpoint:
            frame._state = outcome.state
        return outcome.state

    def learn(self, frame: Frame) -> None:
        """What `frame`'s action moved and said, when a restore left it unknown: below the
        restored checkpoint, one replay from the opening learns every such frame; above it
        (one redo may put back), its own action on the state before it."""
        with self._guard:
            if frame._said is not None:
                return
            top = self._resumed
            if top is not None and frame.depth <= top.depth:
                self.resolve()
            if frame._said is None and frame.prev is not None:
                self._learn_from(frame, frame.prev.state)

    def resolve(self) -> None:
        """Learn what the actions before a restored checkpoint moved and said (one replay)."""
        with self._guard:
            top = self._resumed
            if top is None:
                return
            chain: list[Frame] = []
            frame: Frame | None = top
            while frame is not None and frame.prev is not None:
                chain.append(frame)
                frame = frame.prev
            state = self._frames[0].state if frame is None else frame.state
            for step in reversed(chain):
                state = self._learn_from(step, state)
            self._resumed = None

    @property
    def seq(self) -> int:
        """How many actions the log holds; the number a client must send with its next action."""
        return len(self.log)

    @property
    def state(self) -> Any:
        return self._frames[-1].state

    @property
    def frames(self) -> list[Frame]:
        """The opening and the frame of every action still in force, oldest first."""
        return list(self._frames)

    @property
    def top(self) -> Frame:
        """The latest frame in force (the opening before any action)."""
        return self._frames[-1]

    @property
    def undone(self) -> list[Frame]:
        """The frames redo may put back, the next one last (empty once a new action came)."""
        return list(self._undone)

    def frames_between(self, start: int, end: int) -> list[Frame]:
        """The frames in force made by the actions at log positions start..end-1, with the
        frame before the first of them in front (a bisection: frames in force are in log
        order, so the cost does not grow with the game)."""
        frames = self._frames
        low = max(1, bisect.bisect_left(frames, start, key=_position))
        high = bisect.bisect_left(frames, end, lo=low, key=_position)
        return frames[low - 1:high]

    def submit(self, action: dict, expected_seq: int | None = None,
               question: Question | None = None) -> Frame:
        """Check and append one action; raise StaleAction or IllegalAction and change nothing.

        `expected_seq` is the log length the sender saw. Without a `question` it must be the
        current one; with one (the sender's seat and who the game asks), an older one is
        accepted while that seat's own question stayed open since (engine/questions.py)."""
        if expected_seq is not None and expected_seq != self.seq and (
                question is None or not still_open(self, expected_seq, question)):
            raise StaleAction(expected_seq, self.seq)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action is an object with a 'type'.")
        if action["type"] == TAKE_BACK:
            # a seat's own tap (engine/takeback.py): the latest action recorded, nothing since,
            # and that seat's own; never the end of the game
            if not isinstance(action.get("player"), str) or not action["player"]:
                raise IllegalAction("A take-back names the player who takes back his tap.")
            if (why := recorded_refusal(self, action, self.seat_of)) is not None:
                raise IllegalAction(why)
            if getattr(self.state, "over", False):
                raise IllegalAction(GAME_OVER)
        if action["type"] in (UNDO, TAKE_BACK):
            if len(self._frames) == 1:
                raise IllegalAction(NOTHING_TO_UNDO)
            with self._guard:
                undone = self._frames.pop()
                self._undone.append(undone)
                self.log.append(held(action))
                self._keep(self._frames[-1])
            return undone
        if action["type"] == REDO:
            if not self._undone:
                raise IllegalAction(NOTHING_TO_REDO)
            with self._guard:
                # The same frame again: it was made on the very state that is in force now,
                # so what it moved and said (its dice among them) holds unchanged.
                redone = self._undone.pop()
                self.log.append(held(action))
                self._frames.append(redone)
                self._keep(redone)
            return redone
        outcome = self._apply(self.state, action, self._frames[-1])
        kept = held(action)
        with self._guard:
            frame = Frame(len(self.log), kept, outcome, self._frames[-1], self)
            self.log.append(kept)
            self._frames.append(frame)
            self._undone.clear()
            self._keep(frame)
        return frame

    def preview(self, action: dict) -> Outcome:
        """What `action` would do now, without recording it."""
        return self._apply(self.state, action, self._frames[-1])

    def _apply(self, state: Any, action: dict, prev: Frame | None) -> Outcome:
        """The rules' outcome of `action` on `state` (after `prev`); the engine's own
        corrections (a player's name) are answered here for every game."""
        if action.get("type") == RENAME:
            return rename(self.rules, state, action, self.names(prev))
        return self.rules.apply(state, action)

    def names(self, frame: Frame | None = None) -> dict[str, str]:
        """The players' names in force after `frame` (default: the latest), by id."""
        frame = self._frames[-1] if frame is None else frame
        return names_in_force(self.rules, renaming_actions(frame))

    def transfers(self) -> Iterator[Transfer]:
        """Every transfer of the actions in force, in order (the opening cash first)."""
        for frame in self._frames:
            yield from frame.transfers

    def saved_checkpoint(self) -> tuple[int, Any] | None:
        """(log length, state) of the newest SAVE_EVERY-th frame that has SAVE_EVERY frames or
        more above it: what to save with the game, so a restart replays a few dozen actions
        and still knows what the latest of them said. Saved twice as often as a state is kept
        in memory: one between two kept ones is rebuilt when it is due (once per SAVE_EVERY
        actions), so a game of a few hundred actions in force is saved as often as before."""
        frames = self._frames
        depth = (len(frames) - 1 - SAVE_EVERY) // SAVE_EVERY * SAVE_EVERY
        if depth <= 0:
            return None
        frame = frames[depth]
        if frame._state is None and not self._below_resumed(frame):
            self.rebuild(frame)
        if frame._state is None:
            return None
        return frame.position + 1, frame._state

    def _below_resumed(self, frame: Frame) -> bool:
        """Whether `frame` lies below a restored checkpoint not yet replayed down to."""
        return self._resumed is not None and frame.depth < self._resumed.depth

    # -- states on demand ---------------------------------------------------------------------

    def _keep(self, frame: Frame) -> None:
        """Make `frame` the latest: its state is kept while it is among the last TAIL."""
        if frame._state is None:
            frame._state = self.rebuild(frame)
        leaving = self._tail[0] if len(self._tail) == TAIL else None
        if frame in self._tail:
            self._tail.remove(frame)
        self._tail.append(frame)
        if leaving is not None and leaving not in self._tail:
            self._drop(leaving)

    def _drop(self, frame: Frame) -> None:
        """Forget a frame's state, and pack what it moved and said, unless it is a checkpoint
        or still wanted."""
        if not frame.checkpoint and frame not in self._tail and frame not in self._walk:
            frame._state = None
            frame._said = _pack(frame._said)
            frame._memo = _Packed.of(frame._memo)
            if _run_ends(frame):
                _bundle(frame)

    def forget_walked(self) -> None:
        """Forget the states a reader's walk left kept (WALK of them, below the latest): after
        a walk over the whole game (an import's checkpoint and notes), they serve no undo."""
        with self._guard:
            walked = list(self._walk)
            self._walk.clear()
            for frame in walked:
                self._drop(frame)

    def rebuild(self, frame: Frame) -> Any:
        """The state after `frame`, replayed from the nearest kept state below it."""
        with self._guard:
            if frame._state is not None:
                return frame._state
            if self._resumed is not None and frame.depth < self._resumed.depth:
                self.resolve()  # the kept states below a resumed checkpoint are made now
                if frame._state is not None:
                    return frame._state
            chain: list[Frame] = []
            base = frame
            while base._state is None:
                chain.append(base)
                base = base.prev  # type: ignore[assignment]  # the opening always has a state
            state = base._state
            for step in reversed(chain):
                # every state made on the way is kept a while: the undos that follow one
                # another below the latest frames, or a reader walking the frames, replay
                # nothing more
                state = self._learn_from(step, state)
                step._state = state
                if not step.checkpoint and step not in self._tail:
                    leaving = self._walk[0] if len(self._walk) == WALK else None
                    self._walk.append(step)
                    if leaving is not None and leaving not in self._walk:
                        self._drop(leaving)
            return state


class _Top:
    """The frames in force while a log is read (`restore`), as `recorded_refusal` reads a game."""

    def __init__(self, frames: list[Frame], seq: int):
        self.frames = frames
        self.seq = seq


class ReplayError(IllegalAction):
    """An action of a recorded log that the rules reject, with its position in the log."""

    def __init__(self, position: int, action: dict, cause: IllegalAction):
        super().__init__(f"action {position + 1} ({action.get('type')!r}): {cause.reason}",
                         cause.rule)
        self.position = position
        self.action = action
        self.cause = cause
