"""The opening of Railroad Barons in real 360 px browsers: the box entered on the form, the
lobby, the Investor draft and the first Stock Round on two phones, the first Operating Round."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.railroad_barons.box import DEFAULT_FILES
from tests.railroad_barons.play import TEST_BOX
from tests.web.conftest import PHONE, check_phone_layout, join_phones
from tests.web.phone import assert_in_view, check_after_tap

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def tap(page, label: str, value: str | None = None) -> None:
    """Tap the choice button with `label` (typing `value` in its number field first) and wait
    for the swapped fragment."""
    form = page.locator(f"form.rb-choice:has(button:has-text('{label}'))").first
    if value is not None:
        form.locator("input[type=number]").fill(value)
    before = seq(page)
    form.locator("button").click()
    page.wait_for_selector(f".live[data-seq='{before + 1}']")
    check_after_tap(page, "barons-after-" + "-".join(label.lower().replace("$", "").split()))


def turn_comes(page, label: str) -> None:
    """The other phone learns by polling that it is its move."""
    page.wait_for_selector(f"form.rb-choice button:has-text('{label}')", timeout=8000)


def test_the_opening_on_two_phones(live_url, chromium):
    SHOTS.mkdir(exist_ok=True)
    banker = chromium.new_context(**PHONE).new_page()
    # the owner enters the box on the form (here the test box, made for the tests)
    banker.goto(live_url + "/railroad_barons/boxes/new")
    check_phone_layout(banker)
    banker.fill("#box-key", "testbox")
    banker.fill("#box-name", "Test box (made for the tests, not the printed box)")
    banker.fill("#box-ih", "MSC")
    banker.fill("#box-ir", "Test Atlantic")
    for part, file in DEFAULT_FILES.items():
        banker.fill(f"#box-{part}", (TEST_BOX / file).read_text(encoding="utf-8"))
    banker.screenshot(path=SHOTS / "barons-box-form-360.png", full_page=False)
    banker.click("button:has-text('Check and save')")
    banker.wait_for_url("**/railroad_barons/boxes?saved=testbox")
    assert "playable" in banker.text_content("#barons-boxes")

    banker.goto(live_url + "/")
    banker.select_option("#game", "railroad_barons")
    banker.wait_for_selector("#rb-draft_offers")
    banker.select_option("#map", "testbox")
    for row, name in enumerate(("Ann", "Bob"), start=1):
        banker.fill(f"#name_{row}", name)
    check_phone_layout(banker)
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    join_url = banker.get_attribute(".join a", "href")

    phones = join_phones(chromium, join_url, ("Ann", "Bob"))
    ann, bob = phones["Ann"], phones["Bob"]
    assert "Investor draft: Ann selects the next Investor." in ann.text_content(".rb-now")
    assert "Nothing for you to do" in bob.text_content(".rb-now")
    check_phone_layout(ann)
    ann.screenshot(path=SHOTS / "barons-draft-ann-360.png", full_page=False)

    # the draft: every Investor offered for money or the card
    tap(ann, "$60 Investor", "75")
    turn_comes(bob, "Take $75")
    check_phone_layout(bob)
    bob.screenshot(path=SHOTS / "barons-offer-bob-360.png", full_page=False)
    tap(bob, "Take $75")
    tap(bob, "$30 Investor", "30")
    turn_comes(ann, "Take the $30 Investor")
    tap(ann, "Take the $30 Investor")
    turn_comes(bob, "$40 Investor")
    tap(bob, "$40 Investor", "40")
    turn_comes(ann, "Take $40")
    tap(ann, "Take $40")
    tap(ann, "$450 Investor", "450")
    turn_comes(bob, "Take $450")
    tap(bob, "Take $450")
    turn_comes(ann, "$90")
    tap(ann, "$90")  # MS&C starts at $90 with the $450 Investor

    # SR 1: Ann buys MSC 10% (its capital), Bob starts SB, both pass
    assert "Stock Round 1: Ann's turn." in ann.text_content(".rb-now")
    assert ann.locator(".rb-now button:not(.secondary)").count() == 1  # one primary move
    assert ann.locator(".rb-now button").first.text_content().startswith("Pass")  # not last
    assert "MSC gets $900 of capital" in ann.text_content(".rb-now")
    check_phone_layout(ann)
    ann.screenshot(path=SHOTS / "barons-sr1-ann-360.png", full_page=False)
    tap(ann, "Buy MSC 10%")
    turn_comes(bob, "Start SB at $70")
    tap(bob, "Start SB at $70")
    turn_comes(ann, "Pass")
    tap(ann, "Pass")
    turn_comes(bob, "Pass")
    tap(bob, "Pass")

    # OR 1.1: MSC operates, Ann directs it
    ann.wait_for_selector("form.rb-tokens", timeout=8000)
    assert "Operating Round 1.1" in ann.text_content(".rb-now")
    assert ann.text_content(".rb-now").count("Your turn") == 0  # the cue above says it, once
    assert_in_view(ann, ann.locator("form.rb-tokens button[type=submit]"), "barons-tokens")
    ann.screenshot(path=SHOTS / "barons-tokens-360.png", full_page=False)
    ann.click("form.rb-tokens button[aria-label^='One less: On (+)']")  # a stepper
    assert ann.input_value("form.rb-tokens input[name='plus:int']") == "2"
    ann.fill("form.rb-tokens input[name='plus:int']", "1")
    ann.fill("form.rb-tokens input[name='down:int']", "2")
    ann.check("form.rb-tokens input[name='network:int']")
    before = seq(ann)
    ann.click("form.rb-tokens button[type=submit]")
    ann.wait_for_selector(f".live[data-seq='{before + 1}']")
    check_after_tap(ann, "barons-after-tokens")
    now = ann.text_content(".rb-now")
    assert "Pay out $25" in now and "Withhold $25" in now and "marker $90 → $100" in now
    check_phone_layout(ann)
    ann.screenshot(path=SHOTS / "barons-or1-ann-360.png", full_page=False)
    tap(ann, "Pay out $25")
    assert "Ash Line A2 for $60" in ann.text_content(".rb-now")
    bob.reload()
    assert "Ann" in bob.text_content(".rb-players")
    check_phone_layout(bob)
    bob.screenshot(path=SHOTS / "barons-or1-bob-360.png", full_page=False)

    screen = chromium.new_context(viewport={"width": 1280, "height": 800})
    screen.add_cookies(banker.context.cookies())
    table = screen.new_page()
    table.goto(banker.url.replace("/banker", "/table"))
    assert "Share value track" in table.text_content("body")
    table.screenshot(path=SHOTS / "barons-table-1280.png", full_page=True)
    banker.reload()
    assert "Undo this" in banker.text_content("body")
    check_phone_layout(banker)
    banker.screenshot(path=SHOTS / "barons-banker-360.png", full_page=True)
    banker.goto(banker.url.replace("/banker", "/history"))
    assert "Worth over time" in banker.text_content("body")
    check_phone_layout(banker)
    banker.screenshot(path=SHOTS / "barons-history-360.png", full_page=True)
