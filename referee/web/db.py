"""The SQLite database in the instance folder.

Each server thread keeps one open connection and lends it to the requests it serves (on `g`),
so a poll does not pay for opening a database; a request that ends inside a transaction (an
error half-way) has it rolled back before the connection serves again.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from referee.web.keys import SECRET_KEY_FILE
from referee.web.migrations import migrations

DATABASE_FILE = "referee.db"
SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite makes them with the database's own mode
# What a start leaves in the instance folder beside the database: found without it, the
# database was there once and has gone (boards copied into a fresh folder are not a sign).
EARLIER_RUN = frozenset({SECRET_KEY_FILE, "template-cache",
                         *(DATABASE_FILE + side for side in SIDE_FILES)})
LOW_DISK = 20 * 1024 * 1024  # less free space than this is worth a warning at start


GONE = "The game file has gone"


class DamagedDatabase(Exception):
    """The database file cannot be read as a database; the message is one sentence to show."""


class DatabaseGone(Exception):
    """The database file the server opened is no longer at its path (deleted, or replaced by
    another file): a commit now would land in a file nobody can open again. The message says
    so in one sentence."""


def _gone(path: str | os.PathLike[str], detail: str) -> DatabaseGone:
    return DatabaseGone(f"{GONE}: restart the server ({path} {detail}).")


FileIdentity = tuple[int, int]  # (st_dev, st_ino) of the database file as opened


def identity(path: str | os.PathLike[str]) -> FileIdentity:
    """The device and inode of the file at `path` (OSError when there is none)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


