"""Several phones asked at once, through the action endpoint: an answer from a page drawn
before the others' answers is recorded; a truly stale one is refused and says so."""

from __future__ import annotations

import html
import json
import re

import pytest

from referee.engine.questions import Question
from referee.web.db import get_db
from referee.web.hooks import hooks_for
from referee.web.store import action_count, get_game
from referee.web.submit import NotNow, Posted, submit_action
from tests.web.test_railway_rivals_web import seated, to_the_races


def post(phone, game_id: str, seq: int, htmx: bool = False, **action):
    return phone.act(game_id, seq=seq, htmx=htmx, page="phone", json=json.dumps(action))


def logged(banker, game_id: str) -> list[dict]:
    return json.loads(banker.get(f"/g/{game_id}/export.json").data)["actions"]


def test_three_start_towns_sent_from_the_same_page_are_all_recorded_in_arrival_order(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)  # every phone drew its page at this seq
    for phone, company, town in ((cy, "p3", "Graz"), (ann, "p1", "Wien"), (bob, "p2", "Linz")):
        answer = post(phone, game_id, seq, htmx=True, type="start_town", company=company,
                      town=town)
        assert answer.status_code == 200, html.unescape(answer.text)
    assert [(a["company"], a["town"]) for a in logged(banker, game_id)] == [
        ("p3", "Graz"), ("p1", "Wien"), ("p2", "Linz")]
    # the answer is drawn as the game stands now, after the others' answers
    assert 'data-seq="3"' in answer.text
    assert "Record the throw" not in html.unescape(answer.text)  # Ann builds first, not Bob


def test_race_entries_sent_from_the_same_page_are_all_recorded(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    to_the_races(banker, ann, bob, cy, game_id)
    for dice in ("1", "2"), ("6", "5"):
        banker.act(game_id, type="key_throw", page="banker",
                   **{"tens:int": dice[0], "units:int": dice[1]})
    banker.act(game_id, page="banker", json=json.dumps({"type": "run_length", "ok": True}))
    seq = ann.seq(game_id)
    for phone, kind, company in ((bob, "enter", "p2"), (cy, "stay_out", "p3"),
                                 (ann, "enter", "p1")):
        assert post(phone, game_id, seq, type=kind, company=company).status_code == 303
    assert [a["company"] for a in logged(banker, game_id)[-3:]] == ["p2", "p3", "p1"]


def test_a_truly_stale_answer_is_refused_with_the_reason_and_nothing_is_stored(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)
    post(ann, game_id, seq, type="start_town", company="p1", town="Wien")
    banker.act(game_id, page="banker", type="undo")  # the keeper takes Ann's start back
    refused = post(bob, game_id, seq, htmx=True, type="start_town", company="p2", town="Linz")
    assert refused.status_code == 409
    assert "Someone acted first" in html.unescape(refused.text)
    assert [a["type"] for a in logged(banker, game_id)] == ["start_town", "undo"]
    # from a current page the same answer goes in
    assert post(bob, game_id, ann.seq(game_id), type="start_town", company="p2",
                town="Linz").status_code == 303


def test_an_answer_for_a_seat_no_longer_asked_is_stale(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)
    # the keeper names Cy's start from the console: Cy's own question is answered
    banker.act(game_id, page="banker", json=json.dumps(
        {"type": "start_town", "company": "p3", "town": "Graz"}))
    refused = post(cy, game_id, seq, htmx=True, type="start_town", company="p3", town="Linz")
    assert refused.status_code == 409
    assert logged(banker, game_id)[-1]["town"] == "Graz"


def test_a_page_asked_for_at_a_count_the_game_has_passed_is_drawn_as_it_stands(app, browser):
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)
    for phone, company, town in ((ann, "p1", "Wien"), (bob, "p2", "Linz")):
        post(phone, game_id, seq, type="start_town", company=company, town=town)
    with app.app_context():
        db = get_db()
        snapshot = app.extensions["referee.replayers"].snapshot(db, get_game(db, game_id), 1)
    assert snapshot.seq == 2


def test_the_seat_keeps_its_choice_and_the_message_after_a_stale_tap(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)
    post(ann, game_id, seq, type="start_town", company="p1", town="Wien")
    banker.act(game_id, page="banker", type="undo")
    answer = bob.act(game_id, seq=seq, htmx=True, page="phone", type="start_town",
                     company="p2", town="Linz")
    refused = html.unescape(answer.text)
    live, box = refused.split('<div id="act-refusal" class="act-refusal" hx-swap-oob="true">')
    # the message and the choice sit outside the live part (swapped out of band), so the
    # next live update, which swaps only the live part, keeps them
    assert "Someone acted first" in box and "Not recorded: <strong>start town: Linz</strong>" in box
    assert "Someone acted first" not in live
    kept = re.search(r'data-kept="([^"]+)"', answer.text).group(1)
    assert json.loads(html.unescape(kept)) == {"type": ["start_town"], "company": ["p2"],
                                               "town": ["Linz"]}
    refresh = bob.get(f"/g/{game_id}/me", headers={"HX-Request": "true"})
    assert "act-refusal" not in refresh.text
    # the whole page (a plain form's answer) shows the box above the live part
    plain = html.unescape(bob.act(game_id, seq=seq, page="phone", type="start_town",
                                  company="p2", town="Linz").text)
    assert plain.index("Not recorded: <strong>start town: Linz") < plain.index('class="live"')
    # a tap that counts empties the box
    recorded = bob.act(game_id, htmx=True, page="phone", type="start_town", company="p2",
                       town="Linz")
    assert recorded.status_code == 200
    assert '<div id="act-refusal" class="act-refusal" hx-swap-oob="true"></div>' in \
        recorded.text


def test_an_answer_from_an_older_page_is_still_asked_whether_its_sender_may_act(app, browser):
    """The refusal of a sender (a banker who plays acting for a seat whose cash is secret) is
    asked of an answer accepted from an older page too, not only of a current one."""
    banker, ann, bob, cy, game_id = seated(browser)
    seq = ann.seq(game_id)
    assert post(cy, game_id, seq, type="start_town", company="p3", town="Graz").status_code == 303
    hooks = hooks_for("railway_rivals")
    with app.app_context():
        db = get_db()
        game = get_game(db, game_id)
        posted = Posted({"type": "start_town", "company": "p2", "town": "Linz"}, seq)
        with pytest.raises(NotNow, match="never from here"):
            submit_action(db, app.extensions["referee.replayers"], game, posted,
                          refuse=lambda replayer: "never from here",
                          question=Question("p2", hooks.to_act, hooks.acting_for))
        assert action_count(db, game_id) == 1
        # the same answer without the refusal is accepted from that older page
        submit_action(db, app.extensions["referee.replayers"], game, posted,
                      question=Question("p2", hooks.to_act, hooks.acting_for))
        assert action_count(db, game_id) == 2
