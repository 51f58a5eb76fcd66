"""Edges of the money rules that a wrong fee or a wrong count would pass unseen otherwise:
establishment at two rates, a fee that drops, Home Swap onto one's own railroad, bidding all
one's cash, bankrupt bidders, and the Honeymoon purchase count."""

from tests.railbaron.play import play
from tests.railbaron.test_fees_and_establishment import fees
from tests.railbaron.testland import make_testland


def blue_at_a_milepost_of_reds_acl_and_sou():
    """Red owns the SOU; Blue stops at a milepost of the ACL and SOU; Red then buys the ACL, the
    last railroad: Blue is established on the ACL at the bank's $1,000 and on the SOU at the
    opponent's $5,000 of before the sell-out."""
    t = play().set_up()
    t.trip("Charleston", "ACL")  # blue, from Atlanta
    t.trip("Atlanta", "LN", buy="SOU")  # red
    t.trip("Atlanta", "CG", buy="CG")  # green
    t.trip("Savannah", "SAL", buy="SAL")  # blue
    t.trip("Knoxville", "LN", buy="LN")  # red
    t.trip("Knoxville", "LN")  # green rides Red's LN
    # blue rides Red's LN, which he is not established on: his earlier establishments end
    t.go_to("Knoxville").roll(2, 3).stop("LN", at=("ACL", "SOU")).end_turn()
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("ACL")  # red buys the last railroad
    assert t.state.sold_out
    assert t.p("blue").established == {"ACL": 1_000, "SOU": 5_000}
    said = t.events()  # the sell-out does not change the ACL's $1,000: said once
    assert said.count("Blue is established on the ACL at $1,000") == 1
    assert said.count("Blue is established on the SOU at $5,000") == 1
    t.end_turn()
    t.trip("Atlanta", "SOU")  # green
    return t


def test_established_at_two_rates_on_one_opponent_pays_the_higher():
    t = blue_at_a_milepost_of_reds_acl_and_sou()
    t.roll(2, 3).stop("ACL", "SOU")  # both Red's, both established on: one fee, the higher
    assert fees(t) == {"red": 5_000}
    t.undo().stop("ACL")
    assert fees(t) == {"red": 1_000}


def test_an_established_fee_never_exceeds_the_fee_now_due():
    """Blue is established on Green's SOU at $5,000; Green sells the SOU back to the bank; Blue
    then rides it for the bank's $1,000, not the $5,000 he was established at."""
    t = play().set_up()
    t.trip("Charleston", "ACL")  # blue
    t.trip("Atlanta", "LN", buy="ACL")  # red
    t.trip("Atlanta", "CG", buy="SOU")  # green
    t.trip("Savannah", "SAL")  # blue
    t.trip("Knoxville", "LN", buy="CG")  # red
    t.trip("Knoxville", "LN", buy="LN")  # green
    # blue rides Green's LN, which he is not established on: his earlier establishments end
    t.go_to("Knoxville").roll(2, 3).stop("LN", at=("ACL", "SOU", "PUB")).end_turn()
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("SAL").end_turn()  # red: the last railroad
    assert t.p("blue").established == {"ACL": 5_000, "SOU": 5_000, "PUB": 1_000}
    t.go_to("Charleston").roll(2, 3).stop("ACL")  # green rides Red's ACL: $10,000
    t.adjust("green", -t.cash("green"), "all spent").end_turn()
    t.sell_back("SOU")  # + $10,000, the fee is paid
    assert t.state.owners["SOU"] is None
    blue = t.cash("blue")
    t.roll(2, 3).stop("SOU")
    assert fees(t) == {"bank": 1_000}
    t.end_turn()
    assert t.cash("blue") == blue - 1_000


def test_home_swap_onto_a_city_of_ones_own_railroad_establishes_on_all_his_own_at_no_fee():
    t = play(settings={"variants": ["starting_auction"]}).set_up()  # blue's home: Atlanta
    t.do("draw_deed", railroad="LN").bid("blue", 8_000).pass_("red").pass_("green")
    t.do("draw_deed", railroad="ACL").pass_("blue").pass_("red").pass_("green")
    t.do("draw_deed", railroad="CG").pass_("blue").pass_("red").pass_("green")
    assert t.state.owners["LN"] == "blue" and t.now == "blue"
    t.go_to("Knoxville").home_swap()  # Knoxville: Blue's own LN and the bank's SOU
    assert t.p("blue").home == "Knoxville"
    # HOME SWAP: "established upon all the railroads at his new Home City", his own included;
    # his own LN costs him nothing
    assert t.p("blue").established == {"SOU": 1_000, "LN": 0}


