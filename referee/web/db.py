"""The SQLite database in the instance folder: one connection per request, kept on `g`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from referee.web.migrations import migrations

DATABASE_FILE = "referee.db"


def open_database(path: str | os.PathLike[str]) -> Database:
    """A connection that waits for a busy writer and makes every commit durable."""
    db = Database(Path(path), execute_plugins=False)
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def migrate(path: str | os.PathLike[str]) -> list[str]:
    """Switch the file to WAL and apply pending migrations; return the names applied."""
    db = open_database(path)
    try:
        db.enable_wal()
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
        return pending
    finally:
        db.close()


def get_db() -> Database:
    """The current request's connection, opened on first use."""
    if "db" not in g:
        g.db = open_database(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock before its first read (BEGIN IMMEDIATE).

    A check-then-write (the expected seq, then the insert) inside it cannot interleave with
    another writer.
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.conn.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    migrate(app.config["DATABASE"])
