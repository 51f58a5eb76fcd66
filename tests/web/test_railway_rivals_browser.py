"""A race of Railway Rivals on three phones at 360 px, with the accounts keeper and the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, join_phones, start_in_lobby
from tests.web.phone import assert_in_view, check_after_tap

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def click(page, selector: str) -> None:
    """Click a button that records an action, and wait for the swapped fragment."""
    before = seq(page)
    page.click(selector)
    page.wait_for_selector(f".live[data-seq='{before + 1}']")
    check_after_tap(page, "railway-rivals-after-" + "".join(
        c if c.isalnum() else "-" for c in selector.split("'")[-2 if "'" in selector else -1]
    ).lower())


def tap_die(page, field: str, face: int) -> None:
    page.click(f"label[for='{field}-int-{face}']")


def keeper_of_a_new_game(live_url, chromium, variants=()):
    """The keeper's console on a phone, of a game made in the lobby: Ann, Bob, Cy in Austria."""
    keeper = chromium.new_context(**PHONE).new_page()
    start_in_lobby(keeper, live_url, "railway_rivals", ("Ann", "Bob", "Cy"),
                   choose={"select#map": "austria"},
                   tick=[f"input[name='variant'][value='{variant}']" for variant in variants])
    return keeper


def test_a_race_on_three_phones(live_url, chromium):
    keeper = keeper_of_a_new_game(live_url, chromium)
    check_phone_layout(keeper)
    join_url = keeper.get_attribute(".join a", "href")

    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]
    SHOTS.mkdir(exist_ok=True)

    # each company names its start town on its own phone, in any order
    for phone, town in ((cy, "Graz"), (ann, "Wien"), (bob, "Linz")):
        phone.reload()
        check_phone_layout(phone)
        phone.select_option(".rr-panel select[name='town']", town)
        click(phone, ".rr-panel button:has-text('Start here')")

    # Ann builds: her throw, a payment to Bob, and first into every other town
    ann.reload()
    assert "Ann throws the die" in ann.text_content(".now-line")
    tap_die(ann, "die", 6)
    click(ann, "button:has-text('Record the throw')")
    ann.click(".rr-pay summary")
    ann.check(".rr-pay input[name='to'][value='p2']")
    click(ann, "button:has-text('Join or cross a line: 1')")
    check_phone_layout(ann)
    ann.screenshot(path=SHOTS / "railway-rivals-building-360.png", full_page=True)
    towns = ".rr-panel select[name='town'] option:not([value=''])"  # none chosen for her
    while ann.locator(towns).count():
        ann.select_option(".rr-panel select[name='town']", ann.locator(towns).first.text_content())
        click(ann, ".rr-panel button:has-text('First into this town')")
    click(ann, "button:has-text('End my turn')")

    # the keeper throws the key numbers: 12 is Wien, 65 is Linz; the run is long enough
    keeper.reload()
    assert "Throw for the first town" in keeper.text_content(".rr-now")
    check_phone_layout(keeper)
    keeper.screenshot(path=SHOTS / "railway-rivals-keeper-throw-360.png")
    tap_die(keeper, "tens", 1)
    tap_die(keeper, "units", 2)
    click(keeper, "button:has-text('Record the throws')")
    tap_die(keeper, "tens", 6)
    tap_die(keeper, "units", 5)
    click(keeper, "button:has-text('Record the throws')")
    click(keeper, "button:has-text('Yes, 6 or more')")

    table = chromium.new_context(**PHONE).new_page()
    table.goto(join_url)
    table.click("text=Show the table on this screen")
    table.wait_for_url("**/table")
    assert table.text_content(".rr-towns").split() == ["Wien", "→", "Linz"]
    assert "Target: 250" in table.text_content(".rr-target")

    # every phone answers at once; then routes richest first
    for phone in (bob, cy, ann):
        phone.reload()  # the others' answers are in (a stale page would be told so)
        check_phone_layout(phone)
        click(phone, "button:has-text('Enter the race')")
    ann.wait_for_selector("button:has-text('Declare the route')", timeout=6000)
    assert_in_view(ann, ann.locator("button:has-text('Declare the route')"), "rr-declare")
    ann.screenshot(path=SHOTS / "railway-rivals-declare-360.png")
    for _ in range(3):  # hexes on Bob's lines and the route's length, by thumb
        ann.click("button[aria-label=\"One more: On Bob's lines\"]")
    for _ in range(8):
        ann.click("button[aria-label^='One more: Route length']")
    assert ann.input_value("input[name='on_p2:int']") == "3"
    assert ann.input_value("input[name='length:int']") == "8"
    # the button names the fees the route records: the hexes on rivals' lines, not the length
    assert "Declare the route: fees 3 units" in " ".join(
        ann.text_content("button:has-text('Declare the route')").split())
    click(ann, "button:has-text('Declare the route')")
    for phone, rival, hexes, length in ((bob, "p1", "2", "7"), (cy, "p1", "4", "9")):
        phone.wait_for_selector("button:has-text('Declare the route')", timeout=6000)
        phone.fill(f"input[name='on_{rival}:int']", hexes)
        phone.fill("input[name='length:int']", length)
        assert f"fees {hexes} units" in " ".join(  # typed, not stepped: the same sum
            phone.text_content("button:has-text('Declare the route')").split())
        click(phone, "button:has-text('Declare the route')")

    # the race: Ann (richest) throws first, then Bob, then Cy
    for phone, face in ((ann, 6), (bob, 4), (cy, 5), (ann, 2)):
        phone.wait_for_selector("button:has-text('Move')", timeout=6000)
        if phone is cy:
            check_phone_layout(cy)
            cy.screenshot(path=SHOTS / "railway-rivals-race-phone-360.png", full_page=True)
        tap_die(phone, "die", face)
        click(phone, "button:has-text('Move')")
    table.wait_for_selector(".rr-trains .badge", timeout=6000)
    check_phone_layout(table)
    table.screenshot(path=SHOTS / "railway-rivals-table-360.png", full_page=True)
    bob.wait_for_selector("button:has-text('Move')", timeout=6000)
    tap_die(bob, "die", 3)
    click(bob, "button:has-text('Move')")

    # prizes 20 and 10; Ann may spend her 20 and Bob his 10
    ann.wait_for_selector(".rr-allow", timeout=6000)
    assert "Ann may spend 20 units more" in ann.text_content(".rr-allow")
    bob.wait_for_selector(".rr-allow", timeout=6000)
    assert "Bob may spend 10 units more" in bob.text_content(".rr-allow")
    sheet = bob.text_content(".rr-sheet")
    assert "Race 1 (Wien–Linz): 21 + 3 − 2 + 10 = 32" in sheet
    check_phone_layout(bob)
    bob.screenshot(path=SHOTS / "railway-rivals-spending-phone-360.png", full_page=True)
    keeper.reload()
    check_phone_layout(keeper)
    keeper.screenshot(path=SHOTS / "railway-rivals-keeper-360.png", full_page=True)
    table.reload()
    assert "Money over the races" in table.text_content(".rr-chart")
    table.screenshot(path=SHOTS / "railway-rivals-table-after-360.png", full_page=True)

    # the history in words, by race
    bob.click(".game-nav a:has-text('History')")
    bob.wait_for_selector(".rr-history")
    assert "Race 1: Wien – Linz" in bob.text_content(".rr-history summary >> nth=0")
    check_phone_layout(bob)
    bob.screenshot(path=SHOTS / "railway-rivals-history-360.png", full_page=True)

    # the maps page: the entry form fits a phone too
    keeper.click("a:has-text('Maps')")
    keeper.wait_for_selector("#rr-entry")
    check_phone_layout(keeper)
    keeper.screenshot(path=SHOTS / "railway-rivals-maps-360.png", full_page=True)


