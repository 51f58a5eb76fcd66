"""CSRF protection for every state-changing request.

Each browser holds a random `csrf` cookie. Pages carry a token derived from it (an HMAC under
the app's SECRET_KEY) in a hidden `csrf_token` field and, for htmx, in the X-CSRF-Token header
that `hx-headers` on <body> adds. A POST whose token does not match its cookie gets 400.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Flask, Response, abort, current_app, g, request

from referee.web.keys import new_secret, same_secret

COOKIE = "csrf"
FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
COOKIE_AGE = 60 * 60 * 24 * 90
REFUSAL = (
    "This form is out of date or came from another site (its security token is missing or "
    "wrong). Reload the page and try again."
)


def _token_for(cookie: str) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, cookie.encode(), hashlib.sha256).hexdigest()


def csrf_token() -> str:
    """The token this browser's forms must send back."""
    if "csrf_cookie" not in g:  # one HMAC a request, not one a form
        g.csrf_cookie = request.cookies.get(COOKIE) or new_secret()
        g.csrf_value = _token_for(g.csrf_cookie)
    return g.csrf_value


def _check() -> None:
    if request.method in SAFE_METHODS:
        return
    cookie = request.cookies.get(COOKIE)
    sent = request.headers.get(HEADER) or request.form.get(FIELD)
    if not cookie or not same_secret(sent, _token_for(cookie)):
        abort(400, REFUSAL)


def _keep_cookie(response: Response) -> Response:
    cookie = g.get("csrf_cookie")
    if cookie and cookie != request.cookies.get(COOKIE):
        response.set_cookie(COOKIE, cookie, max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    app.before_request(_check)
    app.after_request(_keep_cookie)
    app.jinja_env.globals["csrf_token"] = csrf_token