def check_same_file(path: str | os.PathLike[str], opened: FileIdentity,
                    wal: bool = False) -> None:
    """Raise DatabaseGone unless the file at `path` is still the one opened as `opened`, with a
    link to it (a write to an unlinked file would be lost at the next start), and, for a
    database in WAL mode inside a transaction (`wal`), its -wal file is there too."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise _gone(path, "is missing") from None
    except OSError as err:
        raise _gone(path, f"cannot be looked at: {err.strerror}") from None
    if (st.st_dev, st.st_ino) != opened or st.st_nlink < 1:
        raise _gone(path, "is another file than the one opened")
    if wal and not os.path.exists(f"{path}-wal"):  # the log a commit goes to was deleted
        raise _gone(path, "has lost its write-ahead log (-wal)")


def missing_with_earlier_files(folder: str | os.PathLike[str]) -> str | None:
    """Why the server must not start over `folder`: its database file is missing though the
    folder holds files of an earlier run (the games went with the file). None otherwise."""
    folder = Path(folder)
    if not folder.is_dir() or (folder / DATABASE_FILE).exists():
        return None
    left = sorted(p.name for p in folder.iterdir() if p.name in EARLIER_RUN)
    if not left:
        return None
    return (f"{GONE}: {folder / DATABASE_FILE} is missing, yet the folder "
            f"holds files of an earlier run ({', '.join(left[:4])}). Put the file back (with "
            "its -wal file) from a copy and restart; to start with no games, choose an empty "
            "folder (--instance) or empty this one.")


def check_start(folder: str | os.PathLike[str]) -> None:
    """Refuse to start (DatabaseGone) over a folder whose database file has gone."""
    if problem := missing_with_earlier_files(folder):
        raise DatabaseGone(problem)


def make_private(path: str | os.PathLike[str]) -> None:
    """Create the database file readable by its owner only (its WAL files inherit the mode),
    and take the other readers off files an older version left open to them."""
    path = Path(path)
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for file in [path, *(path.with_name(path.name + side) for side in SIDE_FILES)]:
        try:
            if file.exists() and file.stat().st_mode & 0o077:
                file.chmod(0o600)
        except OSError:
            pass  # another owner's file: write_problem says what matters


class GameFile(Database):
    """A connection that knows which file it opened: `immediate` checks the file is still
    there, the same one, before it commits."""

    path: str | os.PathLike[str] | None = None
    opened: FileIdentity | None = None
    wal: bool = False

    def check_file(self) -> None:
        if self.path is not None and self.opened is not None:
            check_same_file(self.path, self.opened, self.wal)


def open_database(path: str | os.PathLike[str],
                  opened: FileIdentity | None = None) -> GameFile:
    """A connection that waits for a busy writer and makes every commit durable. It opens an
    existing file only (never makes an empty one where a database was deleted); `opened`: the
    file it must be (DatabaseGone otherwise, and before each commit of `immediate`).

    It may be closed from another thread (a pool closes the connections of finished threads);
    it is used by one thread at a time.
    """
    uri = Path(path).resolve().as_uri() + "?mode=rw"
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.OperationalError:
        if opened is not None and not Path(path).exists():
            raise _gone(path, "is missing") from None
        raise
    db = GameFile(conn, execute_plugins=False)
    db.path, db.opened = path, opened
    db.execute("PRAGMA busy_timeout = 5000")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    if opened is not None:
        try:
            check_same_file(path, opened)
            db.wal = db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        except (DatabaseGone, sqlite3.Error):
            db.close()
            raise
    return db


def migrate(path: str | os.PathLike[str]) -> list[str]:
    """Switch the file to WAL and apply pending migrations; return the names applied.

    Raises DamagedDatabase when the file is not a readable SQLite database."""
    make_private(path)
    try:
        db = open_database(path)
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as err:
        raise DamagedDatabase(_damaged(path, err)) from err
    try:
        db.execute("select count(*) from sqlite_master").fetchone()
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("its pages do not check out")
        if db.journal_mode != "wal":
            db.enable_wal()
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
        return pending
    except sqlite3.OperationalError:
        raise  # not damage: a disk or a lock (write_problem and the 503 page explain)
    except sqlite3.DatabaseError as err:
        raise DamagedDatabase(_damaged(path, err)) from err
    finally:
        db.close()


def _damaged(path: str | os.PathLike[str], err: Exception) -> str:
    return (f"The database {path} is damaged ({err}): move it aside (its games are lost "
            "unless a copy of the file exists) and start again.")


def write_problem(path: str | os.PathLike[str]) -> str | None:
    """Why games cannot be saved in the database now (read-only, or the disk nearly full), or
    None. Takes the write lock and lets it go, writing nothing."""
    free = shutil.disk_usage(Path(path).parent).free
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND))  # opened for writing, nothing written
        db = open_database(path)
        try:
            db.conn.execute("BEGIN IMMEDIATE")
            db.conn.execute("ROLLBACK")
        finally:
            db.close()
    except OSError as err:
        return f"the database {path} cannot be written ({err.strerror}): no game can be saved."
    except sqlite3.Error as err:
        return f"the database {path} cannot be written ({err}): no game can be saved."
    if free < LOW_DISK:
        return (f"the disk holding {path} has only {free // 1024:,} KB free: free space "
                "before the game, or actions will be refused.")
    return None


class ConnectionPool:
    """One open connection per server thread to one database file."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = path
        self.opened = identity(path)  # the file every connection and commit must find there
        self._connections: dict[int, Database] = {}
        self._guard = threading.Lock()
        weakref.finalize(self, _close_all, self._connections)

    def connection(self) -> Database:
        """This thread's connection, opened on its first request."""
        thread = threading.get_ident()
        db = self._connections.get(thread)
        if db is None:
            db = open_database(self.path, self.opened)
            with self._guard:
                self._close_finished_threads()
                self._connections[thread] = db
        return db

    def discard(self) -> None:
        """Close this thread's connection; its next request opens a fresh one."""
        with self._guard:
            db = self._connections.pop(threading.get_ident(), None)
        if db is not None:
            db.close()

    def _close_finished_threads(self) -> None:
        alive = {t.ident for t in threading.enumerate()}
        for thread in [t for t in self._connections if t not in alive]:
            self._connections.pop(thread).close()

    def close(self) -> None:
        with self._guard:
            _close_all(self._connections)


def _close_all(connections: dict[int, Database]) -> None:
    for db in connections.values():
        db.close()
    connections.clear()


def get_db() -> Database:
    """The connection of the current request (its thread's, from the app's pool)."""
    if "db" not in g:
        g.db = current_app.extensions["referee.db"].connection()
    return g.db


def give_up_connection() -> None:
    """Roll back and close this request's connection (after a failed write): the thread's
    next request opens a fresh one."""
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        pass  # closing below ends the transaction anyway
    current_app.extensions["referee.db"].discard()


def close_db(error: BaseException | None = None) -> None:
    """End the request's use of its connection: nothing may stay half done.

    After a request that failed, the connection is closed rather than lent on: a read it left
    unfinished would hold the thread to an old snapshot of the database.
    """
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        db.conn.rollback()
    if error is not None:
        current_app.extensions["referee.db"].discard()


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock before its first read (BEGIN IMMEDIATE).

    A check-then-write (the expected seq, then the insert) inside it cannot interleave with
    another writer. Before it commits, the connection's file must still be the one the server
    opened (DatabaseGone otherwise, and nothing is committed).
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
        if isinstance(db, GameFile):
            db.check_file()
        db.conn.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    app.extensions["referee.db"] = ConnectionPool(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
