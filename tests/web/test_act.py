"""The action endpoint: who may act, stale pages, double taps, refusals and bad input."""

from __future__ import annotations

import json

import pytest

from referee.web.db import open_database


def stored_actions(app, game_id: str) -> list[dict]:
    db = open_database(app.config["DATABASE"])
    try:
        rows = db.query("select action from actions where game_id = ? order by seq", [game_id])
        return [json.loads(r["action"]) for r in rows]
    finally:
        db.close()


def test_a_phone_acts_for_its_own_seat(app, table):
    _banker, ann, _bob, game_id = table
    response = ann.act(game_id, type="add", player="p1", **{"n:int": "3"}, page="phone")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{game_id}/me"
    assert stored_actions(app, game_id) == [{"type": "add", "player": "p1", "n": 3}]
    assert "p1 adds 3." in ann.get(f"/g/{game_id}/me").text


def test_a_phone_cannot_act_for_another_seat(app, table):
    _banker, ann, _bob, game_id = table
    response = ann.act(game_id, type="add", player="p2", **{"n:int": "3"})
    assert response.status_code == 403
    assert "This phone acts for Ann, not for Bob." in response.text
    assert stored_actions(app, game_id) == []


def test_a_phone_cannot_take_an_action_for_nobody(app, table):
    _banker, ann, _bob, game_id = table
    response = ann.act(game_id, type="reset")
    assert response.status_code == 403
    assert "Only the banker" in response.text
    assert stored_actions(app, game_id) == []


def test_a_stranger_cannot_act(app, table, browser):
    *_, game_id = table
    response = browser().act(game_id, type="add", player="p1", **{"n:int": "1"})
    assert response.status_code == 403
    assert stored_actions(app, game_id) == []


def test_the_banker_acts_for_anyone(app, table):
    banker, _ann, _bob, game_id = table
    assert banker.act(game_id, type="add", player="p2", **{"n:int": "2"}).status_code == 303
    assert banker.act(game_id, type="reset").status_code == 303
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "reset"]


def test_a_stale_seq_gets_409_and_the_fresh_state(app, table):
    banker, ann, bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "4"}).status_code == 303
    assert banker.act(game_id, type="reset", page="banker").status_code == 303
    # the banker's own step since Bob's page: Bob's question may not be the same any more
    response = bob.act(game_id, seq=1, type="add", player="p2", **{"n:int": "1"}, page="phone")
    assert response.status_code == 409
    assert "Someone acted first" in response.text
    assert "All counters back to 0." in response.text  # the page shows the game as it is now
    assert 'name="seq" value="2"' in response.text or 'data-seq="2"' in response.text
    assert stored_actions(app, game_id) == [{"type": "add", "player": "p1", "n": 4},
                                            {"type": "reset"}]


def test_an_answer_from_a_page_before_another_seats_answer_is_recorded(app, table):
    """Anyone may add at any time: Ann's add landing first leaves Bob's question open."""
    _banker, ann, bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "4"}).status_code == 303
    response = bob.act(game_id, seq=0, type="add", player="p2", **{"n:int": "1"}, page="phone",
                       htmx=True)
    assert response.status_code == 200
    assert 'data-seq="2"' in response.text  # drawn as the game stands now
    assert stored_actions(app, game_id) == [{"type": "add", "player": "p1", "n": 4},
                                            {"type": "add", "player": "p2", "n": 1}]


def test_the_same_client_id_twice_applies_once(app, table):
    _banker, ann, _bob, game_id = table
    tap = {"type": "add", "player": "p1", "n:int": "2", "client_id": "tap-1", "seq": "0"}
    first = ann.post(f"/g/{game_id}/act", tap)
    second = ann.post(f"/g/{game_id}/act", tap)
    assert first.status_code == second.status_code == 303
    assert stored_actions(app, game_id) == [{"type": "add", "player": "p1", "n": 2}]
    # another client_id is another action
    again = dict(tap, client_id="tap-2", seq="1")
    assert ann.post(f"/g/{game_id}/act", again).status_code == 303
    assert len(stored_actions(app, game_id)) == 2


def test_an_illegal_action_gets_422_with_the_rules_reason(app, table):
    _banker, ann, _bob, game_id = table
    response = ann.act(game_id, htmx=True, type="pay", player="p1", **{"amount:int": "500"},
                       page="phone")
    assert response.status_code == 422
    assert "p1 cannot pay 500." in response.text
    assert "<html" not in response.text  # a fragment for htmx
    assert stored_actions(app, game_id) == []


