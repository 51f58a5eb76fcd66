"""Each Rail Baron line names the rule that set it: riding one's own railroad in the classic
rules, the halves of a fee on the Honeymoon phantom's railroads, the Starting Auction's cash and
deeds; each rule is of the table beside the rulebook's headings."""

import pytest

from referee.games.explain import explain, figure
from tests.railbaron.play import play
from tests.railbaron.test_edition_rules import CLASSIC, blue_established_on_greens_acl
from tests.railbaron.test_fees_and_establishment import example_2
from tests.railbaron.test_variants import blue_rides_the_phantoms_sal
from tests.test_line_rules import cited_lines


def lines(t, pid: str, kind: str) -> list[dict]:
    return cited_lines(t.record, t.game, pid, kind)


def test_classic_riding_his_own_railroad_pays_the_bank_by_the_classic_rule():
    """Seed 002: "If he traveled upon an unowned railroad, or his own, or both, he must pay the
    bank $1000"; the modern USE FEES makes one's own railroad free."""
    t = blue_established_on_greens_acl(CLASSIC)
    t.trip("Savannah", "SAL")  # Blue, on his own SAL only
    last = lines(t, "blue", "use_fee")[-1]
    assert last["amount"] == -1_000
    assert last["text"] == "Blue pays the bank $1,000: use fee for the SAL, the SAL his own"
    assert last["rule"] == ("Use fees (classic rules) — riding one's own railroad costs the bank "
                            "$1,000 (edition: classic); fees at the turn's end, with the owners "
                            "of that moment (Readings of the rulebook)")


def test_classic_a_fee_on_the_banks_railroads_alone_cites_use_fees():
    t = blue_established_on_greens_acl(CLASSIC)
    t.trip("Savannah", "SAL")  # Blue
    t.trip("Knoxville", "LN")  # Red, on the bank's LN
    last = lines(t, "red", "use_fee")[-1]
    assert last["amount"] == -1_000 and last["rule"].startswith("USE FEES — ")


def test_modern_riding_his_own_railroad_is_free_and_leaves_no_line():
    t = blue_established_on_greens_acl({"edition": "modern"})
    before = len(lines(t, "blue", "use_fee"))
    t.trip("Savannah", "SAL")
    assert len(lines(t, "blue", "use_fee")) == before


def test_honeymoon_the_halves_of_a_fee_on_the_phantoms_railroads_cite_the_honeymoon_rule():
    t = blue_rides_the_phantoms_sal()
    t.end_turn()
    halves = lines(t, "blue", "use_fee")[-2:]
    assert [h["amount"] for h in halves] == [-2_500, -2_500]
    assert [h["text"] for h in halves] == [
        f"Blue pays {to} $2,500: use fee for the SAL, half of the $5,000 fee for the phantom "
        "player's railroads" for to in ("the bank", "Red")]
    assert {h["rule"] for h in halves} == {
        "HONEYMOON (2 PLAYER) RULES — fees at the turn's end, with the owners of that moment "
        "(Readings of the rulebook)"}
    red = lines(t, "red", "use_fee")[-1]
    assert red["amount"] == 2_500 and red["rule"].startswith("HONEYMOON (2 PLAYER) RULES")


def test_honeymoon_the_fees_panel_names_the_phantom_and_its_rule():
    t = blue_rides_the_phantoms_sal()
    fees = figure("railbaron", t.rules, t.state, "fees", "blue")
    assert fees.rule == "HONEYMOON (2 PLAYER) RULES" and fees.amount == 5_000
    assert [p.text for p in fees.parts] == [
        f"to {to} for the SAL (half of the $5,000 fee for the phantom player's railroads)"
        for to in ("the bank", "Red")]


