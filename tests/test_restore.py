"""Restore, undo and redo give the very state a full replay gives, in every game: long random
games with runs of undos and redos (tests/long_games.py), restored from their log alone and from
each checkpoint they saved, then undone and redone."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import IllegalAction, Replayer
from referee.engine.checkpoint import (
    catch_up,
    checkpoint_of,
    dump_state,
    fingerprint,
    load_state,
    resume,
)
from referee.engine.replay import SAVE_EVERY, ReplayError
from referee.engine.rules import working_copy
from tests.long_games import GAMES, MAKERS, long_game

LENGTH = 400


@pytest.fixture(scope="module", params=GAMES)
def played(request):
    record = long_game(request.param, LENGTH, seed=7)
    rules = MAKERS[request.param]()[1].rules
    return rules, record["actions"]


def in_force(actions: list[dict]) -> list[dict]:
    """The actions in force after a log, worked out by hand: undo takes the latest back, redo
    puts back what the latest undo took, a new action ends what can be redone."""
    stack: list[dict] = []
    undone: list[dict] = []
    for action in actions:
        if action["type"] == "undo":
            undone.append(stack.pop())
        elif action["type"] == "redo":
            stack.append(undone.pop())
        else:
            undone.clear()
            stack.append(action)
    return stack


def one_by_one(rules, actions: list[dict]):
    """The state after applying each action in force to the state before it."""
    state = rules.initial().state
    for action in in_force(actions):
        state = rules.apply(state, action).state
    return state


def positions(frames: list, depth: int) -> list[int]:
    """Frame notes for the tests: each frame's log position (frames[1..depth], by index)."""
    return [frames[i].position for i in range(1, depth + 1)]


NOTER = ("positions", positions)


def same_game(a: Replayer, b: Replayer) -> None:
    assert a.seq == b.seq and a.state == b.state
    assert [f.position for f in a.frames] == [f.position for f in b.frames]
    assert [f.position for f in a.undone] == [f.position for f in b.undone]
    assert list(a.transfers()) == list(b.transfers())
    assert [f.events for f in a.frames] == [f.events for f in b.frames]


def test_the_long_game_undoes_and_redoes(played):
    _, actions = played
    kinds = {a["type"] for a in actions}
    assert {"undo", "redo"} <= kinds


def test_a_full_replay_gives_the_state_of_the_actions_in_force(played):
    rules, actions = played
    assert Replayer(rules, actions).state == one_by_one(rules, actions)


def test_restore_from_the_log_alone_is_the_full_replay(played):
    rules, actions = played
    same_game(Replayer.restore(rules, actions), Replayer(rules, actions))


def test_restore_from_every_saved_checkpoint_is_the_full_replay(played):
    rules, actions = played
    whole = Replayer(rules, actions)
    game = Replayer(rules)
    seen = set()
    for action in actions:
        game.submit(action)
        found = game.saved_checkpoint()
        if found is None or found[0] in seen:
            continue
        seen.add(found[0])
        seq, state = found
        restored = Replayer.restore(rules, actions, (seq, load_state(dump_state(state))))
        same_game(restored, whole)
    assert seen


def test_the_checkpoint_follows_undo_so_a_restart_replays_little(played):
    """Whatever undos happened, the newest checkpoint in force leaves at most two intervals of
    actions in force above it: all a restore replays."""
    rules, actions = played
    game = Replayer(rules)
    for action in actions:
        game.submit(action)
        found = game.saved_checkpoint()
        depth = len(game.frames) - 1
        if found is None:
            assert depth < 2 * SAVE_EVERY
            continue
        frame = next(f for f in game.frames if f.position == found[0] - 1)
        assert SAVE_EVERY <= depth - frame.depth < 2 * SAVE_EVERY


def test_the_engine_resumes_a_stored_checkpoint_and_its_notes(played):
    rules, actions = played

    class Stored:
        def __init__(self, seq, state, print_=None):
            self.seq, self.state = seq, dump_state(state)
            self.fingerprint = print_ or fingerprint(rules)

    whole = Replayer(rules, actions)
    seq, state = whole.saved_checkpoint()
    resumed = resume(rules, actions, Stored(seq, state))
    assert resumed.checkpoint == seq
    same_game(resumed.replayer, whole)
    foreign = resume(rules, actions, Stored(seq, state, "another rules' print"))
    assert foreign.checkpoint == 0 and foreign.replayer.state == whole.state
    damaged = Stored(seq, state)
    damaged.state = b"damaged"
    assert resume(rules, actions, damaged).replayer.state == whole.state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_undo_and_redo_runs_give_the_state_of_a_full_replay(played, data):
    rules, actions = played
    cut = data.draw(st.integers(1, len(actions)))
    game = Replayer.restore(rules, actions[:cut])
    log = list(actions[:cut])
    for _ in range(data.draw(st.integers(1, 3))):
        undo = data.draw(st.integers(0, 2 * SAVE_EVERY + 3))
        for _ in range(min(undo, len(game.frames) - 1)):
            game.submit({"type": "undo"})
            log.append({"type": "undo"})
        for _ in range(min(data.draw(st.integers(0, undo)), len(game.undone))):
            game.submit({"type": "redo"})
            log.append({"type": "redo"})
        assert game.state == one_by_one(rules, log)
    same_game(game, Replayer(rules, log))


