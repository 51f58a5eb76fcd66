"""The second reading of the rulebook: establishment on every railroad at the milepost, the bounce
out after an upgrade, the auction seller, the rover's movement and a rovered player short of cash,
messages, and the order of rides within one move."""

from referee.games.railbaron.views import to_act
from tests.railbaron.play import play
from tests.railbaron.test_declare_and_rover import rich_blue
from tests.railbaron.test_fees_and_establishment import example_2, fees
from tests.railbaron.test_shortfall import short_blue
from tests.railbaron.test_variants import short_game_sold_out

# -- 1. establishment covers every railroad serving the milepost ------------------------------


def sell_out_with_blue_where_sou_acl_and_his_cg_meet():
    """Red owns the SOU, Green the ACL, Blue the CG; Blue stands where the three meet when Green
    buys the last railroad."""
    t = play().set_up()
    t.trip("Charleston", "ACL", buy="CG")  # blue: 20,000 + 32,000 - 1,000 - 8,000
    t.trip("Atlanta", "LN", buy="SOU")  # red
    t.trip("Atlanta", "CG", buy="ACL")  # green pays Blue 5,000
    t.go_to("Knoxville").roll(2, 3).stop("CG", at=("SOU", "ACL", "CG")).end_turn()  # blue
    t.trip("Savannah", "ACL", buy="LN")  # red
    t.go_to("Charleston").roll(2, 3).arrive("SOU").buy("SAL").end_turn()  # green: the last one
    assert t.state.sold_out
    return t


def test_the_sell_out_establishes_blue_on_every_railroad_at_his_milepost_his_own_too():
    t = sell_out_with_blue_where_sou_acl_and_his_cg_meet()
    assert t.p("blue").established == {"SOU": 5_000, "ACL": 5_000, "CG": 0}


def test_riding_his_own_railroad_at_the_milepost_keeps_the_old_fee_on_the_others():
    t = sell_out_with_blue_where_sou_acl_and_his_cg_meet()
    t.roll(2, 3).stop("CG", at=("CG",)).end_turn()  # blue rides only his own CG
    t.trip("Atlanta", "CG")  # red
    t.trip("Savannah", "ACL")  # green
    t.roll(2, 3).stop("SOU")  # blue rides only Red's SOU
    assert fees(t) == {"red": 5_000}


def test_riding_a_public_railroad_at_the_milepost_keeps_the_old_fee_on_the_others():
    t = example_2()  # Blue stands where Red's ACL, Green's SOU and the Public PUB meet
    assert t.p("blue").established == {"ACL": 5_000, "SOU": 5_000, "PUB": 1_000}
    t.stop("PUB").end_turn()  # the bank's $1,000
    t.trip("Savannah", "CG")  # red, on his own
    t.trip("Knoxville", "LN")  # green, on his own
    t.roll(2, 3).stop("SOU")
    assert fees(t) == {"green": 5_000}


def test_a_railroad_sold_back_costs_its_seller_the_banks_fee_though_he_was_established_on_it():
    t = sell_out_with_blue_where_sou_acl_and_his_cg_meet()  # Blue established on his CG at $0
    t.adjust("blue", -(t.cash("blue") - 1_000), "spent")
    t.roll(2, 3).stop("SOU").end_turn()  # Red's SOU, established: $5,000 with $1,000
    t.sell_back("CG")  # + 4,000: paid. AUCTION: later rides on it cost the bank's $1,000
    t.trip("Atlanta", "CG")  # red
    t.trip("Savannah", "ACL")  # green
    t.roll(2, 3).stop("CG")
    assert fees(t) == {"bank": 1_000}
    t.end_turn()
    assert t.p("blue").established == {"SOU": 5_000, "ACL": 5_000, "CG": 1_000}  # still held
    assert t.p("blue").established_since["CG"]["why"] == "the bank's rate once he sold the CG back"


