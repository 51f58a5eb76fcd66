"""Rules 7–8: use fees at the end of the turn, and establishment (with the book's two examples)."""

from tests.railbaron.play import play


def fees(t) -> dict[str, int]:
    """The fees the player to act owes for this turn so far, by recipient."""
    from referee.games.railbaron.fees import turn_fees

    out: dict[str, int] = {}
    for fee in turn_fees(t.state, t.board, t.rules.settings, t.now):
        out[fee.to] = out.get(fee.to, 0) + fee.amount
    return out


def test_bank_railroads_cost_1000_flat_however_many():
    t = play().set_up().go_to("Charleston").roll(3, 4).arrive("CG", "ACL", "PUB").no_purchase()
    assert fees(t) == {"bank": 1_000}
    t.end_turn()
    assert t.cash("blue") == 20_000 + 32_000 - 1_000


def test_public_railroads_cost_the_bank_fee():
    t = play().set_up().go_to("Chattanooga").roll(3, 4).arrive("PUB").no_purchase()
    assert fees(t) == {"bank": 1_000}


def test_each_opponent_ridden_gets_5000_flat():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")  # blue owns LN
    t.trip("Atlanta", "SOU", buy="SOU")  # red owns SOU
    t.go_to("Atlanta").roll(2, 3).arrive("SOU", "CG", "LN").no_purchase()  # green: two owners
    assert fees(t) == {"red": 5_000, "blue": 5_000, "bank": 1_000}


def test_two_railroads_of_one_opponent_cost_one_fee():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")
    t.adjust("blue", 20_000)
    t.trip("Savannah", "CG")  # red leaves the LN and SOU he was established on at Knoxville
    t.trip("Atlanta", "CG")
    t.trip("Atlanta", "LN", buy="SOU")  # blue owns LN and SOU
    t.go_to("Chattanooga").roll(1, 2).arrive("SOU", "LN").no_purchase()  # red
    assert fees(t) == {"blue": 5_000}


def test_own_railroads_are_free_in_the_modern_rules():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")
    t.trip("Atlanta", "SOU")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).arrive("LN").no_purchase()
    assert fees(t) == {}


def test_classic_rules_charge_1000_for_own_or_unowned_railroads():
    t = play(settings={"edition": "classic"}).set_up()
    t.trip("Knoxville", "LN", buy="LN")
    t.trip("Atlanta", "SOU")
    t.trip("Atlanta", "CG")
    t.go_to("Atlanta").roll(2, 3).arrive("LN").no_purchase()
    assert fees(t) == {"bank": 1_000}
    t.undo().undo().arrive("LN", "CG").no_purchase()
    assert fees(t) == {"bank": 1_000}


def sell_out(t):
    """Blue, Red and Green buy all five of Testland's railroads in two rounds."""
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.trip("Atlanta", "SOU", buy="SOU")  # red
    t.trip("Atlanta", "CG", buy="CG")  # green
    t.trip("Savannah", "ACL", buy="ACL")  # blue
    t.trip("Savannah", "ACL", buy="SAL")  # red
    return t


def test_fee_to_opponents_rises_to_10000_when_the_bank_sells_out():
    t = play().set_up()
    t.adjust("blue", 20_000)
    t.trip("Knoxville", "LN", buy="LN")  # blue
    t.trip("Atlanta", "LN", buy="SOU")  # red
    t.trip("Atlanta", "CG", buy="CG")  # green
    t.trip("Savannah", "ACL", buy="ACL")  # blue
    t.trip("Charleston", "SOU")  # red
    # green rides the bank's SAL, which he is not established on, to a milepost on the PUB alone
    t.go_to("Knoxville").roll(2, 3).stop("SAL", at=("PUB",)).end_turn()
    t.trip("Charleston", "SAL", buy="SAL")  # blue buys the last railroad
    assert t.state.sold_out
    assert any("sold out" in e for e in t.all_events())
    t.trip("Atlanta", "SOU")  # red
    t.roll(2, 3).arrive("SOU", "LN").no_purchase()  # green
    assert fees(t) == {"red": 10_000, "blue": 10_000}


def test_the_10000_fee_stays_when_a_railroad_returns_to_the_bank():
    t = play().set_up()
    t.adjust("blue", 20_000).adjust("red", 20_000)
    sell_out(t)
    t.go_to("Knoxville").roll(2, 3).arrive("CG", "SOU")
    t.adjust("green", -t.cash("green"), "all spent")
    t.no_purchase().end_turn()
    assert t.turn.phase == "shortfall"
    t.sell_back("CG")
    assert t.state.owners["CG"] is None
    assert t.state.sold_out
    t.trip("Atlanta", "SOU")  # blue rides Red's SOU
    assert t.cash("red") > 0
    assert any("pays Red $10,000" in e for e in t.all_events())


