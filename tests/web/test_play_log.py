"""A finished game's play for the play loggers: BoardGameGeek's fields worked out by hand, the
text to paste, BG Stats' link, and nothing of a game under way."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest

from referee.cli import main
from tests.web.test_players import imported, record

DATES = {"started": "2026-05-01T19:00:00+02:00", "ended": "2026-05-01T21:05:00+02:00"}


@pytest.fixture
def banker(browser):
    return browser()


@pytest.fixture
def finished(banker) -> str:
    """Prairie Railroads game 1, played on 1 May 2026 from 19:00 to 21:05: Cy won with $130,
    Bob $112, Ann $105."""
    return imported(banker, record("prairie_game_1") | DATES)


def test_the_play_carries_bggs_fields_worked_out_by_hand(banker, finished):
    response = banker.get(f"/g/{finished}/play.xml?location=Club room")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    play = ET.fromstring(response.data)
    assert play.tag == "play"
    assert {k: play.get(k) for k in ("date", "length", "location", "quantity", "incomplete")} == {
        "date": "2026-05-01", "length": "125", "location": "Club room", "quantity": "1",
        "incomplete": "0"}
    assert play.find("item").get("name") == "Prairie Railroads"
    assert [dict(p.attrib) for p in play.find("players")] == [
        {"name": "Ann", "startposition": "1", "score": "105", "win": "0"},
        {"name": "Bob", "startposition": "2", "score": "112", "win": "0"},
        {"name": "Cy", "startposition": "3", "score": "130", "win": "1"},
    ]


def test_the_play_as_text_and_as_bg_stats_link(banker, finished):
    page = banker.get(f"/g/{finished}/play").text
    assert ("Game: Prairie Railroads\nDate: 2026-05-01\nLength: 125 minutes\n"
            "Players (start position, name, score, win):\n1. Ann, score 105\n"
            "2. Bob, score 112\n3. Cy, score 130, won\n") in page.replace("&#39;", "'")
    link = page.split('href="https://app.bgstatsapp.com/createPlay.html?data=', 1)[1]
    data = json.loads(unquote(link.split('"', 1)[0].replace("&amp;", "&")))
    assert data["playDate"] == "2026-05-01 19:00:00" and data["durationMin"] == 125
    assert data["game"]["name"] == "Prairie Railroads"
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in data["players"]] == [
        ("Ann", 3, 105, False), ("Bob", 2, 112, False), ("Cy", 1, 130, True)]
    assert not any("startPlayer" in p for p in data["players"])  # Prairie's is not one seat


def test_the_game_pages_and_a_seats_phone_offer_the_play_once_it_is_over(browser, banker,
                                                                         finished):
    assert "Log this play" in banker.get(f"/g/{finished}/banker").text
    ann = browser()
    assert ann.join(banker.join_link(finished), "ann").status_code == 303
    assert "Log this play" in ann.get(f"/g/{finished}/me").text
    assert ann.get(f"/g/{finished}/play.xml").status_code == 200
    assert browser().get(f"/g/{finished}/play").status_code == 403  # not at this table


def test_a_game_under_way_has_no_play_and_shows_nothing_of_it(browser, banker):
    under_way = imported(banker, record("prairie_game_1", drop=1) | DATES)
    ann = browser()
    assert ann.join(banker.join_link(under_way), "ann").status_code == 303
    assert "Log this play" not in ann.get(f"/g/{under_way}/me").text
    for url in (f"/g/{under_way}/play", f"/g/{under_way}/play.xml"):
        for who in (banker, ann):
            response = who.get(url)
            assert response.status_code == 409
            assert "ready once the game is over" in response.text
            words = re.sub(r"<[^>]*>", " ", response.text)  # not a token's random digits
            assert "Cy" not in words and "130" not in words


def test_stats_writes_one_play_per_finished_game(app, banker, finished, tmp_path, capsys):
    imported(banker, record("prairie_game_2"))  # no date: an older record
    imported(banker, record("barons_game_1", drop=1))  # under way
    folder = tmp_path / "plays"
    assert main(["stats", "--instance", app.instance_path, "--plays", str(folder)]) == 0
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 2
    assert files[0].startswith("play-2026-05-01-prairie-railroads-")
    assert files[1].startswith("play-undated-prairie-railroads-")
    undated = ET.fromstring((folder / files[1]).read_bytes())
    assert (undated.get("date"), undated.get("length")) == ("", "0")
    assert [p.get("name") for p in undated.find("players")] == ["Ann", "Bob", "Cy", "Dee"]


def test_a_rail_baron_play_starts_with_the_player_who_rolled_highest(banker):
    # Rail Baron game 1: Blue rolled 15 on three dice, Green 11, Red 8, so Blue goes first;
    # the turns go round the seats (Blue, Red, Green) from him
    game_id = imported(banker, record("railbaron_game_1"))
    play = ET.fromstring(banker.get(f"/g/{game_id}/play.xml").data)
    assert [(p.get("name"), p.get("startposition")) for p in play.find("players")] == [
        ("Blue", "1"), ("Red", "2"), ("Green", "3")]


def test_a_rail_baron_play_starts_round_the_seats_from_the_first_player(banker):
    # Rail Baron game 2: Red and Green tie at 14, Red rolls 14 again against Green's 9 and goes
    # first; the seats are Blue, Red, Green, Yellow
    game_id = imported(banker, record("railbaron_game_2"))
    play = ET.fromstring(banker.get(f"/g/{game_id}/play.xml").data)
    assert [(p.get("name"), p.get("startposition")) for p in play.find("players")] == [
        ("Red", "1"), ("Green", "2"), ("Yellow", "3"), ("Blue", "4")]
    page = banker.get(f"/g/{game_id}/play").text
    link = page.split('href="https://app.bgstatsapp.com/createPlay.html?data=', 1)[1]
    data = json.loads(unquote(link.split('"', 1)[0].replace("&amp;", "&")))
    assert [(p["name"], p["startPlayer"]) for p in data["players"]] == [
        ("Red", True), ("Green", False), ("Yellow", False), ("Blue", False)]
