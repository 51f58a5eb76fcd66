"""Rail Baron's pages in parts: an Undo, a phone's plain action and another page's live update
send the few parts that changed, not the whole live part; a tap carries no seq of its own."""

from __future__ import annotations

import json

import pytest

from tests.web.test_parts import DIGESTS, HTMX, header, holds_of, stamp_seq
from tests.web.test_railbaron_board import us_game  # noqa: F401
from tests.web.test_railbaron_turn import Page, Table, make_table, tiny_app  # noqa: F401
from tests.web.test_railbaron_turn import live as words

ANN_REGION = {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]}  # odd 3: North
# what every answer may carry besides the game's own parts: the web core's
SHARED = {"stamp", "poll", "announce", "notice", "asks", "cue", "undo", "take-back", "events",
          "foot"}


def live(who, game_id: str, page: str) -> str:
    """The live part of a page as htmx asks for it, whole."""
    return who.client.get(f"/g/{game_id}/{page}", headers=HTMX).text


def post(who, game_id: str, page: str, held: str, **fields: str):
    """A tap as static/parts.js sends it, from a page holding the parts of `held`."""
    seq = stamp_seq(held)
    data = {"seq": seq, "page": page, "csrf_token": who.token(), **fields}
    return who.client.post(f"/g/{game_id}/act", data=data, headers=header(holds_of(held)))


def sent(answer) -> set[str]:
    """The parts an answer swaps, out of band (an answer in parts, nothing swapped in place)."""
    assert answer.status_code == 200
    assert answer.headers["HX-Reswap"] == "none", "the whole live part was sent"
    outer = set()
    for found in DIGESTS.finditer(answer.text):
        if 'hx-swap-oob="true"' in found.group(0):
            outer.add(found.group(1))
    return outer


@pytest.fixture
def rb(tiny_app, browser) -> Table:  # noqa: F811
    return make_table(browser, edition="modern")


def ready(rb) -> str:
    """Ann (p1) is to roll for the region of her home city: the game's id."""
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    return rb.game_id


def test_a_phone_s_plain_action_sends_its_panel_and_not_the_rest_of_the_page(rb):
    game_id = ready(rb)
    page = live(rb.ann, game_id, "me")
    answer = post(rb.ann, game_id, "phone", page, json=json.dumps(ANN_REGION))
    parts = sent(answer)
    assert "panel-1" in parts and "now-head" in parts  # the city roll now, and its line
    assert parts - SHARED <= {"now-head", "now-before", "panel-1", "me-facts"}
    after = live(rb.ann, game_id, "me")
    assert len(answer.text) < len(after) * 0.75
    assert "again for the city of North" in words(answer.text)


def test_another_phone_s_live_update_sends_neither_panels_nor_seats_that_did_not_change(rb):
    game_id = ready(rb)
    bob = live(rb.bob, game_id, "me")
    rb.do(**ANN_REGION)
    answer = rb.bob.client.get(f"/g/{game_id}/me", headers=header(holds_of(bob)))
    parts = sent(answer)
    assert parts - SHARED <= {"now-head", "now-before"}
    assert len(answer.text) < len(live(rb.bob, game_id, "me")) / 2


def test_the_banker_s_undo_sends_the_panel_and_the_line_not_the_console(rb):
    game_id = ready(rb)
    rb.do(**ANN_REGION)
    console = live(rb.banker, game_id, "banker")
    answer = post(rb.banker, game_id, "banker", console, type="undo")
    parts = sent(answer)
    assert "panel-1" in parts  # the region roll again
    assert not parts & {"game", "now", "players", "correct", "rename", "record", "seats"}
    assert parts - SHARED <= {"now-head", "now-before", "panel-1", "seat-1", "bank"}
    assert len(answer.text) < len(live(rb.banker, game_id, "banker")) / 2


