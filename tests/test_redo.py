"""Redo is an action, as undo is: it puts back what the latest undo took, dice and all."""

from referee.engine import Replayer
from referee.engine.replay import SAVE_EVERY
from tests.books import balances
from tests.railbaron.play import play


def test_redo_puts_back_the_roll_undo_took_with_the_same_dice():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    rolled, said = t.state, t.events()
    t.undo()
    assert t.state != rolled
    t.do("redo")
    assert t.state == rolled and balances(t.state) == balances(rolled)
    assert t.events() == said  # the same roll, told the same way: 4 + 3 again, not new dice
    assert [a["type"] for a in t.game.log[-2:]] == ["undo", "redo"]


def test_two_undos_are_redone_newest_taken_last():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    after_first = t.state
    t.adjust("red", 1_000, "a missed payoff")
    after_both = t.state
    t.undo().undo()
    t.do("redo")
    assert t.state == after_first
    t.do("redo")
    assert t.state == after_both
    assert "nothing to redo" in t.rejects("redo")


def test_a_new_action_after_undo_ends_what_can_be_redone():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    t.undo()
    first = t.game.undone[-1].events
    t.roll_region(5, (1, 1))  # a new roll is a new roll
    second = t.events()
    assert second != list(first)
    assert "nothing to redo" in t.rejects("redo")
    t.undo()
    t.do("redo")
    assert t.events() == second  # redo brings back the latest roll, not the one before


def test_nothing_to_redo_at_the_start_or_without_an_undo():
    t = play()
    assert "nothing to redo" in t.rejects("redo")
    t.set_up()
    assert "nothing to redo" in t.rejects("redo")


def test_a_log_with_undo_and_redo_replays_and_resumes_to_the_same_state():
    t = play().set_up()
    for _ in range(SAVE_EVERY + 3):  # enough actions for a saved checkpoint
        t.adjust("red", 1_000, "one")
        t.undo()
        t.do("redo")
        t.adjust("blue", 500, "two")
    t.undo()
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
    assert [e for f in resumed.frames for e in f.events] == t.all_events()


def test_the_banker_corrects_a_name_and_later_lines_use_it():
    t = play().set_up()
    assert "Say why" in t.rejects("rename_player", player="blue", name="Bleu", reason=" ")
    assert "Another player" in t.rejects("rename_player", player="blue", name="red", reason="x")
    assert "Choose the player" in t.rejects("rename_player", player="nobody", name="X", reason="x")
    t.do("rename_player", player="blue", name="Bleu", reason="typed wrong at the lobby")
    assert t.events() == ["The banker corrects Blue's name to Bleu: typed wrong at the lobby."]
    t.roll_region(3, (3, 4))
    assert t.events()[0].startswith("Bleu rolls")
    assert t.game.names()["blue"] == "Bleu"
    replayed = Replayer(t.rules, t.game.log)
    assert replayed.state == t.state and replayed.names() == t.game.names()
    t.undo().undo()
    assert t.game.names()["blue"] == "Blue"
