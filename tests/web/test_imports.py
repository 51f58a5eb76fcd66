"""Importing a game record: the new game form's limits, and 422 saying where a record is wrong."""

from __future__ import annotations

import copy
import html
import io
import json

import pytest

from referee.games.railbaron.charts import load_map
from referee.web import create_app
from tests.web.conftest import Browser
from tests.web.long_game import long_game


def upload(person, body: bytes | str, name: str = "record.json"):
    if isinstance(body, str):
        body = body.encode("utf-8")
    return person.post("/import", {"record": (io.BytesIO(body), name)},
                       content_type="multipart/form-data")


@pytest.fixture
def record() -> dict:
    record, actions = long_game(12, seed=5, n=3)
    return {**record, "actions": actions}


def with_change(record: dict, change) -> str:
    changed = copy.deepcopy(record)
    change(changed)
    return json.dumps(changed)


def test_a_good_record_imports(browser, record):
    assert upload(browser(), json.dumps(record)).status_code == 303


def set_name(value, i: int = 0):
    return lambda r: r["players"][i].__setitem__("name", value)


def inline_map(service):
    def change(r):
        r["map"] = load_map("us").to_dict()
        r["map"]["service"] = service
    return change


MALFORMED = {
    "a name that is an object": (set_name({"first": "Ann"}), "players[0].name must be text"),
    "a name that is a list": (set_name(["Ann"]), "players[0].name must be text"),
    "an inline map whose service is a list": (inline_map(["ATSF"]), "map"),
    "an inline map whose service is a number": (inline_map(7), "map"),
    "a name that is only a zero-width space": (set_name("\u200b"), "players[0]"),
    "a name of 41 letters": (set_name("A" * 41), "longer than 40"),
    "a name that looks like another's (Cyrillic А)": (set_name("\u0410nn", 1),
                                                       "looks the same"),
    "a name that looks like another's (zero-width space)": (set_name("Bob\u200b", 0),
                                                           "looks the same"),
    "a seat id with a slash": (lambda r: r["players"][2].__setitem__("id", "a/b"),
                               "players[2].id"),
    "an empty colour object": (lambda r: r["players"][0].__setitem__("colour", {}),
                               "players[0].colour"),
    "an unsafe colour": (lambda r: r["players"][0].__setitem__("colour", "red;x:url(/y)"),
                         "players[0].colour"),
    "one player": (lambda r: r["players"].__delitem__(slice(1, None)), "2 to 6 players"),
    "settings that are text": (lambda r: r.__setitem__("settings", "modern"), "settings"),
    "a setting of a wrong kind": (lambda r: r["settings"].__setitem__("variants", 5),
                                  "cannot be set up"),
    "a banker who is not a player": (lambda r: r["settings"].__setitem__("banker", "zed"),
                                     "settings.banker"),
    "a long text in an action": (lambda r: r["actions"][3].__setitem__("note", "x" * 500),
                                 "actions[3].note is too long"),
    "a float in an action": (lambda r: r["actions"][1].__setitem__("dice", 1.5),
                             "actions[1].dice must be a whole number"),
    "an action of a wrong kind": (lambda r: r["actions"][0].__setitem__("rolls", [1, 2]),
                                  "action 1 ('roll_for_first_player')"),
    "a map key of 200 letters": (lambda r: r.__setitem__("map", "m" * 200), "map"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_record_is_refused_with_where_it_is_wrong(browser, record, case):
    change, where = MALFORMED[case]
    importer = browser()
    response = upload(importer, with_change(record, change))
    assert response.status_code == 422, response.status_code
    assert where in response.text.replace("&#39;", "'").replace("&#34;", '"'), case
    assert "No games yet." in response.text  # and nothing was stored


@pytest.mark.parametrize("text", ['"\\ud800"', '"Ann\\udc00"'])
def test_a_lone_surrogate_anywhere_is_refused(browser, record, text):
    body = with_change(record, set_name("SURROGATE")).replace('"SURROGATE"', text)
    response = upload(browser(), body)
    assert response.status_code == 422
    assert "players[0].name holds a broken character" in response.text
    body = with_change(record, lambda r: r["actions"][0].__setitem__("x", "S")).replace(
        '"x": "S"', f'"x": {text}')
    assert upload(browser(), body).status_code == 422


def test_an_imported_name_is_cleaned_like_a_typed_one(browser, record):
    importer = browser()
    body = with_change(record, set_name("  Ann\u200b \u00a0 Lee\u0301 "))
    response = upload(importer, body)
    assert response.status_code == 303
    game_id = response.headers["Location"].split("/")[2]
    exported = json.loads(importer.get(f"/g/{game_id}/export.json").text)
    assert exported["players"][0]["name"] == "Ann Le\u00e9"  # NFC: é is one character


def test_ten_large_imports_keep_the_lobby_small(browser, record):
    """Names are bounded, so a flood of imports cannot make the lobby or a console huge."""
    importer = browser()
    huge = with_change(record, set_name("N" * 400_000))
    with upload(importer, huge) as refused:
        assert refused.status_code == 422
    for _ in range(10):
        assert upload(importer, json.dumps(record)).status_code == 303
    assert len(importer.get("/").data) < 200_000


def test_a_file_name_becomes_a_bounded_clean_title(browser, record):
    importer = browser()
    response = upload(importer, json.dumps(record), "\u200b" + "f" * 300 + ".json")
    assert response.status_code == 303
    assert ("f" * 69 + " (imported)") in importer.get("/").text
    assert "\u200b" not in importer.get("/").text


def test_an_upload_over_the_limit_is_refused_in_the_lobby(tmp_path, record):
    small = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 2_000},
                       instance_path=tmp_path / "small")
    importer = Browser(small)
    response = upload(importer, json.dumps(record) + " " * 3_000)
    assert response.status_code == 413
    assert "larger than 0.00190735 MB: a game record is far smaller" in response.text


