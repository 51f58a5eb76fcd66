"""What the money actions refuse, and their exact boundaries: bids, sales, upgrades, corrections,
the phantom's draws and the Starting Auction's deeds."""

from tests.railbaron.play import play
from tests.railbaron.test_shortfall import short_blue
from tests.railbaron.test_variants import honeymoon
from tests.railbaron.testland import make_testland


def test_fees_of_exactly_all_ones_cash_are_paid_without_a_sale():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.go_to("Atlanta").roll(2, 3).stop("LN")  # red rides Blue's LN: established at $1,000
    t.adjust("red", -(t.cash("red") - 1_000), "to $1,000").end_turn()
    assert t.cash("red") == 0 and not t.p("red").bankrupt
    assert t.now == "green"


def test_only_a_rider_who_owes_nothing_hears_so():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.trip("Atlanta", "LN")  # red pays Blue
    assert "Red pays Blue $1,000 for the LN (established)." in t.events()
    assert not any("owes no use fees" in e for e in t.events())
    t.trip("Atlanta", "CG")  # green
    t.go_to("Chattanooga").roll(2, 3).arrive("LN").no_purchase().end_turn()  # his own LN
    assert "Blue owes no use fees." in t.events()
    t.go_to("Atlanta").end_turn()  # red rolls the city where his train stands: no ride at all
    assert not any("owes no use fees" in e for e in t.events())


def test_a_player_sells_back_only_his_own_railroads():
    t = short_blue().end_turn()
    assert "does not own the LN" in t.rejects("sell_back", player="blue", railroad="LN")
    assert "does not own the LN" in t.rejects("auction", player="blue", railroad="LN")


def test_bids_are_whole_dollars_in_turn_and_only_while_an_auction_runs():
    t = short_blue().end_turn()
    assert "No auction is running" in t.rejects("bid", player="red", amount=6_000)
    assert "No auction is running" in t.rejects("pass", player="red")
    t.auction("ACL")
    assert "whole number" in t.rejects("bid", player="red", amount="6000")
    assert "whole number" in t.rejects("bid", player="red", amount=6_000.5)
    assert "It is Red's bid" in t.rejects("pass", player="green")
    t.bid("red", 6_000).pass_("green")
    assert t.state.auction is None  # over: Red owns the ACL
    assert "No auction is running" in t.rejects("bid", player="green", amount=7_000)


def test_an_upgrade_names_a_better_engine_and_may_cost_all_ones_cash():
    t = play().set_up()
    t.go_to("Knoxville").roll(2, 3).arrive("LN")
    assert "express or superchief" in t.rejects("upgrade", player="blue", engine="rocket")
    assert "express or superchief" in t.rejects("upgrade", player="blue", engine="freight")
    t.adjust("blue", -(t.cash("blue") - 4_000), "to $4,000").upgrade("express")
    assert t.cash("blue") == 0 and t.p("blue").engine == "express"


def test_no_purchase_is_declined_out_of_its_moment():
    t = play().set_up().go_to("Knoxville").roll(2, 3)
    assert "cannot do that now" in t.rejects("skip_purchase", player="blue")
    t.arrive("LN")
    assert "It is Blue's turn" in t.rejects("skip_purchase", player="red")


def test_the_phantom_draws_only_when_due_and_only_a_bank_railroad():
    t = honeymoon()
    t.adjust("blue", 100_000).adjust("red", 100_000)
    assert "only when it is due" in t.rejects("phantom_draw", railroad="ACL")
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "CG", buy="X3")
    t.go_to("Savannah").roll(2, 3).arrive("CG").buy("X4")
    assert "not an unowned railroad of the bank" in t.rejects("phantom_draw", railroad="X1")
    assert "not an unowned railroad of the bank" in t.rejects("phantom_draw", railroad="PUB")


def test_banker_corrections_of_one_dollar_up_to_the_limit():
    t = play().set_up()
    t.adjust("red", 1, "a dollar short").adjust("red", -1, "a dollar over")
    assert t.cash("red") == 20_000
    t.adjust("red", 10_000_000, "the largest correction")
    assert t.cash("red") == 10_020_000
    assert "say why" in t.rejects("adjust_cash", player="red", amount=100, reason=5)


def test_a_banker_apart_cannot_take_more_than_a_player_has():
    t = play().set_up()
    assert "Red has less than $20,001" in t.rejects("adjust_cash", player="red",
                                                      amount=-20_001, reason="recount")
    t.adjust("red", -20_000, "recount")
    assert t.cash("red") == 0


def test_a_banker_who_plays_takes_as_asked_and_may_leave_a_debt():
    """His answer must not depend on another seat's secret cash: the correction is taken as
    asked, and red owes the bank what it took beyond his cash."""
    t = play(settings={"banker": "blue"}).set_up()
    t.adjust("red", -20_001, "recount")
    assert t.cash("red") == -1
    t.adjust("red", 1, "red counted his cash")
    assert t.cash("red") == 0


def starting_auction(players=("blue", "red", "green")):
    return play(players=players, settings={"variants": ["starting_auction"]}).set_up()


