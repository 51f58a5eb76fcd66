"""The rules the two editions word differently, each a named setting of the edition: classic
establishment, classic undeclare, and the Home Swap the classic summary does not mention."""

import pytest

from referee.engine.record import RecordError, read_record
from referee.games.railbaron.settings import EDITION_RULES, Settings, SettingsError
from referee.games.registry import replay
from tests.railbaron.play import play
from tests.railbaron.test_fees_and_establishment import fees
from tests.railbaron.test_recorded_games import GAMES_DIR

# as the lobby writes a classic game: the edition and each of its own rules
CLASSIC = {"edition": "classic", **EDITION_RULES["classic"]}


def blue_established_on_greens_acl(settings):
    """Blue buys the SAL at Charleston; then Red buys the SOU and Green the ACL while Blue's
    train stands there (Charleston: the ACL, SOU and SAL)."""
    t = play(settings=settings).set_up(homes=["Atlanta", "Knoxville", "Savannah"])
    t.trip("Charleston", "ACL", buy="SAL")  # Blue
    t.trip("Atlanta", "SOU", buy="SOU")  # Red
    t.trip("Atlanta", "CG", buy="ACL")  # Green
    return t


# -- 1. establishment -----------------------------------------------------------------------


def test_classic_establishment_is_on_the_railroad_whose_fee_rose_and_no_other():
    t = blue_established_on_greens_acl(CLASSIC)
    assert t.p("blue").established == {"SOU": 1_000, "ACL": 1_000}
    modern = blue_established_on_greens_acl({"edition": "modern"})
    assert modern.p("blue").established == {"SOU": 1_000, "ACL": 1_000, "SAL": 0}


def test_classic_riding_only_his_own_sal_then_greens_acl_pays_the_full_fee():
    """The issue's example: established on Green's ACL, Blue rides only his own SAL, then the
    ACL: "Once he uses another railroad, the price goes up." """
    t = blue_established_on_greens_acl(CLASSIC)
    t.trip("Savannah", "SAL")  # Blue, on his own railroad only
    assert t.cash("blue") == 20_000 + 32_000 - 10_000 - 1_000 + 12_000 - 1_000
    t.trip("Knoxville", "LN")  # Red
    t.trip("Charleston", "ACL")  # Green, his own
    t.go_to("Atlanta").roll(2, 3).arrive("ACL").no_purchase()  # Blue
    assert fees(t) == {"green": 5_000}
    t.end_turn()
    assert "Blue pays Green $5,000 for the ACL." in t.events()


def test_modern_riding_his_own_sal_keeps_the_establishment_on_the_acl():
    t = blue_established_on_greens_acl({"edition": "modern"})
    t.trip("Savannah", "SAL")
    t.trip("Knoxville", "LN")
    t.trip("Charleston", "ACL")
    t.go_to("Atlanta").roll(2, 3).arrive("ACL").no_purchase()
    assert fees(t) == {"green": 1_000}


def test_classic_riding_one_established_railroad_ends_the_establishment_on_the_other():
    t = blue_established_on_greens_acl(CLASSIC)
    t.go_to("Knoxville").roll(3, 4).arrive("ACL", "SOU", order=("ACL", "SOU")).no_purchase()
    assert fees(t) == {"green": 1_000, "red": 5_000}
    t.end_turn()
    assert t.p("blue").established == {}


def test_classic_establishment_kept_while_riding_that_railroad_alone():
    t = blue_established_on_greens_acl(CLASSIC)
    t.go_to("Savannah").roll(3, 4).arrive("ACL").no_purchase()
    assert fees(t) == {"green": 1_000}
    t.end_turn()
    assert t.p("blue").established == {"ACL": 1_000}
    t.trip("Knoxville", "LN")
    t.trip("Charleston", "ACL")
    t.go_to("Atlanta").roll(2, 3).arrive("ACL").no_purchase()
    assert fees(t) == {"green": 1_000}


