"""The board at a glance on the table view, the route planner page and the hints on a phone."""

from __future__ import annotations

import html
import json
import re

import pytest


@pytest.fixture
def us_game(browser):
    """A classic game on the US map: (banker, Ann's phone, Bob's phone, game id), homes rolled."""
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303
    return banker, ann, bob, game_id


def test_the_table_view_draws_the_board(us_game):
    banker, ann, _bob, game_id = us_game
    page = ann.get(f"/g/{game_id}/table")
    assert page.status_code == 200
    text = page.text
    assert 'aria-label="The board at a glance' in text
    assert text.count('class="rbb-rail') == 28
    assert ">Chicago</text>" in text


def test_a_phone_plans_a_route(us_game):
    _banker, ann, _bob, game_id = us_game
    page = ann.get(f"/g/{game_id}/railbaron/routes?from=chicago&to=Washington")
    assert page.status_code == 200, page.text
    text = page.text
    assert "Chicago to Washington: 10 mileposts at the fewest" in text
    assert "Fewest mileposts" in text and "Least in use fees" in text
    assert "about 2 turns" in text
    assert 'class="rbb-route"' in text  # the route picked is drawn on the board


def test_the_routes_tab_is_on_the_game_pages(us_game):
    _banker, ann, _bob, game_id = us_game
    assert f'href="/g/{game_id}/railbaron/routes"' in ann.get(f"/g/{game_id}/me").text


@pytest.mark.parametrize("query", ["?from=Atlantis&to=Boston", "?from=Boston&to=Boston",
                                   "?from=Boston&to=Miami&for=nobody&pick=99&focus=XX&rr=%3C"])
def test_bad_route_questions_get_a_page_not_an_error(us_game, query):
    _banker, ann, _bob, game_id = us_game
    page = ann.get(f"/g/{game_id}/railbaron/routes{query}")
    assert page.status_code == 200
    assert "<script>" not in page.text.split("</head>")[1]


def test_a_stranger_may_not_plan_in_a_game(us_game, browser):
    _banker, _ann, _bob, game_id = us_game
    assert browser().get(f"/g/{game_id}/railbaron/routes").status_code == 403


# -- the movement step and the rover, with hints from the rails ----------------------------


def _replay_on_the_web(banker, game_id, table) -> None:
    """Post every action a `play(...)` table took, in order, from the banker console."""
    for action in table.game.log:
        response = banker.act(game_id, json=json.dumps(action))
        assert response.status_code == 303, (action, response.text[-400:])


def _us_table():
    from tests.railbaron.play import play

    return play(players=("p1", "p2"), board="us", settings={"edition": "modern"})


def test_the_movement_step_offers_the_likely_railroads_first_none_chosen(us_game):
    banker, ann, _bob, game_id = us_game
    t = _us_table().set_up("p1", homes=["Chattanooga", "Boston"]).go_to("Tampa").roll(1, 2)
    _replay_on_the_web(banker, game_id, t)
    phone = ann.get(f"/g/{game_id}/me").text
    assert "Likely from Chattanooga to Tampa (a hint)" in phone
    likely = [html.unescape(rr) for rr in re.findall(r'data-likely="([^"]+)"', phone)]
    assert likely and set(likely) <= set(t.board.railroads)
    # every railroad of the shortest route is among them, and nothing is chosen yet
    from referee.games.railbaron.route_planner import plan_cities

    shortest = plan_cities(t.board.route_graph, "Chattanooga", "Tampa")
    assert set(shortest.railroads) <= set(likely)
    assert 'aria-pressed="true"' not in phone
    # a stop in a city lists the railroads serving it, from the rails
    ridden = ann.get(f"/g/{game_id}/me?s={banker.seq(game_id)}&rr=SOU").text
    assert "Atlanta (ACL, L&amp;N, SAL, SOU)" in ridden


