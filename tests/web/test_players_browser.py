"""The players page and a person's page in real browsers, on a 360 px phone and a 1280 px
laptop: three records imported through the lobby, the counts read, a split made on the form."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, import_in

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person
GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def shoot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_players_pages_on_a_phone_and_a_laptop(live_url, chromium):
    SHOTS.mkdir(exist_ok=True)
    laptop = chromium.new_context(**LAPTOP).new_page()
    for name in ("barons_game_1", "prairie_game_1", "prairie_game_2", "railbaron_game_2"):
        import_in(laptop, live_url, GAMES / f"{name}.json")

    laptop.goto(live_url + "/")
    laptop.get_by_role("link", name="Players", exact=True).click()
    laptop.wait_for_url("**/players")
    first = laptop.locator(".club-list").first
    assert "Ann" in first.text_content() and "3 games · 1 won" in first.text_content()
    assert laptop.locator("h2:text-is('Rail Baron')").count() == 1
    assert laptop.evaluate(NO_SIDEWAYS_SCROLL)
    shoot(laptop, "players-1280")

    laptop.get_by_role("link", name="Ann", exact=True).first.click()
    laptop.wait_for_url("**/players/ann")
    assert laptop.locator("svg.results-chart circle").count() == 3
    assert laptop.evaluate(NO_SIDEWAYS_SCROLL)
    shoot(laptop, "person-1280")

    # Ann Lee played the second Prairie game: split it off on the form
    laptop.locator("#games li", has_text="prairie_game_2").locator("input[type=checkbox]").check()
    laptop.click("summary:has-text('Split games off')")
    laptop.fill("#split-into", "Ann Lee")
    laptop.fill("#split-reason", "Ann Lee came once")
    laptop.click("button:text-is('Split them off')")
    laptop.wait_for_selector("h1:has-text('Ann')")
    assert "2 games · 0 won" in laptop.locator("#person").text_content()
    laptop.goto(live_url + "/players")
    assert "Ann Lee came once" in laptop.locator("#corrections").text_content()

    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(live_url + "/players")
    check_phone_layout(phone)
    shoot(phone, "players-360")
    phone.get_by_role("link", name="Yellow", exact=True).first.click()
    phone.wait_for_url("**/players/yellow")
    assert "Bankruptcies" in phone.locator("#person").text_content()
    check_phone_layout(phone)
    shoot(phone, "person-360")
    phone.goto(live_url + "/players/bob")
    check_phone_layout(phone)
    shoot(phone, "person-bob-360")
