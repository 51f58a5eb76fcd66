"""The banker's console on a 1280x800 laptop: the join QR code, open while seats are free,
stands beside the game, and the banker's first action is in view without scrolling."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import start_in_lobby

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots" / "look"  # git-ignored
LAPTOP = {"viewport": {"width": 1280, "height": 800}}

FIRST_ACTION = """() => {
  const b = [...document.querySelectorAll('.live button')].find(e => e.offsetParent !== null);
  const r = b.getBoundingClientRect();
  return {text: b.textContent.trim(), bottom: r.bottom};
}"""


def test_the_first_action_of_a_new_game_is_in_view_beside_the_join_code(live_url, chromium):
    banker = chromium.new_context(**LAPTOP).new_page()
    start_in_lobby(banker, live_url, "railbaron", ("Ann", "Bob", "Cy"))
    assert banker.locator(".join-fold").get_attribute("open") is not None  # seats are free
    assert banker.locator(".join-fold .qr").first.is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    banker.screenshot(path=str(SHOTS / "console-new-game-1280.png"))
    first = banker.evaluate(FIRST_ACTION)
    assert first["bottom"] <= 800, first
