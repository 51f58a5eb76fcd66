"""Rules 9–10: shortfall (sell back, auction) and bankruptcy."""

from referee.games.railbaron.state import Auction
from tests.railbaron.play import play
from tests.railbaron.test_fees_and_establishment import fees


def short_blue():
    """Blue owns the SOU and the ACL and owes Red $5,000 with $2,000 cash."""
    t = play().set_up()
    t.adjust("blue", 20_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()  # 40,000+20,000-20,000-1,000
    t.trip("Atlanta", "LN", buy="LN")  # red buys the LN
    t.trip("Atlanta", "CG")  # green
    # blue, established on the LN and his SOU since Red bought the LN at Knoxville, rides the
    # bank's ACL too and buys it: his establishment ends
    t.go_to("Charleston").roll(2, 3).arrive("SOU", "ACL").buy("ACL")  # 39,000+34,000-12,000
    t.end_turn()
    t.trip("Savannah", "CG")  # red
    t.trip("Charleston", "ACL")  # green pays Blue $1,000: established on it at Atlanta
    t.go_to("Knoxville").roll(2, 3).stop("LN", at=("LN",))  # blue rides Red's LN
    t.adjust("blue", -(t.cash("blue") - 2_000), "to the test's figure")
    assert fees(t) == {"red": 5_000}
    return t


def test_fees_beyond_cash_open_the_shortfall():
    t = short_blue().end_turn()
    assert t.turn.phase == "shortfall"
    assert set(t.legal()) >= {"sell_back", "auction"}
    assert "the fees must be raised first" in t.rejects("roll_region", player="blue",
                                                        dice=[1, 1, 1])


def test_sell_back_to_the_bank_at_half_price_then_the_fees_are_paid():
    t = short_blue().end_turn().sell_back("SOU")  # + 10,000
    assert t.state.owners["SOU"] is None
    assert t.cash("blue") == 2_000 + 10_000 - 5_000
    assert t.now == "red"


def test_auction_opens_at_half_price_bids_from_the_sellers_left():
    t = short_blue().end_turn().auction("ACL")
    auction = t.state.auction
    assert auction.opening == 6_000 and auction.bidders == ["red", "green"]
    assert "It is Red's bid" in t.rejects("bid", player="green", amount=6_000)
    assert "under the minimum $6,000" in t.rejects("bid", player="red", amount=5_500)
    t.bid("red", 6_000)
    assert "under the minimum $6,500" in t.rejects("bid", player="green", amount=6_200)
    assert "cannot bid $90,000" in t.rejects("bid", player="green", amount=90_000)
    t.bid("green", 6_500).bid("red", 7_250).pass_("green")
    assert t.state.owners["ACL"] == "red"
    assert t.cash("blue") == 2_000 + 7_250 - 5_000
    assert t.now == "red"


def test_a_bidder_who_passes_is_out_of_that_auction():
    t = short_blue().end_turn().auction("ACL").pass_("red").bid("green", 6_000)
    assert t.state.owners["ACL"] == "green"


def test_no_bid_means_the_bank_buys_at_half_price():
    t = short_blue().end_turn().auction("ACL").pass_("red").pass_("green")
    assert t.state.owners["ACL"] is None
    assert t.cash("blue") == 2_000 + 6_000 - 5_000


def classic_auction_of_the_sou():
    """Classic rules: Blue, short of his fees, auctions the SOU (opening bid $10,000)."""
    t = play(settings={"edition": "classic"}).set_up()
    t.adjust("blue", 20_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    t.trip("Atlanta", "LN", buy="LN")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).stop("LN")
    t.adjust("blue", -(t.cash("blue") - 500), "to the test's figure").end_turn()
    return t.auction("SOU")


def test_classic_bids_are_multiples_of_500():
    t = classic_auction_of_the_sou()
    assert "multiples of $500" in t.rejects("bid", player="red", amount=10_250)
    t.bid("red", 10_500)


def test_still_short_after_one_sale_sells_again():
    t = short_blue()
    t.adjust("blue", -2_000, "to zero").end_turn()  # owes 5,000 with nothing
    t.auction("ACL").pass_("red").pass_("green")  # + 6,000 from the bank: covered
    assert t.now == "red"
    assert t.cash("blue") == 1_000


def test_players_at_an_auctioned_railroads_mileposts_are_established_and_the_seller_too():
    t = short_blue()
    t.undo().undo().stop("LN", "SOU", at=("SOU",))  # Blue rides his own SOU too
    t.adjust("blue", 0 - t.cash("blue") + 1, "to $1").end_turn()
    t.auction("SOU").bid("red", 10_000).pass_("green")
    assert t.state.owners["SOU"] == "red"
    assert t.p("blue").established.get("SOU") == 0
    assert t.p("green").established.get("SOU") == 5_000  # Green at Charleston keeps the old fee
    assert t.p("blue").established_since["SOU"]["why"] == \
        "no fee, as he rode the SOU in the turn he sold it"
    # Green was established on the SOU at $5,000 already: his earlier establishment stays
    assert t.p("green").established_since["SOU"]["why"] == "the rate before the sale of the ACL"
    # no fee to Red later while Blue rides only the SOU
    t.trip("Atlanta", "CG")  # red
    t.trip("Savannah", "SAL")  # green
    t.roll(1, 1).stop("SOU")
    assert fees(t) == {}


def test_bankruptcy_sends_the_cash_to_the_bank_not_the_creditor():
    t = play(players=("blue", "red", "green")).set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.go_to("Atlanta").roll(2, 3).stop("LN")  # red rides Blue's LN
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()  # owes the established $1,000
    red = t.p("red")
    assert red.bankrupt
    assert t.cash("red") == 0
    assert t.cash("blue") == 20_000 + 20_000 - 16_000  # no fee paid to Blue
    assert t.now == "green"
    assert "red" not in t.state.active()


def test_the_last_player_left_wins():
    t = play(players=("blue", "red")).set_up(homes=["Atlanta", "Knoxville"])
    t.trip("Knoxville", "LN", buy="LN")
    t.go_to("Atlanta").roll(2, 3).stop("LN")
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()  # owes the established $1,000
    assert t.state.over and t.state.winners == ["blue"]
    assert "The game is over." in t.rejects("roll_region", player="blue", dice=[1, 1, 1])


def test_a_classic_opening_bid_off_the_500_grid_rounds_up_to_the_next_multiple():
    # Short Game with the classic rules: a $17,000 railroad sells for $8,500, opening bid $4,250.
    auction = Auction("GN", "blue", ["red", "green"], opening=4_250, multiple=500)
    assert auction.minimum() == 4_500
    auction.high = 4_500
    assert auction.minimum() == 5_000
    assert Auction("GN", "blue", ["red"], opening=4_250).minimum() == 4_250  # modern rules


def test_the_bid_offered_to_a_classic_bidder_names_the_multiple():
    t = classic_auction_of_the_sou()
    offered = next(a for a in t.rules.legal_actions(t.state) if a["type"] == "bid")
    assert (offered["minimum"], offered["multiple"]) == (10_000, 500)
