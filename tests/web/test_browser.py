"""The app in a real browser at phone size: layout, joining, htmx actions and live refresh.

Runs the app with waitress on a free port and drives Debian's chromium through Playwright.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), '
    + 'textarea, .top a, a.button')]
  .filter(e => e.offsetParent !== null)
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.outerHTML.slice(0, 80))"""


@pytest.fixture
def live_url(app) -> Iterator[str]:
    from waitress.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    url = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = url
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield url
    server.close()
    thread.join(timeout=5)


@pytest.fixture
def chromium():
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (scripts/test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


def check_phone_layout(page) -> None:
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{page.url} scrolls sideways at 360px"
    assert page.evaluate(SMALL_TARGETS) == [], f"{page.url} has targets under 44px"


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
    banker.fill("#action-json", '{"type": "add", "player": "p1", "n": 3}')
    banker.click("button:text-is('Record')")
    banker.wait_for_selector(".live[data-seq='1']")
    assert banker.evaluate("window.notReloaded") is True
    assert "p1 adds 3." in banker.text_content(".live")

    # the phone learns of it by polling and reloads its fragment by itself
    phone.wait_for_selector(".live[data-seq='1']", timeout=6000)
    assert "p1 adds 3." in phone.text_content(".live")

    # a refusal shows the rules' reason in place
    banker.fill("#action-json", '{"type": "pay", "player": "p2", "amount": 999}')
    banker.click("button:text-is('Record')")
    banker.wait_for_selector(".failure")
    assert "p2 cannot pay 999." in banker.text_content(".failure")
    assert banker.evaluate("window.notReloaded") is True
