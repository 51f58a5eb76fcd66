"""Random legal play holds the engine's invariants."""


import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import IllegalAction, Replayer
from referee.engine.ledger import fold
from referee.engine.rules import working_copy
from tests.books import balances
from tests.railbaron.play import Table
from tests.railbaron.random_play import random_action, random_settings
from tests.railbaron.testland import make_testland

PLAYERS = ("blue", "red", "green", "yellow", "black", "white")


def check_invariants(game: Replayer) -> None:
    state = game.state
    balances = state.ledger.balances
    assert sum(balances.values()) == 0, "money is conserved: the bank's debt is everyone's cash"
    assert {k: v for k, v in fold(game.transfers()).items() if v} == \
        {k: v for k, v in balances.items() if v}, "balances are the fold of the transfers"
    for pid in state.players:
        assert state.cash(pid) >= 0, f"{pid} has negative cash"
    owners = set(state.owners.values()) - {None, "phantom"}
    assert owners <= set(state.players)
    for pid in owners:
        assert not state.players[pid].bankrupt, "a bankrupt player owns nothing"
    if game.rules.settings.any_drop_undeclares and not state.over:
        for player in state.players.values():
            assert not (player.declared and not player.early and state.cash(player.id) < 200_000), \
                "classic undeclare: nobody stays declared below $200,000"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), steps=st.integers(1, 160))
def test_random_legal_play_keeps_every_invariant(seed, players, steps):
    rng = random.Random(seed)
    table = Table(PLAYERS[:players], random_settings(rng, players),
                  make_testland(extra_railroads=rng.choice([0, 4])))
    game = table.game
    for _ in range(steps):
        if game.state.over:
            break
        if game.seq and rng.random() < 0.05:
            before = working_copy(game.frames[-2].state) if len(game.frames) > 1 else None
            if before is not None:
                game.submit({"type": "undo"})
                assert balances(game.state) == balances(before), "undo restores the cash"
                assert game.state == before, "undo restores the prior state exactly"
            continue
        action = random_action(table.rules, game.state, rng)
        before = working_copy(game.state)
        try:
            game.submit(action)
        except IllegalAction:
            assert balances(game.state) == balances(before), "a rejected action moves no money"
            assert game.state == before, "a rejected action changes nothing"
            continue
        check_invariants(game)
        if game.state.turn and game.state.turn.phase == "region" and game.state.stage == "play":
            # a completed turn: nobody is below zero (checked above) and nothing is owed
            assert not game.state.turn.fees
    replayed = Replayer(table.rules, game.log)
    assert balances(replayed.state) == balances(game.state), "replay reproduces the cash"
    assert replayed.state == game.state, "replaying the log reproduces the state"
