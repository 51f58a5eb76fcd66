"""Why this number, through the pages: a player's own cash explains itself line by line;
another seat, the table and a seated banker see only what ANNOUNCING lets them see."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games.registry import replay
from tests.test_refusals_keep_cash_secret import figure
from tests.web.test_imports import upload

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
UNTIL = 110  # a Rail Baron game part-way: every cash under $150,000


def midgame(name: str = "railbaron_game_1.json", until: int = UNTIL) -> dict:
    record = read_record(GAMES / name)
    return {**record, "actions": record["actions"][:until]}


def imported(browser, record: dict, banker_seat: str = ""):
    """(banker, game id, join link): the record imported; the importer is the banker."""
    if banker_seat:
        record = {**record, "settings": {**record["settings"], "banker": banker_seat}}
    banker = browser()
    response = upload(banker, json.dumps(record))
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    return banker, game_id, banker.join_link(game_id)


def amounts(page: str) -> list[int]:
    return [int(a) for a in re.findall(r'data-amount="(-?\d+)"', page)]


def lines_text(page: str) -> str:
    return html.unescape(" ".join(re.findall(r'<span class="why-text">(.*?)</span>', page)))


@pytest.fixture
def rail_baron(browser):
    record = midgame()
    banker, game_id, link = imported(browser, record)
    phones = {}
    for pid in ("blue", "red"):
        phones[pid] = browser()
        assert phones[pid].join(link, pid).status_code == 303
    cash = replay(record).state.ledger.balances
    assert all(cash[p] < 150_000 for p in ("blue", "red", "green"))
    return banker, game_id, phones, cash


def test_a_player_sees_every_line_of_his_cash_and_they_add_up(rail_baron):
    _banker, game_id, phones, cash = rail_baron
    page = phones["blue"].get(f"/g/{game_id}/why/blue?page=phone").text
    assert sum(amounts(page)) == cash["blue"]
    assert f'data-total="{cash["blue"]}"' in page
    assert "Rule: START" in page and "Rule: ARRIVAL" in page and "Rule: USE FEES" in page
    me = phones["blue"].get(f"/g/{game_id}/me").text
    assert f'href="/g/{game_id}/why/blue?page=phone"' in me  # the figure is a plain link
    assert 'hx-get="/g/' in me  # and htmx shows it in place
    fragment = phones["blue"].get(f"/g/{game_id}/why/blue?page=phone",
                                  headers={"HX-Request": "true"}).text
    assert "<html" not in fragment and 'class="why-box"' in fragment


@pytest.mark.parametrize("asker", ["red", "table", "seated banker"])
def test_others_never_see_a_line_that_reveals_a_secret_balance(rail_baron, browser, asker):
    banker, game_id, phones, cash = rail_baron
    if asker == "red":
        person, page_name = phones["red"], "phone"
    elif asker == "table":
        person = browser()
        key = banker.join_link(game_id).split("k=", 1)[1]
        assert person.post(f"/g/{game_id}/watch", {"k": key}).status_code == 303
        page_name = "table"
    else:
        seated, seated_id, link = imported(browser, midgame(), banker_seat="green")
        assert seated.join(link, "green").status_code == 303
        person, page_name, game_id = seated, "banker", seated_id
    viewer = "red" if asker == "red" else "green" if asker == "seated banker" else None
    for subject in ("blue", "red", "green"):
        if subject == viewer:
            continue
        page = person.get(f"/g/{game_id}/why/{subject}?page={page_name}").text
        assert "data-total" not in page and "The balance is secret." in page
        assert not figure(cash[subject]).search(lines_text(page)), (asker, subject)
        assert sum(amounts(page)) != cash[subject] or not amounts(page)
        for text in re.findall(r'<span class="why-text">(.*?)</span>', page):
            text = html.unescape(text)
            assert "payoff" in text or (viewer and viewer.capitalize() in text), text


def test_a_page_asked_for_is_only_one_the_browser_may_see(rail_baron):
    _banker, game_id, phones, cash = rail_baron
    page = phones["red"].get(f"/g/{game_id}/why/blue?page=banker").text  # not the banker
    assert "data-total" not in page
    assert phones["red"].get(f"/g/{game_id}/why/nobody").status_code == 404


def test_the_banker_apart_sees_every_line(rail_baron):
    banker, game_id, _phones, cash = rail_baron
    page = banker.get(f"/g/{game_id}/why/green?page=banker").text
    assert sum(amounts(page)) == cash["green"]


def test_a_stranger_sees_nothing(rail_baron, browser):
    _banker, game_id, _phones, _cash = rail_baron
    assert browser().get(f"/g/{game_id}/why/blue").status_code == 403


@pytest.mark.parametrize("name", ["prairie_game_1.json", "barons_game_1.json",
                                  "railway_rivals_game_1.json"])
def test_open_books_explain_every_player_and_treasury_to_anyone(browser, name):
    record = read_record(GAMES / name)
    banker, game_id, link = imported(browser, record)
    other = browser()
    assert other.join(link, record["players"][1]["id"]).status_code == 303
    balances = replay(record).state.ledger.balances
    accounts = [p["id"] for p in record["players"]] + [a for a in balances
                                                        if a.startswith("treasury:")]
    table = other.get(f"/g/{game_id}/table").text
    for account in accounts:
        page = other.get(f"/g/{game_id}/why/{account}?page=table").text
        assert sum(amounts(page)) == balances.get(account, 0), account
        assert f'data-total="{balances.get(account, 0)}"' in page
    assert "/why/" in table


def test_a_refusal_names_its_rule_on_the_page(rail_baron):
    banker, game_id, _phones, _cash = rail_baron
    response = banker.act(game_id, type="upgrade", player="blue", engine="superchief",
                          page="banker")
    assert response.status_code == 422
    assert re.search(r'class="failure" role="alert">[^<]+<span class="rule">Rule: PURCHASE',
                     response.text)
    response = banker.act(game_id, type="rover", player="blue", victim="red", page="banker")
    assert response.status_code == 422 and "Rule: ROVER PLAY" in response.text


def test_the_history_names_the_rule_of_an_automatic_effect(rail_baron):
    banker, game_id, _phones, _cash = rail_baron
    page = banker.get(f"/g/{game_id}/history").text
    assert 'Rule: ESTABLISHMENT' in page
