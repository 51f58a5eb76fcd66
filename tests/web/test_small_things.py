"""The small things: the join QR first, the bank as what it paid out, the record named after the
game, imports held to the lobby's limits, names isolated for right-to-left text, the lobby's
seats and deck counts, and Prairie's history and console in words."""

from __future__ import annotations

import io
import json
import re

from tests.web.test_prairie_railroads_web import DECK
from tests.web.test_railbaron_turn import live, make_table, tiny_app  # noqa: F401


def upload(person, body: bytes, name: str = "record.json"):
    return person.post("/import", {"record": (io.BytesIO(body), name)},
                       content_type="multipart/form-data")


def test_the_join_qr_comes_first_on_the_console_and_folds_once_every_seat_is_taken(browser):
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    console = banker.get(f"/g/{game_id}/banker").text
    assert console.index('class="qr"') < console.index('class="live"')
    assert '<details class="join-fold" open>' in console and "2 seats free" in console
    link = banker.join_link(game_id)
    ann.join(link, "p1")
    bob.join(link, "p2")
    console = banker.get(f"/g/{game_id}/banker").text
    assert '<details class="join-fold" >' in console and "Every seat is taken" in console


def test_the_bank_is_shown_as_what_it_has_paid_out(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    text = live(rb.page(rb.banker))
    assert "The bank has paid out $40,000 in all." in text  # two players' opening cash
    assert "Bank: −" not in text and "negative: paid out" not in text


def test_a_train_not_yet_placed_is_not_on_the_board_yet(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    text = live(rb.page(rb.banker))
    assert "not on the board yet" in text and "at not on the board yet" not in text


def test_the_record_is_named_after_the_game_and_carries_its_title(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"], title="Friday at Sam's: Zürich!")
    answer = banker.get(f"/g/{game_id}/export.json")
    disposition = answer.headers["Content-Disposition"]
    assert disposition == f'attachment; filename="referee-friday-at-sam-s-zurich-{game_id}.json"'
    record = json.loads(answer.text)
    assert record["title"] == "Friday at Sam's: Zürich!"
    copy = upload(browser(), answer.data, "anything.json")
    assert copy.status_code == 303
    assert "Friday at Sam&#39;s: Zürich! (imported)" in browser().get("/").text


def test_an_import_is_held_to_the_lobby_limits(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"])
    record = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    for change, message in (
        (lambda r: r["players"][0].__setitem__("name", "A" * 41), "longer than 40"),
        (lambda r: r.__setitem__("title", ["not", "text"]), "title must be text"),
        (lambda r: r["players"].extend({"id": f"x{i}", "name": f"X{i}"} for i in range(6)),
         "players"),
    ):
        changed = json.loads(json.dumps(record))
        change(changed)
        answer = upload(browser(), json.dumps(changed).encode())
        assert answer.status_code == 422 and message in answer.text, message
    long_title = {**record, "title": "T" * 300}
    assert upload(browser(), json.dumps(long_title).encode()).status_code == 303
    assert "T" * 69 + " (imported)" in browser().get("/").text


def test_names_are_isolated_for_right_to_left_text(browser):
    banker = browser()
    game_id = banker.create_game(["אבי", "Bob"])
    lobby = banker.get("/").text
    assert "<bdi>אבי</bdi>, <bdi>Bob</bdi>" in lobby
    console = banker.get(f"/g/{game_id}/banker").text
    assert "<bdi>אבי</bdi>" in console
    join = browser().get(banker.join_link(game_id)).text
    assert "<bdi>אבי</bdi>" in join


def test_the_lobby_offers_the_seats_the_game_allows_and_explains_the_deck(client):
    prairie = client.get("/new/options?game=prairie_railroads", headers={"HX-Request": "true"}).text
    assert len(re.findall(r'name="name_\d"', prairie)) == 5 and "Players (3 to 5)" in prairie
    assert "3 players 2 PD, 6 OS and 10 CT each" in prairie
    assert "5 players 1 PD, 4 OS and 6 CT each" in prairie
    whole = client.get("/?game=prairie_railroads").text
    assert len(re.findall(r'name="name_\d"', whole)) == 5
    assert 'id="game" name="game" autocomplete="off"' in whole  # a reload keeps game and rows one


def test_prairie_history_is_in_words_once_and_the_console_names_who_acts(app, browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="prairie_railroads", **DECK)
    console = live(banker.get(f"/g/{game_id}/banker").text)
    assert "To act: the banker" in console  # the starting player's roll is the banker's
    assert not re.search(r"To act:\s*(Roll|Who|$)", console)  # never "To act:" with no name
    assert banker.act(game_id, type="first_player", player="p1").status_code == 303
    console = banker.get(f"/g/{game_id}/banker").text
    assert re.search(r"To act: (Ann|Bob|Cy)", live(console))
    assert '<details class="raw-json" >' in console  # the JSON form folded away
    history = live(banker.get(f"/g/{game_id}/history").text)
    assert "first_player" not in history and "play_card" not in history
    assert history.count("Ann is the starting player.") == 1
