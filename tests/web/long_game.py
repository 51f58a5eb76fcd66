"""A long Rail Baron game on the shipped US map: legal actions drawn at random, seeded.

Nobody declares and the banker makes no corrections, so the game goes on for thousands of
actions (a real game ends after a few hundred). Used by the reliability tests and by
scripts/benchmark.py.
"""

from __future__ import annotations

import random

from referee.engine import IllegalAction, Replayer
from referee.engine.record import new_record
from referee.games import registry
from referee.games.railbaron.charts import load_map
from tests.railbaron.random_play import random_action

COLOURS = ("#d62828", "#1d4ed8", "#15803d", "#facc15", "#111111", "#ffffff")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
SKIPPED = frozenset({"adjust_cash", "declare"})


def players(n: int = 4) -> list[dict]:
    """Players as the lobby makes them: p1.. in seat order."""
    return [{"id": f"p{i}", "name": NAMES[i - 1], "colour": COLOURS[i - 1]}
            for i in range(1, n + 1)]


def us_record(n: int = 4) -> dict:
    """A new Rail Baron game on the US map with a banker who does not play."""
    return new_record("railbaron", "us", players(n),
                      {"banker": "", "edition": "modern", "variants": []})


def rules_of(record: dict):
    return registry.rules_for(record, lambda _game: load_map)


def long_game(length: int, seed: int = 1, n: int = 4) -> tuple[dict, list[dict]]:
    """(record without actions, `length` actions that replay legally from its start)."""
    record = us_record(n)
    rules = rules_of(record)
    game = Replayer(rules)
    rng = random.Random(seed)
    while game.seq < length:
        if game.state.over:
            raise AssertionError(f"seed {seed}: the game ended after {game.seq} actions")
        action = random_action(rules, game.state, rng)
        if action["type"] in SKIPPED:
            continue
        try:
            game.submit(action)
        except IllegalAction:
            continue
    return record, list(game.log)
