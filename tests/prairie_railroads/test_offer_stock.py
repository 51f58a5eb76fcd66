"""Offer Stock: which shares may be offered, the minimum bid, the bidding and who is paid."""

from referee.games.prairie_railroads.views import railroad_rows
from tests.prairie_railroads.play import standard_game

# After the standard start: CRIP ann, ATSF bob, KP cy, MKT cy (free), SLSF ann, MP bob.
# Cash: ann 80-20-5 = 55, bob 80-15-12 = 53, cy 80-10 = 70. Bob plays first.


def test_a_personal_card_offers_any_unsold_share_and_the_treasury_is_paid():
    t = standard_game()
    t.card("OS").offer("MKT")
    assert t.state.auction.bidders == ["bob", "cy", "ann"]  # from the offering player, clockwise
    assert t.state.auction.to_beat() == 1  # Value 5: minimum $1
    t.do("bid", player="bob", amount=4).do("pass", player="cy").do("pass", player="ann")
    assert t.rr("MKT").shares == {"cy": 1, "bob": 1}
    assert t.treasury("MKT") == 4 and t.cash("bob") == 49
    assert t.now == "cy"  # the turn is over


def test_selling_an_own_share_pays_the_seller_who_may_not_bid():
    t = standard_game()
    t.card("OS").offer("MP", own=True)
    assert t.state.auction.bidders == ["cy", "ann"]
    t.do("pass", player="cy").do("bid", player="ann", amount=9)
    assert "Ann buys a MP share from Bob for $9." in t.events()
    assert t.rr("MP").shares == {"ann": 1}
    assert t.cash("bob") == 53 + 9 and t.treasury("MP") == 12


def test_an_offer_needs_an_unsold_share_or_one_of_ones_own():
    t = standard_game()
    t.card("OS")
    assert "holds no CRIP share" in t.rejects("offer", player="bob", railroad="CRIP", own=True)
    assert "It is Bob's turn" in t.rejects("offer", player="cy", railroad="KP")


def test_a_drawn_card_offers_the_railroad_with_most_unsold_shares_never_an_own_share():
    t = standard_game()
    t.card("OS").offer("MKT")
    t.do("bid", player="bob", amount=1).do("pass", player="cy").do("pass", player="ann")
    t.card("OS", source="deck")  # Cy draws: the MKT has 3 unsold, the others 4
    assert t.state.deck["OS"] == 5
    assert "most unsold" in t.rejects("offer", player="cy", railroad="MKT")
    assert "never offers the player's own" in t.rejects("offer", player="cy",
                                                        railroad="KP", own=True)
    t.offer("CRIP")  # tied at four unsold: Cy chooses among them
    assert t.state.auction.railroad == "CRIP"


def test_players_who_cannot_pay_the_next_bid_drop_out():
    t = standard_game()
    t.card("OS").offer("SLSF")
    t.do("bid", player="bob", amount=50)
    t.do("bid", player="cy", amount=54)  # Bob has 53: he cannot pay $55 and is out
    assert t.state.auction.bidders == ["ann", "cy"]
    assert any("Bob cannot pay $55" in e for e in t.events())
    t.do("pass", player="ann")
    assert t.rr("SLSF").shares == {"ann": 1, "cy": 1} and t.treasury("SLSF") == 5 + 54


def test_no_one_able_to_pay_the_minimum_means_no_sale():
    t = standard_game()
    for pid in ("ann", "bob", "cy"):
        t.do("adjust_cash", account=pid, amount=-t.cash(pid), reason="test: empty pockets")
    t.card("OS").offer("KP")
    assert t.state.auction is None and t.rr("KP").shares == {"cy": 1}
    assert t.now == "cy"


def test_nobody_bidding_means_no_sale():
    t = standard_game()
    t.card("OS").offer("ATSF").sell(None)
    assert t.rr("ATSF").shares == {"bob": 1}
    assert any("No one bought" in e for e in t.events())
    assert t.now == "cy"


def test_the_player_with_most_shares_controls_alone():
    t = standard_game()
    t.card("OS").offer("MKT")  # Bob buys a second MKT share: tied with Cy, both control
    t.do("bid", player="bob", amount=4).do("pass", player="cy").do("pass", player="ann")
    assert t.rr("MKT").shares == {"cy": 1, "bob": 1}
    assert sorted(controllers_of(t, "MKT")) == ["bob", "cy"]
    t.card("OS").offer("MKT")  # Cy buys a third: two shares against Bob's one
    t.do("bid", player="cy", amount=1).do("pass", player="ann").do("pass", player="bob")
    assert t.rr("MKT").shares == {"cy": 2, "bob": 1}
    assert controllers_of(t, "MKT") == ["cy"]


def controllers_of(t, key: str) -> list[str]:
    """Who the controller display names for the railroad `key`."""
    return next(row["controllers"] for row in railroad_rows(t.state) if row["key"] == key)


def test_a_bid_of_all_ones_cash_stands_and_bids_are_whole_dollars():
    t = standard_game()
    t.card("OS").offer("SLSF")  # Bob offers; the bidding goes Bob, Cy, Ann
    assert "at least $1" in t.rejects("bid", player="bob", amount=2.5)
    assert "at least $1" in t.rejects("bid", player="bob", amount="2")
    assert "nobody bids over his cash" in t.rejects("bid", player="bob", amount=54)
    t.do("bid", player="bob", amount=53)  # all Bob's cash: he cannot raise it, yet he stays
    assert "bob" in t.state.auction.bidders
    assert not any("Bob cannot pay" in e for e in t.events())
    t.do("pass", player="cy").do("pass", player="ann")
    assert t.rr("SLSF").shares == {"ann": 1, "bob": 1} and t.cash("bob") == 0


def test_selling_one_of_two_own_shares_keeps_the_other():
    t = standard_game()
    t.card("OS").offer("ATSF")  # Bob buys a second ATSF share from the treasury
    t.do("bid", player="bob", amount=2).do("pass", player="cy").do("pass", player="ann")
    t.card("PD").card("PD")  # Cy, Ann
    t.card("OS").offer("ATSF", own=True)  # Bob sells one of his two
    t.do("bid", player="cy", amount=5).do("pass", player="ann")
    assert t.rr("ATSF").shares == {"bob": 1, "cy": 1}
