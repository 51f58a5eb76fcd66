"""At 360×740 in a real browser: the "your turn" banner reaches a player on the History page,
the title changes and the phone is asked to vibrate; the banker's Undo asks once, naming what it
takes back, and Redo puts it back. Screenshots go to tests/screenshots/ (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, start_in_lobby
from tests.web.test_cue import toy  # noqa: F401

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
VIBRATIONS = """navigator.vibrate = (pattern) => {
  window.__vibrated = (window.__vibrated || 0) + 1; return true; };
window.__tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1; return made.call(this); };"""


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"cue-{name}.png"))


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740


def test_your_turn_reaches_the_history_page_and_undo_asks_once(app, live_url, chromium, toy):  # noqa: F811
    banker = chromium.new_context(**PHONE).new_page()
    join_url = start_in_lobby(banker, live_url, toy, ("Ann", "Bob"))

    phones = {}
    for pid, name in (("p1", "Ann"), ("p2", "Bob")):
        context = chromium.new_context(**PHONE)
        context.add_init_script(VIBRATIONS)
        phone = context.new_page()
        phone.goto(join_url)
        phone.click(f"button:has-text('{name}')")
        phone.wait_for_url("**/me")
        phones[pid] = phone
    ann, bob = phones["p1"], phones["p2"]

    # Bob waits on the History page; Ann rolls; the banner comes to Bob without a reload
    bob.click(".game-nav >> text=History")
    bob.wait_for_url("**/history")
    assert bob.locator(".cue").count() == 0 and not bob.title().startswith("Your turn")
    switch = bob.locator("[data-sound-switch]")
    assert switch.text_content() == "Sound on my turn: off"
    switch.click()  # on: a sample of the sound plays at once (two short tones)
    assert switch.text_content() == "Sound on my turn: on"
    assert switch.get_attribute("aria-pressed") == "true"
    assert bob.evaluate("window.__tones") == 2
    assert ann.title().startswith("Your turn")
    ann.click(".live button:has-text('Roll for me')")
    bob.wait_for_selector(".cue", timeout=8000)
    assert bob.title().startswith("Your turn")
    assert bob.evaluate("window.__vibrated") == 1
    assert bob.evaluate("window.__tones") == 4  # the cue sounded, as the seat asked
    assert in_view(bob, ".cue-go")
    check_phone_layout(bob)
    shoot(bob, "history-your-turn-360")
    bob.click(".cue-go")
    bob.wait_for_url("**/me")
    assert bob.evaluate("window.__vibrated || 0") == 0  # cued once a turn, not once a page
    bob.click(".live button:has-text('Roll for me')")
    bob.wait_for_function("() => !document.title.startsWith('Your turn')")

    # the banker takes Bob's roll back: the console names it, asks, and can put it back
    banker.reload()
    said = banker.text_content(".undo-what")
    assert "Bob rolls" in said
    banker.click(".undo-confirm summary")
    confirm = banker.locator(".undo-confirm button:has-text('Yes, take it back')")
    confirm.scroll_into_view_if_needed()
    # asked, the card names the roll once, above the question
    assert banker.locator(".undo-what").is_visible()
    assert "Take back the last action?" in banker.text_content(".undo-confirm")
    shoot(banker, "undo-confirm-360")
    check_phone_layout(banker)
    seq = int(banker.get_attribute(".live", "data-seq"))
    confirm.click()
    banker.wait_for_function("n => +document.querySelector('.live').dataset.seq > n", arg=seq)
    assert "Bob rolls" in banker.text_content(".redo-what")
    bob.wait_for_selector(".cue", timeout=8000)  # Bob's roll again
    banker.click(".live button:has-text('Redo: put it back')")
    banker.wait_for_selector(".redo-what", state="detached")
    assert banker.text_content(".undo-what") == said  # the same roll, the same die
    shoot(banker, "redo-done-360")
