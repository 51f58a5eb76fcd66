"""Rail Baron through the web: a game on a shipped map, actions from the banker and a phone."""

from __future__ import annotations

import json

import pytest

from referee.games.registry import GAMES

pytest.importorskip("referee.games.railbaron")
pytest.importorskip("referee.tables")


@pytest.fixture
def railbaron_table(browser):
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(
        ["Ann", "Bob"], game="railbaron", map="us", edition="classic", variant="short_game"
    )
    link = banker.join_link(game_id)
    ann.join(link, "p1")
    bob.join(link, "p2")
    return banker, ann, bob, game_id


def test_the_lobby_offers_rail_baron_with_its_maps_and_variants(client):
    text = client.get("/").text
    assert GAMES["railbaron"].title in text
    assert 'name="map"' in text and 'value="us"' in text
    assert 'value="short_game"' in text and 'value="classic"' in text


def test_a_rail_baron_game_is_created_with_its_settings(railbaron_table):
    banker, _ann, _bob, game_id = railbaron_table
    record = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert record["map"] == "us"
    assert record["settings"] == {"banker": "", "edition": "classic", "variants": ["short_game"]}


def test_cash_shows_on_the_banker_console_and_to_its_owner_only(railbaron_table):
    banker, ann, _bob, game_id = railbaron_table
    console = banker.get(f"/g/{game_id}/banker").text
    assert console.count("$20,000") == 2
    phone = ann.get(f"/g/{game_id}/me").text
    assert phone.count("$20,000") == 1  # her own; Bob's is under $150,000, so hidden
    table = banker.get(f"/g/{game_id}/table").text
    assert "$20,000" not in table


def test_banker_and_phone_play_the_opening(app, railbaron_table):
    banker, ann, bob, game_id = railbaron_table
    rolls = {"type": "roll_for_first_player", "rolls": {"p1": [6, 5, 4], "p2": [1, 2, 3]}}
    assert ann.act(game_id, json=json.dumps(rolls)).status_code == 403  # no seat: banker's job
    assert banker.act(game_id, json=json.dumps(rolls)).status_code == 303
    assert bob.act(game_id, type="roll_region", player="p1",
                   **{"dice:int": "1"}).status_code == 403
    response = ann.post(f"/g/{game_id}/act", {
        "seq": "1", "type": "roll_region", "player": "p1", "page": "phone",
    } | {"csrf_token": ann.token()}, htmx=True)
    # without dice the rules refuse, and say why, beside the phone's form
    assert response.status_code == 422
    ok = ann.post(f"/g/{game_id}/act", {
        "seq": "1", "type": "roll_region", "player": "p1", "dice:int": ["3", "3", "4"],
    })
    assert ok.status_code == 303, ok.text
    exported = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert exported["actions"][-1] == {"type": "roll_region", "player": "p1", "dice": [3, 3, 4]}
