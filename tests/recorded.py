"""The recorded games of tests/fixtures/games/ that the game-wide tests walk: those of every game
the registry knows, so a new game's recorded game joins them by being there, and a game that is
not installed (the toy race, unless registered) leaves its own out."""

from __future__ import annotations

from pathlib import Path

from referee.engine.record import read_record
from referee.games import registry

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "games"


def recorded_games(key: str | None = None) -> list[Path]:
    """The recorded games of the games the registry knows (of the game `key` alone, if given),
    by file name."""
    found = []
    for path in sorted(FIXTURES.glob("*.json")):
        game = read_record(path)["game"]
        if game in registry.GAMES and key in (None, game):
            found.append(path)
    return found