def test_establishment_example_1():
    """Blue rides the bank's railroad; Red buys it; Blue pays Red the old $1,000 while he rides
    only it; riding another railroad ends it."""
    t = play().set_up()
    t.go_to("Charleston").roll(1, 2).stop("ACL").end_turn()  # blue: $1,000 to the bank
    assert t.cash("blue") == 19_000
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("ACL")  # red buys the ACL
    assert t.p("blue").established == {"ACL": 1_000}
    assert "Blue is established on the ACL at $1,000" in t.events()
    t.end_turn()
    t.trip("Atlanta", "CG")  # green
    t.roll(2, 3).arrive("ACL").no_purchase()  # blue reaches Charleston on the ACL only
    assert fees(t) == {"red": 1_000}
    t.end_turn()
    assert t.cash("blue") == 19_000 + 32_000 - 1_000
    assert t.p("blue").established == {"ACL": 1_000}
    t.trip("Knoxville", "LN")  # red
    t.trip("Savannah", "CG")  # green
    t.go_to("Savannah").roll(2, 3).arrive("ACL", "SAL").no_purchase()
    assert fees(t) == {"red": 1_000, "bank": 1_000}
    t.end_turn()
    assert t.p("blue").established == {}  # he rode another railroad: establishment is lost
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.go_to("Charleston").roll(2, 3).arrive("ACL").no_purchase()
    assert fees(t) == {"red": 5_000}


def example_2():
    """Blue stands at a milepost served by the ACL (Red), SOU (Green) and PUB when Red buys
    the last railroad."""
    t = play().set_up()
    t.trip("Charleston", "ACL")  # blue, from Atlanta
    t.trip("Atlanta", "LN", buy="ACL")  # red
    t.trip("Atlanta", "CG", buy="SOU")  # green
    t.trip("Savannah", "SAL")  # blue
    t.trip("Knoxville", "LN", buy="CG")  # red
    t.trip("Knoxville", "LN", buy="LN")  # green
    # blue rides Green's LN, which he is not established on: his earlier establishments end
    t.go_to("Knoxville").roll(2, 3).stop("LN", at=("ACL", "SOU", "PUB")).end_turn()
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("SAL")  # red buys the last railroad
    assert t.state.sold_out
    assert t.p("blue").established == {"ACL": 5_000, "SOU": 5_000, "PUB": 1_000}
    t.end_turn()
    t.trip("Atlanta", "SOU")  # green
    t.roll(2, 3)  # blue moves again
    return t


def test_establishment_example_2_riding_an_established_railroad_pays_5000():
    t = example_2().stop("ACL")
    assert fees(t) == {"red": 5_000}
    t.undo().stop("SOU")
    assert fees(t) == {"green": 5_000}


def test_establishment_example_2_a_second_railroad_of_the_same_owner_pays_10000():
    t = example_2().stop("ACL", "CG")
    assert fees(t) == {"red": 10_000}


def test_establishment_example_2_a_second_owner_pays_10000_the_first_5000():
    t = example_2().stop("ACL", "LN")
    assert fees(t) == {"red": 5_000, "green": 10_000}
    # the ride on the ACL keeps the establishment it was made under, for the fee's words
    from referee.games.railbaron.fees import turn_fees

    t.p("blue").established_since.clear()
    red = next(f for f in turn_fees(t.state, t.board, t.rules.settings, "blue") if f.to == "red")
    assert red.since["why"] == "the rate before the sell-out"
    t.end_turn()
    assert t.p("blue").established == {}


def test_a_rider_who_buys_the_last_railroad_is_established_where_he_stands():
    t = play().set_up()
    t.trip("Charleston", "ACL")
    t.trip("Atlanta", "LN", buy="ACL")  # red
    t.trip("Atlanta", "CG", buy="SOU")  # green
    t.trip("Savannah", "SAL")  # blue
    t.trip("Knoxville", "LN", buy="CG")  # red
    t.trip("Knoxville", "LN", buy="LN")  # green
    t.trip("Charleston", "SAL")  # blue
    # Red rides the bank's SAL first (any establishment ends), then Green's SOU to Atlanta, and
    # buys the last railroad there: the SOU serves Atlanta, so Red is established on it at the
    # $5,000 of before the sell-out, and that counts for this turn's ride.
    t.go_to("Atlanta").roll(2, 3).arrive("SAL", "SOU", order=("SAL", "SOU"))
    assert t.p("red").established == {}
    t.buy("SAL")
    assert t.p("red").established["SOU"] == 5_000
    assert fees(t) == {"green": 5_000}


