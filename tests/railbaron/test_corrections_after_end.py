"""The banker's cash correction once the game is over: accepted only with a reason, and told
with that reason in the final summary."""

from referee.games.railbaron.views import render, summary
from tests.railbaron.play import play


def blue_has_won():
    """Red cannot pay Blue's established fee and goes bankrupt: Blue, the last left, wins."""
    t = play(players=("blue", "red")).set_up(homes=["Atlanta", "Knoxville"])
    t.trip("Knoxville", "LN", buy="LN")
    t.go_to("Atlanta").roll(2, 3).stop("LN")
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()
    assert t.state.over and t.state.winners == ["blue"]
    return t


def test_a_correction_after_the_end_needs_its_reason():
    t = blue_has_won()
    assert "reason" in t.rejects("adjust_cash", player="blue", amount=1_000, reason="  ")
    assert "reason" in t.rejects("adjust_cash", player="blue", amount=1_000)


def test_the_final_summary_lists_each_correction_after_the_end_with_its_reason():
    t = blue_has_won()
    assert summary(t.state)["corrections_after_end"] == []  # the one before the end is not
    cash = t.cash("blue")
    t.adjust("blue", 2_000, "a payoff counted short").adjust("blue", -500, "a fee paid twice")
    assert t.cash("blue") == cash + 1_500
    report = summary(t.state)
    assert report["corrections_after_end"] == [
        {"name": "Blue", "change": "+$2,000", "reason": "a payoff counted short"},
        {"name": "Blue", "change": "−$500", "reason": "a fee paid twice"}]
    text = render(report)
    assert "Corrected after the end: Blue +$2,000 (a payoff counted short)" in text
    assert text.endswith("Winner: Blue")
    t.undo()
    assert len(summary(t.state)["corrections_after_end"]) == 1