def test_a_classic_table_may_play_the_modern_establishment():
    t = blue_established_on_greens_acl({**CLASSIC, "establishment": "every_railroad"})
    t.trip("Savannah", "SAL")
    t.trip("Knoxville", "LN")
    t.trip("Charleston", "ACL")
    t.go_to("Atlanta").roll(2, 3).arrive("ACL").no_purchase()
    assert fees(t) == {"green": 1_000}


# -- 2. undeclare ---------------------------------------------------------------------------


def blue_declared_when_red_auctions_the_ln(settings):
    """Blue declares with $206,000; Red, penniless, auctions his LN for the bank's $1,000 (the
    Public Belt);
    Green passes and Blue buys it for the opening $8,000."""
    t = play(settings=settings).set_up(homes=["Atlanta", "Knoxville", "Savannah"])
    t.trip("Charleston", "ACL")  # Blue
    t.trip("Atlanta", "LN", buy="LN")  # Red
    t.trip("Atlanta", "CG", buy="SOU")  # Green
    t.adjust("blue", 206_000 - t.cash("blue"))
    t.declare().lookup("Savannah")  # Blue's alternate destination; home is Atlanta
    t.roll(1, 2).stop("SAL").end_turn()
    t.adjust("red", -t.cash("red"))
    t.go_to("Chattanooga").roll(1, 2).stop("PUB").end_turn()  # Red owes the bank $1,000
    t.auction("LN").pass_("green").bid("blue", 8_000)
    return t


def test_classic_a_declared_player_who_wins_an_auction_below_200000_is_undeclared():
    t = blue_declared_when_red_auctions_the_ln(CLASSIC)
    blue = t.p("blue")
    assert t.cash("blue") == 205_000 - 8_000
    assert not blue.declared
    assert blue.destination == "Savannah"
    assert ("Blue is no longer declared (cash fell below $200,000) and heads for the alternate "
            "destination, Savannah.") in t.all_events()


def test_classic_a_rover_on_the_player_no_longer_declared_is_refused():
    t = blue_declared_when_red_auctions_the_ln(CLASSIC)
    t.go_to("Charleston").roll(2, 2)  # Green, riding past Blue's milepost
    assert t.rejects("rover", player="green", victim="blue") == (
        "Blue is not declared and cannot be rovered. (ROVER PLAY)")


def test_modern_only_use_fees_undeclare_and_the_rover_stands():
    t = blue_declared_when_red_auctions_the_ln({"edition": "modern"})
    assert t.cash("blue") < 200_000
    assert t.p("blue").declared
    t.go_to("Charleston").roll(2, 2).rover("blue")
    assert not t.p("blue").declared


def test_classic_any_drop_counts_a_correction_too():
    t = play(settings=CLASSIC).set_up(homes=["Atlanta", "Knoxville", "Savannah"])
    t.trip("Charleston", "ACL")
    t.adjust("blue", 201_000 - t.cash("blue"))
    t.trip("Atlanta", "LN")
    t.trip("Atlanta", "CG")
    t.declare().lookup("Savannah").roll(1, 2).stop("SAL").end_turn()  # $200,000 after the fee
    assert t.p("blue").declared
    t.adjust("blue", -1_000, "counted twice")
    assert not t.p("blue").declared


# -- 3. Home Swap ---------------------------------------------------------------------------


def test_the_classic_edition_keeps_the_home_swap_by_default():
    t = play(settings=CLASSIC).set_up()
    t.go_to("Knoxville").home_swap()
    assert t.p("blue").home == "Knoxville"


def test_a_table_may_play_without_the_home_swap():
    t = play(settings={**CLASSIC, "home_swap": False}).set_up()
    t.go_to("Knoxville")
    assert "home_swap" not in t.legal()
    assert t.rejects("home_swap", player="blue") == (
        "This game is played without the Home Swap (a rule of the modern rulebook the classic "
        "summary does not have). (HOME SWAP)")