def test_a_home_swap_establishes_on_every_railroad_at_the_new_home_his_own_too():
    t = play(settings={"variants": ["starting_auction"]}).set_up()
    t.do("draw_deed", railroad="CG").pass_("blue").bid("red", 4_000).pass_("green")  # red's CG
    t.do("draw_deed", railroad="LN").pass_("blue").pass_("red").pass_("green")
    t.do("draw_deed", railroad="ACL").pass_("blue").pass_("red").pass_("green")
    t.trip("Charleston", "ACL")  # blue
    t.go_to("Atlanta").home_swap()  # red: home Atlanta, where his CG meets the bank's railroads
    assert t.p("red").established == {"ACL": 1_000, "CG": 0, "LN": 1_000, "PUB": 1_000,
                                      "SOU": 1_000}
    t.roll(1, 2).stop("CG", at=("CG",)).end_turn()  # red rides only his own CG
    t.trip("Atlanta", "CG", buy="SOU")  # green buys the SOU
    t.trip("Savannah", "ACL")  # blue
    t.roll(1, 2).stop("SOU")  # red, still established on the SOU at the bank's fee
    assert fees(t) == {"green": 1_000}


# -- 2. the bounce-out die comes from the roll made with the engine he had ---------------------


def test_a_freight_that_rolled_double_sixes_and_buys_a_superchief_still_rolls_the_bonus_die():
    t = play().set_up().adjust("blue", 40_000)
    t.go_to("Charleston").roll(6, 6).arrive("ACL").upgrade("superchief")
    t.go_to("Savannah")
    assert t.turn.phase == "bonus"
    assert not any("None" in e for e in t.all_events())
    assert "roll_bonus" in t.legal()
    t.bonus(4).stop("SAL")
    assert t.turn.phase == "end"


# -- 3. the auction seller standing on the auctioned railroad -----------------------------------


def test_the_seller_standing_on_the_auctioned_railroad_keeps_his_own_fee_of_nothing():
    t = short_blue()
    t.undo().undo().stop("LN", at=("LN", "SOU"))  # Blue stands on his SOU, not having ridden it
    t.adjust("blue", 1 - t.cash("blue"), "to $1").end_turn()
    t.auction("SOU").pass_("red").bid("green", 10_000)
    assert t.state.owners["SOU"] == "green"
    assert t.p("blue").established["SOU"] == 0
    t.trip("Atlanta", "CG")  # red
    t.trip("Savannah", "SAL")  # green
    t.roll(1, 1).stop("SOU")
    assert fees(t) == {}


