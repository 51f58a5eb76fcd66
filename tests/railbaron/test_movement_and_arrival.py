"""Rules 4–6: movement, arrival and purchase, bounce out."""

from tests.railbaron.play import play


def test_freight_rolls_two_white_dice_and_a_bonus_on_double_sixes():
    t = play().set_up().go_to("Charleston").roll(6, 6)
    assert t.turn.bonus and t.turn.allowance() == 12
    assert "bonus die" in t.events()[-1]
    assert "roll it first" in t.rejects("stop", player="blue", ridden=["ACL"])
    t.bonus(4)
    assert t.turn.allowance() == 16
    t.stop("ACL")
    assert t.turn.phase == "end"


def test_freight_gets_no_bonus_on_other_doubles():
    t = play().set_up().go_to("Charleston").roll(5, 5)
    assert not t.turn.bonus
    assert "no bonus die" in t.rejects("roll_bonus", player="blue", red=3)


def test_freight_and_express_do_not_roll_the_red_die_with_the_whites():
    t = play().set_up().go_to("Charleston")
    assert "only after double sixes" in t.rejects("roll_move", player="blue", white=[1, 2], red=3)


def test_express_gets_a_bonus_on_any_doubles():
    t = play().set_up()
    t.adjust("blue", 10_000)
    t.trip("Knoxville", "LN")  # 2+3, no doubles
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).arrive("LN").upgrade("express").end_turn()
    assert t.p("blue").engine == "express"
    t.trip("Knoxville", "LN")
    t.trip("Charleston", "ACL")
    t.go_to("Savannah").roll(3, 3)
    assert t.turn.bonus


def test_superchief_rolls_all_three_dice_every_time():
    t = play().set_up()
    t.adjust("blue", 40_000)
    t.go_to("Knoxville").roll(1, 2).arrive("LN").upgrade("superchief").end_turn()
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Savannah")
    assert "all three dice" in t.rejects("roll_move", player="blue", white=[1, 2])
    t.roll(1, 2, red=5)
    assert t.turn.bonus and t.turn.allowance() == 8


def test_arrival_pays_the_chart_between_departure_and_destination():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN")
    assert t.cash("blue") == 20_000 + 20_000  # Atlanta–Knoxville
    assert t.turn.phase == "purchase"
    assert t.p("blue").destination is None and t.p("blue").city == "Knoxville"


def test_purchase_of_one_railroad_at_its_price():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU")
    assert t.state.owners["SOU"] == "blue"
    assert t.cash("blue") == 40_000 - 20_000
    assert "the turn is ready to end" in t.rejects("buy", player="blue", railroad="CG")


def test_no_purchase_beyond_cash_on_hand():
    t = play().set_up().go_to("Chattanooga").roll(2, 3).arrive("PUB")  # 20,000 + 14,000
    t.adjust("blue", -22_500, "paid for lunch")
    assert t.rejects("buy", player="blue", railroad="SOU") == (
        "Blue cannot buy the SOU: price $20,000, cash under $150,000. (PURCHASE)")
    assert "price $12,000, cash under $150,000" in t.rejects("buy", player="blue", railroad="ACL")
    t.buy("SAL")
    assert t.cash("blue") == 1_500


def test_public_and_owned_railroads_cannot_be_bought():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN")
    assert "Public" in t.rejects("buy", player="blue", railroad="PUB")
    t.buy("LN").end_turn()
    t.go_to("Atlanta").roll(2, 3).arrive("SOU")
    assert "belongs to Blue" in t.rejects("buy", player="red", railroad="LN")


def test_engine_upgrades_cost_4000_and_40000():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").upgrade("express")
    assert t.cash("blue") == 36_000 and t.p("blue").engine == "express"
    t.end_turn()
    t.trip("Atlanta", "SOU")
    t.trip("Atlanta", "CG")
    t.adjust("blue", 10_000)
    t.go_to("Atlanta").roll(2, 3).arrive("LN")  # 36,000 - 1,000 + 10,000 + 20,000
    assert t.cash("blue") == 65_000
    assert "already has a Express" in t.rejects("upgrade", player="blue", engine="express")
    t.upgrade("superchief")
    assert t.cash("blue") == 25_000


def test_a_purchase_may_spend_cash_needed_for_the_fees():
    t = play().set_up()
    t.go_to("Knoxville").roll(2, 3).arrive("SOU", "LN")  # two bank railroads: $1,000 owed
    t.adjust("blue", -20_000, "lost at the table")
    t.buy("SOU").end_turn()  # 20,000 - 20,000 = 0 cash, owes 1,000 for the LN
    assert t.turn.phase == "shortfall"


def test_bounce_out_express_doubles_arriving_within_the_white_dice():
    t = play().set_up()
    t.adjust("blue", 10_000)
    t.go_to("Knoxville").roll(2, 3).arrive("LN").upgrade("express").end_turn()
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Chattanooga").roll(2, 2).arrive("LN")  # Knoxville–Chattanooga 8,000
    t.no_purchase()
    assert t.turn.phase == "region" and t.turn.lookup == "destination"
    t.go_to("Savannah")
    assert t.turn.phase == "bonus"
    t.bonus(3).arrive("SOU")  # Chattanooga–Savannah 38,000
    assert t.turn.arrivals == 2
    t.no_purchase()
    assert t.turn.phase == "end"  # no further bonus this turn


def test_no_bounce_out_when_the_arrival_used_the_bonus():
    t = play().set_up().go_to("Charleston").roll(6, 6).bonus(2).arrive("ACL", within_white=False)
    t.no_purchase()
    assert t.turn.phase == "end"


def test_freight_double_sixes_arriving_on_the_twelfth_milepost_bounces_out():
    t = play().set_up().go_to("Charleston").roll(6, 6).arrive("ACL").no_purchase()
    assert t.turn.phase == "region"
    t.go_to("Savannah").bonus(5).stop("SAL")
    assert t.turn.phase == "end"


def test_no_bounce_out_without_a_bonus():
    t = play().set_up().go_to("Charleston").roll(1, 2).arrive("ACL").no_purchase()
    assert t.turn.phase == "end"


def test_superchief_bounce_out_uses_the_red_die_already_rolled():
    t = play().set_up()
    t.adjust("blue", 40_000)
    t.go_to("Knoxville").roll(1, 2).arrive("LN").upgrade("superchief").end_turn()
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Chattanooga").roll(1, 2, red=4).arrive("LN").no_purchase()
    t.go_to("Atlanta")
    assert t.turn.phase == "moving" and t.turn.leg == 2
    assert "bounces out with the red die: 4" in t.events()[-1]


def test_arriving_beyond_the_white_dice_needs_the_bonus_rolled():
    t = play().set_up().go_to("Charleston").roll(6, 6)
    assert "roll it first" in t.rejects("arrive", player="blue", ridden=["ACL"],
                                        within_white=False)
