"""A restarted long Rail Baron game tells its history without replaying its older actions:
what each action adds to the history is saved with the game's checkpoint."""

from __future__ import annotations

import html
import json

from referee.engine import Replayer
from referee.engine.replay import CHECKPOINT_EVERY
from referee.web.games.railbaron_history import FrameNote, history
from tests.web.long_game import long_game, rules_of
from tests.web.test_checkpoints_web import import_game, replayer_of, restarted

LENGTH = 5 * CHECKPOINT_EVERY + 7


def banker_client(app, banker, game_id: str):
    client = app.test_client()
    client.set_cookie("banker", banker.client.get_cookie("banker", path=f"/g/{game_id}/").value,
                      path=f"/g/{game_id}/")
    return client


def test_the_history_of_a_restarted_game_needs_no_replay_of_its_older_actions(app, browser):
    record, actions = long_game(LENGTH, seed=21)
    banker = browser()
    game_id = import_game(banker, record, actions)
    told = history(Replayer(rules_of(record), actions).frames, actions)  # replayed in full

    again = restarted(app)
    client = banker_client(again, banker, game_id)
    page = client.get(f"/g/{game_id}/history")
    assert page.status_code == 200
    resumed = replayer_of(again, game_id)
    assert resumed._resumed is not None  # nothing before the checkpoint was replayed
    assert all(isinstance(f.memo, FrameNote) for f in resumed.frames[1:])
    assert history(resumed.frames, resumed.log) == told
    text = html.unescape(page.text)
    for entry in told.entries[:5] + told.entries[-3:]:
        assert entry.summary in text
    assert client.get(f"/g/{game_id}/table").status_code == 200
    assert resumed._resumed is not None


def test_notes_saved_later_in_the_game_are_kept_across_a_second_restart(app, browser):
    record, actions = long_game(LENGTH + 2 * CHECKPOINT_EVERY, seed=22)
    banker = browser()
    game_id = import_game(banker, record, actions[:LENGTH])

    again = restarted(app)
    client = banker_client(again, banker, game_id)
    token = client.get("/").text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    for seq, action in enumerate(actions[LENGTH:], start=LENGTH):  # saves newer checkpoints
        answer = client.post(f"/g/{game_id}/act", data={
            "json": json.dumps(action), "seq": str(seq), "page": "banker",
            "csrf_token": token})
        assert answer.status_code in (200, 303), answer.text[:300]

    third = restarted(app)
    client = banker_client(third, banker, game_id)
    assert client.get(f"/g/{game_id}/history").status_code == 200
    resumed = replayer_of(third, game_id)
    assert resumed._resumed is not None
    assert history(resumed.frames, resumed.log) == history(
        Replayer(rules_of(record), actions).frames, actions)
