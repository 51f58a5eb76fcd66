"""The database: named migrations on a fresh file, durable settings, the kept signing key."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from referee.engine import Replayer
from referee.web import create_app
from referee.web.db import DATABASE_FILE, migrate, open_database
from referee.web.migrations import migrations
from tests.web.long_game import rules_of

V1_FIXTURE = Path(__file__).parents[1] / "fixtures" / "db" / "referee-v1.db"


def test_migrations_run_on_a_fresh_database_and_are_recorded(app):
    conn = sqlite3.connect(app.config["DATABASE"])
    applied = [r[0] for r in conn.execute(
        "select name from _sqlite_migrations where migration_set = ? order by id",
        [migrations.name],
    )]
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    conn.close()
    assert applied == [m.name for m in migrations._migrations]
    assert applied[:3] == ["m001_games_actions_seats", "m002_drop_games_status",
                           "m003_checkpoints"]
    assert {"games", "actions", "seats", "checkpoints"} <= tables


def test_migrations_are_not_applied_twice(app):
    assert migrate(app.config["DATABASE"]) == []


def test_database_is_in_wal_mode_with_full_sync(app):
    db = open_database(app.config["DATABASE"])
    try:
        assert db.journal_mode == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        db.close()


def test_action_log_keeps_seq_and_client_id_unique(app):
    db = open_database(app.config["DATABASE"])
    try:
        indexes = {tuple(i.columns): i.unique for i in db["actions"].indexes}
    finally:
        db.close()
    assert indexes[("game_id", "seq")] and indexes[("game_id", "client_id")]


def test_signing_key_is_made_once_and_kept(tmp_path):
    first = create_app(instance_path=tmp_path)
    second = create_app(instance_path=tmp_path)
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 32
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert (tmp_path / DATABASE_FILE).exists()


def test_instance_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "elsewhere"))
    app = create_app()
    assert app.instance_path == str(tmp_path / "elsewhere")
    assert (tmp_path / "elsewhere" / DATABASE_FILE).exists()


def schema(path) -> dict[str, str]:
    conn = sqlite3.connect(path)
    try:
        return {name: sql for name, sql in conn.execute(
            "select name, sql from sqlite_master where name not like 'sqlite_%'")}
    finally:
        conn.close()


def test_a_database_made_by_the_first_version_opens_and_migrates(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    shutil.copy(V1_FIXTURE, instance / DATABASE_FILE)
    with closing(sqlite3.connect(instance / DATABASE_FILE)) as old:
        assert old.execute("PRAGMA journal_mode").fetchone()[0] == "delete"

    app = create_app({"TESTING": True}, instance_path=instance)
    db = open_database(app.config["DATABASE"])
    try:
        assert db.journal_mode == "wal"
        applied = [r["name"] for r in db.query(
            "select name from _sqlite_migrations where migration_set = ? order by id",
            [migrations.name])]
    finally:
        db.close()
    assert applied == [m.name for m in migrations._migrations]
    fresh = create_app({"TESTING": True}, instance_path=tmp_path / "fresh")
    assert schema(app.config["DATABASE"]) == schema(fresh.config["DATABASE"])

    # the old game replays, its banker and its claimed seat still get in, and play goes on
    from tests.fixtures.db import make_v1

    game = f"/g/{make_v1.GAME_ID}"
    banker, phone = app.test_client(), app.test_client()
    banker.set_cookie("banker", make_v1.BANKER_SECRET, path=f"{game}/")
    phone.set_cookie("seat", make_v1.SEAT_SECRET, path=f"{game}/")
    assert banker.get(f"{game}/banker").status_code == 200
    assert phone.get(f"{game}/me").status_code == 200
    assert banker.get(f"{game}/version?seq={make_v1.ACTIONS}").data == b""  # nothing new
    record = json.loads(banker.get(f"{game}/export.json").data)
    assert len(record["actions"]) == make_v1.ACTIONS
    token = re.search(r'name="csrf_token" value="([^"]+)"', banker.get("/").text).group(1)
    replayed = Replayer(rules_of(record), record["actions"])
    assert replayed.seq == make_v1.ACTIONS
    undo = {"type": "undo", "seq": str(make_v1.ACTIONS), "csrf_token": token}
    assert banker.post(f"{game}/act", data=undo).status_code == 303
    assert banker.get(f"{game}/version").text == str(make_v1.ACTIONS + 1)
    # the old client ids still stop a repeated action
    again = {"json": json.dumps(record["actions"][0]), "client_id": "v1-0",
             "seq": str(make_v1.ACTIONS + 1), "csrf_token": token}
    assert banker.post(f"{game}/act", data=again).status_code == 303
    assert banker.get(f"{game}/version").text == str(make_v1.ACTIONS + 1)


def test_a_request_that_fails_half_way_leaves_nothing_half_written(app, table):
    from flask import g

    from referee.web.db import close_db, get_db

    *_, game_id = table
    with app.app_context():
        db = get_db()
        db.conn.execute("BEGIN IMMEDIATE")
        db.conn.execute(
            "insert into actions (game_id, seq, action, created) values (?, 0, '{}', 'now')",
            [game_id])
        close_db()  # the request ends (as teardown does, on an error too)
        assert "db" not in g
    with app.app_context():
        again = get_db()
        assert again is db  # the thread's connection serves the next request...
        assert not again.conn.in_transaction  # ...with nothing open and nothing stored
        assert again.execute("select count(*) from actions").fetchone()[0] == 0


def test_a_request_that_failed_does_not_lend_its_connection_on(tmp_path, counter_game):
    """A failure may leave a read unfinished, holding the thread to an old snapshot."""
    from referee.web.db import get_db

    app = create_app({"TESTING": False}, instance_path=tmp_path / "failing")

    @app.get("/fails-half-way")
    def fails_half_way():
        cursor = get_db().execute("select * from games")  # a read left unfinished
        cursor.fetchone()
        raise RuntimeError("a fault of the app's own")

    client = app.test_client()
    with app.app_context():
        before = get_db()
    assert client.get("/fails-half-way").status_code == 500
    with app.app_context():
        after = get_db()
    assert after is not before  # a fresh connection for the thread's next request
    assert not after.conn.in_transaction


def test_each_thread_keeps_one_connection_and_finished_threads_give_theirs_back(app):
    import threading

    from referee.web.db import get_db

    pool = app.extensions["referee.db"]
    together = threading.Barrier(3)
    seen: dict[int, list] = {}

    def requests() -> None:
        for _ in range(2):
            with app.app_context():
                seen.setdefault(threading.get_ident(), []).append(get_db())
        together.wait()  # all three threads alive at once: three connections

    workers = [threading.Thread(target=requests) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert all(first is second for first, second in seen.values())  # one per thread
    assert len({id(db) for dbs in seen.values() for db in dbs}) == 3
    with app.app_context():
        get_db()
    # the finished threads' connections were closed when this thread opened its own
    assert list(pool._connections) == [threading.get_ident()]
    pool.close()
    assert pool._connections == {}


def test_an_installed_app_keeps_its_games_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_INSTANCE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    app = create_app()
    assert app.instance_path == str(tmp_path / "data" / "referee")
    assert (tmp_path / "data" / "referee" / DATABASE_FILE).exists()
    assert not (tmp_path / "instance").exists()


def test_the_instance_option_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "elsewhere"))
    app = create_app(instance_path=tmp_path / "given")
    assert app.instance_path == str(tmp_path / "given")
