"""Small pieces of written English shared by every game's words."""

from __future__ import annotations


def possessive(name: str) -> str:
    """The name owning something, as written: "Ann's", "Seedy Brothers'"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def counted(n: int, one: str, many: str | None = None) -> str:
    """A number with its noun as written: "1 token", "2 tokens", "1 unit", "3 hexes"."""
    return f"{n:,} {one if abs(n) == 1 else (many or one + 's')}"
