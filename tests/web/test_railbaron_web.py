"""Rail Baron through the web: a game on a shipped map, actions from the banker and a phone."""

from __future__ import annotations

import json

import pytest

from referee.games.registry import GAMES

pytest.importorskip("referee.games.railbaron")
pytest.importorskip("referee.games.railbaron.charts")


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
    assert record["settings"] == {
        "banker": "", "edition": "classic", "variants": ["short_game"],
        # the lobby writes the edition's own rules into the record (docs/railbaron-actions.md)
        "establishment": "one_railroad", "undeclare": "any_drop", "home_swap": True,
    }


def test_the_lobby_offers_the_editions_own_rules_saying_where_they_come_from(client):
    text = client.get("/new/options?game=railbaron", headers={"HX-Request": "true"}).text
    assert "<legend>The editions' own rules</legend>" in text
    for name in ("rb_establishment", "rb_undeclare", "rb_home_swap"):
        assert f'name="{name}"' in text
    assert "Classic: on the railroad whose fee rose, kept riding it and no other" in text
    assert "Classic: whenever his cash drops below $200,000" in text
    assert "Played (modern rulebook; the classic summary does not mention it)" in text


@pytest.mark.parametrize("edition, fields, expected", [
    ("modern", {}, {"establishment": "every_railroad", "undeclare": "use_fees",
                    "home_swap": True}),
    ("classic", {"rb_establishment": "every_railroad", "rb_home_swap": "false"},
     {"establishment": "every_railroad", "undeclare": "any_drop", "home_swap": False}),
    ("modern", {"rb_undeclare": "any_drop"},
     {"establishment": "every_railroad", "undeclare": "any_drop", "home_swap": True}),
])
def test_a_table_chooses_the_editions_rules_in_the_lobby(browser, edition, fields, expected):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition=edition,
                                 **fields)
    settings = json.loads(banker.get(f"/g/{game_id}/export.json").text)["settings"]
    assert {k: settings[k] for k in expected} == expected


def test_an_unknown_choice_of_the_editions_rules_is_sent_back(browser):
    response = browser().post("/new", {
        "game": "railbaron", "map": "us", "edition": "classic", "banker": "",
        "rb_establishment": "half",
        "name_1": "Ann", "colour_1": "#d62828", "seat_1": "1",
        "name_2": "Bob", "colour_2": "#1d4ed8", "seat_2": "2",
    })
    assert response.status_code == 422
    assert "Establishment: choose one of the options." in response.text


def test_cash_shows_on_the_banker_console_and_to_its_owner_only(railbaron_table):
    banker, ann, _bob, game_id = railbaron_table
    console = banker.get(f"/g/{game_id}/banker").text
    assert console.count("$20,000") == 2
    phone = ann.get(f"/g/{game_id}/me").text
    assert phone.count("$20,000") == 1  # her own; Bob's is under $150,000, so hidden
    table = banker.get(f"/g/{game_id}/table").text
    # the table shows no one's cash under $150,000 (the starting cash is a rule, said once)
    assert table.count("$20,000") == table.count("starts with $20,000")


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


def test_the_phones_guide_the_opening_on_the_us_map(railbaron_table):
    banker, ann, bob, game_id = railbaron_table
    rolls = {"type": "roll_for_first_player", "rolls": {"p1": [6, 5, 4], "p2": [1, 2, 3]}}
    assert "Roll for everyone" in banker.get(f"/g/{game_id}/banker").text
    assert "Roll for everyone" not in ann.get(f"/g/{game_id}/me").text
    assert banker.act(game_id, json=json.dumps(rolls)).status_code == 303
    ann_phone = ann.get(f"/g/{game_id}/me").text
    assert "Roll for me" in ann_phone and 'data-die="red"' in ann_phone
    bob_phone = bob.get(f"/g/{game_id}/me").text
    assert "Roll for me" not in bob_phone and 'data-die="red"' not in bob_phone
    assert "Ann is rolling for the region of the home city." in bob_phone
    console = banker.get(f"/g/{game_id}/banker").text
    assert "To act: Ann" in console and "Roll for me" in console
    roll = {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]}  # odd 3: Southeast
    assert banker.act(game_id, json=json.dumps(roll)).status_code == 303
    bob_phone = bob.get(f"/g/{game_id}/me").text
    assert "Ann is rolling for the home city." in bob_phone  # never "the city of the home city"
    assert "city of the" not in bob_phone


def test_the_us_map_shows_payoffs_chart_notes_and_railroad_colours(railbaron_table):
    banker, ann, bob, game_id = railbaron_table
    for action in (
        {"type": "roll_for_first_player", "rolls": {"p1": [6, 5, 4], "p2": [1, 2, 3]}},
        {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]},  # odd 3: Southeast
        {"type": "roll_city", "player": "p1", "dice": [1, 1, 3]},  # Southeast odd 4
        {"type": "roll_region", "player": "p2", "dice": [1, 4, 4]},  # odd 8: Northeast
        {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Northeast odd 2
        {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]},  # the Southeast again
        {"type": "choose_region", "player": "p1", "region": "SE"},
        {"type": "roll_city", "player": "p1", "dice": [2, 4, 5]},  # Southeast even 9
    ):
        assert banker.act(game_id, json=json.dumps(action)).status_code == 303, action
    phone = ann.get(f"/g/{game_id}/me").text
    assert "Home</dt><dd>Chattanooga" in phone
    assert "<strong>Tampa</strong>" in phone and "$2,000</strong> from Chattanooga" in phone
    assert "Note: Suspect cell: every transcription reads $2,000" in phone
    assert "<strong>Tampa</strong>" in bob.get(f"/g/{game_id}/me").text  # destinations are public
    move = {"type": "roll_move", "player": "p1", "white": [1, 2]}
    assert banker.act(game_id, json=json.dumps(move)).status_code == 303
    phone = ann.get(f"/g/{game_id}/me").text
    # the railroads to tap carry the map's display colours, grouped by owner
    assert 'style="--rr: #c62828"' in phone and 'data-rr="SP"' in phone
    assert "Serving Chattanooga" in phone and 'data-owner="more"' in phone
