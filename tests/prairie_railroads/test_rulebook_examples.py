"""The rulebook's worked examples, with its numbers."""

from referee.games.prairie_railroads.economy import (
    dividend_per_share,
    final_per_share,
    final_preview,
    minimum_bid,
)
from referee.games.prairie_railroads.state import Railroad
from tests.prairie_railroads.play import standard_game


def crip_to_concordia():
    """CRIP: Troy–Marysville, Marysville–Cuba, Cuba–Concordia; only Concordia has grown."""
    t = standard_game()
    t.card("CT").grow(1, 4)  # Bob: roll 14 grows Concordia
    assert t.state.grown == ["Concordia"]
    t.choose("ATSF").build("Topeka", "Pratt")
    t.card("CT").grow(1, 1).choose("KP").build("Ashby", "Leavenworth")  # Cy: Whiting grows
    t.card("CT").grow(2, 2)  # Ann: Ashby grows
    t.choose("CRIP").build("Marysville", "Concordia", via="Cuba")
    return t


def test_income_example_crip_is_nine_and_its_value_fifteen():
    t = crip_to_concordia()
    crip = t.rr("CRIP")
    assert crip.track == [("Troy", "Marysville"), ("Marysville", "Cuba"), ("Cuba", "Concordia")]
    assert crip.income == 9  # (3 + 1) + (1 + 2) + (2 + 0)
    assert crip.value == 15
    assert t.treasury("CRIP") == 20 - 15


def test_minimum_bid_examples():
    assert minimum_bid(15) == 3  # the CRIP of the Value example
    assert minimum_bid(55) == 11  # Dave offers the last KP share


def test_minimum_bid_of_the_crip_example_in_play():
    t = crip_to_concordia()
    t.card("OS").offer("CRIP")  # Bob offers an unsold CRIP share: Value 15, so at least $3
    assert t.state.auction.to_beat() == 3
    assert "at least $3" in t.rejects("bid", player="bob", amount=2)
    t.do("bid", player="bob", amount=3)


def test_dividend_example_atsf_income_61():
    each = dividend_per_share(61)
    assert each == 13  # 61 / 5 = 12.2, rounded up
    assert 2 * each == 26  # Dave's two shares


def test_final_payoff_example_mp():
    assert final_per_share(85, 55, 4) == 35  # (85 + 55) / 4
    mp = Railroad("MP", shares={"ed": 3, "john": 1}, income=55, value=85)

    class Only:
        players = {"ed": "Ed", "john": "John"}
        railroads = {"MP": mp}

    paid = final_preview(Only())
    assert paid == {"ed": 105, "john": 35}
