"""Rail Baron's end of turn told right at its edges (cases mutation testing found untested:
scripts/mutate, docs/testing.md)."""

from tests.railbaron.play import play
from tests.railbaron.test_fees_and_establishment import fees
from tests.railbaron.test_shortfall import short_blue


def test_cash_of_exactly_the_fees_pays_them_without_a_shortfall():
    t = short_blue()
    t.adjust("blue", 5_000 - t.cash("blue"), "exactly the fees")
    assert fees(t) == {"red": 5_000}
    t.end_turn()
    assert t.cash("blue") == 0 and t.now == "red"
    assert not [line for line in t.all_events() if "cannot cover" in line]


def test_a_short_player_without_railroads_is_not_told_to_sell_any():
    t = play(players=("blue", "red", "green")).set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.go_to("Atlanta").roll(2, 3).stop("LN")  # red rides Blue's LN, owns nothing
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()
    assert t.p("red").bankrupt
    assert not [line for line in t.events() if "must be sold" in line]


def test_a_short_player_with_railroads_is_told_to_sell():
    t = short_blue().end_turn()
    assert ("Blue owes $5,000 in use fees and cannot cover them: railroads must be sold back "
            "or auctioned.") in t.events()
