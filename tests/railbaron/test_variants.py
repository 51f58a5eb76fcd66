"""Rule 15: the variants, each a game setting; and rule 16, the banker's corrections."""

from tests.railbaron.play import play
from tests.railbaron.test_fees_and_establishment import fees
from tests.railbaron.testland import make_testland

SHORT = {"variants": ["short_game"]}


def test_short_game_halves_railroad_and_engine_prices():
    t = play(settings=SHORT).set_up()
    t.go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU")
    assert t.cash("blue") == 40_000 - 10_000
    t.end_turn()
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).arrive("SOU").upgrade("express")
    assert t.cash("blue") == 30_000 - 1_000 + 20_000 - 2_000


def short_game_sold_out():
    """Every Testland railroad is sold; Blue (home Atlanta) waits at Knoxville, Appalachian."""
    t = play(settings=SHORT).set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue: 20,000 + 20,000 - 8,000
    t.trip("Atlanta", "LN", buy="SOU")  # red: 20,000 + 20,000 - 10,000 - 5,000 to Blue
    t.trip("Atlanta", "CG", buy="CG")  # green: 20,000 + 26,000 - 4,000
    t.trip("Atlanta", "LN", buy="ACL")  # blue: +20,000 - 6,000
    t.trip("Charleston", "SOU", buy="SAL")  # red: +32,000 - 5,000; the last railroad
    t.trip("Savannah", "CG")  # green
    assert t.state.sold_out
    t.trip("Knoxville", "LN")  # blue
    t.trip("Savannah", "SAL")  # red
    t.trip("Atlanta", "CG")  # green
    return t


def test_early_declare_once_the_railroads_are_sold_and_away_from_the_home_region():
    t = short_game_sold_out()
    assert t.cash("blue") < 200_000
    t.declare()
    assert t.turn.lookup == "alternate"
    t.go_to("Savannah")
    assert t.p("blue").declared and t.p("blue").early


def test_no_early_declare_while_the_bank_holds_railroads():
    t = play(settings=SHORT).set_up()
    t.trip("Knoxville", "LN")
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    assert "while the bank still holds railroads" in t.rejects("declare", player="blue")


def test_no_early_declare_in_the_home_region():
    t = short_game_sold_out()
    t.trip("Atlanta", "LN")  # blue goes home to Atlanta... then to Savannah
    t.trip("Charleston", "SAL")
    t.trip("Savannah", "CG")
    t.trip("Savannah", "CG")  # blue at Savannah, South Atlantic like Atlanta
    t.trip("Atlanta", "SOU")
    t.trip("Atlanta", "CG")
    assert "in the region of the home city" in t.rejects("declare", player="blue")


def test_no_declare_without_200000_outside_the_short_game():
    t = play().set_up()
    t.trip("Knoxville", "LN")
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    assert "declaring needs $200,000" in t.rejects("declare", player="blue")


def test_rovered_early_declarer_short_of_the_fee_goes_bankrupt_to_the_rover():
    t = short_game_sold_out()
    blue_cash = t.cash("blue")
    assert blue_cash < 50_000 or t.adjust("blue", -(blue_cash - 30_000), "to $30,000")
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    cash, rails = t.cash("blue"), set(t.state.owned_by("blue"))
    red_cash = t.cash("red")
    t.go_to("Knoxville").roll(2, 3).rover("blue")
    assert t.p("blue").bankrupt
    assert t.cash("red") == red_cash + cash
    assert rails and rails <= set(t.state.owned_by("red"))


def test_early_declarer_home_safe_is_immune_and_the_round_ends_with_the_most_cash():
    t = short_game_sold_out()
    t.declare().go_to("Savannah").roll(2, 3).arrive("LN").no_purchase().end_turn()  # blue home
    assert t.p("blue").home_safe
    t.go_to("Atlanta").roll(2, 3)
    assert "immune" in t.rejects("rover", player="red", victim="blue")
    t.arrive("SAL").no_purchase().end_turn()
    t.trip("Knoxville", "CG")  # green: the round ends after this turn
    assert t.state.over
    cash = {pid: t.cash(pid) for pid in ("blue", "red", "green")}
    best = max(cash.values())
    assert t.state.winners == [pid for pid, c in cash.items() if c == best]


def test_discounted_superchief_by_player_count():
    t = play(players=("blue", "red", "green", "yellow"),
             settings={"variants": ["discounted_superchief"]}).set_up()
    t.adjust("blue", 16_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").upgrade("superchief")
    assert t.cash("blue") == 56_000 - 36_000


def test_free_superchief_from_an_express_but_not_from_a_freight():
    t = play(settings={"variants": ["free_superchief"]}).set_up()
    t.go_to("Knoxville").roll(2, 3).arrive("LN").upgrade("express").end_turn()
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).arrive("LN").upgrade("superchief")
    assert t.cash("blue") == 40_000 - 4_000 - 1_000 + 20_000
    t2 = play(settings={"variants": ["free_superchief"]}).set_up()
    t2.go_to("Knoxville").roll(2, 3).arrive("LN").adjust("blue", -1, "a dollar short")
    assert "price $40,000" in t2.rejects("upgrade", player="blue", engine="superchief")