def test_classic_seller_standing_on_the_auctioned_railroad_keeps_the_banks_1000():
    t = play(settings={"edition": "classic"}).set_up()
    t.adjust("blue", 20_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    t.trip("Atlanta", "LN", buy="LN")  # red
    t.trip("Atlanta", "CG")  # green
    t.go_to("Atlanta").roll(2, 3).stop("LN", at=("LN", "SOU"))
    t.adjust("blue", 500 - t.cash("blue"), "to $500").end_turn()
    t.auction("SOU").bid("red", 10_000).pass_("green")
    assert t.p("blue").established["SOU"] == 1_000
    t.trip("Knoxville", "LN")  # red
    t.trip("Savannah", "CG")  # green
    t.roll(1, 1).stop("SOU")
    assert fees(t) == {"red": 1_000}


# -- 4. a rover needs movement -------------------------------------------------------------------


def test_a_player_who_lost_his_turn_without_moving_cannot_rover():
    t = rich_blue(250_000).declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    t.go_to("Atlanta")  # red rolls the city his train stands in: the rest of the turn is lost
    assert t.turn.phase == "end"
    assert "rover" not in t.legal()
    reason = t.rejects("rover", player="red", victim="blue")
    assert "has not moved this turn" in reason and "(ROVER PLAY)" in reason


# -- 5. a rovered player who cannot pay $50,000 --------------------------------------------------


def declared_blue_with_45000(buy: str | None = "SOU"):
    """Blue, declared and heading home to Atlanta, waits on the LN with $45,000 (he paid for an
    auction after declaring); Red is to move."""
    t = play().set_up()
    t.trip("Knoxville", "LN", buy=buy)  # blue
    t.trip("Atlanta", "LN")  # red
    t.trip("Atlanta", "CG")  # green
    t.adjust("blue", 250_000 - t.cash("blue"), "a long game")
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    t.adjust("blue", 45_000 - t.cash("blue"), "won an auction")
    assert t.p("blue").declared
    return t


def test_a_rovered_player_short_of_50000_raises_it_by_selling_his_railroads():
    t = declared_blue_with_45000()
    red = t.cash("red")
    t.go_to("Knoxville").roll(2, 3)
    assert "rover" in t.legal()
    t.rover("blue")
    assert not t.p("blue").declared and t.p("blue").destination == "Savannah"
    assert t.turn.phase == "shortfall" and to_act(t.state) == "blue"
    assert "sell_back" in t.legal()
    assert "It is Blue who must raise the cash" in t.rejects("sell_back", player="red",
                                                             railroad="SOU")
    t.do("sell_back", player="blue", railroad="SOU")  # + 10,000
    assert t.cash("blue") == 5_000 and t.cash("red") == red + 50_000
    assert t.turn.phase == "moving" and t.now == "red"
    t.arrive("LN").no_purchase().end_turn()


def test_a_rovered_player_with_nothing_left_to_sell_is_bankrupt_and_his_cash_goes_to_the_bank():
    t = declared_blue_with_45000(buy=None)
    red = t.cash("red")
    t.go_to("Knoxville").roll(2, 3).rover("blue")
    assert t.p("blue").bankrupt and t.cash("blue") == 0
    assert t.cash("red") == red
    assert t.turn.phase == "moving" and t.now == "red"


def test_no_message_tells_the_table_a_rovered_players_exact_cash():
    t = declared_blue_with_45000()
    t.go_to("Knoxville").roll(2, 3).rover("blue")
    t.do("sell_back", player="blue", railroad="SOU")
    told = " ".join(t.events()) + " " + " ".join(e for f in t.game.frames[-3:]
                                                 for e in f.outcome.events)
    assert "$45,000" not in told and "$55,000" not in told and "$5,000 left" not in told


# -- 7. messages -----------------------------------------------------------------------------------


def test_an_express_is_an_express():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").upgrade("express")
    assert "Blue upgrades to an Express for $4,000." in t.events()


def test_still_short_is_said_only_after_a_sale():
    t = short_blue().end_turn()
    assert t.turn.phase == "shortfall"
    assert not any("still" in e for e in t.events())


def test_the_banks_fee_after_a_home_swap_is_not_called_established():
    t = play().set_up().go_to("Charleston").home_swap()
    t.roll(2, 3).arrive("ACL").no_purchase().end_turn()
    assert "Blue pays the bank $1,000 for the ACL." in t.all_events()


def test_an_early_declarer_arrives_home_before_he_is_home_safe():
    t = short_game_sold_out()
    t.declare().go_to("Savannah").roll(2, 3).arrive("LN")
    said = t.events()
    arrives = next(i for i, e in enumerate(said) if "arrives home" in e)
    safe = next(i for i, e in enumerate(said) if "home safe" in e)
    assert arrives < safe


# -- 8. the order of rides within one move -------------------------------------------------------


def test_rides_after_losing_establishment_pay_the_full_fee():
    t = example_2().stop("ACL", "LN", order=("LN", "ACL"))  # Green's LN first, then Red's ACL
    assert fees(t) == {"green": 10_000, "red": 10_000}


def test_rides_before_losing_establishment_keep_the_old_fee():
    t = example_2().stop("ACL", "LN", order=("ACL", "LN"))
    assert fees(t) == {"red": 5_000, "green": 10_000}


def test_an_established_railroad_ridden_again_after_the_loss_pays_the_full_fee():
    t = example_2().stop("ACL", "LN", order=("ACL", "LN", "ACL"))
    assert fees(t) == {"red": 10_000, "green": 10_000}


def test_a_set_without_order_reads_the_established_railroads_first():
    t = example_2().stop("LN", "ACL")
    assert fees(t) == {"red": 5_000, "green": 10_000}


def test_the_order_names_the_railroads_ridden_and_no_others():
    t = example_2()
    reason = t.rejects("stop", player="blue", ridden=["ACL", "LN"], order=["ACL", "SOU"],
                       at={"railroads": ["ACL"]})
    assert reason.startswith("order:")

