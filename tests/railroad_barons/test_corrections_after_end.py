"""The banker's corrections once the game is over (cash and a marker): accepted only with a
reason, scored again, and told with their reasons in the final summary."""

import pytest

from referee.engine import IllegalAction
from referee.games.railroad_barons.views import render, summary
from tests.railroad_barons.play import Table
from tests.railroad_barons.test_recorded_games import replayed


def game_1_over():
    rules, game = replayed("barons_game_1")
    assert game.state.over
    return game


@pytest.mark.parametrize("action", [
    {"type": "adjust_cash", "account": "ann", "amount": 100, "reason": " "},
    {"type": "adjust_cash", "account": "treasury:MSC", "amount": 100},
    {"type": "correct_value", "holding": "SB", "space": "s7", "reason": ""},
])
def test_a_correction_after_the_end_needs_its_reason(action):
    game = game_1_over()
    with pytest.raises(IllegalAction, match="reason"):
        game.submit(action)


def test_the_final_summary_lists_each_correction_after_the_end_with_its_reason():
    game = game_1_over()
    assert summary(game.state)["corrections_after_end"] == []
    game.submit({"type": "adjust_cash", "account": "ann", "amount": 700,
                 "reason": "a dividend paid short"})
    game.submit({"type": "adjust_cash", "account": "treasury:SB", "amount": -20,
                 "reason": "a railroad paid twice"})
    game.submit({"type": "correct_value", "holding": "SB", "space": "s7",
                 "reason": "the marker was knocked"})
    report = summary(game.state)
    assert report["corrections_after_end"] == [
        {"name": "Ann", "change": "+$700", "reason": "a dividend paid short"},
        {"name": "Seedy Brothers's treasury", "change": "−$20",
         "reason": "a railroad paid twice"},
        {"name": "Seedy Brothers's marker", "change": "$80 → $100",
         "reason": "the marker was knocked"}]
    # Ann: $220 + $700 cash, MSC 40% × $350 = $1,400, SB 40% × $100 = $400
    assert report["scores"]["ann"]["total"] == 920 + 1400 + 400
    # Bob: $355 cash, MSC 60% × $350 = $2,100, SB 10% × $100 = $100: Ann wins now
    assert report["scores"]["bob"]["total"] == 355 + 2100 + 100
    text = render(report)
    assert "Corrected after the end: Seedy Brothers's marker $80 → $100 (the marker was " \
           "knocked)" in text
    assert text.endswith("Winner: Ann")


def test_corrections_before_the_end_are_not_listed_nor_scored():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.do("adjust_cash", account="ann", amount=5, reason="miscounted")
    assert "Unknown space ['s5']" in t.rejects("correct_value", holding="DPI", space=["s5"],
                                               reason="x")
    t.do("correct_value", holding="DPI", space="s5", reason="the marker slid")
    assert t.report()["corrections_after_end"] == [] and t.state.scores == {}