def test_a_cash_correction_leaves_the_dice_of_the_player_to_roll_where_they_are(rb):
    # the dice's taps carry no seq: the panel is the same at the next seq, and not sent again
    game_id = ready(rb)
    ann = live(rb.ann, game_id, "me")
    rb.do(type="adjust_cash", player="p2", amount=1000, reason="miscounted")
    answer = rb.ann.client.get(f"/g/{game_id}/me", headers=header(holds_of(ann)))
    parts = sent(answer)
    assert "stamp" in parts  # the one thing a tap needs of the new seq (static/parts.js)
    assert not parts & {"now", "panel-1", "die-red", "die-w1", "die-w2", "me", "me-cash"}


def test_a_tap_carries_no_seq_and_keeps_its_face_only_at_the_page_s_seq(rb):
    game_id = ready(rb)
    page = live(rb.ann, game_id, "me")
    seq = rb.ann.seq(game_id)
    forms = [f for f in Page(page).forms if "draft-tap" in f.attrs.get("class", "")]
    assert len(forms) == 3  # a form a die, its six faces its buttons
    assert all(f.attrs["hx-get"] == f"/g/{game_id}/me" and "hx-include" not in f.attrs
               for f in forms)
    assert f'data-seq="{seq}"' in page  # the stamp's, which static/parts.js sends as `s`
    # without scripts each form sends its own seq
    assert page.count(f'<noscript><input type="hidden" name="s" value="{seq}"></noscript>') == 3
    pressed = 'aria-pressed="true" data-die="red" data-face="3"'
    assert pressed in rb.ann.get(f"/g/{game_id}/me?red=3&s={seq}").text
    rb.do(type="adjust_cash", player="p2", amount=1000, reason="miscounted")
    # a tap of a page that has not seen the correction yet: its dice are forgotten
    assert pressed not in rb.ann.get(f"/g/{game_id}/me?red=3&s={seq}").text
    assert pressed in rb.ann.get(f"/g/{game_id}/me?red=3&s={seq + 1}").text


def test_a_tapped_die_sends_the_dice_alone(rb):
    # each die's form keeps the faces tapped on the others: the three dice, and nothing else
    game_id = ready(rb)
    page = live(rb.ann, game_id, "me")
    seq = rb.ann.seq(game_id)
    answer = rb.ann.client.get(f"/g/{game_id}/me?red=3&s={seq}", headers=header(holds_of(page)))
    assert sent(answer) - {"stamp"} == {"die-red", "die-w1", "die-w2"}


def test_a_declaration_going_leaves_the_dice_of_the_region_roll_in_their_place(us_game):  # noqa: F811
    # Ann, rich, may declare or roll for her destination: two panels, the declaration first.
    # The banker takes the money back: the declaration's place empties, and the dice's
    # place, the dice and what they hold are not sent again (they do not move up a place)
    from tests.railbaron.play import play

    banker, ann, _bob, game_id = us_game
    t = play(players=("p1", "p2"), board="us", settings={"edition": "modern"})
    t.set_up("p1", homes=["Chicago", "Omaha"]).adjust("p1", 200_000)
    for action in t.game.log:
        assert banker.act(game_id, json=json.dumps(action)).status_code == 303
    page = live(ann, game_id, "me")
    first = page[page.index('id="part-panel-0"'):page.index("<!--/part:panel-0-->")]
    main = page[page.index('id="part-panel-1"'):page.index("<!--/part:panel-1-->")]
    assert 'data-action="declare"' in first and 'data-action="roll_region"' in main
    taken = {"type": "adjust_cash", "player": "p1", "amount": -200_000, "reason": "miscounted"}
    assert banker.act(game_id, json=json.dumps(taken)).status_code == 303
    answer = ann.client.get(f"/g/{game_id}/me", headers=header(holds_of(page)))
    parts = sent(answer)
    assert "panel-0" in parts and 'data-action="declare"' not in answer.text
    assert not parts & {"now", "panel-1", "die-red", "die-w1", "die-w2"}
