"""Rail Baron's readable history: one entry per turn, told from its transfers and events.

The engine's event lines are kept as the details of each turn. What each action adds to the
history is worked out once (a FrameNote, kept on its frame) and saved with the game's
checkpoint (`referee.web.replayers`), so a restarted game does not replay its older actions to
tell them.
"""

from __future__ import annotations

import hashlib
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from referee.engine.ledger import BANK, Transfer
from referee.games.railbaron.fees import money
from referee.games.railbaron.state import ENGINE_NAMES, PHANTOM, State

TURN_START = re.compile(r"^Turn \d+: .*\.$")

Namer = Callable[[str], str]


@dataclass(frozen=True)
class TurnEntry:
    """One turn of the game (number 0: the setup before the first turn)."""

    number: int
    player: str | None
    name: str
    colour: str
    summary: str
    lines: tuple[str, ...]
    moved: tuple = ()  # (log position, transfers) of each of its actions that moved money

    @property
    def label(self) -> str:
        return f"Turn {self.number} — {self.name}" if self.number else "Setup"

    @property
    def text(self) -> str:
        """The one-line account: "Turn 14 — Blue: Atlanta → Chicago, payoff $7,500"."""
        return f"{self.label}: {self.summary}"


@dataclass(frozen=True)
class History:
    entries: tuple[TurnEntry, ...]  # newest first
    taken_back: int  # actions taken back by undo, left out of the entries


def namer(state: State) -> Namer:
    def name(account: str) -> str:
        if account == BANK:
            return "the bank"
        if account == PHANTOM:
            return "the phantom player"
        player = state.players.get(account)
        return player.name if player else account

    return name


def transfer_phrase(t: Transfer, subject: str | None, name: Namer) -> str | None:
    """A transfer told briefly from its kind and fields; the turn's player is left unnamed.
    None: not worth a phrase."""

    def who(account: str) -> str:
        return "" if account == subject else f"{name(account)} "

    kind, f, amount = t.kind, t.fields, money(t.amount)
    if kind == "payoff":
        return f"{who(t.target)}{f['start']} → {f['destination']}, payoff {amount}"
    if kind == "use_fee":
        rails = ", ".join(f["railroads"])
        return f"{who(t.source)}paid {name(t.target)} {amount} for the {rails}"
    if kind == "auction":
        seller = "" if t.target == BANK else f" from {name(t.target)}"
        return f"{who(t.source)}bought the {f['railroad']} at auction for {amount}{seller}"
    if kind == "purchase":
        return f"{who(t.source)}bought the {f['railroad']} for {amount}"
    if kind == "sale":
        return f"the bank bought the {f['railroad']} from {name(t.target)} for {amount}"
    if kind == "sell_back":
        return f"{who(t.target)}sold the {f['railroad']} back to the bank for {amount}"
    if kind == "upgrade":
        engine = ENGINE_NAMES.get(f["engine"], f["engine"])
        return f"{who(t.source)}upgraded to {engine} for {amount}"
    if kind == "rover":
        return f"{who(t.target)}rovered {name(t.source)} for {amount}"
    if kind == "correction":
        sign, account = ("+", t.target) if t.source == BANK else ("−", t.source)
        return f"banker's correction: {name(account)} {sign}{amount} ({f['reason']})"
    if kind in ("bankruptcy", "starting_cash"):
        return None  # the amount would be the player's exact cash; the state change says it
    return f"{name(t.source)} paid {name(t.target)} {amount} ({t.memo})"


