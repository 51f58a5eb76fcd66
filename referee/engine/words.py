"""Small pieces of written English shared by every game's words."""

from __future__ import annotations


def possessive(name: str) -> str:
    """The name owning something, as written: "Ann's", "Seedy Brothers'"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