def test_a_refused_action_leaves_the_state_untouched(played):
    """Copy on first read: whatever an action read and changed before the rules refused it
    stays in its own copy."""
    rules, actions = played
    game = Replayer.restore(rules, actions)
    before = working_copy(game.state)
    rng = random.Random(3)
    refused = 0
    for action in rng.sample(in_force(actions), 60):
        try:
            game.preview(action)
        except IllegalAction:
            refused += 1
        assert game.state == before
    assert refused


def test_restore_names_an_action_in_force_the_rules_refuse(played):
    rules, actions = played
    bad = [*in_force(actions)[:3], {"type": "no_such_action"}]
    with pytest.raises(ReplayError) as err:
        Replayer.restore(rules, bad)
    assert err.value.position == 3


def test_what_the_engine_writes_it_resumes_and_catches_up_to_the_full_replay(played):
    """A checkpoint written half way (with its frame notes), resumed from the log up to there,
    then caught up with the rest of the log: the very game a full replay gives."""
    rules, actions = played
    early = Replayer(rules)
    for cut, action in enumerate(actions, start=1):  # from half way, to a checkpoint in force
        early.submit(action)
        if cut >= len(actions) // 2 and early.saved_checkpoint() is not None:
            break
    pending = checkpoint_of(early, noter=NOTER)
    assert pending is not None and 0 < pending.seq <= cut < len(actions) and pending.whole
    assert (pending.piece.start, pending.piece.end) == (0, pending.seq)
    bare = checkpoint_of(early)  # a game without frame notes: the state alone
    assert (bare.seq, bare.fingerprint, bare.state, bare.piece) == (
        pending.seq, pending.fingerprint, pending.state, None)
    assert checkpoint_of(early, saved=pending.seq) is None  # stored already: nothing to write
    resumed = resume(rules, actions[:cut], pending, [pending.piece], NOTER[0])
    assert (resumed.checkpoint, resumed.noted) == (pending.seq, pending.seq)
    below = [f for f in resumed.replayer.frames[1:] if f.position < pending.seq]
    assert below and all(f.memo == f.position for f in below)
    same_game(catch_up(resumed.replayer, actions[cut:]), Replayer(rules, actions))


def test_each_checkpoint_adds_the_notes_since_the_one_stored_and_resume_stitches_them(played):
    rules, actions = played
    game, pieces, stored = Replayer(rules), [], None
    for action in actions:
        game.submit(action)
        noted = pieces[-1].end if pieces else None
        pending = checkpoint_of(game, stored.seq if stored else 0, noted, NOTER)
        if pending is None:
            continue
        assert pending.whole == (noted is None)
        # no piece when the notes up to it are stored already (an undo went below them)
        assert (pending.piece is None) == (noted is not None and noted >= pending.seq)
        if pending.piece is not None:
            piece = pending.piece
            assert (piece.start, piece.end) == (noted or 0, pending.seq)
            kept, notes = load_state(piece.notes)
            assert kept == tuple(notes) and kept and all(piece.start <= p < piece.end
                                                           for p in kept)
            pieces = [*pieces, piece]
        stored = pending
    assert pieces and all(a.end == b.start for a, b in zip(pieces, pieces[1:], strict=False))
    resumed = resume(rules, actions, stored, pieces, NOTER[0])
    noted = [f for f in resumed.replayer.frames[1:] if f.memo is not None]
    assert noted and all(f.memo == f.position for f in noted)
    assert resume(rules, actions, stored, pieces, "other notes").noted is None
    same_game(resumed.replayer, Replayer(rules, actions))


def test_catch_up_names_the_action_that_does_not_replay_by_its_log_position(played):
    rules, actions = played
    game = Replayer.restore(rules, actions[:10])
    with pytest.raises(ReplayError) as err:
        catch_up(game, [*actions[10:12], {"type": "no_such_action"}])
    assert err.value.position == 12 and err.value.cause is err.value.__cause__
    assert str(err.value).startswith("action 13 ('no_such_action'): ")
