"""Errors the engine raises: both carry a message a player can read."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""

    def __init__(self, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class StaleAction(ValueError):
    """An action written against an older state than the current one."""

    def __init__(self, expected: int, current: int):
        super().__init__(
            f"Someone acted first: this page showed action {expected}, the game is at {current}."
        )
        self.expected = expected
        self.current = current
