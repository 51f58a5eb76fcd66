"""Ready soon after the first phone asks: what `referee serve` loads while it listens.

After a restart (the laptop rebooted, the app started again mid-evening) the first page of a
game would otherwise load the game's rules and board, resume it from its checkpoint, compile
templates and read every static file. `warm_up` does that once at start for every game played
in the last hours, the most recent first, in a thread of its own (`warm_in_background`): the
server listens at once, whatever it holds, and `referee serve` lets its first answer go first
(the thread begins once it is sent, or FIRST_WAIT seconds after the start without one), so the
lobby or a phone's page after a restart does not share the processor with the warming. A page
that arrives for a game not yet warm brings that game back itself, under the game's own lock
(the one the warming takes for it), so it waits at most for that one game, never for the
others.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from flask import Flask
from jinja2 import TemplateError
from sqlite_utils import Database

from referee.web import qr, store
from referee.web.db import get_db

RECENT_HOURS = 24  # a game with an action (or made) this recently is tonight's
FIRST_WAIT = 1.0  # seconds the warming waits for the server's first answer, at most


def recent_games(db: Database, since: str, limit: int | None = None) -> list[str]:
    """The ids of the games acted on (or made) at `since` or later, the latest first."""
    sql = """
        select id, coalesce((select created from actions a where a.game_id = g.id
                             order by seq desc limit 1), created) as last
        from games g
    """
    found = [r for r in store.rows(db, sql) if str(r["last"]) >= since]
    found.sort(key=lambda r: str(r["last"]), reverse=True)
    return [str(r["id"]) for r in found[:limit]]


def warm_up(app: Flask, hours: float = RECENT_HOURS, limit: int | None = None) -> list[str]:
    """Read the static files, compile the templates and bring tonight's games back into
    memory; the ids of the games made ready. A game that cannot be opened is left for its
    pages to say so: nothing here stops the app starting."""
    assets = app.extensions["referee.assets"]
    folder = Path(app.static_folder or "static")
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            assets.get(path.relative_to(folder).as_posix())
    since = (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="seconds")
    ready: list[str] = []
    with app.app_context():
        db = get_db()
        try:
            recent = recent_games(db, since, limit)
        except sqlite3.Error:  # the pages say what is wrong with the database
            return ready
        if not recent:
            return ready  # nobody is waiting on a game: the pages load what they need
        qr.library()  # the join links' codes on the consoles
        templates = Path(app.root_path, app.template_folder or "templates")
        for path in sorted(templates.rglob("*.html")):  # compiled once, then kept on disk
            try:
                app.jinja_env.get_template(path.relative_to(templates).as_posix())
            except TemplateError:  # a page that uses it says so
                continue
        cache = app.extensions["referee.replayers"]
        for game_id in recent:
            try:
                game = store.get_game(db, game_id)
                if game is not None:
                    cache.snapshot(db, game)
                    ready.append(game_id)
            except Exception:  # noqa: BLE001 (damaged or no longer replaying: its pages say so)
                continue
    return ready


def first_answer(app: Flask) -> threading.Event:
    """An event set once the app has made its first answer (to any request)."""
    answered = threading.Event()
    inner = app.wsgi_app

    def answering(environ: dict, start_response: Callable) -> Iterable[bytes]:
        try:
            return inner(environ, start_response)
        finally:
            answered.set()
            app.wsgi_app = inner  # type: ignore[method-assign]  # once is enough

    app.wsgi_app = answering  # type: ignore[method-assign]
    return answered


def warm_in_background(app: Flask, said: Callable[[list[str]], None] | None = None,
                       after: threading.Event | None = None,
                       first: Callable[[], None] | None = None) -> threading.Thread:
    """Start `warm_up` in a thread that never keeps the server from stopping; `said` is
    given the ids of the games made ready. With `after` (`first_answer`), the thread waits
    for it, FIRST_WAIT seconds at most, then runs `first` (what else can wait for the first
    answer) before the warming."""
    def run() -> None:
        if after is not None:
            after.wait(FIRST_WAIT)
        try:
            if first is not None:
                first()
        finally:  # the games are made ready whatever became of it
            ready = warm_up(app)
            if said is not None:
                said(ready)

    thread = threading.Thread(target=run, name="warm-up", daemon=True)
    thread.start()
    return thread
