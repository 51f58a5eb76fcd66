"""The table view's headline, the same element in every game: what is going on now and who
acts next, large enough to read across the room (templates/play/_headline.html).

A game whose table view already words its state (a status line, the seat to act) hands it
over as `headline` in its page context; any other game's comes from its presenter's "now"
line and the seats the game names to act."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Headline:
    """One line of what is going on, and who acts next (None: nobody is named)."""

    status: str
    to_act: str | None = None
    over: bool = False


def default_headline(view: Any, now: Any) -> Headline:
    """The headline from the presenter's "now" line and the seats to act."""
    over = bool(now.over)
    names = [] if over else list(view.to_act_names)
    said = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)
    return Headline(now.now_line(), said or None, over)
