"""The database: named migrations on a fresh file, durable settings, the kept signing key."""

from __future__ import annotations

import sqlite3

from referee.web import create_app
from referee.web.db import DATABASE_FILE, migrate, open_database
from referee.web.migrations import migrations


def test_migrations_run_on_a_fresh_database_and_are_recorded(app):
    conn = sqlite3.connect(app.config["DATABASE"])
    applied = [r[0] for r in conn.execute(
        "select name from _sqlite_migrations where migration_set = ? order by id",
        [migrations.name],
    )]
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    conn.close()
    assert applied == [m.name for m in migrations._migrations] == ["m001_games_actions_seats"]
    assert {"games", "actions", "seats"} <= tables


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
