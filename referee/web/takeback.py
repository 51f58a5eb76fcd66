"""What the banker's Undo would take back and Redo would put back, in the game's own words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LONGEST = 160  # characters of a description before it is cut short


@dataclass(frozen=True)
class TakeBack:
    undo: str | None  # the action Undo would take back, in words; None: nothing to undo
    redo: str | None  # the action Redo would put back, in words; None: nothing to redo


def describe(frame: Any, names: dict[str, str]) -> str:
    """One action in plain words: what it said when it was recorded (its dice, its city), or
    else its kind and the player it was for."""
    said = " ".join(text for text in frame.events if text)
    if said:
        return said if len(said) <= LONGEST else said[: LONGEST - 1].rstrip() + "…"
    action = frame.action or {}
    kind = str(action.get("type", "action")).replace("_", " ")
    player = action.get("player")
    who = names.get(player, player) if isinstance(player, str) else None
    return f"{who}: {kind}" if who else kind.capitalize()


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