def state_phrases(before: State, after: State, subject: str | None, paid_upgrades: set[str],
                  name: Namer) -> list[str]:
    """What changed in the turn beyond money: declarations, bankruptcies, the winner."""
    out = []
    for pid, p in after.players.items():
        was = before.players[pid]
        who = "" if pid == subject else f"{p.name} "
        if p.engine != was.engine and p.engine not in paid_upgrades:
            out.append(f"{who}upgraded to {ENGINE_NAMES.get(p.engine, p.engine)}")
        if was.declared and p.city == p.home and was.city != p.home:
            out.append(f"{who}home to {p.home}")
        if p.declared and not was.declared:
            out.append(f"{who}declared (home {p.home})")
        elif was.declared and not p.declared and not p.bankrupt:
            out.append(f"{who}{'is ' if who else ''}no longer declared")
        if p.bankrupt and not was.bankrupt:
            out.append(f"{who}went bankrupt")
    if after.winners and not before.winners:
        if after.winners == [subject]:
            out.append("wins the game")
        else:
            names = " and ".join(name(pid) for pid in after.winners)
            out.append(f"{names} {'wins' if len(after.winners) == 1 else 'win'} the game")
    return out


def _setup_summary(state: State) -> str:
    homes = [f"{p.name} {p.home}" for p in state.players.values() if p.home]
    order = [state.players[pid].name for pid in state.order]
    parts = []
    if order:
        parts.append("turn order " + ", ".join(order))
    if homes:
        parts.append("homes: " + ", ".join(homes))
    return "; ".join(parts) or "rolling for the first player"


class FrameNote(NamedTuple):
    """What the history needs of one frame, derived once from its state and the one before:
    saved with the game's checkpoint, so a restarted game tells its older turns without
    replaying them. `lines` and `transfers` are None in the note a frame keeps (`Frame.memo`,
    as `_Lean`): the frame holds them already, and a second copy of each would double what an
    action costs in memory."""

    turn: tuple[int, str | None]  # (turn number, player) of the state after the frame
    phrases: tuple[str, ...]  # told for the turn it was played in
    lines: tuple[str, ...] | None  # the engine's lines, the turn's start left out
    setup: str | None  # the setup's summary after it, for a frame played during the setup
    transfers: tuple | None = ()  # what it moved (its history line's amounts, docs/explain.md)


# A frame's own note, without what the frame holds: (turn number, player, phrases, setup). A
# plain tuple, as an older frame keeps it pickled: the class's name would be most of its bytes.
_Lean = tuple


def _turn_key(state: State) -> tuple[int, str | None]:
    turn = state.turn
    number = turn.number if turn else 0
    return number, turn.player if turn and number else None


def _lines(frame: Any) -> tuple[str, ...]:
    return tuple(text for text in frame.outcome.events if not TURN_START.match(text))


def _kept(frame: Any) -> FrameNote | None:
    """The note `frame` keeps, if it has one."""
    memo = getattr(frame, "memo", None)
    if isinstance(memo, FrameNote):
        return memo
    if isinstance(memo, _Lean) and len(memo) == 4:
        number, player, phrases, setup = memo
        return FrameNote((number, player), phrases, None, setup, None)
    return None


def frame_note(frames: Sequence[Any], i: int) -> FrameNote:
    """The note of frames[i] (kept on the frame), from its state and the one before it; its
    lines and transfers are None when the frame holds them (`note_lines`, `note_transfers`)."""
    frame = frames[i]
    note = _kept(frame)
    if note is not None:
        return note
    state: State = frame.state
    if i == 0:
        note = FrameNote(_turn_key(state), (), None, _setup_summary(state), None)
    else:
        number, player = turn_of(frames[i - 1])
        subject = player if number else None
        name = namer(state)
        transfers = frame.outcome.transfers
        phrases = [p for t in transfers if (p := transfer_phrase(t, subject, name))]
        paid = {t.fields["engine"] for t in transfers if t.kind == "upgrade"}
        phrases += state_phrases(frames[i - 1].state, state, subject, paid, name)
        note = FrameNote(_turn_key(state), tuple(phrases), None,
                         None if number else _setup_summary(state), None)
    if hasattr(frame, "memo"):
        frame.memo = (*note.turn, note.phrases, note.setup)
    return note


def note_lines(frame: Any, note: FrameNote) -> tuple[str, ...]:
    """The engine's lines of `frame`, the turn's start left out: from its note when it holds
    them (a restored game's older frames), else from the frame."""
    return _lines(frame) if note.lines is None else note.lines


