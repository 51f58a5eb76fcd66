"""Error pages: every refusal names its reason; an htmx request gets a fragment."""

from __future__ import annotations

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from referee.web.render import page_or_fragment
from referee.web.replayers import GameUnavailable


def _http_error(err: HTTPException) -> Response:
    return page_or_fragment(
        "error.html", "_error.html", err.code or 500,
        code=err.code, title=err.name, message=err.description,
    )


def _unavailable(err: GameUnavailable) -> Response:
    return page_or_fragment(
        "error.html", "_error.html", 503,
        code=503, title="This game cannot be opened", message=str(err),
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(GameUnavailable, _unavailable)
