"""A game's action handlers, looked up by the action's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
