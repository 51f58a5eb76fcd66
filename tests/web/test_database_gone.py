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
