"""Random games of each game (its random play): every player's and company's statement adds
up to its balance after every action, undo included. Modest example counts: a few seconds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import IllegalAction
from tests.railway_rivals.test_properties import random_action as rivals_action
from tests.test_explain import check_adds_up

FAST = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_and_check(t, next_action, rng: random.Random, steps: int) -> None:
    key, players = t.record["game"], [p["id"] for p in t.record["players"]]
    moved = 0
    for _ in range(steps):
        if t.game.state.over:
            break
        if t.game.seq and rng.random() < 0.04 and len(t.game.frames) > 1:
            t.game.submit({"type": "undo"})
        else:
            try:
                t.game.submit(next_action())
            except IllegalAction:
                continue
        check_adds_up(key, t.game, players)
        moved += sum(len(f.transfers) for f in t.game.frames[1:])
    assert moved, "the random game moved some money after the opening"


@FAST
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_random_rail_baron_games_add_up(seed, players):
    from tests.railbaron.play import Table
    from tests.railbaron.random_play import random_action, random_settings
    from tests.railbaron.testland import make_testland

    rng = random.Random(seed)
    t = Table(("blue", "red", "green", "yellow", "black", "white")[:players],
              random_settings(rng, players), make_testland())
    play_and_check(t, lambda: random_action(t.rules, t.game.state, rng), rng, 150)


@FAST
@given(data=st.data(), players=st.integers(3, 5))
def test_random_prairie_games_add_up(data, players):
    from tests.prairie_railroads.play import Table
    from tests.prairie_railroads.random_play import random_action

    t = Table(players=players, deck={"PD": 3, "OS": 4, "CT": 6})
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    play_and_check(t, lambda: random_action(t.rules, t.state, rng.choice, rng.randint), rng, 150)


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_random_railroad_barons_games_add_up(seed):
    from tests.railroad_barons.play import Table
    from tests.railroad_barons.random_play import random_action

    rng = random.Random(seed)
    t = Table()
    play_and_check(t, lambda: random_action(t.rules, t.state, rng), rng, 150)


@FAST
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_random_railway_rivals_games_add_up(seed, players):
    from tests.railway_rivals.play import Table

    rng = random.Random(seed)
    t = Table(players, leapfrog=True)

    def action() -> dict:
        a = rivals_action(t, lambda o: rng.choice(list(o)), rng.randint)
        return {k: v for k, v in a.items() if v is not None}

    play_and_check(t, action, rng, 150)


