"""The banker's cash correction once the game is over: accepted only with a reason, and told
with that reason in the final summary."""

from referee.games.prairie_railroads.views import render, summary
from tests.prairie_railroads.play import standard_game


def played_to_the_end():
    t = standard_game(deck={"PD": 2, "OS": 0, "CT": 0})
    for _ in range(8):
        source = "hand" if t.state.hands[t.now]["PD"] else "deck"
        t.card("PD", source=source)
    assert t.state.over and t.state.winners == ["cy"]
    return t


def test_a_correction_after_the_end_needs_its_reason():
    t = played_to_the_end()
    assert "reason" in t.rejects("adjust_cash", account="ann", amount=20, reason=" ")
    assert "reason" in t.rejects("adjust_cash", account="ann", amount=20)


def test_the_final_summary_lists_each_correction_after_the_end_with_its_reason():
    t = played_to_the_end()
    assert summary(t.state)["corrections_after_end"] == []
    t.do("adjust_cash", account="ann", amount=20, reason="a payoff miscounted")
    t.do("adjust_cash", account="cy", amount=-3, reason="a dividend paid twice")
    report = summary(t.state)
    assert report["corrections_after_end"] == [
        {"name": "Ann", "change": "+$20", "reason": "a payoff miscounted"},
        {"name": "Cy", "change": "−$3", "reason": "a dividend paid twice"}]
    assert report["winners"] == ["ann"]  # $103 against $93
    text = render(report)
    assert "Corrected after the end: Ann +$20 (a payoff miscounted)" in text
    assert text.endswith("Winner: Ann")