def test_a_bid_of_exactly_all_ones_cash_is_allowed():
    from tests.railbaron.test_shortfall import short_blue

    t = short_blue().end_turn().auction("ACL")
    everything = t.cash("red")
    assert "cannot bid" in t.rejects("bid", player="red", amount=everything + 1)
    t.bid("red", everything).pass_("green")
    assert t.state.owners["ACL"] == "red"
    assert t.cash("red") == 5_000  # all he had went to Blue, who paid his $5,000 fee from it
    assert t.cash("blue") == 2_000 + everything - 5_000


def test_a_bankrupt_player_is_not_among_the_bidders():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.go_to("Atlanta").roll(2, 3).stop("LN")  # red rides Blue's LN
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()
    assert t.p("red").bankrupt
    t.trip("Atlanta", "CG")  # green
    t.go_to("Savannah").roll(2, 3).stop("CG")  # blue owes the bank $1,000
    t.adjust("blue", -t.cash("blue"), "all spent").end_turn()
    t.auction("LN")
    assert t.state.auction.bidders == ["green"]
    assert "Green bids first" in t.events()[-1]
    t.pass_("green")  # nobody else bids: the bank buys the LN
    assert t.state.owners["LN"] is None
    assert t.cash("blue") == 8_000 - 1_000
    assert t.now == "green"


def honeymoon(**variants):
    names = ["honeymoon", *variants]
    return play(players=("blue", "red"), settings={"variants": names},
                board=make_testland(extra_railroads=4))


def test_honeymoon_a_railroad_the_bank_buys_at_auction_counts_one_fewer_purchase():
    t = honeymoon().set_up(homes=["Atlanta", "Knoxville"])
    t.adjust("blue", 100_000).adjust("red", 100_000)
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "CG", buy="X3")
    assert t.state.purchases == 3
    t.go_to("Savannah").roll(2, 3).stop("X1")  # red rides Blue's X1
    t.adjust("red", -(t.cash("red") - 2_000), "to $2,000").end_turn()  # owes Blue $5,000
    t.auction("X2").pass_("blue")  # no bid: the bank buys the X2 for $3,000
    assert t.state.owners["X2"] is None
    assert t.state.purchases == 2
    t.go_to("Savannah").roll(2, 3).arrive("CG").buy("X2")  # blue: the third purchase again
    assert t.turn.phase == "end"  # the phantom's first draw waits for the fourth


def test_honeymoon_starting_auction_purchases_count_toward_the_phantoms_draws():
    """HONEYMOON: the phantom draws 'after four railroads have been purchased in the game';
    railroads bought in the Starting Auction are purchases of the game like any other."""
    t = honeymoon(starting_auction=True).set_up(homes=["Atlanta", "Knoxville"])
    t.do("draw_deed", railroad="X1").bid("blue", 3_000).pass_("red")
    t.do("draw_deed", railroad="X2").pass_("blue").bid("red", 3_000)
    assert t.state.stage == "play" and t.state.purchases == 2
    t.trip("Savannah", "CG", buy="X3")  # blue: the third
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("X4")  # red: the fourth
    assert t.turn.phase == "phantom"


def test_classic_seller_who_rode_the_auctioned_railroad_owes_its_buyer_nothing():
    """AUCTION: "If a player auctions a railroad he has ridden that turn, he owes no fee to its
    new owner this turn nor while he remains established on it" (classic rules: his own railroad
    cost him the bank's $1,000; from the buyer, nothing)."""
    t = play(settings={"edition": "classic"}).set_up()
    t.adjust("blue", 20_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    t.trip("Atlanta", "LN", buy="LN")  # red
    t.trip("Atlanta", "CG")  # green
    t.go_to("Atlanta").roll(2, 3).stop("LN", "SOU", at=("SOU",))  # Blue rides his SOU too
    t.adjust("blue", 500 - t.cash("blue"), "to $500").end_turn()
    t.auction("SOU").bid("red", 10_000).pass_("green")
    assert t.p("blue").established["SOU"] == 0
    t.trip("Knoxville", "LN")  # red
    t.trip("Savannah", "CG")  # green
    t.roll(1, 1).stop("SOU")
    assert fees(t) == {}


def test_the_buyer_at_an_auctioned_railroads_milepost_is_not_established_on_his_own():
    from tests.railbaron.test_shortfall import short_blue

    t = short_blue()  # Green stands at Charleston, on Blue's SOU
    t.adjust("blue", -(t.cash("blue") - 1), "to $1").end_turn()
    before = dict(t.p("green").established)  # from earlier rises at his mileposts (ESTABLISHMENT)
    t.auction("SOU").pass_("red").bid("green", 10_000)
    assert t.state.owners["SOU"] == "green"
    assert t.p("green").established == before  # the auction adds nothing on his own railroad
    assert not any("Green is established" in e for e in t.events())