def note_transfers(frame: Any, note: FrameNote) -> tuple:
    """What `frame` moved: from its note when it holds it, else from the frame."""
    return tuple(frame.outcome.transfers) if note.transfers is None else note.transfers


def note_frames(frames: Sequence[Any], upto: int) -> list[FrameNote]:
    """The notes of frames[1..upto], made where missing, whole (lines and transfers in): what a
    checkpoint saves."""
    notes = []
    for i in range(1, upto + 1):
        note = frame_note(frames, i)
        notes.append(note._replace(lines=note_lines(frames[i], note),
                                   transfers=note_transfers(frames[i], note)))
    return notes


def _entry(number: int, player: str | None, frames: Sequence[Any], indices: list[int],
           latest: State) -> TurnEntry:
    notes = [frame_note(frames, i) for i in indices]
    phrases: list[str] = [notes[-1].setup or ""] if not number else []
    for note in notes:
        phrases += note.phrases
    summary = "; ".join(p for p in phrases if p) or "no money has changed hands"
    lines = tuple(text for i, note in zip(indices, notes, strict=True)
                  for text in note_lines(frames[i], note))
    who = latest.players.get(player) if player else None
    moved = tuple((frames[i].position, moved)
                  for i, note in zip(indices, notes, strict=True)
                  if frames[i].position >= 0 and (moved := note_transfers(frames[i], note)))
    return TurnEntry(number, player, who.name if who else "", who.colour if who else "",
                     summary, lines, moved)


Group = tuple[int, str | None, int, list[int]]  # turn number, player, index before, indices

# A finished turn's entry, kept with the turn's last frame: (its first frame, the entry). Frames
# never change, and a frame's identity fixes every frame before it, so the entry stays right.
_ENTRIES: weakref.WeakKeyDictionary[Any, tuple[Any, TurnEntry]] = weakref.WeakKeyDictionary()


def turn_of(frame: Any) -> tuple[int, str | None]:
    """(turn number, player) of the state after `frame` (0 and None during the setup), from the
    frame's note when it has one (no state is rebuilt then)."""
    note = _kept(frame)
    return note.turn if note is not None else _turn_key(frame.state)


def turn_groups(frames: Sequence[Any]) -> list[Group]:
    """The frames grouped by the turn they were played in, oldest first (the opening first)."""
    groups: list[Group] = [(0, None, 0, [0])]
    before = frame_note(frames, 0).turn
    for i in range(1, len(frames)):
        number, player = before
        if groups[-1][0] != number or groups[-1][1] != player:
            groups.append((number, player, i - 1, []))
        groups[-1][3].append(i)
        before = frame_note(frames, i).turn
    return groups


def history(frames: Sequence[Any], log: Sequence[dict]) -> History:
    """Every turn of the actions in force, newest first.

    The engine's lines never state a player's cash (only amounts that change hands, and cash of
    $150,000 or more, which is announced), so the same history serves every viewer.
    """
    groups = turn_groups(frames)
    latest: State = frames[-1].state
    entries = []
    for g, (number, player, _before, indices) in enumerate(groups):
        first, last = frames[indices[0]], frames[indices[-1]]
        finished = g < len(groups) - 1
        kept = _ENTRIES.get(last) if finished else None
        if kept is not None and kept[0] is first:
            entries.append(kept[1])
            continue
        entry = _entry(number, player, frames, indices, latest)
        if finished:
            _ENTRIES[last] = (first, entry)
        entries.append(entry)
    steps = {"undo": 1, "take_back": 1, "redo": -1}
    taken_back = sum(steps.get(str(action.get("type")), 0) for action in log)
    return History(tuple(reversed(entries)), taken_back)


def _version() -> str:
    """Changes whenever this module does: notes saved by another version are not trusted."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


# the notes saved with each checkpoint (GameHooks.frame_notes), so a restart needs no replay of
# the older actions for the history
FRAME_NOTES = (_version(), note_frames)
