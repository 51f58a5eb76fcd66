"""Taps that record money are deliberate: they name the amount, an arrival out of reach of the
roll is a rare choice asked once, and a bonus town is chosen, never defaulted."""

from __future__ import annotations

import json
import re

from referee.games.railbaron.charts.lookup import payoff
from tests.web.test_railbaron_board import _replay_on_the_web, _us_table, us_game  # noqa: F401
from tests.web.test_railbaron_turn import Page, live, press


def test_an_arrival_out_of_reach_of_the_roll_is_a_rare_choice_asked_once(us_game):  # noqa: F811
    banker, ann, _bob, game_id = us_game
    t = _us_table().set_up("p1", homes=["Chattanooga", "Boston"]).go_to("Tampa").roll(1, 2)
    _replay_on_the_web(banker, game_id, t)
    html = ann.get(f"/g/{game_id}/me?s={banker.seq(game_id)}&rr=SOU").text
    pays = payoff(t.board, "Chattanooga", "Tampa").amount
    assert pays
    outcomes = html[html.index('class="rb-outcomes"'):]
    # the usual move stays the filled button; the unlikely arrival is quiet and asks first
    assert re.search(r'<button type="submit" class="big">Stop at a milepost</button>', outcomes)
    rare = re.search(r'<details class="confirm rare-confirm rb-confirm">\s*'
                     r'<summary class="([^"]+)">(.*?)</summary>\s*<p[^>]*>(.*?)</p>', outcomes,
                     re.S)
    assert rare, outcomes[:1500]
    assert "secondary" in rare.group(1) and "rare" in rare.group(1)
    said = " ".join(re.sub(r"<[^>]+>", " ", rare.group(2)).split())
    assert said == f"Arrived at Tampa +${pays:,}"
    assert "the roll is 3" in rare.group(3)
    assert f"Yes: Arrived at Tampa +${pays:,}" in Page(html).buttons()
    response = press(ann, html, "Yes: Arrived at Tampa")
    assert response.status_code == 303
    assert f"${pays:,}" in live(ann.get(f"/g/{game_id}/history").text)  # it was recorded


def test_an_arrival_within_the_roll_is_the_usual_button_naming_its_payoff(us_game):  # noqa: F811
    banker, ann, _bob, game_id = us_game
    t = _us_table().set_up("p1", homes=["Chattanooga", "Boston"]).go_to("Atlanta").roll(6, 6)
    _replay_on_the_web(banker, game_id, t)
    html = ann.get(f"/g/{game_id}/me?s={banker.seq(game_id)}&rr=SOU").text
    pays = payoff(t.board, "Chattanooga", "Atlanta").amount
    assert "rare-confirm" not in html
    assert f"Arrived at Atlanta +${pays:,}" in Page(html).buttons()


def test_rovering_names_the_fee(us_game):  # noqa: F811
    banker, ann, _bob, game_id = us_game
    t = _us_table().set_up("p1", homes=["Chicago", "Omaha"])
    t.trip("Milwaukee", "C&NW").trip("Des Moines", "CRI&P").trip("Chicago", "C&NW")
    t.adjust("p2", 200_000).declare().go_to("Miami")
    t.roll(1, 2).stop("CRI&P", city="Kansas City").end_turn()
    t.go_to("Boston").roll(3, 3)
    _replay_on_the_web(banker, game_id, t)
    buttons = Page(ann.get(f"/g/{game_id}/me").text).buttons()
    assert "Rover Bob +$50,000" in buttons


def rivals_building(browser):
    """A Railway Rivals game on the shipped map with Ann building after her throw."""
    banker, ann, bob, cy = browser(), browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="railway_rivals", map="austria")
    link = banker.join_link(game_id)
    for who, pid in ((ann, "p1"), (bob, "p2"), (cy, "p3")):
        assert who.join(link, pid).status_code == 303
    for who, pid, town in ((ann, "p1", "Wien"), (bob, "p2", "Linz"), (cy, "p3", "Graz")):
        response = who.act(game_id, json=json.dumps({"type": "start_town", "company": pid,
                                                     "town": town}), page="phone")
        assert response.status_code == 303, response.text[-300:]
    ann.act(game_id, json=json.dumps({"type": "build_throw", "company": "p1", "die": 5}))
    return banker, ann, game_id


def test_first_into_a_town_is_a_rare_choice_whose_town_is_chosen(browser):
    banker, ann, game_id = rivals_building(browser)
    html = ann.get(f"/g/{game_id}/me").text
    form = html[html.index('class="act rr-row rr-first"'):]
    form = form[:form.index("</form>")]
    select = form[form.index("<select"):form.index("</select>")]
    options = re.findall(r"<option([^>]*)>([^<]*)</option>", select)
    assert options[0] == (' value="" selected', "Choose the town reached first…")
    assert all("selected" not in attrs for attrs, _ in options[1:])  # no town by default
    button = re.search(r'<button type="submit" class="([^"]+)">(.*?)</button>', form, re.S)
    assert "rare" in button.group(1) and "secondary" in button.group(1)
    assert " ".join(re.sub(r"<[^>]+>", " ", button.group(2)).split()) == \
        "First into this town +5 units"
    end = re.search(r'<button type="submit" class="([^"]+)">End my turn', html)
    assert end and "rare" not in end.group(1) and "secondary" not in end.group(1)
    # a form sent without a town records nothing
    refused = ann.act(game_id, type="reached_town", company="p1", town="", page="phone")
    assert refused.status_code == 422
    assert [a["type"] for a in _actions(banker, game_id)][-1] == "build_throw"


def _actions(banker, game_id):
    return json.loads(banker.get(f"/g/{game_id}/export.json").text)["actions"]
