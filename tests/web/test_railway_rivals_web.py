"""Railway Rivals through the web: the lobby, a phone per company, the accounts keeper."""

from __future__ import annotations

import html
import json

from referee.games.railway_rivals.game import GAME

IDS = ("p1", "p2", "p3")


def text(response) -> str:
    return html.unescape(response.text)


def act(who, game_id, action: dict, page: str = "phone", **extra):
    return who.act(game_id, json=json.dumps(action), page=page, **extra)


def seated(browser, **fields):
    banker, ann, bob, cy = browser(), browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="railway_rivals", map="austria",
                                 **fields)
    link = banker.join_link(game_id)
    for phone, pid in zip((ann, bob, cy), IDS, strict=True):
        assert phone.join(link, pid).status_code == 303
    return banker, ann, bob, cy, game_id


def test_the_lobby_lists_the_game_with_the_austria_map(client):
    assert "Railway Rivals" in client.get("/").text
    page = client.get("/new/options?game=railway_rivals", headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "Austria (Dampfross Österreich)" in text(page)
    assert "Tournament rules (C2)" in text(page)


def test_a_game_made_in_the_lobby_keeps_its_edition_and_variants(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy", "Dee"], game="railway_rivals",
                                 map="austria", edition="dampfross", variant="tournament")
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    assert record["map"] == "austria"
    assert record["settings"]["edition"] == "dampfross"
    assert record["settings"]["variants"] == ["tournament"]
    rules = GAME.rules_for(record)
    assert rules.settings.tournament and rules.settings.first_town == 6
    assert rules.settings.target(4) == 225


def test_phones_act_only_for_their_company_and_when_it_may(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    # start towns are named in any order: every company may act
    assert act(cy, game_id, {"type": "start_town", "company": "p3", "town": "Graz"}
               ).status_code == 303
    refused = act(bob, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    assert refused.status_code == 403
    act(ann, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    act(bob, game_id, {"type": "start_town", "company": "p2", "town": "Linz"})
    # building: only Ann (seat order) builds now
    refused = act(bob, game_id, {"type": "build_throw", "company": "p2", "die": 4})
    assert refused.status_code == 403 and "Ann is to act" in text(refused)
    assert act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 4}
               ).status_code == 303
    # corrections are the accounts keeper's alone
    fix = {"type": "correction", "company": "p1", "amount": 3, "reason": "miscounted"}
    assert act(ann, game_id, fix).status_code == 403
    assert act(banker, game_id, fix, page="banker").status_code == 303
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    state = GAME.rules_for(record)  # the record replays through the contract
    assert state.map.name.startswith("Austria")
