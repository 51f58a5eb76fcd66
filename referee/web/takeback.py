"""What the banker's Undo would take back and Redo would put back, and what a phone's Take back
would take back of its seat's own tap, in the game's own words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from referee.engine.takeback import TAKE_BACK
from referee.web.hooks import hooks_for

LONGEST = 160  # characters of a description before it is cut short
# the heading of the next turn ("Turn 10: Bob."), said by the action that ended a turn: it
# belongs to what comes next, not to what Undo takes back
NEXT_TURN = re.compile(r"Turn \d+: ")


@dataclass(frozen=True)
class TakeBack:
    undo: str | None  # the action Undo would take back, in words; None: nothing to undo
    redo: str | None  # the action Redo would put back, in words; None: nothing to redo


def describe(frame: Any, names: dict[str, str]) -> str:
    """One action in plain words: what it said when it was recorded (its dice, its city), or
    else its kind and the player it was for."""
    said = " ".join(own_words(frame.events))
    if said:
        return said if len(said) <= LONGEST else said[: LONGEST - 1].rstrip() + "…"
    action = frame.action or {}
    kind = str(action.get("type", "action")).replace("_", " ")
    player = action.get("player")
    who = names.get(player, player) if isinstance(player, str) else None
    return f"{who}: {kind}" if who else kind.capitalize()


def own_words(events: list[str]) -> list[str]:
    """The events of an action up to the next turn's heading, when it is not the first."""
    words = [text for text in events if text]
    for i, text in enumerate(words[1:], start=1):
        if NEXT_TURN.match(text):
            return words[:i]
    return words


def takeback(view: Any) -> TakeBack:
    """The Undo and Redo of a page: the latest action in force and the latest one undone."""
    snapshot = view.snapshot
    names = view.names  # in force now: a name the banker corrected reads as corrected
    top = snapshot.frames[-1] if len(snapshot.frames) > 1 else None
    undone = snapshot.undone[-1] if snapshot.undone else None
    return TakeBack(
        undo=None if top is None else describe(top, names),
        redo=None if undone is None else describe(undone, names),
    )


def own_tap(view: Any) -> str | None:
    """What the phone's seat may take back now, in words: its own latest action, while nobody
    else has acted since and the game goes on; None: nothing (the button is not drawn)."""
    seat = view.actor.player_id
    if view.page != "phone" or seat is None or view.refusal({"type": TAKE_BACK, "player": seat}):
        return None  # the one answer the action endpoint asks (engine/permission.py)
    frame = hooks_for(view.game.game).own_latest(view.snapshot, seat)
    return None if frame is None else describe(frame, view.names)
