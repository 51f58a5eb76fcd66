"""Rules 1–3: setup, city lookup, home swap."""

import pytest

from referee.engine.record import RecordError
from tests.railbaron.play import play


def test_two_to_six_players_in_seat_order():
    with pytest.raises(RecordError, match="2 to 6 players"):
        play(players=("blue",))
    with pytest.raises(RecordError, match="2 to 6 players"):
        play(players=("blue", "red", "green", "yellow", "black", "white", "pink"))
    t = play(players=("blue", "red", "green", "yellow", "black", "white"))
    assert list(t.state.players) == ["blue", "red", "green", "yellow", "black", "white"]


def test_everyone_starts_with_20000_and_a_freight():
    t = play()
    for pid in ("blue", "red", "green"):
        assert t.cash(pid) == 20_000
        assert t.p(pid).engine == "freight"
    assert t.state.ledger.balance("bank") == -60_000


def test_highest_three_dice_total_goes_first_then_to_the_left():
    t = play().first_player(blue=(1, 2, 3), red=(6, 6, 5), green=(4, 4, 4))
    assert t.state.order == ["red", "green", "blue"]
    assert t.now == "red"
    assert t.turn.lookup == "home"


def test_a_tie_rerolls_among_the_tied_only():
    t = play().first_player(blue=(6, 6, 5), red=(5, 6, 6), green=(1, 1, 1))
    assert t.state.contenders == ["blue", "red"]
    assert "exactly these players roll now: Blue, Red" in t.rejects(
        "roll_for_first_player", rolls={"blue": [1, 1, 1], "red": [2, 2, 2], "green": [6, 6, 6]})
    t.first_player(blue=(1, 2, 2), red=(3, 3, 3))
    assert t.state.order == ["red", "green", "blue"]


def test_dice_must_be_one_to_six():
    t = play()
    assert "each a whole number 1 to 6" in t.rejects(
        "roll_for_first_player", rolls={"blue": [0, 1, 1], "red": [2, 2, 2], "green": [3, 3, 3]})


def test_home_cities_by_lookup_in_turn_order_and_may_be_shared():
    t = play().first_player(blue=(1, 1, 1), red=(2, 2, 2), green=(6, 6, 6))
    assert t.now == "green"
    t.homes("Atlanta")
    assert t.now == "blue"
    assert "It is Blue's turn, not Red's" in t.rejects("roll_region", player="red", dice=[1, 1, 1])
    t.homes("Atlanta", "Knoxville")
    assert [t.p(p).home for p in ("green", "blue", "red")] == ["Atlanta", "Atlanta", "Knoxville"]
    assert t.state.stage == "play"
    assert t.now == "green" and t.turn.number == 1 and t.turn.lookup == "destination"


def test_city_lookup_example_of_the_rulebook():
    """Red 3, whites 3+4: Odd 7, Appalachian. Red 6, whites 4+5: Even 9, Chattanooga."""
    t = play().set_up(homes=["Atlanta", "Knoxville", "Savannah"])
    t.roll_destination(red=3, white=(3, 4))
    assert t.turn.region == "AP"
    assert t.events() == ["Blue rolls odd 7 for the region: Appalachian."]
    t.roll_city(red=6, white=(4, 5))
    assert t.p("blue").destination == "Chattanooga"


def test_region_of_the_train_lets_the_player_pick_any_region():
    t = play().set_up()  # Blue stands in Atlanta, South Atlantic
    t.roll_region(1, (1, 1))  # odd 2: South Atlantic
    assert t.turn.phase == "choose_region"
    assert "city roll comes next" not in t.rejects("roll_city", player="blue", dice=[1, 1, 1])
    t.choose_region("Appalachian").roll_city(2, (3, 3))  # AP even 6: Knoxville
    assert t.p("blue").destination == "Knoxville"


def test_a_home_lookup_gives_no_choice_of_region():
    t = play().first_player(blue=(6, 6, 6), red=(1, 1, 1), green=(1, 1, 1)).homes("Atlanta")
    t.roll_region(1, (1, 1))
    assert t.turn.phase == "city"


def test_destination_equal_to_current_city_loses_the_rest_of_the_turn():
    t = play().set_up()
    t.roll_region(1, (1, 1)).choose_region("SA").roll_city(1, (1, 1))  # SA odd 2: Atlanta
    assert t.p("blue").destination is None
    assert "the rest of the turn is lost" in t.events()[-1]
    assert t.legal()[0] == "end_turn"
    t.end_turn()
    assert t.now == "red"
    assert t.turn.phase == "region"


def test_home_swap_exchanges_home_and_first_destination():
    t = play().set_up()  # Blue: home Atlanta
    t.go_to("Knoxville").home_swap()
    blue = t.p("blue")
    assert (blue.home, blue.destination, blue.city) == ("Knoxville", "Atlanta", "Knoxville")
    assert blue.established == {"LN": 1000, "SOU": 1000}


def test_home_swap_only_before_the_first_movement_roll():
    t = play().set_up()
    t.go_to("Knoxville").roll(2, 3)
    assert "before the first movement roll" in t.rejects("home_swap", player="blue")


def test_home_swap_not_on_a_later_trip():
    t = play().set_up()
    t.trip("Knoxville", "LN")
    t.trip("Atlanta", "LN")  # red
    t.trip("Charleston", "ACL")  # green
    t.go_to("Atlanta")
    assert "home_swap" not in t.legal()
    assert "Home Swap only" in t.rejects("home_swap", player="blue")


def test_home_swapper_is_established_when_a_fee_rises():
    t = play().set_up(homes=["Atlanta", "Knoxville", "Savannah"])
    t.go_to("Knoxville").home_swap()  # Blue waits at Knoxville, established on LN and SOU
    t.roll(1, 2).stop("LN", at=("LN",))  # moves on toward Atlanta
    t.end_turn()
    assert t.p("blue").established == {"LN": 1000, "SOU": 1000}  # rode only established ones
    t.trip("Atlanta", "SOU")
    t.trip("Atlanta", "CG")
    t.roll(1, 2).stop("PUB")
    assert t.p("blue").established == {}  # rode another railroad
