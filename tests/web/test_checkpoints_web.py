"""A game's checkpoint is saved with it: a restarted server replays only what follows it."""

from __future__ import annotations

import io
import json

import pytest

from referee.engine import Replayer
from referee.engine.replay import SAVE_EVERY
from referee.web import create_app
from referee.web.db import open_database
from tests.web.long_game import long_game, rules_of

LENGTH = 3 * SAVE_EVERY + 5


def import_game(browser, record: dict, actions: list[dict]) -> str:
    body = json.dumps({**record, "actions": actions}).encode()
    answer = browser.post("/import", {"record": (io.BytesIO(body), "game.json")},
                          content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text[:300]
    return answer.headers["Location"].split("/")[2]


def stored_checkpoint(app, game_id: str):
    db = open_database(app.config["DATABASE"])
    try:
        return db.execute("select seq, fingerprint from checkpoints where game_id = ?",
                          [game_id]).fetchone()
    finally:
        db.close()


def restarted(app):
    """The same instance folder served by a fresh app: nothing kept in memory."""
    return create_app({"TESTING": True}, instance_path=app.instance_path)


def replayer_of(app, game_id: str) -> Replayer:
    return app.extensions["referee.replayers"]._replayers[game_id]


def test_an_imported_game_resumes_from_its_checkpoint_after_a_restart(app, browser):
    record, actions = long_game(LENGTH + 1, seed=5)
    banker = browser()
    game_id = import_game(banker, record, actions[:LENGTH])
    seq, _ = stored_checkpoint(app, game_id)
    assert SAVE_EVERY <= LENGTH - seq < 3 * SAVE_EVERY

    again = restarted(app)
    client = again.test_client()
    client.set_cookie("banker", banker.client.get_cookie("banker", path=f"/g/{game_id}/").value,
                      path=f"/g/{game_id}/")
    assert client.get(f"/g/{game_id}/banker").status_code == 200
    resumed = replayer_of(again, game_id)
    assert resumed._resumed is not None  # the log before the checkpoint was not replayed
    assert resumed.state == Replayer(rules_of(record), actions[:LENGTH]).state
    assert client.get(f"/g/{game_id}/history").status_code == 200  # asks for every frame


def test_a_checkpoint_of_other_rules_or_damaged_is_ignored(app, browser):
    record, actions = long_game(LENGTH, seed=6)
    game_id = import_game(browser(), record, actions)
    for change in ("update checkpoints set fingerprint = 'other rules'",
                   "update checkpoints set state = x'00ff', fingerprint = ?"):
        db = open_database(app.config["DATABASE"])
        with db.conn:
            fp = db.execute("select fingerprint from checkpoints").fetchone()[0]
            db.execute(change, [fp] if "?" in change else [])
        db.close()
        again = restarted(app)
        with again.app_context():
            from referee.web.db import get_db
            from referee.web.store import get_game

            snapshot = again.extensions["referee.replayers"].snapshot(
                get_db(), get_game(get_db(), game_id))
        assert replayer_of(again, game_id)._resumed is None
        assert snapshot.state == Replayer(rules_of(record), actions).state


def test_actions_save_a_newer_checkpoint_as_the_game_goes_on(app, browser, table):
    banker, ann, _bob, game_id = table
    assert stored_checkpoint(app, game_id) is None
    for i in range(3 * SAVE_EVERY):
        assert banker.act(game_id, type="add", player="p1", **{"n:int": "1"},
                          page="banker").status_code == 303, i
    seq, _ = stored_checkpoint(app, game_id)
    # saved every 32 actions, a checkpoint at least 32 actions old: here the 64th
    assert seq == 2 * SAVE_EVERY
    again = restarted(app).test_client()
    again.set_cookie("seat", ann.client.get_cookie("seat", path=f"/g/{game_id}/").value,
                     path=f"/g/{game_id}/")
    assert "p1 adds 1." in again.get(f"/g/{game_id}/me").text


def test_a_snapshot_reads_the_frames_and_log_as_they_stood_without_copying_them():
    from referee.web.replayers import FramesInForce, LogView

    record, actions = long_game(LENGTH, seed=7)
    replayer = Replayer(rules_of(record), actions[:LENGTH - 9])
    for _ in range(5):
        replayer.submit({"type": "undo"})
    replayer.submit({"type": "redo"})
    frames, log = FramesInForce(replayer.top), LogView(replayer.log, replayer.seq)
    expected, expected_log = replayer.frames, list(replayer.log)
    assert [frames[i] for i in range(-1, -9, -1)] == expected[-1:-9:-1]  # no list made
    assert frames._list is None and list(reversed(frames)) == expected[::-1]
    assert len(frames) == len(expected) and len(log) == len(expected_log)
    replayer.submit({"type": "undo"})  # the game moves on; what was read stays
    for _ in range(5):
        replayer.submit({"type": "redo"})
    replayer.extend(actions[LENGTH - 9:])
    assert replayer.frames[-1] is not expected[-1]
    assert frames == expected and frames[3] is expected[3] and frames[-12:] == expected[-12:]
    assert log == expected_log and log[-1] == expected_log[-1] and log[5:9] == expected_log[5:9]
    assert list(enumerate(log))[-1] == (len(expected_log) - 1, expected_log[-1])
    for wrong in (len(expected_log), -len(expected_log) - 1):
        with pytest.raises(IndexError):
            log[wrong]
    with pytest.raises(IndexError):
        FramesInForce(Replayer(rules_of(record)).top)[-2]
