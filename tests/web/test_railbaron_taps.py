"""Three phones play Rail Baron at 360×740 with "Roll for me": a plain turn takes five taps or
fewer, and the next thing to tap is on screen after every tap, with no scrolling.

A plain turn: the train has its destination when the turn begins, and moves (no bonus die, no
shortfall). The phones press what a player would: "Roll for me", the first railroad offered,
"Stop at a milepost" (or, every third turn, "Arrived"), "Buy nothing", then the end of the turn.
After every tap each phone shows another player's cash only at $150,000 or more.
"""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import join_phones
from tests.web.phone import IN_VIEW
from tests.web.test_railbaron_browser import ANNOUNCE, seq, shoot, start_on_tiny

pytestmark = pytest.mark.browser

TURNS = 10  # at least; play goes on (up to MOST_TURNS) until PLAIN plain turns were seen
PLAIN = 4
MOST_TURNS = 40


def others_private(page) -> None:
    for shown in page.locator(".rb-others [data-cash-of]").all_text_contents():
        shown = shown.strip()
        assert shown == "under $150,000" or int(re.sub(r"[^0-9]", "", shown)) >= ANNOUNCE, shown


def next_tap(page, arrive: bool):
    """The element a player taps next on this phone, or None when it has nothing to do."""
    now = page.locator(".live .now-card")
    for kind in ("roll_region", "roll_city", "roll_move", "roll_bonus"):
        button = now.locator(f".panel[data-action='{kind}'] button.roll-button")
        if button.count():
            return button.first
    region = now.locator(".panel[data-action='choose_region'] button")
    if region.count():  # the region rolled is the train's own: any other, as the table says
        return region.first
    arrive_panel = now.locator(".panel[data-action='arrive']")
    sure = arrive_panel.locator(".rb-confirm[open] button", has_text="Yes: Arrived")
    if sure.count():
        return sure.first
    if arrive_panel.count():
        outcome = arrive_panel.locator(".rb-outcomes button, .rb-outcomes summary")
        if outcome.count():
            wanted = "Arrived" if arrive or outcome.filter(has_text="Stop").count() == 0 \
                else "Stop at a milepost"
            return outcome.filter(has_text=wanted).first
        return arrive_panel.locator(".rb-ridden > .rb-group button.rb-tap").first
    for kind, words in (("skip_purchase", "Buy nothing"), ("end_turn", "end the turn")):
        button = now.locator(f".panel[data-action='{kind}'] button", has_text=re.compile(
            words, re.I))
        if button.count():
            return button.first
    return None


def tap(page, element) -> None:
    """Tap `element` (it must be on screen) and wait for the page to answer."""
    if not element.evaluate(IN_VIEW):
        shoot(page, "taps-off-screen-360")
        raise AssertionError(f"not on screen without scrolling: {element}")
    before = seq(page)
    tag = element.evaluate("e => e.tagName")
    chip = element.evaluate("e => e.classList.contains('rb-tap')")
    element.click()
    if tag == "SUMMARY":  # an arrival out of reach asks first: the question opens
        page.wait_for_selector(".live .rb-confirm[open]")
    elif chip:
        page.wait_for_selector(".live button.rb-tap[aria-pressed='true']")
    else:
        page.wait_for_function("n => +document.querySelector('.live').dataset.seq > n",
                               arg=before)
    assert page.locator(".live .failure").count() == 0, page.text_content(".failure")
    others_private(page)


def test_three_phones_play_ten_turns_in_five_taps_each(app, live_url, chromium):
    banker, _game, join_url = start_on_tiny(app, live_url, chromium, ("Ann", "Bob", "Cy"))
    phones = list(join_phones(chromium, join_url, ("Ann", "Bob", "Cy")).values())
    while banker.locator(".live button", has_text="Roll for everyone").count():  # ties again
        before = seq(banker)
        banker.locator(".live button", has_text="Roll for everyone").first.click()
        banker.wait_for_function("n => +document.querySelector('.live').dataset.seq > n",
                                 arg=before)

    plain_turns, turns, arrivals, since_arrival = [], 0, 0, 0
    for _ in range(1200):  # actions at most: the loop ends at TURNS turns and PLAIN plain ones
        acting = None
        for phone in phones:
            phone.reload()
            others_private(phone)
            if next_tap(phone, False) is not None:
                acting = phone
                break
        assert acting is not None, "no phone has anything to do: " + " | ".join(
            " ".join(p.text_content(".live .now-card").split()) for p in phones)
        turn_line = acting.text_content(".live .rb-turn") or ""
        match = re.search(r"Turn (\d+)", turn_line)
        has_destination = "none yet" not in acting.text_content(".rb-me")
        arrive = since_arrival >= 2  # every third turn, or the next one that can arrive
        taps, plain = 0, match is not None and has_destination
        while (element := next_tap(acting, arrive)) is not None:
            kind = element.evaluate("e => e.closest('.panel').dataset.action")
            arriving = "Arrived" in (element.text_content() or "") and element.evaluate(
                "e => e.tagName") == "BUTTON"  # (out of reach it asks first: its "Yes")
            if kind in ("roll_region", "roll_city", "roll_bonus", "choose_region"):
                plain = False  # a destination to roll, or the bonus die: not a plain turn
            tap(acting, element)
            taps += 1
            arrivals += arriving
            since_arrival = 0 if arriving else since_arrival
            if kind == "end_turn":
                break
        if match is None:
            continue  # the home cities: rolled before the first turn
        turns += 1
        since_arrival += 1
        if plain:
            plain_turns.append(taps)
            assert taps <= 5, f"turn {match.group(1)} took {taps} taps"
        if turns == 1:
            shoot(acting, "taps-turn-phone-360")
        if turns >= TURNS and len(plain_turns) >= PLAIN and arrivals or turns >= MOST_TURNS:
            break
    print("taps of the plain turns:", plain_turns, "arrivals:", arrivals)
    assert turns >= TURNS and len(plain_turns) >= PLAIN, (turns, plain_turns)
    assert arrivals >= 1, f"no arrival in {turns} turns"
