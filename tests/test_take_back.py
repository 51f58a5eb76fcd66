"""A player takes back his own tap: an action like undo, of his own latest action only, while
nobody else has acted since; the dice he rolled stay rolled."""

from referee.engine import Replayer
from referee.engine.replay import CHECKPOINT_EVERY
from referee.engine.takeback import (
    NOT_YOURS,
    NOTHING_TO_TAKE_BACK,
    kept_dice,
    own_latest,
    take_back_refusal,
)
from referee.games.registry import game
from tests.books import balances
from tests.railbaron.play import play


def seat_of(action: dict) -> str | None:
    """Rail Baron's answer to whose an action is (the banker's own: None)."""
    if action.get("type") in game("railbaron").banker_actions | {"undo", "redo"}:
        return None
    return game("railbaron").acting_player(action)


def take_back(t, player: str):
    return t.do("take_back", player=player)


def test_a_player_takes_back_his_own_latest_roll_and_redo_puts_back_the_same_dice():
    t = play().set_up()
    before = t.state
    t.roll_region(3, (3, 4))
    rolled, said = t.state, t.events()
    assert own_latest(t.game, "blue", seat_of) is t.game.frames[-1]
    take_back(t, "blue")
    assert t.state == before and balances(t.state) == balances(before)
    t.do("redo")
    assert t.state == rolled and t.events() == said
    assert [a["type"] for a in t.game.log[-2:]] == ["take_back", "redo"]


def test_nobody_takes_back_another_seats_action_or_the_bankers():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    assert own_latest(t.game, "red", seat_of) is None
    assert take_back_refusal(t.game, "red", seat_of) == NOT_YOURS
    t.adjust("red", 1_000, "a missed payoff")  # the banker's own action, about red
    assert own_latest(t.game, "red", seat_of) is None
    assert own_latest(t.game, "blue", seat_of) is None
    assert take_back_refusal(t.game, "blue", seat_of) == NOT_YOURS


def test_once_anything_else_is_recorded_the_tap_cannot_be_taken_back():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    t.adjust("red", 1_000, "a missed payoff")
    t.undo()  # blue's roll is on top again, but the banker has acted since
    assert own_latest(t.game, "blue", seat_of) is None
    assert NOTHING_TO_TAKE_BACK.split(":")[0] in t.rejects("take_back", player="blue")
    t.do("redo")
    assert own_latest(t.game, "blue", seat_of) is None  # a redo is an action too


def test_a_take_back_names_a_player_and_needs_something_to_take_back():
    t = play()
    assert take_back_refusal(t.game, "blue", seat_of) == NOTHING_TO_TAKE_BACK
    assert "nothing to take back" in t.rejects("take_back", player="blue")
    t.set_up()
    assert "names the player" in t.rejects("take_back")


def test_sending_the_same_action_again_after_a_take_back_keeps_its_dice():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    take_back(t, "blue")
    again = {"type": "roll_region", "player": "blue", "dice": [6, 6, 6]}  # drawn anew
    assert kept_dice(t.game, again, {"dice"}, seat_of)["dice"] == [3, 3, 4]
    assert kept_dice(t.game, again, set(), seat_of)["dice"] == [6, 6, 6]  # typed: as typed
    other = {"type": "declare", "player": "blue"}
    assert kept_dice(t.game, other, {"dice"}, seat_of) == other
    t.game.submit(kept_dice(t.game, again, {"dice"}, seat_of))
    assert t.game.log[-1]["dice"] == [3, 3, 4]
    # an undo by the banker is not the seat's own take-back: a new roll is a new roll
    t.undo()
    assert kept_dice(t.game, again, {"dice"}, seat_of)["dice"] == [6, 6, 6]


def test_a_log_with_take_backs_replays_and_resumes_to_the_same_state():
    t = play().set_up()
    for _ in range(2 * CHECKPOINT_EVERY + 3):  # enough in force for a saved checkpoint
        t.adjust("red", 1_000, "one")
        t.roll_region(3, (3, 4))
        take_back(t, t.now)
    replayed = Replayer(t.rules, t.game.log)
    assert replayed.state == t.state
    assert [f.position for f in replayed.frames] == [f.position for f in t.game.frames]
    found = t.game.saved_checkpoint()
    assert found is not None
    seq, state = found
    resumed = Replayer.resume(t.rules, t.game.log[:seq], state)
    resumed.extend(t.game.log[seq:], start=seq)
    assert resumed.state == t.state
    resumed.submit({"type": "redo"})
    t.do("redo")
    assert resumed.state == t.state


def test_only_a_named_seat_is_a_seat():
    from referee.engine.takeback import player_field, seat_of_action

    assert player_field({"player": "red"}) == "red"
    assert player_field({"player": ""}) is None and player_field({"player": 3}) is None
    assert seat_of_action(lambda a: "red", {"type": "x"}) == "red"
    assert seat_of_action(lambda a: "", {"type": "x"}) is None
    assert seat_of_action(lambda a: 7, {"type": "x"}) is None
    assert seat_of_action(lambda a: a["missing"], {"type": "x"}) is None
    assert seat_of_action(lambda a: "red", None) is None


def test_the_very_first_action_may_be_taken_back():
    from referee.engine.takeback import latest_recorded

    t = play()
    assert latest_recorded(t.game) is None
    t.first_player(blue=[6, 6, 6], red=[1, 1, 1], green=[2, 2, 2])
    assert latest_recorded(t.game) is t.game.frames[-1]


def test_kept_dice_are_the_seats_own_and_only_the_fields_it_rolled():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    take_back(t, "blue")
    reds = {"type": "roll_region", "player": "red", "dice": [6, 6, 6]}
    assert kept_dice(t.game, reds, {"dice"}, seat_of) == reds  # not red's take-back
    again = {"type": "roll_region", "player": "blue", "dice": [6, 6, 6], "bonus": 2}
    kept = kept_dice(t.game, again, {"dice", "bonus"}, seat_of)
    assert kept == {**again, "dice": [3, 3, 4]}  # the bonus was not in the action taken back