# -- the settings themselves ----------------------------------------------------------------


def test_each_edition_names_its_own_readings():
    classic = Settings.from_record(CLASSIC)
    modern = Settings.from_record({"edition": "modern", "home_swap": True})
    assert (classic.establishment, classic.undeclare, classic.home_swap) == (
        "one_railroad", "any_drop", True)
    assert (modern.establishment, modern.undeclare, modern.home_swap) == (
        "every_railroad", "use_fees", True)
    named_one = Settings.from_record({"edition": "classic", "home_swap": False})
    assert (named_one.establishment, named_one.undeclare) == ("one_railroad", "any_drop")


def test_a_record_that_names_none_of_them_keeps_the_rules_it_was_played_under():
    """Before they were settings the app played the modern establishment and undeclare in both
    editions: an older classic record replays as it was played."""
    for old in ({"edition": "classic"}, {}):
        settings = Settings.from_record(old, default_edition="classic")
        assert settings.classic
        assert (settings.establishment, settings.undeclare, settings.home_swap) == (
            "every_railroad", "use_fees", True)
    t = blue_established_on_greens_acl({"edition": "classic"})
    # (the classic own-railroad fee is $1,000; kept on every railroad at the milepost)
    assert t.p("blue").established == {"SOU": 1_000, "ACL": 1_000, "SAL": 1_000}
    t.trip("Savannah", "SAL")  # Blue, on his own railroad only: the old reckoning keeps it
    t.trip("Knoxville", "LN")
    t.trip("Charleston", "ACL")
    t.go_to("Atlanta").roll(2, 3).arrive("ACL").no_purchase()
    assert fees(t) == {"green": 1_000}


@pytest.mark.parametrize("settings, words", [
    ({"establishment": "some"}, "settings.establishment must be one of every_railroad, "
                                "one_railroad"),
    ({"undeclare": ["any_drop"]}, "settings.undeclare must be one of use_fees, any_drop"),
    ({"home_swap": "yes"}, "settings.home_swap must be true or false"),
])
def test_a_setting_out_of_its_choices_is_refused_with_its_name(settings, words):
    with pytest.raises(SettingsError) as err:
        Settings.from_record(settings)
    assert str(err.value) == words
    with pytest.raises(RecordError, match=words.split(" must")[0]):
        play(settings=settings)


def test_classic_an_early_declared_player_declared_with_less_stays_declared():
    """Short Game 2 with the classic undeclare: the Early Declared player declared below
    $200,000 by the variant's own rule, and paying fees there does not undeclare him."""
    t = play(settings={**CLASSIC, "variants": ["short_game"]}).set_up()
    t.trip("Knoxville", "LN", buy="LN")  # Blue
    t.trip("Atlanta", "LN", buy="SOU")  # Red
    t.trip("Atlanta", "CG", buy="CG")  # Green
    t.trip("Atlanta", "LN", buy="ACL")  # Blue
    t.trip("Charleston", "SOU", buy="SAL")  # Red: the last railroad
    t.trip("Savannah", "CG")  # Green
    t.trip("Knoxville", "LN")  # Blue, at Knoxville, away from his home region
    t.trip("Savannah", "SAL")  # Red
    t.trip("Atlanta", "CG")  # Green
    assert t.state.sold_out and t.cash("blue") < 200_000
    t.declare().go_to("Savannah").roll(1, 2).stop("LN").end_turn()  # the bank's $1,000
    assert t.p("blue").declared and t.p("blue").early
    assert not any("Blue is no longer declared" in e for e in t.all_events())


def test_classic_a_correction_after_the_end_leaves_the_winner_declared():
    record = read_record(GAMES_DIR / "railbaron_game_2.json")  # classic: Green wins declared
    game = replay(record)
    game.submit({"type": "adjust_cash", "player": "green", "amount": -50_000,
                 "reason": "counted twice"})
    assert game.state.over and game.state.winners == ["green"]
    assert game.state.players["green"].declared
