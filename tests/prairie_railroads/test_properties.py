"""Random legal games: money is conserved, Income and Value match a recount, replay agrees."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import Replayer
from referee.engine.ledger import fold
from referee.games.prairie_railroads.actions_track import builders, growth_choices
from referee.games.prairie_railroads.economy import controllers, full_income, full_value
from referee.games.prairie_railroads.views import looking
from tests.books import balances
from tests.prairie_railroads.play import Table
from tests.prairie_railroads.random_play import random_action, typed

DECK = {"PD": 3, "OS": 4, "CT": 6}


def check(t: Table) -> None:
    state = t.state
    assert state.ledger.total() == 0  # players, treasuries and the bank together
    for account, balance in state.ledger.balances.items():
        assert account == "bank" or balance >= 0, (account, balance)
    income_of = looking(t.rules, state).income_of
    for rr in state.railroads.values():
        assert rr.income == full_income(rr, income_of), rr.key
        assert rr.value == full_value(rr), rr.key
        assert 0 <= rr.sold() <= 5 and all(n > 0 for n in rr.shares.values())
    assert len(state.grown) == len(set(state.grown)) <= 40


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(3, 5))
def test_random_legal_games_keep_the_books(data, players):
    t = Table(players=players, deck=dict(DECK))

    def pick(options):
        return data.draw(st.sampled_from(options))

    def number(lo, hi):
        return data.draw(st.integers(lo, hi))

    for _ in range(400):
        if t.state.over:
            break
        t.game.submit(random_action(t.rules, t.state, pick, number))
        check(t)
    assert balances(t.state) == {k: v for k, v in fold(t.game.transfers()).items() if v}
    again = Replayer(t.rules, t.log())
    assert balances(again.state) == balances(t.state)
    assert again.state == t.state


def table_says_blocked(seen: Table, typed_game: Table) -> None:
    """Where the board leaves a railroad nowhere to build, the table says so (`no_build`)."""
    while typed_game.state.turn is not None and typed_game.state.turn.phase == "railroad":
        turn, other = typed_game.state.turn, seen.state.turn
        same_turn = other is not None and other.number == turn.number and other.phase != "card"
        seen_able = builders(looking(seen.rules, seen.state), turn.player) if same_turn else []
        extra = [rr for rr in builders(looking(typed_game.rules, typed_game.state), turn.player)
                 if rr not in seen_able]
        if not extra:
            return
        builder = controllers(typed_game.state.railroads[extra[0]])[0]
        typed_game.do("choose_railroad", player=turn.player, railroad=extra[0], builder=builder)
        typed_game.do("no_build", player=builder)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_without_a_board_table_keep_the_books(data):
    """The table types what it sees on the board; the moves are those the board allows."""
    seen = Table(players=3, deck=dict(DECK))  # the board the table looks at
    typed_game = Table(players=3, deck=dict(DECK), board=None)

    def pick(options):
        return data.draw(st.sampled_from(options))

    def number(lo, hi):
        return data.draw(st.integers(lo, hi))

    for _ in range(250):
        if seen.state.over:
            break
        action = random_action(seen.rules, seen.state, pick, number)
        if action["type"] == "growth" and "city" not in action:
            roll = 10 * action["dice"][0] + action["dice"][1]
            city, choices = growth_choices(looking(seen.rules, seen.state), roll)
            if city or choices:  # the table without a board names the city it chose at once
                action = {**action, "city": city or pick(choices)}
        seen.game.submit(action)
        typed_game.game.submit(typed(action, seen.rules.board, typed_game.state))
        table_says_blocked(seen, typed_game)
        check(typed_game)
        assert balances(typed_game.state) == balances(seen.state)
        assert {k: (r.income, r.value) for k, r in typed_game.state.railroads.items()} == {
            k: (r.income, r.value) for k, r in seen.state.railroads.items()}
    replayed = Replayer(typed_game.rules, typed_game.log()).state
    assert balances(replayed) == balances(typed_game.state)
    assert replayed == typed_game.state
