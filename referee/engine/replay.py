"""A game as an append-only log of actions, its state rebuilt by replay and kept cached.

Undo is itself an action: it takes back the latest action still in force. The state after
every action in force is kept on a stack, so undo restores the prior state exactly and a new
action never replays the log from the start.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.ledger import Transfer
from referee.engine.rules import GameRules, Outcome

UNDO = "undo"


@dataclass
class Frame:
    """The state after one action in force, with what that action moved and said."""

    position: int  # index of the action in the log (-1 for the opening)
    action: dict | None
    outcome: Outcome

    @property
    def state(self) -> Any:
        return self.outcome.state


class Replayer:
    """Holds one game's log and its current state."""

    def __init__(self, rules: GameRules, actions: Iterable[dict] = ()):
        self.rules = rules
        self.log: list[dict] = []
        self._frames: list[Frame] = [Frame(-1, None, rules.initial())]
        for position, action in enumerate(actions):
            try:
                self.submit(action)
            except IllegalAction as err:
                raise ReplayError(position, action, err) from err

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

    def submit(self, action: dict, expected_seq: int | None = None) -> Frame:
        """Check and append one action; raise StaleAction or IllegalAction and change nothing."""
        if expected_seq is not None and expected_seq != self.seq:
            raise StaleAction(expected_seq, self.seq)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action is an object with a 'type'.")
        if action["type"] == UNDO:
            if len(self._frames) == 1:
                raise IllegalAction("There is nothing to undo.")
            undone = self._frames.pop()
            self.log.append(dict(action))
            return undone
        outcome = self.rules.apply(self.state, action)
        frame = Frame(len(self.log), dict(action), outcome)
        self.log.append(dict(action))
        self._frames.append(frame)
        return frame

    def preview(self, action: dict) -> Outcome:
        """What `action` would do now, without recording it."""
        return self.rules.apply(self.state, action)

    def transfers(self) -> Iterator[Transfer]:
        """Every transfer of the actions in force, in order (the opening cash first)."""
        for frame in self._frames:
            yield from frame.outcome.transfers


class ReplayError(IllegalAction):
    """An action of a recorded log that the rules reject, with its position in the log."""

    def __init__(self, position: int, action: dict, cause: IllegalAction):
        super().__init__(f"action {position + 1} ({action.get('type')!r}): {cause.reason}",
                         cause.rule)
        self.position = position
        self.action = action
        self.cause = cause
