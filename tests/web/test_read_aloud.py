"""The table view reads aloud the destination, its payoff and the winner, with a switch, and
shows the destination in large type. The browser test stubs the speech synthesis to hear it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE
from tests.web.test_railbaron_turn import live, make_table, tiny_app  # noqa: F401

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
SPEECH = """window.__said = [];
Object.defineProperty(window, "speechSynthesis", {
  value: { speak: (u) => window.__said.push(u.text), cancel: () => {} }});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };"""


def test_the_table_shows_the_destination_large_and_marks_it_to_be_read(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    rb.opening()
    table = rb.ann.get(f"/g/{rb.game_id}/table").text
    assert "data-speech-switch" in table and "Read aloud: off" in table
    assert '<script src="/static/speech.' in table
    assert "pub-spotlight" not in table  # no trip yet
    rb.ann_to_delta()
    table = rb.ann.get(f"/g/{rb.game_id}/table").text
    assert '<p class="pub-spot-city">Delta</p>' in table
    assert 'data-speak="Ann is heading for Delta, which pays $' in table
    assert "pub-spotlight" not in rb.ann.get(f"/g/{rb.game_id}/me").text  # the table's alone


def test_the_winner_is_read_in_every_game(app, table):
    banker, ann, _bob, game_id = table
    assert "data-speak=" not in ann.get(f"/g/{game_id}/table").text
    # the counter game has no winner: its table has the switch but nothing to read
    assert "Read aloud: off" in ann.get(f"/g/{game_id}/table").text


@pytest.mark.browser
def test_the_table_reads_a_new_destination_aloud_once_switched_on(
        tiny_app, browser, live_url, chromium):  # noqa: F811
    rb = make_table(browser, edition="modern")
    rb.opening()
    context = chromium.new_context(**PHONE)
    context.add_init_script(SPEECH)
    screen = context.new_page()
    link = rb.banker.join_link(rb.game_id)
    screen.goto(link if link.startswith("http") else live_url + link)
    screen.click("text=Show the table on this screen")
    screen.wait_for_url("**/table")
    screen.click("[data-speech-switch]")
    assert screen.text_content("[data-speech-switch]") == "Read aloud: on"
    assert screen.evaluate("window.__said") == []  # nothing to read before the first trip
    rb.ann_to_delta()
    screen.wait_for_function("() => window.__said.length > 0", timeout=8000)
    said = screen.evaluate("window.__said")
    assert len(said) == 1 and said[0].startswith("Ann is heading for Delta, which pays $"), said
    screen.wait_for_timeout(2500)  # another poll: nothing new, nothing read again
    assert len(screen.evaluate("window.__said")) == 1
    SHOTS.mkdir(exist_ok=True)
    screen.screenshot(path=str(SHOTS / "table-destination-360.png"))