def test_an_htmx_action_answers_with_the_updated_fragment(table):
    banker, _ann, _bob, game_id = table
    response = banker.act(game_id, htmx=True, type="add", player="p1", **{"n:int": "5"},
                          page="banker")
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    assert response.text.lstrip().startswith("<section class=\"live\"")
    assert "p1 adds 5." in response.text and 'data-seq="1"' in response.text


@pytest.mark.parametrize(("field", "value", "message"), [
    ("n:int", "-3", "n cannot be negative."),
    ("n:int", "1e9", "n must be a whole number"),
    ("n:int", "three", "n must be a whole number"),
    ("n:int", "9999999999", "n is too large"),
    ("n:int", "", "n must be a whole number"),
    ("n:float", "2", "Unknown form field"),
    ("N", "2", "Unknown form field"),
])
def test_bad_numbers_get_422_with_a_message(app, table, field, value, message):
    banker, _ann, _bob, game_id = table
    response = banker.act(game_id, type="add", player="p1", **{field: value})
    assert response.status_code == 422
    assert message in response.text
    assert stored_actions(app, game_id) == []


@pytest.mark.parametrize(("data", "message"), [
    ({"json": "{nope"}, "not valid JSON"),
    ({"json": "[1, 2]"}, "must hold an object"),
    ({"json": '{"type": "pay", "player": "p1", "amount": 2.5}'}, "must be a whole number"),
    ({"json": '{"type": "pay", "player": "p1", "amount": 1e400}'}, "must be a whole number"),
    ({"json": '{"type": "pay", "player": "p1", "amount": 123456789012}'}, "too large"),
    ({"json": '{"type": "add", "player": "p1"}', "player": "p1"}, "player is given twice"),
    ({"player": "p1"}, "The action has no type."),
    ({"type": "add", "seq": "x"}, "seq must be a whole number"),
    ({"type": "add", "client_id": "no spaces allowed"}, "client_id must be"),
])
def test_bad_forms_get_422(app, table, data, message):
    banker, _ann, _bob, game_id = table
    data = dict(data)
    data.setdefault("seq", "0")
    response = banker.post(f"/g/{game_id}/act", data)
    assert response.status_code == 422
    assert message in response.text
    assert stored_actions(app, game_id) == []


def test_missing_seq_gets_422(table):
    banker, _ann, _bob, game_id = table
    response = banker.post(f"/g/{game_id}/act", {"type": "reset"})
    assert response.status_code == 422 and "no seq" in response.text


def test_a_json_action_and_form_fields_combine(app, table):
    _banker, ann, _bob, game_id = table
    response = ann.act(game_id, json='{"type": "add", "n": 7}', player="p1")
    assert response.status_code == 303
    assert stored_actions(app, game_id) == [{"type": "add", "n": 7, "player": "p1"}]


def test_a_repeated_field_becomes_a_list_and_signed_numbers_may_be_negative(app, table):
    banker, _ann, _bob, game_id = table
    response = banker.post(f"/g/{game_id}/act", {
        "type": "add", "player": "p1", "seq": "0", "n:int": ["1", "2"], "delta:signed": "-5",
    })
    # the counter game wants one number, so the rules refuse the list: what matters is the shape
    assert response.status_code == 422 and "Add from 1 to 10." in response.text


def test_undo_takes_back_the_last_action(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    assert banker.act(game_id, type="undo").status_code == 303
    history = banker.get(f"/g/{game_id}/history").text
    assert "taken back" in history
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "undo"]
    assert ann.act(game_id, type="undo").status_code == 403  # only the banker undoes


def test_racing_phones_on_the_same_seq_store_one_action(app, table):
    from concurrent.futures import ThreadPoolExecutor

    banker, _ann, _bob, game_id = table
    forms = [{"type": "add", "player": "p1", "n:int": str(n), "seq": "0"} for n in range(1, 9)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        codes = sorted(pool.map(lambda f: banker.post(f"/g/{game_id}/act", f).status_code, forms))
    assert codes == [303] + [409] * 7
    assert len(stored_actions(app, game_id)) == 1


def test_a_refused_htmx_action_answers_with_the_live_page_so_the_phone_keeps_polling(table):
    _banker, ann, _bob, game_id = table
    answer = ann.act(game_id, htmx=True, type="add", player="p2", **{"n:int": "1"})
    assert answer.status_code == 403
    assert "This phone acts for Ann, not for Bob." in answer.text.replace("&#39;", "'")
    assert f'class="poll" hx-get="/g/{game_id}/version"' in answer.text  # the poller is still in
    assert 'data-seq="0"' in answer.text  # the fragment, with the seq it sends (static/parts.js)
