"""A restarted long Rail Baron game tells its history without replaying its older actions:
what each action adds to the history is saved with the game's checkpoint."""

from __future__ import annotations

import html
import json
import random
from contextlib import contextmanager

from referee.engine import IllegalAction, Replayer
from referee.engine.checkpoint import SavedCheckpoint, dump_state, load_state
from referee.engine.replay import SAVE_EVERY
from referee.web.db import open_database
from referee.web.games.railbaron.history import FrameNote, history, note_frames
from referee.web.hooks import hooks_for
from tests.railbaron.random_play import random_action
from tests.web.long_game import SKIPPED, long_game, rules_of
from tests.web.test_checkpoints_web import import_game, replayer_of, restarted

LENGTH = 5 * SAVE_EVERY + 7


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
    saved = resumed._resumed.depth  # the notes up to the checkpoint came from the database
    assert all(isinstance(f.memo, FrameNote) for f in resumed.frames[1:saved + 1])
    assert all(f.memo is not None for f in resumed.frames[saved + 1:])  # told since, kept lean
    assert history(resumed.frames, resumed.log) == told
    text = html.unescape(page.text)
    for entry in told.entries[:5] + told.entries[-3:]:
        assert entry.summary in text
    assert client.get(f"/g/{game_id}/table").status_code == 200
    assert resumed._resumed is not None


def test_notes_saved_later_in_the_game_are_kept_across_a_second_restart(app, browser):
    record, actions = long_game(LENGTH + 2 * SAVE_EVERY, seed=22)
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


@contextmanager
def again_traced(app):
    """Every statement the app's connection of this thread runs in the block."""
    seen: list[str] = []
    with app.app_context():
        db = app.extensions["referee.db"].connection()
    db.conn.set_trace_callback(lambda sql: seen.append(" ".join(sql.split())))
    try:
        yield seen
    finally:
        db.conn.set_trace_callback(None)


class Table:
    """The banker of an imported long game posting actions, with a copy of the game replayed
    in full beside it (what the history must equal)."""

    def __init__(self, app, banker, game_id: str, record: dict, actions: list[dict]):
        self.game_id = game_id
        self.client = banker_client(app, banker, game_id)
        self.token = self.client.get("/").text.split(
            'name="csrf_token" value="', 1)[1].split('"', 1)[0]
        self.rules = rules_of(record)
        self.full = Replayer(self.rules, actions)

    def post(self, action: dict) -> None:
        answer = self.client.post(f"/g/{self.game_id}/act", data={
            "json": json.dumps(action), "seq": str(self.full.seq), "page": "banker",
            "csrf_token": self.token})
        assert answer.status_code in (200, 303), answer.text[:300]
        self.full.submit(action)

    def post_all(self, actions: list[dict]) -> None:
        for action in actions:
            self.post(action)

    def play(self, count: int, seed: int) -> None:
        """`count` legal actions drawn at random (other ones than a previous seed's)."""
        rng = random.Random(seed)
        played = 0
        while played < count:
            action = random_action(self.rules, self.full.state, rng)
            if action["type"] in SKIPPED:
                continue
            try:
                self.full.preview(action)
            except IllegalAction:
                continue
            self.post(action)
            played += 1


def pieces(app, game_id: str) -> list[tuple[int, int, tuple]]:
    """(start, end, positions noted) of the game's stored note pieces, in log order."""
    db = open_database(app.config["DATABASE"])
    try:
        found = db.execute("select start, end, notes from frame_notes where game_id = ? "
                           "order by start", [game_id]).fetchall()
    finally:
        db.close()
    return [(start, end, load_state(notes)[0]) for start, end, notes in found]


def test_notes_saved_in_pieces_across_undos_give_the_history_of_a_full_replay(app, browser):
    record, actions = long_game(LENGTH, seed=23)
    banker = browser()
    game_id = import_game(banker, record, actions)
    table = Table(app, banker, game_id, record, actions)
    table.play(3 * SAVE_EVERY, seed=1)
    saved = pieces(app, game_id)
    assert len(saved) >= 3 and saved[0][0] == 0
    assert all(a[1] == b[0] for a, b in zip(saved, saved[1:], strict=False))  # end to end
    assert all(len(positions) <= SAVE_EVERY for _s, _e, positions in saved[1:])

    # undo below the end of the last two pieces (and redo two), then play on differently
    for _ in range(2 * SAVE_EVERY + 20):
        table.post({"type": "undo"})
    assert table.full.frames[-1].position < saved[-2][1]
    table.post({"type": "redo"})
    table.post({"type": "redo"})
    table.play(3 * SAVE_EVERY, seed=2)
    later = pieces(app, game_id)
    assert later[:len(saved)] == saved  # what was stored is added to, never rewritten
    taken_back = {f.position for f in Replayer(table.rules, actions).frames[1:]} | {
        p for _s, _e, positions in saved for p in positions}
    in_force = {f.position for f in table.full.frames}
    assert taken_back - in_force  # some stored notes belong to frames no longer in force

    again = restarted(app)
    client = banker_client(again, banker, game_id)
    assert client.get(f"/g/{game_id}/banker").status_code == 200
    resumed = replayer_of(again, game_id)
    assert resumed._resumed is not None
    below = resumed.frames[1:resumed._resumed.depth + 1]
    assert all(isinstance(f.memo, FrameNote) for f in below)  # every one from the pieces
    full = table.full.frames
    assert [f.memo for f in below] == note_frames(full, len(below))
    assert client.get(f"/g/{game_id}/history").status_code == 200
    assert resumed._resumed is not None  # nothing before the checkpoint was replayed
    assert history(resumed.frames, resumed.log) == history(full, table.full.log)


