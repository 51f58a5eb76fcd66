"""Rail Baron's taps in a browser, in parts: a dice panel kept across another seat's change
still taps with the page's seq (the live part's stamp, sent by static/parts.js), so the face is
kept and the roll recorded."""

from __future__ import annotations

import pytest

from tests.web.test_parts_browser import SAME_AS_FRESH, console_of, correct_from_another_tab

pytestmark = pytest.mark.browser


def region_roll(live_url, chromium):
    """A new Rail Baron game's console once the first player is to roll for the region of
    her home city (ties rolled again): the page, and its seq."""
    banker = console_of(live_url, chromium, "railbaron")
    while banker.locator(".live button", has_text="Roll for everyone").count():  # ties again
        seq = banker.evaluate("() => +document.querySelector('#part-stamp').dataset.seq")
        banker.locator(".live button", has_text="Roll for everyone").first.click()
        banker.wait_for_selector(f"#part-stamp[data-seq='{seq + 1}']", state="attached")
    banker.wait_for_selector(".live .panel[data-action='roll_region'] button.face")
    return banker, banker.evaluate("() => +document.querySelector('#part-stamp').dataset.seq")


def test_a_kept_dice_panel_taps_with_the_page_s_new_seq(live_url, chromium):
    banker, seq = region_roll(live_url, chromium)
    answers: list = []
    banker.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    banker.evaluate("() => { for (const id of ['part-panel-1', 'part-die-red', 'part-die-w1'])"
                    " document.getElementById(id).kept = true; }")
    # the game moves on elsewhere (a cash correction from another tab): the console learns of
    # it by polling and keeps its dice panel, which did not change
    whose = banker.evaluate("() => [...document.querySelectorAll('#adjust-player option')]"
                            ".map(o => o.value).filter(Boolean)[0]")
    correct_from_another_tab(banker, seq, type="adjust_cash", player=whose)
    banker.wait_for_selector(f"#part-stamp[data-seq='{seq + 1}']", state="attached",
                             timeout=8000)
    kept = "id => document.getElementById(id).kept === true"
    for part in ("part-panel-1", "part-die-red", "part-die-w1"):
        assert banker.evaluate(kept, part) is True, part
    # a face of the kept panel: asked with the new seq, so the draft keeps it
    for die, face in (("red", 3), ("w1", 2)):
        button = f".live button.face[data-die='{die}'][data-face='{face}']"
        banker.click(button)
        banker.wait_for_selector(button + "[aria-pressed='true']")
    assert banker.locator(".live button.face[aria-pressed='true']").count() == 2
    assert banker.evaluate(kept, "part-panel-1") is True  # only its dice rows were sent
    last = ".live button.face[data-die='w2'][data-face='4']"
    banker.click(last)
    banker.wait_for_selector(last + "[aria-pressed='true']")
    assert banker.locator(".live button.face[aria-pressed='true']").count() == 3
    # and the roll the faces make is recorded: no 409
    banker.click(".live button:has-text('Record red 3, 2, 4')")
    banker.wait_for_selector(f"#part-stamp[data-seq='{seq + 2}']", state="attached")
    assert answers == [200]
    assert banker.locator(".live .failure").count() == 0
    assert banker.locator(".live .panel[data-action='roll_region']").count() == 0


def test_a_new_panel_around_the_same_dice_keeps_the_page_s_own_dice(live_url, chromium):
    """The region rolled for her: the city roll comes in the same place around the same three
    dice, which the answer does not send again (placeholders htmx fills with the page's own,
    hx-preserve); the page is then the page drawn afresh."""
    banker, seq = region_roll(live_url, chromium)
    dice = banker.evaluate("() => [...document.querySelectorAll("
                           "'.live .panel .part[id^=part-die-]')]"
                           ".map(d => { d.kept = true; return d.id; })")
    assert dice
    answers: list = []
    banker.on("response", lambda r: answers.append(r.text()) if "/act" in r.url else None)
    banker.locator(".live .panel[data-action='roll_region'] button", has_text="Roll for me").click()
    banker.wait_for_selector(f"#part-stamp[data-seq='{seq + 1}']", state="attached")
    banker.wait_for_selector(".live .panel[data-action='roll_city'] button.face")
    assert 'hx-preserve="true"' in answers[0]  # the dice stood as places for the page's own
    for die in dice:
        assert banker.evaluate("id => document.getElementById(id).kept === true", die), die
    assert banker.locator(".live [hx-preserve]").count() == 0  # every place filled
    found = banker.evaluate(SAME_AS_FRESH)
    assert found["same_parts"], (found["held"], found["fresh"])
    assert found["held_words"] == found["fresh_words"]
