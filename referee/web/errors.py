"""Error pages: every refusal names its reason; an htmx request gets a fragment."""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from referee.web.db import DatabaseGone, give_up_connection
from referee.web.render import page_or_fragment
from referee.web.replayers import GameUnavailable
from referee.web.store import DamagedRow


def _http_error(err: HTTPException) -> Response:
    return page_or_fragment(
        "error.html", "_error.html", err.code or 500,
        code=err.code, title=err.name, message=err.description,
        way_on=getattr(err, "way_on", None),
    )


def _too_large(err: RequestEntityTooLarge) -> Response:
    """Any request over the app's limit (the upload forms say it in their own place)."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return page_or_fragment(
        "error.html", "_error.html", 413, code=413, title="Too large to take",
        message=f"What was sent is larger than {limit / 2**20:g} MB, the most this laptop "
                "takes: nothing was saved.")


def _unavailable(err: GameUnavailable | DamagedRow) -> Response:
    message = str(err)
    if isinstance(err, DamagedRow):
        message = f"This game's record on the laptop is damaged: {err}. Other games are fine."
    return page_or_fragment(
        "error.html", "_error.html", 503,
        code=503, title="This game cannot be opened", message=message,
    )


CANNOT_SAVE = ("The laptop's disk is full or its database cannot be written, so nothing was "
               "saved: free space on the laptop (or ask whoever runs it) and tap again.")
BUSY = "The laptop is busy saving another phone's move: tap again."
DAMAGED = ("The laptop's database is damaged: nothing was saved. Whoever runs the laptop "
           "should restart referee, which says what to do.")


def _database_error(err: sqlite3.Error) -> Response:
    """A database that cannot be written (or read): 503 with what to do, nothing half done."""
    give_up_connection()
    text = str(err).lower()
    if "locked" in text or "busy" in text:
        message = BUSY
    elif isinstance(err, sqlite3.OperationalError):
        message = CANNOT_SAVE
    else:
        message = DAMAGED
    current_app.logger.warning("database error answered with 503: %s", err)
    return page_or_fragment(
        "error.html", "_error.html", 503,
        code=503, title="Nothing was saved", message=message,
    )


def _database_gone(err: DatabaseGone) -> Response:
    """The database file or its log was deleted or replaced under the running server: nothing
    saved, and what the log the server opened still holds goes into the database file now."""
    give_up_connection()
    current_app.logger.error("%s", err)
    current_app.extensions["referee.db"].files.checkpoint()
    if err.unsure:
        title, outcome = "This action may be lost", "Look for it once referee runs again."
    else:
        title, outcome = "Nothing was saved", "Nothing was saved."
    return page_or_fragment(
        "error.html", "_error.html", 503, code=503, title=title,
        message=f"{err} {outcome} Whoever runs the laptop should restart referee.",
    )


def _file_error(err: OSError) -> Response:
    """A file the laptop could not read or write (a full disk, a folder it may not write)."""
    current_app.logger.warning("a file error answered with 503: %s", err)
    return page_or_fragment(
        "error.html", "_error.html", 503,
        code=503, title="Nothing was saved",
        message=(f"The laptop could not write or read a file ({err.strerror or err}), so "
                 "nothing was saved: free space on its disk (or ask whoever runs it) and try "
                 "again."),
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(DatabaseGone, _database_gone)
    app.register_error_handler(OSError, _file_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(GameUnavailable, _unavailable)
    app.register_error_handler(DamagedRow, _unavailable)
    app.register_error_handler(sqlite3.Error, _database_error)