def test_a_save_late_in_the_game_adds_only_the_notes_since_the_last(app, browser):
    record, actions = long_game(LENGTH + 2 * SAVE_EVERY, seed=24)
    banker = browser()
    game_id = import_game(banker, record, actions[:LENGTH])
    table = Table(app, banker, game_id, record, actions[:LENGTH])
    with again_traced(app) as seen:
        table.post_all(actions[LENGTH:])
    saves = [s.lower() for s in seen if s.upper().startswith(("INSERT", "DELETE"))
             and " actions " not in s]
    assert len(saves) == 4, saves  # two checkpoints saved, each with one piece of notes
    assert all(s.startswith("insert into checkpoints") for s in saves[::2])
    assert all(s.startswith("insert into frame_notes") for s in saves[1::2])  # no delete
    for _start, _end, positions in pieces(app, game_id)[1:]:
        assert len(positions) == SAVE_EVERY


def test_notes_of_another_version_are_not_used_and_are_saved_again_whole(app, browser):
    record, actions = long_game(LENGTH + 4 * SAVE_EVERY, seed=25)
    middle = LENGTH + 2 * SAVE_EVERY
    banker = browser()
    game_id = import_game(banker, record, actions[:LENGTH])
    Table(app, banker, game_id, record, actions[:LENGTH]).post_all(actions[LENGTH:middle])
    assert len(pieces(app, game_id)) >= 3
    db = open_database(app.config["DATABASE"])
    with db.conn:
        db.execute("update frame_notes set version = 'older code'")
    db.close()

    again = restarted(app)
    table = Table(again, banker, game_id, record, actions[:middle])
    assert table.client.get(f"/g/{game_id}/banker").status_code == 200
    assert all(f.memo is None for f in replayer_of(again, game_id).frames[1:])
    table.post_all(actions[middle:])
    db = open_database(app.config["DATABASE"])
    versions = {v for (v,) in db.execute("select version from frame_notes")}
    db.close()
    assert versions == {hooks_for("railbaron").web.frame_notes[0]}  # the older pieces are gone
    stored = pieces(again, game_id)
    assert stored[0][0] == 0
    assert all(a[1] == b[0] for a, b in zip(stored, stored[1:], strict=False))

    third = restarted(app)
    client = banker_client(third, banker, game_id)
    assert client.get(f"/g/{game_id}/history").status_code == 200
    resumed = replayer_of(third, game_id)
    assert resumed._resumed is not None
    assert history(resumed.frames, resumed.log) == history(table.full.frames, table.full.log)


def test_a_checkpoint_saved_with_its_notes_whole_still_loads(app, browser):
    """Before the notes were saved in pieces, a checkpoint held those of the whole game."""
    record, actions = long_game(LENGTH, seed=26)
    banker = browser()
    game_id = import_game(banker, record, actions)
    full = Replayer(rules_of(record), actions)
    db = open_database(app.config["DATABASE"])
    with db.conn:
        seq, blob = db.execute("select seq, state from checkpoints").fetchone()
        depth = next(f.depth for f in full.frames if f.position == seq - 1)
        version, _make = hooks_for("railbaron").web.frame_notes
        whole = SavedCheckpoint(load_state(blob).state, version,
                                tuple(note_frames(full.frames, depth)))
        db.execute("update checkpoints set state = ?", [dump_state(whole)])
        db.execute("delete from frame_notes")
    db.close()

    again = restarted(app)
    client = banker_client(again, banker, game_id)
    assert client.get(f"/g/{game_id}/history").status_code == 200
    resumed = replayer_of(again, game_id)
    assert resumed._resumed is not None
    assert history(resumed.frames, resumed.log) == history(full.frames, actions)
