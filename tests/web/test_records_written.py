"""Every record the app writes meets the record's schemas: a game's export (under way and
over, with and without its dates), the club file's records, and a new game's first record."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest

from referee.web.dates import minutes_between, moment
from tests.test_record_schema import FIXTURES, problems
from tests.web.test_players import imported, record

DATES = {"started": "2026-05-01T19:00:00+02:00", "ended": "2026-05-01T21:05:00+02:00"}
UNDER_WAY = {"railway_rivals_game_1"}  # the recorded games that stop before their end


@pytest.fixture
def banker(browser):
    return browser()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_the_export_of_every_recorded_game_meets_the_schemas(banker, path):
    over = path.stem not in UNDER_WAY
    for data, dated in ((record(path.stem) | DATES, over), (record(path.stem), False),
                        (record(path.stem, drop=1) | {"started": DATES["started"]}, False)):
        game_id = imported(banker, data)
        written = json.loads(banker.get(f"/g/{game_id}/export.json").text)
        assert problems(written) == []
        assert ("minutes" in written) is dated  # only a game over, of known start, has them
        assert written["actions"] == data["actions"]


def test_the_club_files_records_meet_the_schemas(banker):
    for path in FIXTURES:
        imported(banker, record(path.stem) | DATES)
    club = json.loads(banker.get("/players/club.json").text)
    assert len(club["games"]) == len(FIXTURES) - len(UNDER_WAY)
    assert all(problems(r) == [] for r in club["games"])
    assert {r["minutes"] for r in club["games"]} == {125}


def test_a_new_games_record_meets_the_schemas(banker):
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    written = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert problems(written) == []
    assert moment(written["started"]) is not None  # a game made here starts when it is made
    assert "ended" not in written


def test_a_game_that_ends_here_ends_when_its_last_action_was_recorded(banker):
    last = record("prairie_game_1")["actions"][-1]  # Ann's last card ends the game
    game_id = imported(banker, record("prairie_game_1", drop=1) | {"started": DATES["started"]})
    before = datetime.now(UTC)
    response = banker.act(game_id, json=json.dumps(last))
    assert response.status_code in (200, 303), response.text
    after = datetime.now(UTC)
    written = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert problems(written) == []
    ended = moment(written["ended"])
    assert before.replace(microsecond=0) <= ended <= after
    assert written["minutes"] == minutes_between(DATES["started"], written["ended"])


@pytest.fixture
def berlin(monkeypatch):
    """The laptop's clock set to Berlin's time (restored after)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_game_starts_in_the_laptops_own_offset(banker, berlin):
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    started = moment(json.loads(banker.get(f"/g/{game_id}/export.json").text)["started"])
    assert started.utcoffset() in (timedelta(hours=1), timedelta(hours=2))  # CET or CEST