def test_an_import_works_out_its_record_before_it_takes_the_write_lock(app, browser,
                                                                       monkeypatch):
    """The slow part of an import (the replay, the checkpoint's frame notes) must leave the
    database free for other phones' actions: while the notes are worked out, another
    connection takes the write lock at once (no wait)."""
    import sqlite3
    from dataclasses import replace

    from referee.web.games import railbaron as railbaron_web

    version, make = railbaron_web.WEB.frame_notes
    free: list[bool] = []

    def noting(frames, depth):
        other = sqlite3.connect(app.config["DATABASE"], timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            free.append(True)
        except sqlite3.OperationalError:  # "database is locked": the import holds it
            free.append(False)
        finally:
            other.close()
        return make(frames, depth)

    monkeypatch.setattr(railbaron_web, "WEB",
                        replace(railbaron_web.WEB, frame_notes=(version, noting)))
    record, actions = long_game(80, seed=3)
    response = upload(browser(), json.dumps({**record, "actions": actions}))
    assert response.status_code == 303
    assert free and all(free)


def test_an_import_of_a_hundred_thousand_actions_is_refused_with_words(browser, record):
    from tests.web.test_railbaron_maps_page import multipart

    importer = browser()
    body = json.dumps({**record, "actions": [{"type": "undo"}] * 100_000}).encode()
    form = multipart({"csrf_token": importer.token()}, []).removesuffix(b"--xx--\r\n")
    form += (b'--xx\r\nContent-Disposition: form-data; name="record"; filename="big.json"\r\n'
             b"Content-Type: application/json\r\n\r\n" + body + b"\r\n--xx--\r\n")
    response = importer.client.post("/import", data=form,
                                    content_type="multipart/form-data; boundary=xx")
    assert response.status_code == 422
    assert "more than 20,000 actions" in response.text


def test_an_import_where_one_seat_takes_back_anothers_action_is_refused_in_words(browser):
    from tests.test_take_back_in_records import RULE, cut_after_a_seats_action, last_seat

    record = cut_after_a_seats_action("prairie_game_1")
    _seat, other = last_seat(record)
    record["actions"].append({"type": "take_back", "player": other})
    answer = upload(browser(), json.dumps(record))
    assert answer.status_code == 422
    assert RULE in html.unescape(answer.text)
    assert f"action {len(record['actions'])}" in answer.text
