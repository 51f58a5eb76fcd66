"""A game's action handlers, looked up by the action's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.errors import IllegalAction

Handler = Callable[[Any, dict], None]  # (the game's working context, the action)


class Handlers(dict[str, Handler]):
    """The handlers of one game; `@handlers.on("buy")` registers the function for `buy`."""

    def on(self, kind: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            if kind in self:
                raise ValueError(f"two handlers for the action {kind!r}")
            self[kind] = fn
            return fn

        return register

    def find(self, action: dict, game: str, *, over: bool,
             after_end: frozenset[str] = frozenset()) -> Handler:
        """The handler of `action`; IllegalAction for a type `game` does not have, or for any
        type but those in `after_end` once the game is `over`."""
        kind = action.get("type", "")
        handler = self.get(kind)
        if handler is None:
            raise IllegalAction(f"{game} has no action {kind!r}.")
        if over and kind not in after_end:
            raise IllegalAction("The game is over.")
        return handler
