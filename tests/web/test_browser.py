"""The app in a real browser at phone size: layout, joining, htmx actions and live refresh.

Runs the app with waitress on a free port and drives Debian's chromium through Playwright.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import PHONE, check_phone_layout

pytestmark = pytest.mark.browser


def test_a_game_at_the_table_in_phone_browsers(live_url, chromium):
    banker = chromium.new_context(**PHONE).new_page()
    banker.goto(live_url + "/")
    check_phone_layout(banker)
    banker.select_option("#game", "counter")
    banker.wait_for_selector("#map", state="detached")  # the counter game's options are in
    banker.fill("#name_1", "Ann")
    banker.fill("#name_2", "Bob")
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    check_phone_layout(banker)
    join_url = banker.get_attribute(".join a", "href")

    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    check_phone_layout(phone)
    phone.click("button:has-text('Ann')")
    phone.wait_for_url("**/me")
    assert "You are Ann" in phone.text_content(".live")
    check_phone_layout(phone)

    # the banker records an action through htmx: the fragment swaps, the page stays
    banker.evaluate("window.notReloaded = true")
    banker.click(".raw-json summary")  # the raw form is folded away
    banker.fill("#action-json", '{"type": "add", "player": "p1", "n": 3}')
    banker.click("button:text-is('Record')")
    banker.wait_for_selector(".live[data-seq='1']")
    assert banker.evaluate("window.notReloaded") is True
    assert "p1 adds 3." in banker.text_content(".live")

    # the phone learns of it by polling and reloads its fragment by itself
    phone.wait_for_selector(".live[data-seq='1']", timeout=6000)
    assert "p1 adds 3." in phone.text_content(".live")

    # a refusal shows the rules' reason in place; the raw form's panel did not change, so the
    # answer left it as it was, open (only the changed parts come: referee/web/parts.py)
    assert banker.locator(".raw-json[open]").count() == 1
    banker.fill("#action-json", '{"type": "pay", "player": "p2", "amount": 999}')
    banker.click("button:text-is('Record')")
    banker.wait_for_selector(".failure")
    assert "p2 cannot pay 999." in banker.text_content(".failure")
    assert banker.evaluate("window.notReloaded") is True
