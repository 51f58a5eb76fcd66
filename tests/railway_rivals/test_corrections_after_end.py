"""The accounts keeper's correction once the game is over: accepted only with a reason,
the winners named again, and told with its reason in the final summary."""

from referee.games.railway_rivals.views import render
from tests.railway_rivals.play import Table
from tests.railway_rivals.test_tournament_and_end import one_race


def ann_and_bob_share_the_win() -> Table:
    t = Table(3).through_building()  # ann 30, bob 30, cy 25
    t.do("correction", company="ann", amount=200, reason="test").do(
        "correction", company="bob", amount=210, reason="test")
    one_race(t, winner="ann", second="bob")  # ann 250, bob 250: the target is 250
    assert t.state.over and t.state.winners == ["ann", "bob"]
    return t


def test_a_correction_after_the_end_needs_its_reason():
    t = ann_and_bob_share_the_win()
    assert "Say why" in t.rejects("correction", company="bob", amount=-1, reason="  ")
    assert "Say why" in t.rejects("correction", company="bob", amount=-1)


def test_the_final_summary_lists_each_correction_after_the_end_with_its_reason():
    t = ann_and_bob_share_the_win()
    assert t.report()["corrections_after_end"] == []  # those before the end are not
    t.do("correction", company="bob", amount=-1, reason="a fee paid twice")
    report = t.report()
    assert report["corrections_after_end"] == [
        {"name": "Bob", "change": "−1", "reason": "a fee paid twice"}]
    assert report["winners"] == ["ann"]
    text = render(report)
    assert "Corrected after the end: Bob −1 (a fee paid twice)" in text
    assert text.endswith("Winner: Ann")
