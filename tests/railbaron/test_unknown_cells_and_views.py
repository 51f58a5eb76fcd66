"""Unknown chart cells, legal next actions, the fee breakdown and the readable history."""

from referee.games.railbaron.views import history, legal_actions, summary
from tests.railbaron.play import play
from tests.railbaron.testland import make_testland


def gappy_map():
    board = make_testland(unknown_payoffs=(("Atlanta", "Knoxville"),))
    for row in board["region_table"]:
        if (row["parity"], row["white_sum"]) == ("odd", 7):
            row["region"] = None
    for row in board["city_table"]:
        if (row["region"], row["parity"], row["white_sum"]) == ("AP", "even", 9):
            row["city"] = None
    return board


def test_an_unknown_region_cell_asks_for_the_printed_chart():
    t = play(board=gappy_map()).set_up()
    assert "odd 7 cell is unknown in this chart" in t.rejects(
        "roll_region", player="blue", dice=[3, 3, 4])
    t.roll_region(3, (3, 4), region="Appalachian")
    assert t.turn.region == "AP"
    assert "the table read Appalachian" in t.events()[0]


def test_an_unknown_city_cell_asks_for_a_city_of_that_region():
    t = play(board=gappy_map()).set_up()
    t.roll_region(3, (3, 4), region="AP")
    assert "enter the city of that region" in t.rejects("roll_city", player="blue",
                                                        dice=[6, 4, 5], city="Atlanta")
    t.roll_city(6, (4, 5), city="Chattanooga")
    assert t.p("blue").destination == "Chattanooga"


def test_an_unknown_payoff_asks_for_the_printed_value():
    t = play(board=gappy_map()).set_up().go_to("Knoxville").roll(2, 3)
    assert "payoff Atlanta–Knoxville is unknown" in t.rejects(
        "arrive", player="blue", ridden=["LN"])
    t.arrive("LN", payoff=20_000)
    assert t.cash("blue") == 40_000


def test_a_known_cell_must_match_what_the_table_enters():
    t = play().set_up()
    assert "The chart says Appalachian for odd 7" in t.rejects(
        "roll_region", player="blue", dice=[3, 3, 4], region="SA")
    t.go_to("Knoxville").roll(2, 3)
    assert "The chart pays $20,000" in t.rejects("arrive", player="blue", ridden=["LN"],
                                                 payoff=1)


def test_legal_actions_follow_the_turn():
    t = play()
    assert t.legal() == ["roll_for_first_player", "adjust_cash"]
    t.set_up()
    assert t.legal() == ["roll_region", "adjust_cash"]
    t.go_to("Knoxville")
    assert t.legal() == ["roll_move", "home_swap", "adjust_cash"]
    t.roll(6, 6)
    assert t.legal() == ["roll_bonus", "arrive", "adjust_cash"]
    t.arrive("LN")
    options = {a["type"]: a for a in legal_actions(t.rules, t.state)}
    assert options["buy"]["railroads"] == ["ACL", "SOU", "CG", "LN", "SAL"]
    assert options["upgrade"]["engines"] == {"express": 4_000, "superchief": 40_000}


def test_only_affordable_purchases_are_offered():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN")
    t.adjust("blue", -29_000, "spent")
    options = {a["type"]: a for a in legal_actions(t.rules, t.state)}
    assert options["buy"]["railroads"] == ["CG", "SAL"]
    assert options["buy"]["prices"] == {"CG": 8_000, "SAL": 10_000}
    assert options["upgrade"]["engines"] == {"express": 4_000}


def test_the_fee_breakdown_is_offered_before_the_turn_ends():
    t = play().set_up()
    t.trip("Knoxville", "LN", buy="LN")
    t.go_to("Atlanta").roll(2, 3).arrive("LN", "PUB").no_purchase()
    end = next(a for a in legal_actions(t.rules, t.state) if a["type"] == "end_turn")
    assert {(f["to"], f["amount"]) for f in end["fees"]} == {("blue", 1_000), ("bank", 1_000)}
    # Red was at Knoxville when Blue bought the LN: established at the bank's $1,000
    assert [f for f in end["fees"] if f["to"] == "blue"][0]["established"]


def test_history_reads_turn_by_turn():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    entries = history(t.game.frames)
    assert entries[0]["label"] == "Setup"
    turn1 = entries[1]
    assert turn1["label"] == "Turn 1 — Blue"
    assert "Blue arrives at Knoxville from Atlanta: payoff $20,000." in turn1["lines"]
    assert "Blue buys the SOU (Southern) for $20,000." in turn1["lines"]
    assert "Blue pays the bank $1,000 for the LN." in turn1["lines"]


def test_summary_reports_exact_figures():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    report = summary(t.state)
    assert report["players"]["blue"]["cash"] == 19_000
    assert report["players"]["blue"]["railroads"] == ["SOU"]
    assert report["to_act"] == "red" and report["turn"] == 2
