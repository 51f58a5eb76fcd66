"""The "your turn" and "your bid" cue: is the seat of this page among those to act now?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Cue:
    kind: str  # "turn" or "bid"
    words: str  # "Your turn" or "Your bid"
    name: str  # the seat's player name


def cue(view: Any) -> Cue | None:
    """The cue for the seat of this page's browser, or None when it has nothing to do now.

    The game's `to_act` answers who acts; a seat whose next legal action is a bid is bidding."""
    pid = view.actor.player_id
    if pid is None or pid not in view.to_act:
        return None
    legal = view.legal
    bids = any(a.get("type") == "bid" and a.get("player") in (pid, None) for a in legal)
    kind = "bid" if bids else "turn"
    return Cue(kind, f"Your {kind}", view.name(pid))
