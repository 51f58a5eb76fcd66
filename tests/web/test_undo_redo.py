"""The banker's Undo says what it takes back and asks once; Redo puts it back, dice and all."""

from __future__ import annotations

from tests.web.test_act import stored_actions
from tests.web.test_railbaron_turn import live, make_table, press, tiny_app  # noqa: F401


def test_undo_names_the_action_and_redo_puts_it_back_in_the_counter_game(app, table):
    banker, ann, _bob, game_id = table
    console = banker.get(f"/g/{game_id}/banker").text
    assert "undo-redo" not in console  # no Undo card before anything is recorded
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    console = banker.get(f"/g/{game_id}/banker").text
    assert "Last action:" in console and "p1 adds 3." in live(console)
    assert press(banker, console, "Yes, take it back").status_code == 303
    console = banker.get(f"/g/{game_id}/banker").text
    assert "Taken back:" in live(console) and "p1 adds 3." in live(console)
    assert "Nothing to undo yet." in console
    assert press(banker, console, "Redo: put it back").status_code == 303
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "undo", "redo"]
    console = banker.get(f"/g/{game_id}/banker").text
    assert "Redo: put it back" not in console and "Last action:" in console
    assert ann.act(game_id, type="redo").status_code == 403  # the banker's alone, as undo is


def test_a_stale_confirmation_takes_nothing_back(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "3"})
    console = banker.get(f"/g/{game_id}/banker").text  # it asks: take back "p1 adds 3."?
    ann.act(game_id, type="add", player="p1", **{"n:int": "2"})
    answer = press(banker, console, "Yes, take it back")
    assert answer.status_code == 409  # the question was about another action
    assert [a["type"] for a in stored_actions(app, game_id)] == ["add", "add"]


def test_nothing_to_redo_is_a_clear_refusal(app, table):
    banker, _ann, _bob, game_id = table
    answer = banker.act(game_id, type="redo")
    assert answer.status_code == 422 and "nothing to redo" in answer.text


def take_back_line(html: str) -> str:
    """The words the console's Undo shows for the action it would take back."""
    text = live(html)
    return text[text.index("Last action:"):text.index("Undo this")]


def test_an_undone_roll_for_me_keeps_its_dice_on_redo_and_a_new_roll_is_new(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    rb.opening()
    assert press(rb.ann, rb.page(rb.ann), "Roll for me").status_code == 303
    rolled = rb.record()["actions"][-1]
    console = rb.page(rb.banker)
    asked = take_back_line(console)
    assert "Ann rolls" in asked  # the console names the roll, dice and all
    assert press(rb.banker, console, "Yes, take it back").status_code == 303
    console = rb.page(rb.banker)
    assert "Ann rolls" not in take_back_line(console)
    assert press(rb.banker, console, "Redo: put it back").status_code == 303
    actions = rb.record()["actions"]
    assert [a["type"] for a in actions[-2:]] == ["undo", "redo"]
    assert actions[-3] == rolled  # the dice are stored once, in the roll; redo rolls nothing
    assert take_back_line(rb.page(rb.banker)) == asked  # the same roll is in force again
    # undo again, then roll anew: the new roll is a new action, and there is no redo left
    assert press(rb.banker, rb.page(rb.banker), "Yes, take it back").status_code == 303
    assert press(rb.ann, rb.page(rb.ann), "Roll for me").status_code == 303
    assert "Redo: put it back" not in rb.page(rb.banker)
    assert [a["type"] for a in rb.record()["actions"][-2:]] == ["undo", rolled["type"]]


def test_after_a_name_is_corrected_refusals_and_the_undo_text_say_the_new_name(tiny_app, browser):  # noqa: F811
    rb = make_table(browser, edition="modern")
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[2, 3])
    rb.do(type="arrive", player="p1", ridden=["AA"])
    rb.do(type="rename_player", player="p1", name="Anne", reason="as she spells it")
    # the purchase says nothing of its own: the console's Undo names the player and the step
    rb.do(type="skip_purchase", player="p1")
    assert "Anne buys nothing." in take_back_line(rb.page(rb.banker))  # words, not a type
    assert "skip purchase" not in take_back_line(rb.page(rb.banker))
    # a phone out of turn, and a phone acting for another seat, hear the corrected name
    answer = rb.bob.act(rb.game_id, type="end_turn", player="p2")
    assert answer.status_code == 403
    assert "It is not Bob&#39;s turn: Anne is to act." in answer.text
    answer = rb.bob.act(rb.game_id, type="end_turn", player="p1")
    assert answer.status_code == 403
    assert "This phone acts for Bob, not for Anne." in answer.text
    # the end of the turn is taken back in its own words, without the next turn's heading
    rb.do(type="end_turn", player="p1")
    ended = take_back_line(rb.page(rb.banker))
    assert "Turn 2" not in ended and "Bob" not in ended, ended
    assert press(rb.banker, rb.page(rb.banker), "Yes, take it back").status_code == 303
    # taken back, the correction no longer holds: the refusal says the name as entered again
    for _ in range(2):
        assert press(rb.banker, rb.page(rb.banker), "Yes, take it back").status_code == 303
    answer = rb.bob.act(rb.game_id, type="skip_purchase", player="p2")
    assert "It is not Bob&#39;s turn: Ann is to act." in answer.text
