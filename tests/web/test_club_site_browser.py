"""The static club page opened from its files in a real browser (no server): every player
named, every game dated, a person's rivals a click away."""

from __future__ import annotations

import json

import pytest

from referee.cli import main
from tests.web.conftest import PHONE, check_phone_layout, import_in
from tests.web.test_players import imported, record

pytestmark = pytest.mark.browser

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def test_the_club_pages_open_from_the_files(app, browser, chromium, tmp_path, capsys):
    banker = browser()
    imported(banker, record("prairie_game_1") | {"started": "2026-05-01T19:00:00+02:00",
                                                  "ended": "2026-05-01T21:05:00+02:00"})
    imported(banker, record("barons_game_1") | {"started": "2026-05-08T19:30:00+02:00",
                                                 "ended": "2026-05-08T22:00:00+02:00"})
    imported(banker, record("prairie_game_2"))  # an older record: no date of its own
    site = tmp_path / "site"
    assert main(["stats", "--instance", app.instance_path, "--site", str(site)]) == 0
    capsys.readouterr()
    pages = sorted(site.iterdir())
    assert len(pages) == 5  # the club and its four players
    assert not any("<script" in p.read_text(encoding="utf-8") for p in pages)

    page = chromium.new_context(**PHONE).new_page()
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
               else route.abort())  # nothing but the files themselves
    page.goto((site / "index.html").as_uri())
    players = page.locator("tbody").first.locator("th").all_text_contents()
    assert sorted(players) == ["Ann", "Bob", "Cy", "Dee"]
    dates = [row.locator("td").first.text_content()
             for row in page.locator("tr.game").all()]
    assert dates == ["date unknown", "2026-05-08", "2026-05-01"]  # newest stored first
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    page.get_by_role("link", name="Dee", exact=True).click()
    page.wait_for_url("**/player-dee.html")
    assert page.locator("h1").text_content() == "Dee"
    rivals = page.locator("tbody tr th").all_text_contents()
    assert rivals == ["Ann", "Bob", "Cy"]
    page.get_by_role("link", name="The club").click()
    page.wait_for_url("**/index.html")


def test_a_phone_logs_the_play_of_a_finished_game(live_url, chromium, tmp_path):
    path = tmp_path / "prairie.json"
    path.write_text(json.dumps(record("prairie_game_1") | {
        "started": "2026-05-01T19:00:00+02:00", "ended": "2026-05-01T21:05:00+02:00"}),
        encoding="utf-8")
    phone = chromium.new_context(**PHONE).new_page()
    game_id = import_in(phone, live_url, path)
    phone.get_by_role("link", name="Log this play").click()
    phone.wait_for_url(f"**/g/{game_id}/play")
    check_phone_layout(phone)
    phone.fill("#play-location", "Club room")
    phone.get_by_role("button", name="Put it in the play").click()
    phone.wait_for_url("**/play?location=Club+room")
    text = phone.input_value("#play-text")
    assert text.startswith("Game: Prairie Railroads\nDate: 2026-05-01\nLength: 125 minutes\n"
                           "Location: Club room\n")
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Download the play (.xml)").click()
    assert 'location="Club room"' in download.value.path().read_text(encoding="utf-8")
    check_phone_layout(phone)