def test_the_rover_panel_says_whether_the_declared_train_is_within_reach(us_game):
    banker, ann, _bob, game_id = us_game
    t = _us_table().set_up("p1", homes=["Chicago", "Omaha"])
    t.trip("Milwaukee", "C&NW").trip("Des Moines", "CRI&P").trip("Chicago", "C&NW")
    t.adjust("p2", 200_000).declare().go_to("Miami")
    t.roll(1, 2).stop("CRI&P", city="Kansas City").end_turn()
    t.go_to("Boston").roll(1, 2)
    _replay_on_the_web(banker, game_id, t)
    phone = ann.get(f"/g/{game_id}/me").text
    assert ("Bob at Kansas City is 5 mileposts from Chicago by the traced rails: out of reach "
            "of 3, probably.") in phone
    assert "Rover Bob" in phone  # the hint never takes the choice away
    _replay_on_the_web(banker, game_id, _Just({"type": "undo"}))
    _replay_on_the_web(banker, game_id, _Just({"type": "roll_move", "player": "p1",
                                                "white": [3, 3]}))
    phone = ann.get(f"/g/{game_id}/me").text
    assert ("Hint: Bob at Kansas City is within reach: 5 mileposts from Chicago by the traced "
            "rails, the roll is 6.") in phone


class _Just:
    """One action to post, shaped like a table's log."""

    def __init__(self, action: dict) -> None:
        self.game = type("Log", (), {"log": [action]})


# -- a map without rails, and the drawing itself --------------------------------------------


def test_a_map_without_rails_shows_no_routes_and_no_board(app, browser):
    import shutil
    from pathlib import Path

    tiny = Path(__file__).resolve().parents[1] / "fixtures" / "maps" / "tiny"
    shutil.copytree(tiny, Path(app.instance_path) / "maps" / "tiny")
    banker, ann = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="tiny")
    assert ann.join(banker.join_link(game_id), "p1").status_code == 303
    for page in ("me", "table"):
        text = ann.get(f"/g/{game_id}/{page}").text
        assert "/routes" not in text and "The board at a glance" not in text
    assert "has no traced rails" in ann.get(f"/g/{game_id}/railbaron/routes").text


def test_the_board_colours_each_railroad_by_its_owner():
    import dataclasses

    from referee.web.games.railbaron.board import BANK_GREY, picture
    from tests.railbaron.play import play

    t = play(board="us", settings={"edition": "modern"})
    board = t.board
    board.railroads = {**board.railroads, "RF&P": dataclasses.replace(
        board.railroads["RF&P"], public=True)}  # as if the RF&P were Public
    t.state.owners["B&O"] = "blue"
    t.state.players["red"].declared = True
    t.state.players["red"].home = "Denver"
    t.state.players["blue"].destination = "Miami"
    svg = str(picture(board, board.route_graph, t.state, {"blue": "#1f5fbf", "red": "#c0392b"},
                      {"blue": "Blue", "red": "Red"}, rail="B&O").svg)

    def line(rr: str) -> str:
        return re.search(rf'data-rr="{re.escape(html.escape(rr))}">.*?<path class="rbb-line'
                         rf'([^"]*)" stroke="([^"]+)"', svg).groups()

    assert line("B&O") == ("", "#1f5fbf")
    assert line("NYC") == ("", BANK_GREY)
    assert line("RF&P") == (" rbb-dash", BANK_GREY)
    assert "<title>Red&#39;s home (declared)</title>" in svg and 'stroke="#ffd400"' in svg
    assert "<title>Blue&#39;s destination</title>" in svg
    assert 'class="rbb-rail rbb-picked"' in svg and "rbb-faded" in svg


def test_the_city_names_of_the_us_board_do_not_overlap():
    """Indianapolis, Columbus and Cincinnati (and every other name) each read on their own:
    the names' boxes on the whole map, as wide as their letters, share no area."""
    from referee.web.games.railbaron.board import FONT, _drawing, _label_places, _overlap
    from tests.railbaron.play import play

    graph = play(board="us", settings={"edition": "modern"}).board.route_graph
    _proj, pos, _paths, _dots = _drawing(graph)
    for font in (FONT,):
        boxes = {}
        for nid, (_x, _y, anchor, lx, ly) in _label_places(graph, pos, font).items():
            width = 0.6 * font * len(graph.nodes[nid].city)
            left = lx - width if anchor == "end" else lx
            boxes[graph.nodes[nid].city] = (left, ly - 0.75 * font, left + width, ly + 0.2 * font)
        names = sorted(boxes)
        clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                   if _overlap(boxes[a], boxes[b]) > 0]
        assert clashes == [], (font, clashes)
