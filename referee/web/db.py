"""The SQLite database in the instance folder.

Each server thread keeps one open connection and lends it to the requests it serves (on `g`),
so a poll does not pay for opening a database; a request that ends inside a transaction (an
error half-way) has it rolled back before the connection serves again.
"""

from __future__ import annotations

import errno
import logging
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

from referee.web import store
from referee.web.acknowledged import ACKNOWLEDGED_FILE, Acknowledged, counts
from referee.web.checkpointer import Checkpointer
from referee.web.keys import SECRET_KEY_FILE
from referee.web.migrations import migrations

DATABASE_FILE = "referee.db"
SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite makes them with the database's own mode
# What a start leaves in the instance folder beside the database: found without it, the
# database was there once and has gone (boards copied into a fresh folder are not a sign).
EARLIER_RUN = frozenset({SECRET_KEY_FILE, "template-cache", ACKNOWLEDGED_FILE,
                         *(DATABASE_FILE + side for side in SIDE_FILES)})
LOW_DISK = 20 * 1024 * 1024  # less free space than this is worth a warning at start

log = logging.getLogger(__name__)


GONE = "The game file has gone"
LOST = "referee.lost"  # app.extensions: a sentence per game that lost acknowledged actions


class DamagedDatabase(Exception):
    """The database file cannot be read as a database; the message is one sentence to show."""


class DatabaseGone(Exception):
    """The database file the server opened, or its write-ahead log, is no longer at its path
    (deleted, or replaced by another file): a commit now would land in a file nobody can open
    again. The message says so in one sentence. `unsure`: the write was committed, into a log
    that was deleted at that very moment, and may not be kept."""

    def __init__(self, message: str, unsure: bool = False):
        super().__init__(message)
        self.unsure = unsure


def _gone(path: str | os.PathLike[str], detail: str) -> DatabaseGone:
    return DatabaseGone(f"{GONE}: restart the server ({path} {detail}).")


FileIdentity = tuple[int, int]  # (st_dev, st_ino) of the database file as opened


def identity(path: str | os.PathLike[str]) -> FileIdentity:
    """The device and inode of the file at `path` (OSError when there is none)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


def log_path(path: str | os.PathLike[str]) -> str:
    """The database's write-ahead log, where SQLite keeps commits until a checkpoint (beside
    the file a link to the database leads to, as SQLite puts it)."""
    return f"{os.path.realpath(path)}-wal"


def check_same_file(path: str | os.PathLike[str], opened: FileIdentity,
                    wal_opened: FileIdentity | None = None) -> None:
    """Raise DatabaseGone unless the file at `path` is still the one opened as `opened`, with a
    link to it (a write to an unlinked file would be lost at the next start), and, given the
    write-ahead log as opened (`wal_opened`), the file at the log's path is that very log:
    another one made there after a deletion (by any connection) does not count."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise _gone(path, "is missing") from None
    except OSError as err:
        raise _gone(path, f"cannot be looked at: {err.strerror}") from None
    if (st.st_dev, st.st_ino) != opened or st.st_nlink < 1:
        raise _gone(path, "is another file than the one opened")
    if wal_opened is None:
        return
    try:
        wal = identity(log_path(path))
    except OSError:  # the log a commit goes to was deleted
        raise _gone(path, "has lost its write-ahead log (-wal)") from None
    if wal != wal_opened:
        raise _gone(path, "has another write-ahead log (-wal) than the one opened")


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