def test_the_keeper_counts_a_joint_line_and_a_leap_on_a_phone(live_url, chromium):
    keeper = keeper_of_a_new_game(live_url, chromium, ("tournament", "joint_builds", "leapfrog"))
    for cid, town in (("p1", "Wien"), ("p2", "Linz"), ("p3", "Graz")):
        keeper.select_option(f".rr-panel[data-company='{cid}'] select[name='town']", town)
        click(keeper, f".rr-panel[data-company='{cid}'] button:has-text('Start here')")
    tap_die(keeper, "die", 5)
    click(keeper, "button:has-text('Record the throw')")

    keeper.select_option("#joint-with", "p2")
    keeper.select_option("#joint-throw-1", "5")
    keeper.select_option("#joint-throw-2", "3")
    keeper.fill("#joint-hexes", "6")
    click(keeper, "button:has-text('Count the joint line')")
    keeper.select_option("#leap-along", "p3")
    click(keeper, "button:has-text('Count the leap')")
    extras = keeper.text_content(".rr-extras")
    assert "Ann and Bob 6 of 10" in extras and "Ann 1 of 8 (1 along Cy's)" in extras
    keeper.select_option("#joint-throw-1", "5")
    keeper.select_option("#joint-throw-2", "3")
    keeper.fill("#joint-hexes", "9")
    keeper.click("button:has-text('Count the joint line')")
    keeper.wait_for_selector(".rr-extras .failure")
    assert "Throws of 5 and 3 build 6 units together" in keeper.text_content(".rr-extras")
    check_phone_layout(keeper)
    keeper.locator(".rr-extras").screenshot(path=SHOTS / "railway-rivals-joint-leap-360.png")