def use_fee_lines(t, payer: str) -> list:
    """The use fees `payer` paid, as his statement words them (referee explain)."""
    from referee.engine.statement import statement
    from referee.games.explain import describer, rule_names

    lines = statement(t.game.frames, payer, describer(rule_names("railbaron"), t.game.names()))
    return [line for line in lines if line.kind == "use_fee"]


def test_an_established_fee_carries_when_where_and_why_it_was_established():
    """ESTABLISHMENT: the $5,000 Blue pays after the sell-out names the sell-out, the turn and
    the milepost where he stood; the amount is the one the fees always took."""
    t = example_2()
    sold_out_turn = t.turn.number - 2  # Red's turn, then Green's, before Blue's
    t.stop("ACL").end_turn()
    transfer = t.game.frames[-1].transfers[-1]
    assert transfer.amount == 5_000 and transfer.kind == "use_fee"
    assert dict(transfer.fields) == {
        "railroads": ["ACL"], "full": 10_000, "established": "the rate before the sell-out",
        "since_turn": sold_out_turn, "since_at": "a milepost of the ACL, SOU, PUB"}
    line = use_fee_lines(t, "blue")[-1]
    assert line.amount == -5_000
    assert line.text == ("Blue pays Red $5,000: use fee for the ACL, established at the rate "
                         "before the sell-out (instead of $10,000), since turn "
                         f"{sold_out_turn} at a milepost of the ACL, SOU, PUB")
    assert line.rule.startswith("USE FEES; ESTABLISHMENT — ")


def test_a_fee_at_the_full_rate_says_no_establishment():
    t = example_2().stop("ACL", "LN").end_turn()  # Green's LN: not established, $10,000
    full = [line for line in use_fee_lines(t, "blue") if "LN" in line.text][-1]
    assert full.amount == -10_000 and "established" not in full.text
    assert full.rule.startswith("USE FEES — ")
    assert set(t.game.frames[-1].transfers[-1].fields) == {"railroads"}


def test_a_fee_established_in_a_city_names_the_city_and_the_purchase():
    t = play().set_up()
    t.go_to("Charleston").roll(1, 2).stop("ACL").end_turn()  # blue at a milepost of the ACL
    t.go_to("Atlanta").roll(2, 3).arrive("LN").buy("ACL")  # red buys the ACL
    t.end_turn()
    t.trip("Atlanta", "CG")  # green
    t.roll(2, 3).arrive("ACL").no_purchase().end_turn()  # blue reaches Charleston on the ACL
    line = use_fee_lines(t, "blue")[-1]
    assert line.amount == -1_000
    assert "established at the rate before the sale of the ACL (instead of $5,000), since " \
           "turn 2 at a milepost of the ACL" in line.text


def test_the_home_swap_keeps_when_and_where_it_established():
    t = play().set_up()  # Blue: home Atlanta
    t.go_to("Knoxville").home_swap()
    since = {"turn": 1, "at": "Knoxville", "why": "the rate of the Home Swap"}
    assert t.p("blue").established_since == {"LN": since, "SOU": since}


def test_a_fee_over_two_established_railroads_names_the_dearer_establishment():
    """Blue rides two of Red's railroads, established on one at $1,000 and on the other at
    $5,000: he pays $5,000, and the fee's words name the establishment that set it."""
    from referee.games.railbaron.fees import turn_fees

    t = play().set_up()
    state, blue = t.state, t.p("blue")
    state.owners.update({"ACL": "red", "SOU": "red"})
    state.sold_out = True
    blue.established = {"ACL": 1_000, "SOU": 5_000}
    cheap = {"turn": 3, "at": "Charleston", "why": "the rate before the sale of the ACL"}
    dear = {"turn": 5, "at": "Atlanta", "why": "the rate before the sell-out"}
    blue.established_since = {"ACL": cheap, "SOU": dear}
    state.turn.ridden = ["ACL", "SOU"]
    (fee,) = turn_fees(state, t.board, t.rules.settings, "blue")
    assert (fee.to, fee.amount, fee.full, fee.since) == ("red", 5_000, 10_000, dear)
    state.turn.ridden = ["SOU", "ACL"]
    assert turn_fees(state, t.board, t.rules.settings, "blue")[0].since == dear
