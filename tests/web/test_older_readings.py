"""A record that leaves out a newer setting plays under the reading from before it: the banker
console and the table view say which, one line each, as `referee explain` does; a game written
as new games are says nothing of it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from referee.engine.record import read_record
from tests.web.conftest import NO_SIDEWAYS_SCROLL, PHONE, import_in

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
BEFORE = "Played under the readings before"


def imported(banker, record: dict) -> str:
    body = json.dumps(record).encode()
    answer = banker.post("/import", {"record": (io.BytesIO(body), "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text[:300]
    return answer.headers["Location"].split("/")[2]


def said(page: str) -> list[str]:
    """The older readings a page lists, in its words."""
    return re.findall(rf"<li>({BEFORE} [^<]+)</li>", page)


def test_rivals_game_1_names_no_newer_setting_and_both_pages_say_all_three(browser):
    banker = browser()
    game_id = imported(banker, read_record(GAMES / "railway_rivals_game_1.json"))
    console = said(banker.get(f"/g/{game_id}/banker").text)
    table = said(banker.get(f"/g/{game_id}/table").text)
    assert [line.split(":")[0] for line in console] == [
        f"{BEFORE} joint_fees", f"{BEFORE} own_lines_required", f"{BEFORE} typed_towns_on_map"]
    assert table == console
    assert "split rival by rival" in console[0]


def test_rivals_game_2_names_two_of_them_and_only_the_third_is_said(browser):
    banker = browser()
    game_id = imported(banker, read_record(GAMES / "railway_rivals_game_2.json"))
    assert [line.split(":")[0] for line in said(banker.get(f"/g/{game_id}/banker").text)] == [
        f"{BEFORE} typed_towns_on_map"]


def test_a_classic_rail_baron_record_without_its_edition_rules_says_the_modern_ones(browser):
    record = read_record(GAMES / "railbaron_game_2.json")
    record["settings"] = {"edition": "classic"}
    record["actions"] = record["actions"][:20]
    banker = browser()
    game_id = imported(banker, record)
    lines = said(banker.get(f"/g/{game_id}/table").text)
    assert [line.split(":")[0] for line in lines] == [f"{BEFORE} establishment",
                                                      f"{BEFORE} undeclare"]


def test_a_game_that_names_its_settings_shows_no_older_readings(browser):
    banker = browser()
    game_id = imported(banker, read_record(GAMES / "railbaron_game_2.json"))
    for page in ("banker", "table"):
        text = banker.get(f"/g/{game_id}/{page}").text
        assert BEFORE not in text and "Older readings" not in text


@pytest.mark.browser
def test_the_older_readings_fit_a_phone_wide_table_view(chromium, live_url):
    """The lines are long: on a 360-pixel screen they wrap, whole words, with no sideways
    scroll."""
    page = chromium.new_context(**PHONE).new_page()
    game_id = import_in(page, live_url, GAMES / "railway_rivals_game_1.json")
    for view in ("banker", "table"):
        page.goto(f"{live_url}/g/{game_id}/{view}")
        lines = page.locator(".older-readings li")
        assert lines.count() == 3
        assert lines.first.inner_text().startswith(f"{BEFORE} joint_fees: ")
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        assert page.evaluate("getComputedStyle(document.querySelector('.older-readings li'))"
                             ".hyphens") != "auto"
