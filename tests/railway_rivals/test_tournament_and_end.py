"""Tournament rules (C2) and the end of the game (B8): targets, ties, the check's timing."""

import pytest

from referee.engine.record import RecordError
from referee.games.railway_rivals.game import rules_for
from tests.railway_rivals.play import Table


def one_race(t: Table, keys=(43, 51), winner="ann", second="bob") -> Table:
    """A race of two trains with no fees: `winner` first, `second` second."""
    t.towns(*keys).long_enough()
    for c in t.ids:
        t.enter(c) if c in (winner, second) else t.out(c)
    for tid in list(t.state.race.declare_order):
        t.route(tid, length=6)
    t.moves(6) if t.state.race.throw_order[0] == winner else t.moves(1, 6)
    return t


def test_tournament_key_numbers_are_used_twice_and_a_short_run_uses_none():
    t = Table(tournament=True).through_building()
    t.towns(43, 51).long_enough(False)
    assert t.state.key_uses == {}
    one_race(t, (43, 51))
    one_race(t.all_done_spending(), (43, 51))
    assert t.report()["key_uses"] == {"43": 2, "51": 2}
    t.all_done_spending()
    t.towns(43)
    assert "used 2 times: throw again" in t.events()[0] and t.state.race.towns == []


def test_tournament_payments_go_to_the_accounts_and_every_2_runs_each_spends_10_percent():
    t = Table(tournament=True).through_building()  # rounds rotate: ann 25, bob 30, cy 30
    t.do("correction", company="ann", amount=107, reason="test: a rich company")
    one_race(t)
    assert t.state.spending is None and t.state.race.number == 2  # no spending after run 1
    one_race(t, (24, 13), winner="bob", second="ann")  # ann 132+20+10, bob 30+10+20
    assert t.balances() == {"ann": 162, "bob": 60, "cy": 30}
    sp = t.state.spending
    assert sp.order == ["ann", "bob", "cy"] and sp.allowance == {"ann": 16, "bob": 6, "cy": 5}
    assert "Ann spends first" in t.rejects("spend", company="bob", amount=1)
    t.spends("ann", 16).finished_spending("ann")
    assert "may spend 6 units more, not 7" in t.rejects("spend", company="bob", amount=7)
    t.finished_spending("bob", "cy")
    assert t.state.race.number == 3


@pytest.mark.parametrize("players, vote, target", [
    (6, False, 200), (5, False, 200), (4, False, 225), (3, False, 250), (2, False, 250),
    (5, True, 250), (4, True, 275), (3, True, 300),
])
def test_the_target_is_200_with_5_or_more_225_with_4_and_250_with_3(players, vote, target):
    assert Table(players, target_vote=vote).state.target == target
    assert Table(players, target_vote=vote).report()["target"] == target


def test_two_players_have_a_target_the_table_sets():
    assert Table(2, two_player_target=150).state.target == 150


def test_the_game_ends_after_the_race_in_which_a_company_reaches_the_target():
    t = Table(5).through_building()  # each of the five reached one town: 25 each
    t.do("correction", company="bob", amount=154, reason="test: near the target")
    one_race(t, winner="bob", second="ann")  # Bob 199: not yet
    assert t.state.stage == "operating" and t.balance("bob") == 199
    t.all_done_spending()
    one_race(t, (24, 13), winner="ann", second="bob")  # Bob 209, after the race
    assert t.state.stage == "ended" and t.state.winners == ["bob"]
    assert t.events()[-1] == "Bob wins with 209 units."


def test_most_money_wins_and_a_tie_shares_the_win():
    t = Table(3).through_building()  # ann 30, bob 30, cy 25
    t.do("correction", company="ann", amount=200, reason="test").do(
        "correction", company="bob", amount=210, reason="test")
    one_race(t, winner="ann", second="bob")  # ann 250, bob 250: the target is 250
    assert t.state.stage == "ended" and t.state.winners == ["ann", "bob"]
    report = t.report()
    assert report["stage"] == "ended" and report["winners"] == ["ann", "bob"]
    assert "The game is over" in t.rejects("key_throw", dice=[1, 1])
    t.do("correction", company="bob", amount=-1, reason="a fee paid twice")
    assert t.state.winners == ["ann"]


def test_the_target_checked_after_spending_lets_the_winners_spend_first():
    t = Table(3, target_check="after_spending").through_building()
    t.do("correction", company="ann", amount=210, reason="test")
    one_race(t, winner="ann", second="bob")  # ann 260
    assert t.state.stage == "operating" and t.state.spending is not None
    t.spends("ann", 15).all_done_spending()  # 245: below the target again, the game goes on
    assert t.state.stage == "operating"
    one_race(t, (24, 13), winner="bob", second="ann")  # ann 255
    t.spends("ann", 5).all_done_spending()
    assert t.state.stage == "ended" and t.state.winners == ["ann"]
    t2 = Table(3).through_building()
    t2.do("correction", company="ann", amount=210, reason="test")
    one_race(t2, winner="ann", second="bob")
    assert t2.state.stage == "ended" and t2.state.spending is None


def test_settings_are_checked_by_name():
    t = Table()
    for settings, words in (({"edition": "4th"}, "settings.edition"),
                            ({"fee_cap": 0}, "settings.fee_cap"),
                            ({"joint_builds": True}, "needs tournament rules"),
                            ({"colour": "red"}, "settings.colour: not a Railway Rivals")):
        with pytest.raises(RecordError, match=words):
            rules_for(dict(t.record, settings=settings))
