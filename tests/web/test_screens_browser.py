"""Every game's four pages (a player's phone, the banker's console, the table, the history) at
360 and 1280 px, from a recorded game cut in the middle, kept as screenshots for a person to
look at side by side (tests/screenshots/screens-GAME-PAGE-WIDTH.png, git-ignored). Each page
reads as the same app: one "What to do now" on the phone, the history as turn folds, the table's
headline the same element in every game, large on a laptop and a TV."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, import_in
from tests.web.phone import in_view

pytestmark = pytest.mark.browser

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
RECORDS = {"railbaron": "railbaron_game_1", "prairie_railroads": "prairie_game_1",
           "railroad_barons": "barons_game_1", "railway_rivals": "railway_rivals_game_1"}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_every_page_of_every_game_at_both_widths(live_url, chromium, tmp_path, game):
    record = json.loads((GAMES / f"{RECORDS[game]}.json").read_text(encoding="utf-8"))
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(dict(record, actions=record["actions"][:len(record["actions"])
                                                                      // 2])))
    banker = chromium.new_context(**PHONE).new_page()
    game_id = import_in(banker, live_url, cut)
    join_url = banker.get_attribute(".join a", "href")
    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    phone.locator(".seat-button").first.click()
    phone.wait_for_url("**/me")
    assert phone.locator(".now-card h2").count() == 1
    assert phone.text_content(".now-card h2").strip() in ("What to do now", "Waiting",
                                                          "Game over")
    SHOTS.mkdir(exist_ok=True)
    pages = {"phone": (phone, "/me"), "console": (banker, "/banker"),
             "table": (banker, "/table"), "history": (phone, "/history")}
    for name, (page, path) in pages.items():
        page.goto(f"{live_url}/g/{game_id}{path}")
        if name == "history":
            assert page.locator(".turns-card .turn details").count() >= 1
        for width, height in ((360, 740), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            if width == 360:
                check_phone_layout(page)
            page.screenshot(path=str(SHOTS / f"screens-{game}-{name}-{width}.png"),
                            full_page=True)
        page.set_viewport_size(PHONE["viewport"])
    table_headline(banker, game)


HEADLINE_SIZE = """() => parseFloat(getComputedStyle(
  document.querySelector(".table-headline-status")).fontSize)"""


def table_headline(page, game: str) -> None:
    """The table view opens with the same headline element in every game, on screen and
    large: across a room on a laptop (1280×800) and on a TV (1920×1080)."""
    for width, height, least in ((1280, 800, 32), (1920, 1080, 40)):
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        headline = page.locator(".live > #part-headline > .table-headline")  # its own part
        assert headline.count() == 1, game
        assert in_view(headline), game
        assert page.evaluate(HEADLINE_SIZE) >= least, game
        words = " ".join(headline.text_content().split())
        assert len(words) > 10, words
        page.screenshot(path=str(SHOTS / f"screens-{game}-headline-{width}.png"))
    page.set_viewport_size(PHONE["viewport"])
