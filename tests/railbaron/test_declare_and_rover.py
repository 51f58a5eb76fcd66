"""Rules 11–14: announcing, declaring and winning, rover play, undeclaring."""

from referee.games.railbaron.views import visible_cash
from tests.railbaron.play import play


def test_cash_is_secret_under_150000():
    t = play().set_up()
    assert visible_cash(t.state, "blue", "blue") == 20_000
    assert visible_cash(t.state, "red", "blue") is None
    assert visible_cash(t.state, "banker", "blue") == 20_000
    t.adjust("blue", 130_000)
    assert "Blue announces $150,000 or more: $150,000." in t.events()
    assert visible_cash(t.state, "red", "blue") == 150_000
    assert visible_cash(t.state, None, "blue") == 150_000
    t.adjust("blue", -1, "paid a dollar")
    assert visible_cash(t.state, "red", "blue") is None


def rich_blue(cash: int = 200_000):
    """Blue (home Atlanta) is at Knoxville with `cash` at the start of his turn."""
    t = play().set_up()
    t.trip("Knoxville", "LN")  # blue: 20,000 + 20,000 - 1,000
    t.trip("Atlanta", "LN")  # red
    t.trip("Atlanta", "CG")  # green
    t.adjust("blue", cash - 39_000, "a generous banker")
    return t


def test_declare_needs_200000():
    t = rich_blue()
    t.adjust("blue", -1, "one dollar short")
    assert "declare" not in t.legal()
    assert t.rejects("declare", player="blue") == (
        "Blue cannot declare: cash $199,999, declaring needs $200,000. (DECLARING AND WINNING)")


def test_declare_rolls_an_alternate_destination_and_heads_home():
    t = rich_blue().declare()
    assert t.turn.lookup == "alternate"
    t.go_to("Savannah")
    blue = t.p("blue")
    assert blue.declared and blue.alternate == "Savannah"
    assert blue.destination == "Atlanta" and blue.declared_from == "Knoxville"
    assert t.turn.phase == "move"


def test_declared_player_reaching_home_with_200000_after_fees_wins_without_payoff():
    t = rich_blue().declare().go_to("Savannah").roll(2, 3).arrive("PUB")
    assert t.cash("blue") == 200_000  # no payoff for the trip home
    t.no_purchase().end_turn()  # the bank's $1,000 fee leaves $199,000
    assert not t.state.over
    assert not t.p("blue").declared and t.p("blue").destination == "Savannah"
    assert t.p("blue").trip_from == "Knoxville"


def test_a_win_at_home_with_200000_after_fees():
    t = rich_blue().adjust("blue", 1_000).declare().go_to("Savannah").roll(2, 3).arrive("PUB")
    t.no_purchase().end_turn()
    assert t.state.over and t.state.winners == ["blue"]
    assert "wins" in t.events()[-1]


def test_payoff_for_the_trip_home_when_home_is_also_the_alternate():
    t = rich_blue().declare()
    t.go_to("Atlanta")  # the alternate destination is home itself
    t.roll(2, 3).arrive("LN")
    assert t.cash("blue") == 200_000 + 20_000  # Knoxville–Atlanta


def test_declaring_at_home_wins_at_once():
    t = play().set_up()
    t.trip("Knoxville", "LN")  # blue
    t.trip("Atlanta", "LN")  # red
    t.trip("Atlanta", "CG")  # green
    t.trip("Atlanta", "LN")  # blue is home
    t.trip("Knoxville", "LN")  # red
    t.trip("Savannah", "CG")  # green
    t.adjust("blue", 200_000, "windfall").declare()
    assert t.state.over and t.state.winners == ["blue"]


def test_alternate_destination_equal_to_the_current_city_loses_the_turn_but_declares():
    t = rich_blue().declare().go_to("Knoxville")
    assert t.p("blue").declared
    assert t.turn.phase == "end"


def test_declared_player_ignores_the_bonus_at_home():
    t = rich_blue().adjust("blue", 1_000).declare().go_to("Savannah").roll(6, 6).arrive("LN")
    t.no_purchase()
    assert t.turn.phase == "end"


def test_rover_costs_50000_and_sends_the_player_to_the_alternate():
    t = rich_blue(250_000).declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()
    red_cash = t.cash("red")
    t.go_to("Knoxville").roll(2, 3).rover("blue")  # red passes Blue's milepost
    assert t.cash("red") == red_cash + 50_000
    blue = t.p("blue")
    assert not blue.declared and blue.destination == "Savannah"
    assert "rover" not in t.legal()
    assert "not declared" in t.rejects("rover", player="red", victim="blue")
    t.arrive("LN").no_purchase().end_turn()
    t.trip("Savannah", "CG")  # green
    t.roll(2, 3).arrive("CG")  # Blue reaches Savannah: payoff counted from Knoxville
    assert t.cash("blue") == 250_000 - 1_000 - 50_000 + 40_000


def test_rovered_at_the_alternate_destination_arrives_at_the_start_of_the_next_turn():
    t = rich_blue(250_000).declare().go_to("Charleston").roll(2, 3)
    t.stop("SOU", city="Charleston")  # on the way home, Blue stops in Charleston
    t.end_turn()
    t.go_to("Savannah").roll(2, 3).rover("blue").arrive("SAL").no_purchase().end_turn()
    t.trip("Savannah", "CG")  # green
    assert t.turn.phase == "arrival"
    cash = t.cash("blue")
    t.arrive()
    assert t.cash("blue") == cash + 34_000  # Knoxville–Charleston
    assert t.turn.phase == "purchase"
    t.no_purchase()
    assert t.turn.phase == "region"


def test_one_opponent_may_rover_several_declared_players():
    t = play().set_up()
    t.trip("Knoxville", "LN")  # blue
    t.trip("Atlanta", "LN")  # red
    t.trip("Atlanta", "CG")  # green: 20,000 + 26,000 - 1,000
    t.adjust("blue", 300_000).adjust("red", 300_000)
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()  # blue heads for Atlanta
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()  # red heads for Knoxville
    t.go_to("Knoxville").roll(5, 4).rover("blue").rover("red")  # green passes both
    assert t.cash("green") == 45_000 + 100_000
    assert not t.p("blue").declared and not t.p("red").declared


def test_fees_below_200000_undeclare_even_at_home():
    t = rich_blue().declare().go_to("Savannah").roll(2, 3).arrive("LN").no_purchase().end_turn()
    blue = t.p("blue")
    assert not blue.declared
    assert blue.destination == "Savannah"
    assert "no longer declared" in " ".join(t.all_events())


def test_undeclared_at_the_alternate_destination_arrives_next_turn():
    t = rich_blue().declare().go_to("Atlanta").roll(2, 3).arrive("LN").no_purchase()
    t.adjust("blue", -30_000, "a debt").end_turn()  # the alternate is home: payoff paid once
    assert not t.p("blue").declared
    assert not t.p("blue").arrive_next_turn
