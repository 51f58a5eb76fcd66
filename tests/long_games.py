"""Long legal games of every game, actions drawn at random, seeded (the benchmark's games and
the restore tests').

A real game of Prairie Railroads, Railroad Barons or Railway Rivals ends after a few hundred
actions; to go on, the table takes back runs of actions now and then (and always once the game
is over) and plays on differently, with a redo here and there, as a table that undoes a lot
would. Rail Baron's game is the reliability tests' (nobody declares: it goes on). Every log
replays legally from its start (`referee replay`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from referee.engine import IllegalAction, Replayer

GAMES = ("railbaron", "prairie_railroads", "railroad_barons", "railway_rivals")
Next = Callable[[object, random.Random], dict]


def _railbaron() -> tuple[dict, Replayer, Next]:
    from tests.railbaron.random_play import random_action
    from tests.web.long_game import SKIPPED, rules_of, us_record

    record = us_record(4)
    rules = rules_of(record)

    def draw(game: Replayer, rng: random.Random) -> dict:
        while True:
            action = random_action(rules, game.state, rng)
            if action["type"] not in SKIPPED:
                return action

    return record, Replayer(rules), draw


def _prairie() -> tuple[dict, Replayer, Next]:
    from tests.prairie_railroads.play import Table
    from tests.prairie_railroads.random_play import random_action
    from tests.prairie_railroads.test_properties import DECK

    t = Table(players=4, deck=dict(DECK))
    return t.record, t.game, lambda game, rng: random_action(
        t.rules, game.state, rng.choice, rng.randint)


def _barons() -> tuple[dict, Replayer, Next]:
    from tests.railroad_barons.play import Table
    from tests.railroad_barons.random_play import random_action

    t = Table()
    return t.record, t.game, lambda game, rng: random_action(t.rules, game.state, rng)


def _rivals() -> tuple[dict, Replayer, Next]:
    from tests.railway_rivals.play import Table
    from tests.railway_rivals.test_properties import random_action

    t = Table(4)

    def draw(game: Replayer, rng: random.Random) -> dict:
        action = random_action(t, rng.choice, rng.randint)
        return {k: v for k, v in action.items() if v is not None}

    return t.record, t.game, draw


MAKERS = {"railbaron": _railbaron, "prairie_railroads": _prairie,
          "railroad_barons": _barons, "railway_rivals": _rivals}


def long_game(key: str, length: int, seed: int = 1) -> dict:
    """A record of `key` whose log holds `length` actions that replay legally."""
    record, game, draw = MAKERS[key]()
    rng = random.Random(seed)
    refused = 0
    while game.seq < length:
        depth = len(game.frames) - 1
        if depth and (game.state.over or refused > 50 or rng.random() < 0.02):
            for _ in range(min(depth, rng.randint(1, 40), length - game.seq)):
                game.submit({"type": "undo"})
            for _ in range(min(len(game.undone), rng.choice((0, 1, 1, 3)),
                               length - game.seq)):
                game.submit({"type": "redo"})
            refused = 0
            continue
        try:
            game.submit(draw(game, rng))
            refused = 0
        except IllegalAction:
            refused += 1
    return {**record, "actions": list(game.log)}
