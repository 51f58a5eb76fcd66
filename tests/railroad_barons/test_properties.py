"""Random legal games keep the books: money, certificates, Directors, replay and undo."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Replayer
from referee.engine.ledger import fold
from referee.games.railroad_barons.state import PERCENTS
from referee.games.railroad_barons.views import legal_actions
from tests.books import balances
from tests.railroad_barons.play import Table
from tests.railroad_barons.random_play import random_action, random_step


def check(t: Table) -> None:
    check_state(t.state)


def check_state(state) -> None:
    """The books of any state: money conserved, 100% per Holding, a 40% holder, bank ≤ 60%."""
    assert state.ledger.total() == 0  # players, treasuries and the bank together
    for account, balance in state.ledger.balances.items():
        assert account == "bank" or balance >= 0, (account, balance)
    for key, h in state.holdings.items():
        assert sorted(h.certs) == sorted(PERCENTS)  # the four certificates: 100%
        assert sum(h.certs) == 100
        assert all(owner is None or owner in state.players for owner in h.certs.values())
        if not h.started:
            assert h.sold() == 0 and not h.operating
            continue
        shares = {pid: h.share(pid) for pid in state.players}
        assert max(shares.values()) >= 40, (key, shares)  # one player owns 40%
        assert shares[h.director] == max(shares.values()), (key, shares, h.director)
        if h.operating:
            assert 100 - h.sold() <= 60, key  # the bank holds at most 60%
    for pid in state.players:
        assert state.certificate_count(pid) <= 10
    names = [n for h in state.holdings.values() for n, _ in h.railroads]
    assert len(names) == len(set(names))
    assert not set(names) & set(state.stack) and not set(names) & set(state.out_of_game)


def play_randomly(t: Table, rng: random.Random, steps: int, undo_every: int = 7) -> None:
    for step in range(steps):
        if t.state.over:
            return
        action = random_action(t.rules, t.state, rng)
        before = t.state
        t.game.submit(action)
        check(t)
        if step % undo_every == 0:
            after = t.state
            t.do("undo")
            assert t.state == before  # undo restores it exactly
            assert balances(t.state) == balances(before)
            t.game.submit(action)
            assert t.state == after


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), aid=st.booleans(),
       rounding=st.sampled_from(["down", "up"]),
       sale_price=st.sampled_from(["before_drop", "after_drop"]))
def test_random_legal_games_keep_the_books(seed, aid, rounding, sale_price):
    t = Table(settings={"director_aid": aid, "dividend_rounding": rounding,
                        "director_sale_price": sale_price})
    play_randomly(t, random.Random(seed), 300)
    assert t.state.ledger == type(t.state.ledger)(fold(t.game.transfers()))
    again = Replayer(t.rules, t.game.log)
    assert again.state == t.state  # replay reproduces the state


SETTINGS = {"director_aid": [True, False], "dividend_rounding": ["down", "up"],
            "director_sale_price": ["before_drop", "after_drop"],
            "draft_offers": ["every", "first"], "zero_payout_moves": [False, True],
            "priority_when_nobody_acts": ["keep", "swap"]}


def test_thousands_of_random_sequences_keep_the_books():
    """2,000 random legal sequences, cheaply: 25 whole random games (every setting drawn at
    random), and 80 random continuations of 1 to 12 actions forked from random points of each.
    The books are checked after every action; replay and undo are checked by the test above."""
    rng = random.Random(20261123)
    sequences = 0
    for _ in range(25):
        t = Table(settings={k: rng.choice(v) for k, v in SETTINGS.items()})
        state = t.state
        trunk = [state]
        while not state.over and len(trunk) < 300:
            _, outcome = random_step(t.rules, state, rng)
            state = outcome.state
            check_state(state)
            trunk.append(state)
        for _ in range(80):
            state = rng.choice(trunk)
            for _ in range(rng.randint(1, 12)):
                if state.over:
                    break
                _, outcome = random_step(t.rules, state, rng)
                state = outcome.state
                check_state(state)
            sequences += 1
    assert sequences == 2000


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_offered_action_is_accepted(seed):
    t = Table()
    rng = random.Random(seed)
    for _ in range(60):
        if t.state.over:
            break
        offered = legal_actions(t.rules, t.state)
        assert offered
        t.game.submit(rng.choice(offered))
        check(t)


ODD = [None, [], {}, "", "x", -1, 0, 10**9, True, 1.5, ["MSC"], {"a": 1}]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(seed):
    """Every field of a legal action replaced by odd values: refused with a reason or
    accepted, never another error."""
    from referee.engine import IllegalAction

    t = Table()
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 120)):
        if t.state.over:
            break
        t.game.submit(random_action(t.rules, t.state, rng))
    for action in legal_actions(t.rules, t.state)[:12]:
        for key in [k for k in action if k != "type"]:
            for odd in rng.sample(ODD, 4):
                bad = {**action, key: odd}
                if key == "sales":
                    bad = {**action, key: [{"holding": odd, "percent": odd}]}
                try:
                    t.rules.apply(t.state, bad)
                except IllegalAction as err:
                    assert str(err)
