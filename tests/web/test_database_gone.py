"""A database file deleted (or replaced) under the running server: every write answers 503
"the game file has gone: restart the server" and acknowledges nothing, and a start over the
folder without its file says the same instead of starting with no games."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from referee.web import create_app
from referee.web.db import DatabaseGone
from tests.web.conftest import Browser

GONE = "The game file has gone: restart the server"


def database(app) -> Path:
    return Path(app.config["DATABASE"])


def delete_database(app) -> None:
    for side in ("", "-wal", "-shm"):
        Path(f"{database(app)}{side}").unlink(missing_ok=True)


@pytest.fixture
def table(app, browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"])
    assert banker.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    return app, banker, game_id


def test_a_write_after_the_file_was_deleted_answers_503_and_saves_nothing(table):
    app, banker, game_id = table
    delete_database(app)
    answer = banker.act(game_id, seq=1, type="add", player="p1", **{"n:int": "2"})
    assert answer.status_code == 503
    assert GONE in answer.text and "Nothing was saved" in answer.text
    htmx = banker.act(game_id, seq=1, htmx=True, type="add", player="p1", **{"n:int": "2"})
    assert htmx.status_code == 503 and GONE in htmx.text
    for write in (banker.post("/new", {"game": "counter", "name_1": "Cy", "name_2": "Di"}),
                  banker.post(f"/g/{game_id}/seats/p1/release"),
                  banker.post(f"/g/{game_id}/seats/p1/rejoin"),
                  banker.post("/players/merge", {"name": "Ann", "into": "Bob", "reason": "r"})):
        assert write.status_code == 503 and GONE in write.text
    assert not database(app).exists()  # no empty file was made in its place


def test_a_write_after_the_file_was_replaced_answers_503(table):
    app, banker, game_id = table
    path = database(app)
    shutil.copy(path, path.with_name("copy.db"))
    os.replace(path.with_name("copy.db"), path)  # the same bytes, another file
    answer = banker.act(game_id, seq=1, type="add", player="p1", **{"n:int": "2"})
    assert answer.status_code == 503 and GONE in answer.text
    with sqlite3.connect(path) as conn:
        assert conn.execute("select count(*) from actions").fetchone()[0] == 1


def test_a_join_after_the_file_was_deleted_answers_503(app, browser, table):
    _app, banker, game_id = table
    link = banker.join_link(game_id)
    delete_database(app)
    phone = browser()
    answer = phone.join(link, "p2")
    assert answer.status_code == 503 and GONE in answer.text


def test_a_deleted_write_ahead_log_alone_is_found_too(table):
    app, banker, game_id = table
    Path(f"{database(app)}-wal").unlink()
    answer = banker.act(game_id, seq=1, type="add", player="p1", **{"n:int": "2"})
    assert answer.status_code == 503 and GONE in answer.text


def test_the_server_does_not_start_over_a_folder_whose_database_has_gone(table, counter_game):
    app, _banker, _game_id = table
    delete_database(app)
    with pytest.raises(DatabaseGone, match="game file has gone.*referee.db is missing"):
        create_app({"TESTING": True}, instance_path=app.instance_path)
    assert not database(app).exists()


def test_a_fresh_folder_starts_with_no_games(tmp_path, counter_game):
    fresh = create_app({"TESTING": True}, instance_path=tmp_path / "fresh")
    assert Browser(fresh).get("/").status_code == 200
    boards_only = tmp_path / "boards-only"
    (boards_only / "maps").mkdir(parents=True)  # boards copied in before a first start
    assert create_app({"TESTING": True}, instance_path=boards_only).config["DATABASE"]


# -- the write-ahead log: its identity, and how soon it reaches the database file -------------


def actions_in_the_file_alone(app) -> int:
    """The actions the database file holds without its -wal: what a deleted log leaves."""
    copy = database(app).with_name("file-alone.db")
    shutil.copyfile(database(app), copy)
    with sqlite3.connect(copy) as conn:
        return conn.execute("select count(*) from actions").fetchone()[0]


def add(banker, game_id: str, seq: int, n: int = 1):
    return banker.act(game_id, seq=seq, type="add", player="p1", **{"n:int": str(n)})


def test_a_new_log_made_where_the_deleted_one_was_does_not_take_writes(table):
    """Another connection (or program) that opens the database after its -wal was deleted
    makes an empty one at the same path: the name is there, the file is another."""
    app, banker, game_id = table
    wal = Path(f"{database(app)}-wal")
    wal.unlink()
    wal.touch()
    for seq in (1, 1):  # and again: nothing that opened since lets a write through
        answer = add(banker, game_id, seq)
        assert answer.status_code == 503, answer.text
        assert "another write-ahead log (-wal) than the one opened" in answer.text
        assert "Nothing was saved" in answer.text
    assert actions_in_the_file_alone(app) == 1  # the one acknowledged before, nothing after


def test_a_log_deleted_under_the_server_goes_into_the_database_file_at_the_first_refusal(
        table):
    app, banker, game_id = table
    pool = app.extensions["referee.db"]
    pool.checkpointer.stop()  # only the refusal moves the log here
    for seq in range(1, 5):
        assert add(banker, game_id, seq).status_code == 303
    wal = Path(f"{database(app)}-wal")
    wal.unlink()
    assert add(banker, game_id, 5).status_code == 503
    # what the deleted log held is in the file: a restart finds every acknowledged action
    assert actions_in_the_file_alone(app) == 5
    # the refusal closed the connection; the next one is refused before it makes a new log
    assert add(banker, game_id, 5).status_code == 503
    assert not wal.exists()


def test_after_a_burst_of_writes_the_actions_reach_the_database_file(table):
    app, banker, game_id = table
    for seq in range(1, 4):
        assert add(banker, game_id, seq).status_code == 303
    app.extensions["referee.db"].checkpointer.wait()  # the burst is over: it checkpoints
    assert actions_in_the_file_alone(app) == 4
    assert Path(f"{database(app)}-wal").exists()  # the same log goes on taking writes
    assert add(banker, game_id, 4).status_code == 303


def test_a_commit_that_lands_in_a_log_deleted_at_that_moment_counts_once_in_the_file(table):
    app, _banker, game_id = table
    pool = app.extensions["referee.db"]
    pool.checkpointer.stop()
    with app.app_context():
        db = pool.connection()
        db.execute("insert into actions (game_id, seq, action, created) values (?, 1, '{}', '')",
                   [game_id])
        db.conn.commit()
        Path(f"{database(app)}-wal").unlink()  # after the check before the commit, say
        db.committed()  # the log it went to is moved into the file: it counts
        assert actions_in_the_file_alone(app) == 2
        db.execute("insert into actions (game_id, seq, action, created) values (?, 2, '{}', '')",
                   [game_id])
        db.conn.commit()
        Path(f"{database(app)}-wal").write_bytes(b"another program's log")
        with pytest.raises(DatabaseGone) as gone:  # written elsewhere maybe: nothing moved
            db.committed()
        assert gone.value.unsure
        assert actions_in_the_file_alone(app) == 2
        Path(f"{database(app)}-wal").unlink()
        for replace in (lambda p: os.replace(shutil.copy(p, f"{p}.copy"), p), os.unlink):
            replace(database(app))  # the database file itself another one, or none
            with pytest.raises(DatabaseGone) as gone:
                db.committed()
            assert gone.value.unsure
            assert pool.files.checkpoint() is False


def test_a_checkpoint_after_the_server_closed_its_files_moves_nothing(table):
    app, _banker, _game_id = table
    pool = app.extensions["referee.db"]
    assert pool.files.checkpoint() is True
    pool.close()
    assert pool.files.checkpoint() is False


def test_a_log_path_that_cannot_be_looked_at_is_refused_and_nothing_is_moved(table):
    """The -wal replaced by a link to itself: stat fails, and not with "missing"."""
    app, banker, game_id = table
    wal = Path(f"{database(app)}-wal")
    wal.unlink()
    wal.symlink_to(wal.name)
    answer = add(banker, game_id, 1)
    assert answer.status_code == 503 and "has lost its write-ahead log (-wal)" in answer.text
    assert app.extensions["referee.db"].files.checkpoint() is False  # which log is it?


def test_a_database_path_that_cannot_be_looked_at_answers_503(table):
    app, banker, game_id = table
    database(app).unlink()
    database(app).symlink_to(database(app).name)
    answer = add(banker, game_id, 1)
    assert answer.status_code == 503 and "cannot be looked at" in answer.text
    answer = add(banker, game_id, 1)  # and a fresh connection: the same words as deleted
    assert answer.status_code == 503 and GONE in answer.text


def test_a_connection_outside_the_servers_pool_keeps_no_counts(app):
    """A script's connection (referee stats, a test's): no counts file is written for it."""
    from sqlite_utils import Database

    from referee.web.db import acknowledge, open_database

    counts = Path(app.instance_path) / "acknowledged.jsonl"
    before = counts.read_bytes()
    plain = open_database(app.config["DATABASE"])
    acknowledge(plain, "abcdefgh", "Friday", 3)
    acknowledge(Database(plain.conn), "abcdefgh", "Friday", 3)
    plain.close()
    assert counts.read_bytes() == before