def test_classic_the_fees_panel_names_his_own_railroad_and_the_classic_rule():
    t = blue_established_on_greens_acl(CLASSIC)
    t.go_to("Savannah").roll(2, 3).arrive("SAL").no_purchase()  # Blue, on his own SAL
    fees = figure("railbaron", t.rules, t.state, "fees", "blue")
    assert (fees.amount, fees.rule) == (1_000, "Use fees (classic rules)")
    assert [p.text for p in fees.parts] == [
        "to the bank for the SAL (the SAL his own: riding one's own railroad costs the bank "
        "$1,000)"]
    assert figure("railbaron", t.rules, t.state, "fees", "red") is None  # not his turn


def test_the_fees_panel_of_an_established_fee_and_a_full_one_names_both_rules():
    t = example_2().stop("ACL", "LN")  # Red's ACL established at $5,000; Green's LN in full
    fees = figure("railbaron", t.rules, t.state, "fees", "blue")
    assert (fees.amount, fees.rule) == (15_000, "USE FEES; ESTABLISHMENT")
    assert [p.text for p in fees.parts if "established" in p.text] == [
        "to Red for the ACL (established: instead of $10,000; the rate before the sell-out, "
        f"since turn {t.turn.number - 2} at a milepost of the ACL, SOU, PUB)"]
    t.end_turn()
    assert figure("railbaron", t.rules, t.state, "fees", "blue") is None  # the turn is over


def test_the_fees_panel_is_the_riders_at_his_turns_end_and_with_no_fee_says_use_fees():
    t = play()
    assert figure("railbaron", t.rules, t.state, "fees", "blue") is None  # no turn yet
    t = blue_established_on_greens_acl({"edition": "modern"})
    t.go_to("Savannah").roll(2, 3)
    assert figure("railbaron", t.rules, t.state, "fees", "blue") is None  # still moving
    t.arrive("SAL").no_purchase()  # Blue, on his own SAL only
    fees = figure("railbaron", t.rules, t.state, "fees", "blue")
    assert (fees.amount, fees.parts, fees.rule) == (0, (), "USE FEES")


def test_the_starting_auction_cash_and_deed_cite_the_starting_auction():
    t = play(settings={"variants": ["starting_auction"], "starting_auction_extra": 20_000})
    start = lines(t, "blue", "starting_cash")[0]
    assert start["text"] == ("The bank pays Blue $40,000: starting cash, $20,000 of it the "
                             "Starting Auction's extra")
    assert start["rule"] == "START; STARTING AUCTION — starting_auction_extra"
    t.set_up()
    t.do("draw_deed", railroad="SOU")
    t.bid("blue", 10_000).bid("red", 11_000).pass_("green").pass_("blue")
    bought = lines(t, "red", "auction")[0]
    assert bought["amount"] == -11_000 and bought["rule"] == "STARTING AUCTION; AUCTION"


def test_without_the_starting_auction_the_starting_cash_is_start_alone():
    start = lines(play(), "blue", "starting_cash")[0]
    assert (start["text"], start["rule"]) == ("The bank pays Blue $20,000: starting cash",
                                              "START")


def test_a_classic_record_without_its_edition_rules_says_it_plays_the_modern_ones():
    """A classic record that names none of establishment, undeclare and home_swap replays as it
    was played (the modern rules of both, before they were settings), and says so."""
    t = play(settings={"edition": "classic"})
    players = [p["id"] for p in t.record["players"]]
    assert explain("railbaron", t.game, players, t.record["settings"])["readings"] == [
        "Played under the readings before establishment: a rise in fees establishes a player "
        "on every railroad at his milepost (the modern ESTABLISHMENT), not only on the railroad "
        "whose fee rose as in the classic rules",
        "Played under the readings before undeclare: a declared player is undeclared when use "
        "fees take his cash under $200,000 (the modern UNDECLARE), not by any drop below it as "
        "in the classic rules"]


@pytest.mark.parametrize("settings", [{"edition": "modern"}, {}, CLASSIC,
                                      {"edition": "classic", "home_swap": True},
                                      {"edition": "classic", "undeclare": "use_fees"}])
def test_a_record_naming_its_edition_rules_or_a_modern_one_plays_no_older_reading(settings):
    t = play(settings=settings)
    assert explain("railbaron", t.game, ["blue"], t.record["settings"])["readings"] == []
