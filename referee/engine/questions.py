"""Questions put to several seats at once: when an answer from an older page still counts.

A game may ask several players together (every company names its start town, every company
enters a race or stays out). Each seat answers its own question; the others' answers landing
first do not make its page out of date. An answer written against an older log is therefore
accepted when that seat's own question stayed open all along: every action since the page was
drawn answered for another seat (no undo, no redo, no take-back, no banker's own step, nothing
of its own), and every state since, the current one included, still asked it. Anything else
is stale. Accepted answers are appended in the order they arrive, so replay is the same as the game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Protocol

# the steps that answer no question: they move the log itself (undo, redo, a seat's take-back)
LOG_STEPS = frozenset({"undo", "redo", "take_back"})
LONGEST_WAIT = 64  # a page more actions behind than this is stale whatever: bounds the check


@dataclass(frozen=True)
class Question:
    """The question one seat is answering: who a state asks, and whose answer an action is."""

    seat: str
    asked: Callable[[Any], Collection[str]]  # state -> the seats asked now (the game's to_act)
    answers_for: Callable[[dict], str | None]  # action -> its seat (None: the banker's own)

    def others_answer(self, action: dict) -> bool:
        """Whether `action` answers for another seat (not this one, the banker, a take-back)."""
        if action.get("type") in LOG_STEPS:
            return False
        try:
            seat = self.answers_for(action)
        except (KeyError, TypeError, ValueError):
            return False
        return seat is not None and seat != self.seat

    def asks(self, state: Any) -> bool:
        return self.seat in self.asked(state)


class Log(Protocol):
    """What `still_open` reads of a game (a Replayer): its log, and its frames in force."""

    @property
    def seq(self) -> int: ...

    @property
    def log(self) -> Sequence[dict]: ...

    def frames_between(self, start: int, end: int) -> Sequence[Any]: ...


def still_open(replayer: Log, seq: int, question: Question) -> bool:
    """Whether `question` was open at log length `seq` and stayed open through every action
    recorded since (each another seat's answer), up to the current state."""
    if not 0 <= seq <= replayer.seq or replayer.seq - seq > LONGEST_WAIT:
        return False
    if not all(question.others_answer(action) for action in islice(replayer.log, seq, None)):
        return False
    frames = replayer.frames_between(seq, replayer.seq)
    if len(frames) != replayer.seq - seq + 1:  # an action in between is no longer in force
        return False
    return all(question.asks(frame.state) for frame in frames)
