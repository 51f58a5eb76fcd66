"""States kept as checkpoints: rebuilt exactly on demand, saved and resumed, checked first."""

from __future__ import annotations

import pickle
import zlib

import pytest

from referee.engine import IllegalAction, Replayer
from referee.engine.checkpoint import CheckpointError, dump_state, fingerprint, load_state
from referee.engine.replay import CHECKPOINT_EVERY, SAVE_EVERY, TAIL, WALK, _Block
from referee.engine.rules import working_copy
from tests.web.long_game import long_game, rules_of

LENGTH = 5 * CHECKPOINT_EVERY + 7


@pytest.fixture(scope="module")
def game():
    record, actions = long_game(LENGTH, seed=3)
    return rules_of(record), actions


def states_one_by_one(rules, actions) -> list:
    """The state after every action, each applied to a copy of the last (the old way)."""
    states = [rules.initial().state]
    for action in actions:
        states.append(rules.apply(states[-1], action).state)
    return states


def kept(replayer: Replayer) -> int:
    return sum(1 for f in replayer.frames if f._state is not None)


def test_only_checkpoints_and_the_latest_states_are_kept(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    assert kept(replayer) <= LENGTH // CHECKPOINT_EVERY + 1 + TAIL
    assert all(f._state is not None for f in replayer.frames if f.checkpoint)


def test_each_action_is_held_once_and_older_frames_keep_what_they_said_packed(game):
    rules, actions = game
    replayer, told = Replayer(rules), []
    for action in actions:
        frame = replayer.submit(action)
        told.append((frame.transfers, frame.events))
    frames = replayer.frames
    assert all(f.action is replayer.log[f.position] for f in frames[1:])
    said = [f for f in frames[1:-TAIL] if not f.checkpoint and (f.transfers or f.events)]
    assert said and all(isinstance(f._said, bytes | _Block) for f in said)
    # the frames between two checkpoints below the latest share one packed block
    run = frames[1:CHECKPOINT_EVERY]
    assert isinstance(run[0]._said, _Block) and all(f._said is run[0]._said for f in run)
    assert all(isinstance(f._said, tuple) for f in frames[-TAIL:])
    assert [(f.transfers, f.events) for f in frames[1:]] == told  # unpacked as they were made
    restored = Replayer.restore(rules, actions)
    assert all(f.action is restored.log[f.position] for f in restored.frames[1:])
    assert restored.log == replayer.log


def test_every_frame_state_is_rebuilt_exactly(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    expected = states_one_by_one(rules, actions)
    frames = replayer.frames
    for i in (1, 2, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, LENGTH - 9,
              LENGTH // 2, 3):
        assert frames[i].state == expected[i], i
    for i, frame in enumerate(frames):  # a walk in order keeps only a few rebuilt states
        assert frame.state == expected[i]
    assert kept(replayer) <= LENGTH // CHECKPOINT_EVERY + 1 + TAIL + WALK


def test_undo_past_several_checkpoints_restores_each_state_exactly(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    expected = states_one_by_one(rules, actions)
    for back in range(1, 2 * CHECKPOINT_EVERY + 3):
        replayer.submit({"type": "undo"})
        assert replayer.state == expected[LENGTH - back], back
    replayer.submit(actions[LENGTH - 2 * CHECKPOINT_EVERY - 2])
    assert replayer.state == expected[LENGTH - 2 * CHECKPOINT_EVERY - 1]


def test_a_game_resumed_from_a_saved_state_is_the_same_game(game):
    rules, actions = game
    whole = Replayer(rules, actions)
    seq, state = whole.saved_checkpoint()
    assert SAVE_EVERY <= LENGTH - seq <= 3 * SAVE_EVERY
    resumed = Replayer.resume(rules, actions[:seq], load_state(dump_state(state)))
    resumed.extend(actions[seq:], start=seq)
    assert resumed.seq == whole.seq and resumed.state == whole.state
    older = [f for f in resumed.frames if f.depth < seq]
    assert all(f._said is None for f in older[1:])  # nothing before it was replayed ...
    latest = resumed.frames[-1]
    assert latest.events == whole.frames[-1].events
    assert [f.events for f in resumed.frames] == [f.events for f in whole.frames]  # ... until asked
    assert list(resumed.transfers()) == list(whole.transfers())
    assert resumed.frames[5].state == whole.frames[5].state


def test_a_resumed_game_undoes_below_its_checkpoint(game):
    rules, actions = game
    expected = states_one_by_one(rules, actions)
    whole = Replayer(rules, actions)
    seq, state = whole.saved_checkpoint()
    resumed = Replayer.resume(rules, actions[:seq], working_copy(state))
    for back in range(1, 5):
        resumed.submit({"type": "undo"})
        assert resumed.state == expected[seq - back]


def test_a_saved_state_may_name_only_the_projects_classes():
    evil = zlib.compress(pickle.dumps(print))
    with pytest.raises(CheckpointError):
        load_state(evil)
    with pytest.raises(CheckpointError):
        load_state(b"not a checkpoint")


def test_the_fingerprint_follows_the_rules_object():
    record, _ = long_game(1, seed=1)
    rules = rules_of(record)
    assert fingerprint(rules) == fingerprint(rules_of(record))
    other = rules_of({**record, "players": record["players"][:3]})
    assert fingerprint(other) != fingerprint(rules)


def test_resume_rejects_a_log_that_undoes_nothing(game):
    rules, _ = game
    with pytest.raises(IllegalAction):
        Replayer.resume(rules, [{"type": "undo"}], rules.initial().state)


def test_frames_between_positions_are_those_in_force_with_the_one_before(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    for _ in range(CHECKPOINT_EVERY):
        replayer.submit({"type": "undo"})
    kept_on = replayer.seq
    replayer.extend(actions[LENGTH - CHECKPOINT_EVERY:LENGTH - CHECKPOINT_EVERY + 5])
    frames = replayer.frames
    for start, end in ((0, 10), (40, 80), (LENGTH - 40, kept_on + 3), (kept_on, kept_on + 99)):
        wanted = [f for f in frames[1:] if start <= f.position < end]
        window = replayer.frames_between(start, end)
        assert window[1:] == wanted, (start, end)
        assert window[0] is wanted[0].prev
    assert replayer.frames_between(LENGTH - 10, kept_on) == [frames[LENGTH - CHECKPOINT_EVERY]]


def test_a_memo_on_an_older_frame_is_kept_packed_and_read_back_as_it_was(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    older, latest = replayer.frames[3], replayer.frames[-1]
    older.memo = latest.memo = ("turn 2", ("Ann rolls 7",), {"paid": 1000})
    assert older.memo == latest.memo == ("turn 2", ("Ann rolls 7",), {"paid": 1000})
    assert not isinstance(older._memo, tuple) and isinstance(latest._memo, tuple)


def test_a_walk_leaves_older_memos_in_one_block_that_reads_back_as_set(game):
    rules, actions = game
    replayer = Replayer(rules, actions)
    frames = replayer.frames
    for frame in frames[1:]:  # as the import's notes are made: each state walked, a memo set
        assert frame.state is not None
        frame.memo = ("note", frame.position, frame.events)
    replayer.forget_walked()
    run = frames[1:CHECKPOINT_EVERY]
    assert isinstance(run[0]._memo, _Block) and all(f._memo is run[0]._memo for f in run)
    assert [f.memo for f in frames[1:]] == [("note", f.position, f.events) for f in frames[1:]]
    frames[5].memo = "changed"  # a memo set again is the frame's own; the others stay
    assert frames[5].memo == "changed" and frames[6].memo == ("note", frames[6].position,
                                                               frames[6].events)


def test_a_resumed_game_packs_its_older_runs_once_it_learns_what_they_said(game):
    rules, actions = game
    whole = Replayer(rules, actions)
    seq, state = whole.saved_checkpoint()
    resumed = Replayer.resume(rules, actions[:seq], working_copy(state))
    resumed.resolve()
    run = resumed.frames[1:CHECKPOINT_EVERY]
    assert isinstance(run[0]._said, _Block) and all(f._said is run[0]._said for f in run)
    assert [(f.transfers, f.events) for f in resumed.frames] == [
        (f.transfers, f.events) for f in whole.frames[:len(resumed.frames)]]
