"""The lobby: create, list and resume games; import a game record."""

from __future__ import annotations

import io
import json

from referee.web.db import open_database


def test_lobby_lists_no_game_at_first(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "No games yet." in page.text


def test_creating_a_game_stores_it_and_makes_the_creator_banker(app, browser):
    banker = browser()
    response = banker.post("/new", {
        "game": "counter", "title": "Friday", "banker": "2",
        "name_1": "Ann", "colour_1": "#d62828", "seat_1": "2",
        "name_2": "Bob", "colour_2": "#1d4ed8", "seat_2": "1",
    })
    assert response.status_code == 303
    game_id = response.headers["Location"].split("/")[2]
    assert response.headers["Location"] == f"/g/{game_id}/banker"
    cookie = banker.client.get_cookie("banker", path=f"/g/{game_id}/")
    assert cookie is not None and cookie.http_only

    db = open_database(app.config["DATABASE"])
    row = db["games"].get(game_id)
    seats = list(db.query("select player_id, claimed from seats where game_id = ?", [game_id]))
    db.close()
    # seat order decides the ids: Bob sits first
    assert json.loads(row["players"]) == [
        {"id": "p1", "name": "Bob", "colour": "#1d4ed8"},
        {"id": "p2", "name": "Ann", "colour": "#d62828"},
    ]
    assert json.loads(row["settings"]) == {"banker": "p1"}  # row 2 was Bob
    assert row["title"] == "Friday" and "status" not in row
    assert cookie.value == row["banker_secret"]
    assert seats == [{"player_id": "p1", "claimed": None}, {"player_id": "p2", "claimed": None}]

    assert banker.get(f"/g/{game_id}/banker").status_code == 200
    lobby = banker.get("/").text
    assert "Friday" in lobby and f"/g/{game_id}/banker" in lobby


def test_lobby_never_shows_a_secret(app, browser):
    banker = browser()
    game_id = banker.create_game()
    db = open_database(app.config["DATABASE"])
    row = db["games"].get(game_id)
    db.close()
    lobby = browser().get("/").text
    assert row["game_secret"] not in lobby and row["banker_secret"] not in lobby


def test_a_bad_new_game_form_is_sent_back_with_every_problem(browser):
    banker = browser()
    response = banker.post("/new", {
        "game": "counter",
        "name_1": "Ann", "colour_1": "#d62828", "seat_1": "1",
        "name_2": "ann", "colour_2": "#d62828", "seat_2": "²",
        "banker": "5",
    })
    assert response.status_code == 422
    text = response.text
    assert "&#39;ann&#39; looks the same as &#39;Ann&#39;" in text
    assert "Two players chose red." in text
    assert "needs a seat number" in text
    assert "The banker must be one of the named players" in text
    assert 'value="Ann"' in text  # what was typed stays


def test_too_few_players(browser):
    response = browser().post("/new", {"game": "counter", "name_1": "Solo",
                                       "colour_1": "#d62828", "seat_1": "1"})
    assert response.status_code == 422
    assert "takes 2 to 6 players; 1 named" in response.text


def test_unknown_game_in_the_form(browser):
    response = browser().post("/new", {"game": "chess"})
    assert response.status_code == 422
    assert "unknown game" in response.text


def test_a_markup_laden_name_is_escaped_everywhere(browser):
    banker = browser()
    name = '<script>alert("x")</script>'
    game_id = banker.create_game([name, "Bob"], title="<b>bold</b>")
    for url in ("/", f"/g/{game_id}/banker", f"/g/{game_id}/table", f"/g/{game_id}/history"):
        text = banker.get(url).text
        assert "<script>alert" not in text, url
        assert "<b>bold</b>" not in text, url
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"
    assert escaped in banker.get(f"/g/{game_id}/banker").text


def test_options_fragment_answers_htmx(client):
    response = client.get("/new/options?game=counter", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="options">')
    assert "<html" not in response.text
    assert "HX-Request" in response.headers["Vary"]


def test_the_names_typed_so_far_come_back_with_the_chosen_games_rows(client):
    response = client.get("/new/options?game=counter&name_1=Ann&name_2=%3Cb%3EBo&map=zz"
                          "&edition=nope", headers={"HX-Request": "true"})
    assert 'value="Ann"' in response.text and 'value="&lt;b&gt;Bo"' in response.text
    assert 'value="zz"' not in response.text and "nope" not in response.text  # names only


def _upload(browser, text: str, name: str = "game.json"):
    return browser.post("/import", {"record": (io.BytesIO(text.encode()), name)},
                        content_type="multipart/form-data")


def test_export_then_import_replays_the_same_game(table, browser):
    banker, ann, _bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "3"}).status_code == 303
    assert banker.act(game_id, type="pay", player="p2", **{"amount:int": "40"}).status_code == 303
    exported = banker.get(f"/g/{game_id}/export.json")
    assert exported.status_code == 200
    assert exported.mimetype == "application/json"
    record = json.loads(exported.text)
    assert record["format"] == "referee.game/1" and record["game"] == "counter"
    assert [a["type"] for a in record["actions"]] == ["add", "pay"]

    importer = browser()
    response = _upload(importer, exported.text, "friday.json")
    assert response.status_code == 303
    new_id = response.headers["Location"].split("/")[2]
    assert new_id != game_id
    again = json.loads(importer.get(f"/g/{new_id}/export.json").text)
    assert again["actions"] == record["actions"] and again["players"] == record["players"]
    assert f"{record['title']} (imported)" in importer.get("/").text  # the record's own title


def test_import_rejects_an_illegal_record_with_its_position(table, browser):
    banker, _ann, _bob, game_id = table
    record = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    record["actions"] = [{"type": "add", "player": "p1", "n": 2},
                         {"type": "pay", "player": "p2", "amount": 500}]
    response = _upload(browser(), json.dumps(record))
    assert response.status_code == 422
    assert "action 2" in response.text and "p2 cannot pay 500." in response.text
    assert "No games yet." not in response.text  # the lobby is shown with the problem


def test_import_rejects_what_is_not_a_record(browser):
    importer = browser()
    assert "not valid JSON" in _upload(importer, "{nope").text
    assert _upload(importer, "{nope").status_code == 422
    bad_format = _upload(importer, json.dumps({"format": "other"}))
    assert bad_format.status_code == 422 and "format" in bad_format.text
    missing = importer.post("/import", {}, content_type="multipart/form-data")
    assert missing.status_code == 422 and "Choose a game record file" in missing.text
    binary = importer.post("/import", {"record": (io.BytesIO(b"\xff\xfe\x00"), "x.json")},
                           content_type="multipart/form-data")
    assert binary.status_code == 422
