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


def test_anothers_establishment_in_the_riders_turn_leaves_his_full_fee_rides_alone():
    """Red, established on Blue's ACL at $1,000, rides it, then the bank's CG (his
    establishment ends), then the ACL again: that ride is at the full fee. Buying the SAL then
    establishes Green, who stands beside the SAL and the ACL; Red's ride still costs $5,000."""
    t = play().set_up()
    t.trip("Savannah", "CG")  # blue
    t.go_to("Charleston").roll(1, 2).stop("ACL", at=("ACL", "LN")).end_turn()  # red
    t.go_to("Charleston").roll(1, 2).stop("ACL", at=("SAL", "ACL")).end_turn()  # green
    t.trip("Charleston", "CG", buy="ACL")  # blue: Red and Green are established on the ACL
    assert t.p("red").established["ACL"] == 1_000
    t.roll(2, 3).arrive("ACL", "CG", order=("ACL", "CG", "ACL"))  # red reaches Charleston
    assert fees(t) == {"blue": 5_000, "bank": 1_000}
    t.buy("SAL")
    assert t.p("green").established["SAL"] == 1_000
    assert fees(t) == {"blue": 5_000, "bank": 1_000}


def test_selling_back_a_railroad_establishes_nobody_on_it():
    t = short_blue()
    assert "SOU" not in t.p("blue").established
    t.end_turn().sell_back("SOU")
    assert "SOU" not in t.p("blue").established


def test_a_third_player_beside_an_auctioned_railroad_keeps_the_fee_he_paid_before():
    """AUCTION: everyone at the auctioned railroad's mileposts keeps the fee he would have paid
    without it. Green stands on Blue's SOU, established on nothing; Blue auctions it to Red:
    Green's fee does not rise ($5,000 to an opponent either way), and he keeps it on the SOU."""
    t = play().set_up()
    t.adjust("blue", 20_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()  # blue
    t.trip("Atlanta", "CG")  # red
    t.go_to("Charleston").roll(1, 2).stop("ACL", at=("SOU", "ACL")).end_turn()  # green
    assert t.p("green").established == {}
    t.go_to("Atlanta").roll(1, 2).stop("CG", at=("CG",))  # blue owes the bank $1,000
    t.adjust("blue", 500 - t.cash("blue"), "to $500").end_turn()
    t.auction("SOU").bid("red", 10_000).pass_("green")
    assert t.state.owners["SOU"] == "red"
    assert t.p("green").established == {"SOU": 5_000}
    assert "Green is established on the SOU at $5,000" in t.events()


def test_a_home_swap_is_made_once():
    t = play().set_up()  # Blue: home Atlanta
    t.go_to("Knoxville").home_swap()
    assert "Home Swap only" in t.rejects("home_swap", player="blue")
    assert (t.p("blue").home, t.p("blue").destination) == ("Knoxville", "Atlanta")


def test_no_home_swap_before_the_first_destination():
    t = play().set_up()
    assert "Home Swap only after the first destination" in t.rejects("home_swap", player="blue")


def test_a_home_swap_keeps_a_lower_fee_he_was_established_at_before():
    """Red buys the SOU while Blue waits at Knoxville: Blue is established on it at $1,000.
    Blue swaps his home to Atlanta, also on the SOU, where it now costs him $5,000: the
    establishment keeps the lower fee, and his ride home to Knoxville on the SOU pays it."""
    t = play(players=("red", "blue", "green"))
    t.set_up(first="red", homes=["Savannah", "Knoxville", "Chattanooga"])
    t.trip("Knoxville", "ACL", "SOU", buy="SOU")  # Red
    assert t.p("blue").established["SOU"] == 1_000
    t.go_to("Atlanta").home_swap()  # Blue: home Atlanta, destination Knoxville
    assert t.p("blue").established["SOU"] == 1_000
    t.roll(2, 3).arrive("SOU").no_purchase()
    assert fees(t) == {"red": 1_000}


def test_a_railroad_ridden_twice_before_the_sell_out_of_his_own_turn_is_established_once():
    """As test_a_rider_who_buys_the_last_railroad_is_established_where_he_stands, with the SOU
    ridden twice: the rise in his own turn establishes him on it for every ride of it."""
    t = play().set_up()
    t.trip("Charleston", "ACL")
    t.trip("Atlanta", "LN", buy="ACL")  # red
    t.trip("Atlanta", "CG", buy="SOU")  # green
    t.trip("Savannah", "SAL")  # blue
    t.trip("Knoxville", "LN", buy="CG")  # red
    t.trip("Knoxville", "LN", buy="LN")  # green
    t.trip("Charleston", "SAL")  # blue
    t.go_to("Atlanta").roll(2, 3).arrive("SAL", "SOU", order=("SAL", "SOU", "SOU"))
    t.buy("SAL")
    assert fees(t) == {"green": 5_000}


def test_a_railroad_named_in_two_reports_of_a_turn_is_paid_for_once_and_named_once():
    t = play().set_up().go_to("Charleston").roll(6, 6).arrive("ACL").no_purchase()
    t.go_to("Savannah").bonus(5).stop("ACL").end_turn()
    assert "Blue pays the bank $1,000 for the ACL." in t.all_events()


def test_a_player_recorded_without_a_name_is_called_by_his_id():
    from referee.engine import Replayer
    from referee.engine.record import new_record
    from referee.games.railbaron.game import rules_for
    from tests.railbaron.testland import make_testland

    record = new_record("railbaron", make_testland(), [{"id": "blue"}, {"id": "red"}], {})
    assert Replayer(rules_for(record)).state.players["blue"].name == "blue"
