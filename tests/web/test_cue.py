""""Your turn" and "your bid": a banner on every page of the seat to act, with a way to its move."""

from __future__ import annotations

import pytest

from referee.games import registry
from tests.web.test_prairie_railroads_web import DECK
from tests.web.test_railbaron_turn import live


@pytest.fixture
def toy(app) -> str:
    meta = registry.register("tests.toy_game")
    yield meta.key
    registry.GAMES.pop(meta.key)
    registry.PACKAGES.pop(meta.key)


def seated(browser, game: str, names=("Ann", "Bob"), **fields):
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(list(names), game=game, **fields)
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303
    return banker, ann, bob, game_id


def test_the_seat_to_act_sees_your_turn_on_every_page_and_the_others_do_not(toy, browser):
    banker, ann, bob, game_id = seated(browser, toy)
    for page in ("me", "history", "table"):
        html = ann.get(f"/g/{game_id}/{page}").text
        assert 'data-cue="turn"' in html and "Your turn" in live(html), page
        assert 'data-cue' not in bob.get(f"/g/{game_id}/{page}").text.replace("data-cue-key", "")
    history = ann.get(f"/g/{game_id}/history").text
    assert f'class="button cue-go" href="/g/{game_id}/me"' in history
    assert "Take your turn" in history
    assert "Sound on my turn: off" in history  # the switch, off until the seat turns it on
    assert '<script src="/static/cue.' in history
    assert "data-cue=" not in banker.get(f"/g/{game_id}/banker").text  # the banker has no seat
    assert ann.act(game_id, type="roll", player="p1", **{"die:int": "2"}).status_code == 303
    assert 'data-cue="turn"' in bob.get(f"/g/{game_id}/history").text  # now it is Bob's
    assert 'data-cue="turn"' not in ann.get(f"/g/{game_id}/history").text


def test_a_bid_is_cued_as_your_bid(app, browser):
    banker, ann, bob, game_id = seated(browser, "prairie_railroads", ("Ann", "Bob", "Cy"), **DECK)
    assert "data-cue=" not in ann.get(f"/g/{game_id}/history").text  # the banker rolls first
    assert banker.act(game_id, type="first_player", player="p1").status_code == 303
    pages = {pid: phone.get(f"/g/{game_id}/history").text
             for pid, phone in (("p1", ann), ("p2", bob))}
    bidding = [pid for pid, html in pages.items() if 'data-cue="bid"' in html]
    assert len(bidding) == 1  # whoever bids next, and only he
    assert "Your bid" in live(pages[bidding[0]]) and "Bid now" in pages[bidding[0]]