class OpenedFiles:
    """The database file and its write-ahead log as the server opened them, kept open by a
    connection of its own while the server runs: SQLite deletes the log when its last
    connection closes and makes a new one at the next open, so without it a log made anew
    could not be told from one deleted under the server. That connection also moves the log
    into the database file (`checkpoint`)."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = path
        self.opened = identity(path)
        self._keeper: GameFile | None = open_database(path)
        self._guard = threading.Lock()
        try:
            check_same_file(path, self.opened)
            self._keeper.execute("select count(*) from sqlite_master").fetchone()  # opens the log
            self.wal_opened = identity(log_path(path)) if self._journal() == "wal" else None
        except BaseException:
            self.close()
            raise

    def _journal(self) -> str:
        assert self._keeper is not None
        return str(self._keeper.execute("PRAGMA journal_mode").fetchone()[0])

    def check(self) -> None:
        """DatabaseGone unless the database file and its log are the ones opened."""
        check_same_file(self.path, self.opened, self.wal_opened)

    def _log_is_whole(self) -> bool:
        """Whether every commit since the server opened the files is in the log it opened: the
        file at the log's path is that log, or none is there, or an empty one (a connection
        opened it after a deletion and wrote nothing)."""
        try:
            st = os.stat(log_path(self.path))
        except FileNotFoundError:
            return True
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self.wal_opened or st.st_size == 0

    def checkpoint(self) -> bool:
        """Copy the log into the database file (a passive checkpoint: no writer or reader
        waits), even from a log deleted under the server, while the database file is the one
        opened and nothing was written to another log. True when the file holds the whole log.
        """
        try:
            if identity(self.path) != self.opened or not self._log_is_whole():
                return False
        except OSError:
            return False
        with self._guard:
            if self._keeper is None:  # the server closed its files
                return False
            try:
                _busy, frames, moved = self._keeper.execute(
                    "PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as err:
                log.warning("the write-ahead log could not be moved into %s: %s", self.path, err)
                return False
        return bool(frames == moved)

    def close(self) -> None:
        """Close the keeping connection (the last one to close moves the log in, as usual)."""
        with self._guard:
            if self._keeper is not None:
                self._keeper.close()
                self._keeper = None


class GameFile(Database):
    """A connection that knows which files the server opened: `immediate` checks they are
    still there, the same ones, before it commits, and tells the checkpointer after."""

    files: OpenedFiles | None = None
    checkpointer: Checkpointer | None = None
    acknowledged: Acknowledged | None = None

    def check_file(self) -> None:
        if self.files is not None:
            self.files.check()

    def committed(self) -> None:
        """After a commit: had the files changed between the check and the commit, the write
        counts only once the log it went to is in the database file (DatabaseGone, unsure,
        otherwise)."""
        if self.files is None:
            return
        try:
            self.files.check()
        except DatabaseGone as gone:
            if not self.files.checkpoint():
                raise DatabaseGone(str(gone), unsure=True) from None
        if self.checkpointer is not None:
            self.checkpointer.written()


def open_database(path: str | os.PathLike[str],
                  files: OpenedFiles | None = None) -> GameFile:
    """A connection that waits for a busy writer and makes every commit durable. It opens an
    existing file only (never makes an empty one where a database was deleted); `files`: the
    database and log the server opened, which it must find (DatabaseGone otherwise, before it
    reads a page, so it never makes a new log where one was deleted, and before each commit of
    `immediate`).

    It may be closed from another thread (a pool closes the connections of finished threads);
    it is used by one thread at a time.
    """
    uri = Path(os.path.realpath(path)).as_uri() + "?mode=rw"  # a link loop is not an error
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.OperationalError:
        if files is not None and not Path(path).exists():
            raise _gone(path, "is missing") from None
        raise
    db = GameFile(conn, execute_plugins=False)
    db.files = files
    try:
        db.execute("PRAGMA busy_timeout = 5000")
        db.check_file()  # reads nothing: SQLite opens (or makes) the log at the first read
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
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


def _unwritable(path: str | os.PathLike[str]) -> str | None:
    """Why the file cannot be written (a read-only disk or mount, no permission), or None;
    found without opening it: closing a descriptor of the database file would take away
    every lock SQLite's connections in this process hold on it (POSIX locks are the
    process's), and another program could then delete the -wal under the server."""
    statvfs = getattr(os, "statvfs", None)  # Windows has none (and keeps a lock per handle)
    if statvfs is not None and statvfs(path).f_flag & os.ST_RDONLY:
        return os.strerror(errno.EROFS)
    if not os.access(path, os.W_OK):
        return os.strerror(errno.EACCES)
    return None


def write_problem(path: str | os.PathLike[str]) -> str | None:
    """Why games cannot be saved in the database now (read-only, or the disk nearly full), or
    None. Takes the write lock and lets it go, writing nothing."""
    free = shutil.disk_usage(Path(path).parent).free
    try:
        if why := _unwritable(path):
            return f"the database {path} cannot be written ({why}): no game can be saved."
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
    """One open connection per server thread to one database file, the files as opened (every
    connection and commit must find them there), and the checkpointer of its commits."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = path
        self.files = OpenedFiles(path)
        self.checkpointer = Checkpointer(self.files.checkpoint)
        self.acknowledged = Acknowledged(Path(path).with_name(ACKNOWLEDGED_FILE))
        self._connections: dict[int, Database] = {}
        self._guard = threading.Lock()
        weakref.finalize(self, _shut, self._connections, self.checkpointer, self.files)

    def connection(self) -> Database:
        """This thread's connection, opened on its first request."""
        thread = threading.get_ident()
        db = self._connections.get(thread)
        if db is None:
            db = open_database(self.path, self.files)
            db.checkpointer, db.acknowledged = self.checkpointer, self.acknowledged
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
            _shut(self._connections, self.checkpointer, self.files)


def _shut(connections: dict[int, Database], checkpointer: Checkpointer,
          files: OpenedFiles) -> None:
    checkpointer.stop()
    for db in connections.values():
        db.close()
    connections.clear()
    files.close()


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
    another writer. Before it commits, the connection's file and log must still be the ones the
    server opened (DatabaseGone otherwise, and nothing is committed); after, GameFile.committed.
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
    if isinstance(db, GameFile):
        db.committed()


def acknowledge(db: Database, game_id: str, title: str, actions: int) -> None:
    """Keep, beside the database, that the game's first `actions` actions are acknowledged:
    after their commit, before the answer goes out (referee/web/acknowledged.py)."""
    if isinstance(db, GameFile) and db.acknowledged is not None:
        db.acknowledged.note(game_id, title, actions)


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    pool = ConnectionPool(app.config["DATABASE"])
    app.extensions["referee.db"] = pool
    app.teardown_appcontext(close_db)
    # games holding fewer actions than the last run acknowledged (its -wal deleted, say)
    try:
        found = counts(store.list_games(pool.connection()))
    finally:
        pool.discard()
    app.extensions[LOST] = pool.acknowledged.start_from(found)
