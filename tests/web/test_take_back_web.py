"""A phone takes back its seat's own latest tap: named, asked once, recorded as an action; the
button and the POST answer from the one check (GameHooks.own_latest)."""

from __future__ import annotations

from tests.web.test_act import stored_actions
from tests.web.test_railbaron_turn import live, press


def phone(who, game_id: str) -> str:
    return who.get(f"/g/{game_id}/me").text


def test_a_player_takes_back_his_own_tap_from_his_phone(app, table):
    _banker, ann, bob, game_id = table
    assert "Take back:" not in phone(ann, game_id)  # nothing recorded yet
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"}, page="phone")
    mine = phone(ann, game_id)
    assert "Take back: p1 adds 3." in live(mine)
    assert "Take back:" not in phone(bob, game_id)  # not Bob's to take back
    assert press(ann, mine, "Yes, take it back").status_code == 303
    assert stored_actions(app, game_id)[-1] == {"type": "take_back", "player": "p1"}
    after = live(phone(ann, game_id))
    assert "Take back:" not in after and "p1 adds 3." not in after


def test_nobody_takes_back_another_seats_tap_or_once_another_seat_has_acted(app, table):
    _banker, ann, bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"}, page="phone")
    mine = phone(ann, game_id)
    refused = bob.act(game_id, type="take_back", player="p1", page="phone")
    assert refused.status_code == 403  # a phone acts only for its own seat
    refused = bob.act(game_id, type="take_back", player="p2", page="phone", htmx=True)
    assert refused.status_code == 403 and "Only your own latest action" in refused.text
    bob.act(game_id, type="add", player="p2", **{"n:int": "1"}, page="phone")
    assert "Take back:" not in phone(ann, game_id)
    assert press(ann, mine, "Yes, take it back").status_code == 409  # the page was older
    refused = ann.act(game_id, type="take_back", player="p1", page="phone", htmx=True)
    assert refused.status_code == 403 and "Only your own latest action" in refused.text
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "add"]


def test_a_bankers_own_action_is_never_a_phones_to_take_back(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    banker.act(game_id, type="reset")  # the counter game's banker action
    assert "Take back:" not in phone(ann, game_id)
    refused = ann.act(game_id, type="take_back", player="p1", page="phone")
    assert refused.status_code == 403


def test_the_banker_may_redo_what_a_phone_took_back(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    assert press(ann, phone(ann, game_id), "Yes, take it back").status_code == 303
    console = banker.get(f"/g/{game_id}/banker").text
    assert "Taken back:" in live(console) and "p1 adds 3." in live(console)
    assert press(banker, console, "Redo: put it back").status_code == 303
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "take_back", "redo"]
    history = live(ann.get(f"/g/{game_id}/history").text)
    assert "Ann took back their own tap." in history


def test_roll_for_me_again_after_a_take_back_keeps_the_dice(app, table):
    _banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:roll": "1"})
    first = stored_actions(app, game_id)[-1]["n"]
    for _ in range(5):  # a new die each time would differ from the first 5 times in 6
        assert press(ann, phone(ann, game_id), "Yes, take it back").status_code == 303
        ann.act(game_id, type="add", player="p1", **{"n:roll": "1"})
        assert stored_actions(app, game_id)[-1]["n"] == first
    ann.act(game_id, type="add", player="p1", **{"n:int": "4"})  # typed: as typed
    assert stored_actions(app, game_id)[-1]["n"] == 4


def test_the_bankers_undo_is_the_first_card_of_the_console(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    console = banker.get(f"/g/{game_id}/banker").text
    part = console[console.index('class="live"'):]
    assert part.index("undo-redo") < part.index("<h2>Cash</h2>")
    assert part.index("undo-redo") < part.index("Record an action")
