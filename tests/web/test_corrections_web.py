"""The banker corrects a typed fact from the console, with a reason: a Prairie city's income and
growth city, the draw deck, and any game's player names; later figures follow."""

from __future__ import annotations

import json
import re

from tests.web.test_prairie_railroads_web import act, seated, text
from tests.web.test_railbaron_turn import (  # noqa: F401
    Page,
    live,
    make_table,
    press,
    tap,
    tiny_app,
)


def test_a_prairie_income_and_deck_are_corrected_from_the_console(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    act(ann, game_id, {"type": "bid", "player": "p1"}, **{"amount:int": "12"})
    act(bob, game_id, {"type": "pass", "player": "p2"})
    act(cy, game_id, {"type": "pass", "player": "p3"})
    act(ann, game_id, {"type": "first_build", "player": "p1", "from": "Troy", "to": "Marysville",
                       "to_income": "2"})
    console = banker.get(f"/g/{game_id}/banker").text
    assert "Correct what was typed" in console and "Marysville ($2)" in console
    answer = press(banker, console, "Correct the income",
                   choose={"city": "Marysville ($2)"},
                   fill={"income:int": "3", "reason": "the board says $3"})
    assert answer.status_code == 303
    page = text(banker.get(f"/g/{game_id}/banker"))
    assert "The banker corrects Marysville's income from $2 to $3: the board says $3." in page
    assert "The CRIP's Income is now $3." in page
    refused = press(banker, banker.get(f"/g/{game_id}/banker").text, "Correct the deck",
                    fill={"reason": ""})
    assert refused.status_code == 422, re.findall(r"failure[^>]*>([^<]*)", refused.text)
    assert "Say why" in text(refused)
    fixed = press(banker, banker.get(f"/g/{game_id}/banker").text, "Correct the deck",
                  fill={"deck.PD:int": "3", "reason": "counted again"})
    assert fixed.status_code == 303
    assert "The banker corrects the draw deck to 0 OS, 0 CT, 3 PD" not in text(
        banker.get(f"/g/{game_id}/history"))
    assert "draw deck to 1 OS, 1 CT, 3 PD: counted again." in text(
        banker.get(f"/g/{game_id}/history"))
    assert act(ann, game_id, {"type": "correct_deck", "deck": {"PD": 1, "OS": 1, "CT": 1},
                              "reason": "x"}).status_code == 403  # the banker's alone


def test_any_game_corrects_a_name_and_every_page_follows(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    console = rb.page(rb.banker)
    answer = press(rb.banker, console, "Correct the name", choose={"player": "Ann"},
                   fill={"name": "  Anne  ", "reason": "spelled wrong"})
    assert answer.status_code == 303
    for who in (rb.banker, rb.ann, rb.bob):
        assert "Anne" in live(rb.page(who))
    assert "The banker corrects Ann's name to Anne: spelled wrong." in live(
        rb.banker.get(f"/g/{rb.game_id}/history").text)
    # a name that looks like another's is refused where it came from
    lookalike = press(rb.banker, rb.page(rb.banker), "Correct the name",
                      choose={"player": "Anne"}, fill={"name": "B\u043eb", "reason": "x"})
    assert lookalike.status_code == 422 and "looks the same" in live(lookalike.text)
    # undo takes the correction back like any other action
    assert press(rb.banker, rb.page(rb.banker), "Yes, take it back").status_code == 303
    assert "Anne" not in live(rb.page(rb.ann))


def test_the_counter_game_takes_a_name_correction_through_the_engine(app, table):
    banker, ann, _bob, game_id = table
    answer = banker.act(game_id, type="rename_player", player="p2", name="Robert",
                        reason="his full name")
    assert answer.status_code == 303
    assert "Robert" in live(ann.get(f"/g/{game_id}/table").text)
    record = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert record["actions"][-1]["type"] == "rename_player"
    assert record["players"][1]["name"] == "Bob"  # the record keeps what was typed, the log fixes
    assert Page(banker.get(f"/g/{game_id}/banker").text).find("Correct the name")


def test_a_growth_city_that_reads_like_a_known_one_asks_before_it_becomes_a_city(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    act(ann, game_id, {"type": "bid", "player": "p1"}, **{"amount:int": "12"})
    act(bob, game_id, {"type": "pass", "player": "p2"})
    act(cy, game_id, {"type": "pass", "player": "p3"})
    act(ann, game_id, {"type": "first_build", "player": "p1", "from": "Troy", "to": "Marysville",
                       "to_income": "2"})
    for frm, to in (("Atchison", "Topeka"), ("Leavenworth", "Easton"), ("Paola", "Osawatomie"),
                    ("Girard", "Pittsburg"), ("Troy", "Whiting")):  # ATSF, KP, MKT, SLSF, MP
        for pid, phone in (("p1", ann), ("p2", bob), ("p3", cy)):
            act(phone, game_id, {"type": "pass", "player": pid})
        act(ann, game_id, {"type": "first_build", "player": "p1", "from": frm, "to": to,
                           "to_income": "1"})
    act(ann, game_id, {"type": "play_card", "player": "p1", "card": "CT", "source": "hand"})
    refused = act(ann, game_id, {"type": "growth", "player": "p1", "dice": [2, 3],
                                 "city": "Marysvile"})
    assert refused.status_code == 422
    assert "did you mean Marysville?" in text(refused)
    # the phone records the roll, then asks the city from the game's own; a misspelt one is
    # refused with the known name, and a city new to the game is confirmed once
    page = ann.get(f"/g/{game_id}/me").text
    page = tap(ann, page, die="tens", face="2")
    page = tap(ann, page, die="units", face="3")
    assert act(ann, game_id, {"type": "growth", "player": "p1", "dice": [2, 3],
                              "read_chart": "yes"}).status_code == 303
    page = ann.get(f"/g/{game_id}/me").text
    assert 'name="new_city" value="yes"' in page  # the phone may confirm a new city
    refused = act(ann, game_id, {"type": "grow_city", "player": "p1", "city": "Marysvile"})
    assert refused.status_code == 422
    assert "did you mean Marysville?" in text(refused)
    grown = act(ann, game_id, {"type": "grow_city", "player": "p1", "city": "Marysvile",
                               "new_city": "yes"})
    assert grown.status_code == 303
    assert "Marysvile grows." in text(banker.get(f"/g/{game_id}/history"))