def test_deeds_are_drawn_only_between_starting_auctions_and_only_the_banks():
    t = starting_auction()
    assert "not among the bank's undrawn deeds" in t.rejects("draw_deed", railroad="PUB")
    t.do("draw_deed", railroad="SOU")
    assert "only for the Starting Auction" in t.rejects("draw_deed", railroad="LN")
    t.pass_("blue").pass_("red").pass_("green")
    t.do("draw_deed", railroad="LN").pass_("blue").pass_("red").pass_("green")
    t.do("draw_deed", railroad="CG").pass_("blue").pass_("red").pass_("green")
    assert t.state.stage == "play"
    assert "only for the Starting Auction" in t.rejects("draw_deed", railroad="ACL")


def test_a_starting_auction_with_more_players_than_railroads_ends_when_the_deeds_run_out():
    t = starting_auction(("blue", "red", "green", "yellow", "black", "white"))
    for rr in ("ACL", "SOU", "CG", "LN", "SAL"):  # Testland's five: one set aside, four sold
        t.do("draw_deed", railroad=rr)
        if rr == "SOU":
            while t.state.auction is not None:
                t.pass_(t.state.auction.next_bidder)
        else:
            t.bid(t.state.auction.next_bidder, 10_000)
            while t.state.auction is not None:
                t.pass_(t.state.auction.next_bidder)
    assert t.state.stage == "play" and t.state.owners["SOU"] is None


def test_an_unknown_payoff_is_a_whole_amount_from_1_to_1000000():
    from tests.railbaron.test_unknown_cells_and_views import gappy_map

    t = play(board=gappy_map()).set_up().go_to("Knoxville").roll(2, 3)
    for bad in (0, -5, 1_000_001, "20000", 20_000.0):
        assert "is unknown" in t.rejects("arrive", player="blue", ridden=["LN"], payoff=bad)
    t.arrive("LN", payoff=1)
    assert t.cash("blue") == 20_001
    t.undo().arrive("LN", payoff=1_000_000)
    assert t.cash("blue") == 1_020_000


def test_the_sell_out_is_announced_once_however_many_deeds_change_hands_after():
    from tests.railbaron.test_fees_and_establishment import sell_out

    t = play().set_up()
    t.adjust("blue", 20_000).adjust("red", 20_000)
    sell_out(t)  # Red buys the last railroad
    t.go_to("Knoxville").roll(2, 3).arrive("SOU").no_purchase()  # green rides Red's SOU
    t.adjust("green", -(t.cash("green") - 2_000), "to $2,000").end_turn()  # owes $5,000
    t.auction("CG").bid("blue", 4_000).pass_("red")
    assert t.state.owners["CG"] == "blue" and t.now == "blue"
    assert sum("have sold out" in e for e in t.all_events()) == 1


def test_a_bankrupt_player_leaves_the_race_and_cannot_be_rovered_again():
    from tests.railbaron.test_variants import short_game_sold_out

    t = short_game_sold_out()
    t.adjust("blue", -(t.cash("blue") - 30_000), "to $30,000")
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    t.go_to("Knoxville").roll(2, 3).rover("blue")  # Red: Blue cannot pay and is bankrupt
    blue = t.p("blue")
    assert blue.bankrupt and not blue.declared and blue.destination is None
    assert "out of the game" in t.rejects("rover", player="red", victim="blue")


def test_honeymoon_no_phantom_draw_once_the_bank_holds_nothing():
    t = play(players=("blue", "red"), settings={"variants": ["honeymoon"]},
             board=make_testland(extra_railroads=2)).set_up(homes=["Atlanta", "Knoxville"])
    t.adjust("blue", 100_000).adjust("red", 100_000)  # seven railroads to sell
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "CG", buy="CG")
    t.go_to("Savannah").roll(2, 3).arrive("CG").buy("LN").do("phantom_draw", railroad="ACL")
    t.end_turn()
    t.trip("Charleston", "SOU", buy="SOU")  # the fifth purchase
    t.go_to("Atlanta").roll(2, 3).arrive("CG").buy("SAL")  # the sixth, and the last railroad
    assert t.state.sold_out and t.turn.phase == "end"  # the phantom's second draw: none left


def test_a_rovered_bankrupt_leaving_one_player_ends_the_game_at_once():
    t = play(players=("blue", "red"), settings={"variants": ["short_game"]})
    t.set_up(homes=["Atlanta", "Knoxville"])
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.trip("Atlanta", "LN", buy="SOU")  # red
    t.trip("Atlanta", "LN", buy="ACL")  # blue
    t.trip("Charleston", "SOU", buy="CG")  # red
    t.trip("Knoxville", "LN", buy="SAL")  # blue buys the last railroad, away from home
    t.trip("Atlanta", "SOU")  # red
    t.adjust("blue", -(t.cash("blue") - 30_000), "to $30,000")
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    t.go_to("Knoxville").roll(2, 3).rover("blue")  # Blue cannot pay $50,000
    assert t.p("blue").bankrupt
    assert t.state.over and t.state.winners == ["red"]