def test_starting_auction_gives_extra_cash_and_auctions_one_deed_per_player():
    t = play(settings={"variants": ["starting_auction"], "starting_auction_extra": 20_000})
    assert t.cash("blue") == 40_000
    t.set_up()
    assert t.state.stage == "starting_auction"
    t.do("draw_deed", railroad="SOU")
    assert t.state.auction.opening == 10_000 and t.state.auction.bidders[0] == "blue"
    t.bid("blue", 10_000).bid("red", 11_000).pass_("green").pass_("blue")
    assert t.state.owners["SOU"] == "red" and t.cash("red") == 29_000
    t.do("draw_deed", railroad="LN").pass_("blue").pass_("red").pass_("green")
    assert t.state.owners["LN"] is None  # set aside
    assert "undrawn" in t.rejects("draw_deed", railroad="LN")
    t.do("draw_deed", railroad="CG").bid("blue", 4_000).pass_("red").pass_("green")
    assert t.state.stage == "play" and t.now == "blue"
    assert t.state.owners["LN"] is None  # back in the bank, for sale by the normal rules


def honeymoon():
    return play(players=("blue", "red"), settings={"variants": ["honeymoon"]},
                board=make_testland(extra_railroads=4)).set_up(homes=["Atlanta", "Knoxville"])


def test_honeymoon_needs_two_players():
    import pytest

    from referee.engine.record import RecordError

    with pytest.raises(RecordError, match="exactly 2 players"):
        play(settings={"variants": ["honeymoon"]})


def test_honeymoon_phantom_draws_after_four_purchases_then_every_two():
    t = honeymoon()
    t.adjust("blue", 100_000).adjust("red", 100_000)
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "CG", buy="X3")
    t.go_to("Savannah").roll(2, 3).arrive("CG").buy("X4")  # the fourth purchase
    assert t.turn.phase == "phantom"
    assert "phantom player draws" in t.rejects("end_turn", player="red")
    t.do("phantom_draw", railroad="ACL")
    assert t.state.owners["ACL"] == "phantom" and t.turn.phase == "end"
    t.end_turn()
    t.trip("Savannah", "CG", buy="CG")  # fifth: nothing
    t.go_to("Atlanta").roll(2, 3).arrive("CG").buy("LN")  # sixth: the phantom draws again
    assert t.turn.phase == "phantom"


def test_honeymoon_sale_back_counts_one_fewer_purchase():
    t = honeymoon()
    t.adjust("blue", 100_000).adjust("red", 100_000)
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "CG", buy="X3")
    assert t.state.purchases == 3
    t.go_to("Savannah").roll(2, 3).stop("X1")  # red rides Blue's X1
    t.adjust("red", -t.cash("red"), "to zero").end_turn()
    t.sell_back("X2")
    assert t.state.purchases == 2


def blue_rides_the_phantoms_sal():
    """The phantom draws the SAL after the fourth purchase; Blue then rides only the SAL."""
    t = honeymoon()
    t.adjust("blue", 100_000).adjust("red", 100_000)
    t.trip("Savannah", "CG", buy="X1")
    t.trip("Atlanta", "LN", buy="X2")
    t.trip("Atlanta", "LN", buy="X3")  # blue leaves Savannah on the LN: not established on it
    t.go_to("Savannah").roll(2, 3).arrive("CG").buy("X4").do("phantom_draw", railroad="SAL")
    t.end_turn()
    return t.go_to("Charleston").roll(2, 3).arrive("SAL").no_purchase()


def test_honeymoon_fees_on_the_phantoms_railroads_split_between_bank_and_opponent():
    t = blue_rides_the_phantoms_sal()
    assert fees(t) == {"bank": 2_500, "red": 2_500}


def test_banker_correction_moves_cash_with_a_reason():
    t = play().set_up()
    t.adjust("red", 5_000, "forgot a payoff")
    assert t.cash("red") == 25_000
    assert "Banker's correction: Red +$5,000 (forgot a payoff)." in t.events()
    assert "say why" in t.rejects("adjust_cash", player="red", amount=100, reason=" ")
    assert "non-zero" in t.rejects("adjust_cash", player="red", amount=0, reason="x")
    assert "non-zero" in t.rejects("adjust_cash", player="red", amount="100", reason="x")
    assert "cannot take $30,000" in t.rejects("adjust_cash", player="red", amount=-30_000,
                                              reason="x")
    assert "up to $10,000,000" in t.rejects("adjust_cash", player="red", amount=10**9,
                                            reason="x")
