"""The order ridden on a phone at 360×740: Bob, established on the AA (Ann bought it while his
train stood on it), reports the AA and the CC and says he rode the CC first, in taps; after
every tap the button of the next step is on screen without scrolling. Tiny map: see
tests/web/test_railbaron_turn.py."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import PHONE, check_phone_layout
from tests.web.phone import IN_VIEW
from tests.web.test_railbaron_browser import shoot, start_on_tiny
from tests.web.test_railbaron_names_browser import post

pytestmark = pytest.mark.browser

TO_BOBS_MOVE = [
    {"type": "roll_for_first_player", "rolls": {"p1": [6, 6, 6], "p2": [1, 1, 1]}},
    {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]},
    {"type": "roll_city", "player": "p1", "dice": [1, 1, 2]},  # Ann's home: Alpha
    {"type": "roll_region", "player": "p2", "dice": [2, 3, 3]},
    {"type": "roll_city", "player": "p2", "dice": [2, 3, 3]},  # Bob's home: Charlie
    {"type": "roll_region", "player": "p1", "dice": [1, 4, 4]},
    {"type": "roll_city", "player": "p1", "dice": [1, 3, 4]},  # Ann to Delta
    {"type": "roll_move", "player": "p1", "white": [2, 3]},
    {"type": "arrive", "player": "p1", "ridden": ["AA"]},
    {"type": "buy", "player": "p1", "railroad": "AA"},  # Bob, at Charlie, is established on it
    {"type": "end_turn", "player": "p1"},
    {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},
    {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Bob to Alpha
    {"type": "roll_move", "player": "p2", "white": [1, 2]},
]


def in_view(page, selector: str, text: str) -> None:
    """The element of `selector` holding `text` is on screen, no scrolling needed."""
    element = page.locator(selector, has_text=text).first
    assert element.count(), f"no {text!r} on the page"
    if not element.evaluate(IN_VIEW):
        shoot(page, "order-off-screen-360")
        raise AssertionError(f"{text!r} is not on screen without scrolling")


def tap_link(page, selector: str) -> None:
    """Tap a chip or a choice (it must be on screen) and wait until it shows pressed."""
    link = page.locator(f".live {selector}")
    if not link.evaluate(IN_VIEW):
        shoot(page, "order-off-screen-360")
        raise AssertionError(f"{selector} is not on screen without scrolling")
    link.click()
    page.wait_for_selector(f".live {selector}[aria-pressed='true']")


def test_a_phone_says_which_railroad_came_first_in_taps(app, live_url, chromium):
    banker, game_id, join_url = start_on_tiny(app, live_url, chromium, ("Ann", "Bob"))
    for action in TO_BOBS_MOVE:
        post(banker, live_url, game_id, action)

    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    phone.click("button:has-text('Bob')")
    phone.wait_for_url("**/me")
    tap_link(phone, "button[data-rr='AA']")
    in_view(phone, ".rb-outcomes button", "Arrived at Alpha")
    assert phone.locator(".rb-order").count() == 0  # one railroad: nothing to ask
    if not phone.locator(".live button[data-rr='CC']").is_visible():
        phone.locator(".live .rb-more summary").click()  # the rest, behind one tap
    # the CC is at the foot of the railroad list: the player may have to scroll down to it
    phone.locator(".live button[data-rr='CC']").evaluate(  # a short thumb's scroll, whole pixels
        "e => window.scrollBy(0, Math.max(0, Math.ceil(e.getBoundingClientRect().bottom"
        " - innerHeight) + 4))")
    tap_link(phone, "button[data-rr='CC']")
    in_view(phone, ".rb-outcomes button", "Arrived at Alpha")
    in_view(phone, ".rb-order button", "CC first")
    first = phone.locator(".live button[data-order='AA-first']")
    assert first.get_attribute("aria-pressed") == "true"
    shoot(phone, "order-asked-phone-360")
    tap_link(phone, "button[data-order='AA-late']")
    in_view(phone, ".rb-outcomes button", "Arrived at Alpha")
    check_phone_layout(phone)
    shoot(phone, "order-chosen-phone-360")
    phone.locator(".live .rb-outcomes button", has_text="Arrived at Alpha").click()
    phone.wait_for_selector(".live .panel[data-action='skip_purchase']")
    in_view(phone, ".panel[data-action='skip_purchase'] button", "Buy nothing")
    phone.locator(".live button", has_text="Buy nothing").click()
    phone.wait_for_selector(".live .panel[data-action='end_turn']")
    in_view(phone, ".panel[data-action='end_turn'] button", "Pay $6,000 and end the turn")
    shoot(phone, "order-fees-phone-360")
    record = json.loads(banker.request.get(f"{live_url}/g/{game_id}/export.json").text())
    arrival = record["actions"][-2]
    assert arrival["ridden"] == ["AA", "CC"] and arrival["order"] == ["CC", "AA"]
