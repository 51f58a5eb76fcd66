"""The web app every phone at the table joins: Flask, htmx, SQLite; nothing from the internet.

`create_app(test_config=None, instance_path=None)` follows Flask's tutorial: the instance
folder holds the database and the signing key (`instance_folder` says which folder it is).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from jinja2 import ChoiceLoader
from platformdirs import user_data_path

from referee import STATIC_DIR, TEMPLATES_DIR
from referee.games import registry
from referee.web import (
    assets,
    boards,
    compress,
    csrf,
    db,
    entry,
    errors,
    filters,
    join,
    lobby,
    look,
    manifest,
    play,
    play_log,
    players,
    rejoin,
    template_cache,
    urls,
    why,
)
from referee.web.hooks import hooks_for
from referee.web.keys import instance_secret_key
from referee.web.replayers import ReplayerCache, map_resolver
from referee.web.templating import GameTemplates

INSTANCE_ENV = "REFEREE_INSTANCE"
APP_NAME = "referee"  # the user data folder's name (~/.local/share/referee on Linux)
HTMX_SCRIPT = "htmx-2.0.11.min.js"  # vendored in static/, see static/VENDORED.md
MAX_UPLOAD = 5 * 1024 * 1024  # a game record of thousands of actions fits many times over

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def default_instance() -> Path:
    """Where an installed app keeps its games: the user's data folder (platformdirs)."""
    return user_data_path(APP_NAME, appauthor=False)


def instance_folder(given: str | os.PathLike[str] | None = None) -> Path:
    """The instance folder (made if absent): `given`, else $REFEREE_INSTANCE, else the user's
    data folder. scripts/serve sets $REFEREE_INSTANCE to the checkout's ./instance."""
    folder = Path(given or os.environ.get(INSTANCE_ENV) or default_instance()).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _secure(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static":  # pages carry secrets (join and banker links) and go stale
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def create_app(
    test_config: dict[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Build the app over an instance folder; `test_config` overrides any setting."""
    folder = instance_folder(instance_path)
    db.check_start(folder)  # before anything is written there: a deleted database says so
    app = Flask(
        __name__,
        instance_path=str(folder),
        template_folder=str(TEMPLATES_DIR),
        static_folder=str(STATIC_DIR),
    )
    app.config.from_mapping(
        DATABASE=str(folder / db.DATABASE_FILE),
        MAX_CONTENT_LENGTH=MAX_UPLOAD,
        PUBLIC_URL=None,
        FALLBACK_URL=None,
        TEMPLATE_CACHE_RESERVE=template_cache.RESERVE,
        TEMPLATE_CACHE_CAP=template_cache.CAP,
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.jinja_env.bytecode_cache = template_cache.TemplateCache(
        folder / template_cache.FOLDER, app.config["TEMPLATE_CACHE_RESERVE"],
        app.config["TEMPLATE_CACHE_CAP"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(folder)

    app.jinja_loader = ChoiceLoader([app.jinja_loader, GameTemplates()])  # type: ignore[list-item]
    db.init_app(app)
    csrf.init_app(app)
    errors.init_app(app)
    app.extensions["referee.replayers"] = ReplayerCache(map_resolver(folder))
    app.after_request(_secure)
    compress.init_app(app)
    assets.init_app(app)
    filters.init_app(app, HTMX_SCRIPT)
    urls.init_app(app)
    look.init_app(app)
    for blueprint in (lobby.bp, join.bp, rejoin.bp, play.bp, boards.bp, entry.bp, manifest.bp,
                      players.bp, why.bp, play_log.bp):
        app.register_blueprint(blueprint)
    for key in registry.GAMES:  # the pages a game registers through its web hooks
        for blueprint in hooks_for(key).web.blueprints():
            app.register_blueprint(blueprint)
    return app
