"""A start that finds fewer actions than the server acknowledged says which games lost how
many: on the console (tests/web/test_reliability.py) and in the lobby."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.web import create_app
from referee.web.db import LOST
from tests.web.conftest import Browser


def back_up(app, to: Path) -> None:
    """A copy of the database as it is now (SQLite's backup: whole, with the log's commits)."""
    source, copy = sqlite3.connect(app.config["DATABASE"]), sqlite3.connect(to)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()


def put_back(app, copy: Path) -> None:
    """The server stopped, an older copy of the database put in place of the file."""
    app.extensions["referee.db"].close()
    database = Path(app.config["DATABASE"])
    for side in ("-wal", "-shm"):
        Path(f"{database}{side}").unlink(missing_ok=True)
    database.write_bytes(copy.read_bytes())


def add(banker: Browser, game_id: str, seq: int):
    return banker.act(game_id, seq=seq, type="add", player="p1", **{"n:int": "1"})


def test_a_start_over_an_older_copy_names_the_games_that_lost_actions(app, counter_game,
                                                                      tmp_path):
    banker = Browser(app)
    friday = banker.create_game(["Ann", "Bob"], title="Friday")
    back_up(app, tmp_path / "oldest.db")
    assert add(banker, friday, 0).status_code == 303
    back_up(app, tmp_path / "older.db")
    for seq in (1, 2):
        assert add(banker, friday, seq).status_code == 303
    banker.create_game(["Cy", "Di"], title="Saturday")
    put_back(app, tmp_path / "older.db")

    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert again.extensions[LOST] == [
        'The game "Friday" holds 1 of the 3 actions the server acknowledged: the last 2 are '
        "lost.",
        'The game "Saturday" is not in the database any more: its 0 acknowledged actions are '
        "lost.",
    ]
    lobby = Browser(again).get("/").text
    assert "Actions were lost" in lobby
    assert "the last 2 are lost" in lobby and "Saturday" in lobby
    again.extensions["referee.db"].close()

    said_once = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert said_once.extensions[LOST] == []  # the counts start again from the file as found
    assert "Actions were lost" not in Browser(said_once).get("/").text
    counts = Path(app.instance_path) / "acknowledged.jsonl"
    assert counts.stat().st_mode & 0o777 == 0o600  # titles: its owner's to read only

    # they cover the games no action touched since that start: an older copy still tells
    put_back(said_once, tmp_path / "oldest.db")
    third = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert third.extensions[LOST] == [
        'The game "Friday" holds 0 of the 1 action the server acknowledged: the last 1 is '
        "lost."]


def test_a_start_after_a_clean_stop_says_nothing_lost(app, counter_game):
    banker = Browser(app)
    game_id = banker.create_game(["Ann", "Bob"])
    for seq in range(3):
        assert add(banker, game_id, seq).status_code == 303
    app.extensions["referee.db"].close()
    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert again.extensions[LOST] == []
    assert "Actions were lost" not in Browser(again).get("/").text


def test_counts_that_cannot_be_read_or_written_cost_only_a_warning(app, counter_game, caplog):
    """The file is a folder (say): a start says nothing lost, and actions are saved as ever."""
    app.extensions["referee.db"].close()
    counts = Path(app.instance_path) / "acknowledged.jsonl"
    counts.unlink()
    counts.mkdir()
    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    assert again.extensions[LOST] == []
    warned = [r.getMessage() for r in caplog.records if r.name == "referee.web.acknowledged"]
    assert any("cannot be read" in w for w in warned), warned
    assert any("cannot be written" in w and "would go unnoticed" in w for w in warned), warned
    banker = Browser(again)
    game_id = banker.create_game(["Ann", "Bob"])
    assert add(banker, game_id, 0).status_code == 303
    assert counts.is_dir()
