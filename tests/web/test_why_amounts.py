"""Why this number, for every other amount a page shows: a history line's amounts explain
themselves by the action's transfers (secret cash kept secret), and a derived figure (a fee to
pay, a dividend per share, a share value, a race's fees) by its parts and rule."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

import pytest

from referee.engine.record import read_record
from referee.games.prairie_railroads.economy import dividend_preview
from referee.games.railroad_barons.terms import worth
from referee.games.registry import replay
from tests.web.test_why import GAMES, amounts, imported, lines_text, midgame

FEES_DUE = 104  # railbaron_game_1 cut here: Green ends his turn owing Red $1,000, established


def links(page: str, kind: str) -> list[str]:
    """The plain hrefs of the explanation links of one kind ("action", "figure") on a page."""
    return [html.unescape(h) for h in re.findall(rf'href="(/g/[^"]+/why/{kind}/[^"]+)"', page)]


def total(page: str) -> int:
    found = re.search(r'data-total="(-?\d+)"', page)
    assert found, page
    return int(found.group(1))


@pytest.fixture
def fees_due(browser):
    record = midgame(until=FEES_DUE)
    banker, game_id, link = imported(browser, record)
    phones = {}
    for pid in ("blue", "red", "green"):
        phones[pid] = browser()
        assert phones[pid].join(link, pid).status_code == 303
    return banker, game_id, phones, record


def test_a_history_line_explains_its_amounts_by_the_actions_transfers(fees_due):
    banker, game_id, phones, record = fees_due
    page = banker.get(f"/g/{game_id}/history").text
    found = links(page, "action")
    assert found and all("hx-get" in page for _ in found[:1])
    state = replay(record)
    moved = {f.position: sum(t.amount for t in f.transfers) for f in state.frames
             if f.transfers and f.position >= 0}
    for href in found[:10]:
        seq = int(re.search(r"/why/action/(\d+)", href).group(1))
        shown = banker.get(href).text  # the banker apart sees every transfer
        assert sum(amounts(shown)) == moved[seq], href
        assert "Rule: " in shown and "<html" in shown  # a page of its own, without JavaScript
    fragment = banker.get(found[0], headers={"HX-Request": "true"}).text
    assert "<html" not in fragment and 'class="why-box"' in fragment


@pytest.mark.parametrize("asker", ["red", "table"])
def test_a_history_line_shows_another_seat_no_transfer_of_anothers_secret_cash(fees_due,
                                                                               browser, asker):
    banker, game_id, phones, record = fees_due
    if asker == "table":
        person = browser()
        key = banker.join_link(game_id).split("k=", 1)[1]
        assert person.post(f"/g/{game_id}/watch", {"k": key}).status_code == 303
        fees = [f.position for f in replay(record).frames
                if any(t.kind == "use_fee" for t in f.transfers)]
        seq_pages = [person.get(f"/g/{game_id}/why/action/{seq}?page=table").text
                     for seq in fees]
    else:
        person = phones["red"]
        page = person.get(f"/g/{game_id}/history").text
        seq_pages = [person.get(href).text for href in links(page, "action")[:30]]
    assert seq_pages
    for shown in seq_pages:
        for text in re.findall(r'<span class="why-text">(.*?)</span>', shown):
            text = html.unescape(text)
            assert "payoff" in text or (asker == "red" and "Red" in text), text


def test_a_players_own_purchase_is_explained_to_him_and_not_to_another_seat(fees_due):
    _banker, game_id, phones, record = fees_due
    state = replay(record)
    seq = next(f.position for f in state.frames
               if any(t.kind == "purchase" and t.source == "blue" for t in f.transfers))
    mine = phones["blue"].get(f"/g/{game_id}/why/action/{seq}?page=phone").text
    assert "Rule: PURCHASE" in mine and "Blue pays the bank" in lines_text(mine)
    theirs = phones["red"].get(f"/g/{game_id}/why/action/{seq}?page=phone").text
    assert "Blue pays the bank" not in lines_text(theirs)
    assert "No money that you may see moved" in theirs


def test_the_fees_to_pay_at_the_end_of_a_turn_explain_themselves(fees_due):
    banker, game_id, phones, _record = fees_due
    console = banker.get(f"/g/{game_id}/banker").text
    (href,) = {h for h in links(console, "figure") if "/fees/green" in h}
    shown = banker.get(href).text
    assert total(shown) == 1_000 == sum(amounts(shown))
    assert "Rule: USE FEES; ESTABLISHMENT" in shown
    assert ("to Red for the SOU (established: instead of $10,000; the rate before the sale of "
            "the SOU, since turn 2 at Charleston)") in html.unescape(shown)
    assert phones["red"].get(f"/g/{game_id}/why/figure/fees/red").status_code == 404  # not his turn


def test_a_trips_payoff_explains_itself_by_the_chart(fees_due):
    banker, game_id, phones, record = fees_due
    game = replay(record)
    console = banker.get(f"/g/{game_id}/banker").text
    found = [h for h in links(console, "figure") if "/payoff/" in h]
    assert found
    for href in found:
        shown = phones["red"].get(href).text  # public: read off the chart at the table
        start, end = unquote(href.split("/payoff/")[1].split("?")[0]).split("|")
        assert total(shown) == game.rules.board.payoff(start, end) > 0
        assert "Rule: ARRIVAL" in shown and "payoff chart" in shown
    assert banker.get(f"/g/{game_id}/why/figure/payoff/Nowhere|Atlantis").status_code == 404


def test_prairie_dividends_minimum_bids_and_payoffs_explain_themselves(browser):
    record = read_record(GAMES / "prairie_game_2.json")
    record = {**record, "actions": record["actions"][:60]}
    banker, game_id, link = imported(browser, record)
    state = replay(record).state
    table = banker.get(f"/g/{game_id}/table").text
    found = links(table, "figure")
    assert any("/dividend/" in h for h in found) and any("/minimum_bid/" in h for h in found)
    for key, rr in state.railroads.items():
        shown = banker.get(f"/g/{game_id}/why/figure/dividend/{key}?page=table").text
        assert total(shown) == -(-rr.income // 5) and "Rule: Pay Dividends" in shown
        shown = banker.get(f"/g/{game_id}/why/figure/minimum_bid/{key}?page=table").text
        assert total(shown) == rr.value // 5
        shown = banker.get(f"/g/{game_id}/why/figure/value/{key}?page=table").text
        assert total(shown) == rr.value == sum(amounts(shown))
        shown = banker.get(f"/g/{game_id}/why/figure/income/{key}?page=table").text
        assert total(shown) == rr.income == sum(amounts(shown))
    for pid, due in dividend_preview(state).items():
        shown = banker.get(f"/g/{game_id}/why/figure/next_dividends/{pid}?page=table").text
        assert total(shown) == due == sum(amounts(shown))
    shown = banker.get(f"/g/{game_id}/why/figure/western_cost/next").text
    assert total(shown) == sum(amounts(shown)) == 15 + 5 * state.western_count
    assert banker.get(f"/g/{game_id}/why/figure/dividend/NOPE").status_code == 404
    assert banker.get(f"/g/{game_id}/why/figure/nonsense/x").status_code == 404


def test_prairie_final_payoffs_and_values_add_up(browser):
    record = read_record(GAMES / "prairie_game_2.json")  # with a Western Build
    banker, game_id, _link = imported(browser, record)
    state = replay(record).state
    for pid in state.players:
        shown = banker.get(f"/g/{game_id}/why/figure/final/{pid}?page=table").text
        assert total(shown) == state.final.get(pid, 0) == sum(amounts(shown))
    western = next(rr for rr in state.railroads.values() if rr.western)
    shown = banker.get(f"/g/{game_id}/why/figure/value/{western.key}?page=table").text
    assert total(shown) == western.value == sum(amounts(shown)) and "Western Build" in shown


def test_a_holdings_share_value_and_a_players_worth_explain_themselves(browser):
    record = read_record(GAMES / "barons_game_1.json")
    banker, game_id, _link = imported(browser, record)
    game = replay(record)
    state, box = game.state, game.rules.box
    console = banker.get(f"/g/{game_id}/banker").text
    assert any("/share_value/" in h for h in links(console, "figure"))
    for key, h in state.holdings.items():
        if h.started:
            shown = banker.get(f"/g/{game_id}/why/figure/share_value/{key}").text
            assert total(shown) == box.track[h.space].value
            assert "started at par" in shown and "Rule: Calculate and Pay out Revenue" in shown
    for pid in state.players:
        shown = banker.get(f"/g/{game_id}/why/figure/worth/{pid}").text
        assert total(shown) == worth(box, state, pid) == sum(amounts(shown))


def test_a_races_fees_explain_themselves(browser):
    record = read_record(GAMES / "railway_rivals_game_1.json")
    record = {**record, "actions": record["actions"][:117]}
    banker, game_id, _link = imported(browser, record)
    state = replay(record).state
    race = state.race or state.races[-1]
    console = banker.get(f"/g/{game_id}/banker").text
    (href,) = [h for h in links(console, "figure") if "/race_fees/" in h]
    shown = banker.get(href).text
    fees = [e.amount for e in state.entries if e.kind == "race_fee" and e.race == race.number]
    assert total(shown) == sum(fees) == sum(amounts(shown)) and "Rule: B4" in shown
    assert "units" in lines_text(shown) or "units" in shown
