"""The lobby: create a game, import a game record, list and resume the games on this laptop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge

from referee.engine.checkpoint import checkpoint_of
from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError, new_record
from referee.engine.replay import Replayer, ReplayError
from referee.games import registry
from referee.games.registry import GAMES
from referee.web import store
from referee.web.actors import set_banker_cookie
from referee.web.db import LOST, acknowledge, get_db, immediate
from referee.web.hooks import hooks_for
from referee.web.imports import read_upload, record_dates_of, replay_import
from referee.web.newgame import MAX_TITLE, SetupError, read_new_game
from referee.web.render import page_or_fragment, replayers
from referee.web.replayers import GameUnavailable, frame_noter, new_replayer

bp = Blueprint("lobby", __name__)


def available_maps(key: str) -> list[Any] | None:
    """The boards of game `key` (BoardSummary), or None when they cannot be listed now."""
    boards = registry.game(key).boards
    if boards is None:
        return []
    try:
        return boards.list(Path(current_app.instance_path))
    except Exception:  # a broken board file must not close the lobby
        current_app.logger.exception("listing the boards failed")
        return None


def _context(form: MultiDict[str, str] | None = None) -> dict[str, Any]:
    form = form or MultiDict()
    key = form.get("game") or request.args.get("game", "")
    if key not in GAMES:
        key = next(iter(GAMES))
    hooks = hooks_for(key)
    return {
        "games": GAMES, "game_key": key, "setup": hooks.setup,
        "maps": available_maps(key) if hooks.setup.uses_board else [],
        "rows": hooks.setup.max_players, "form": form, "max_title": MAX_TITLE,
    } | hooks.web.setup_context()


def _lobby(status: int = 200, form: MultiDict[str, str] | None = None, **extra: Any) -> Response:
    context = _context(form) | extra
    body = render_template("lobby/index.html", listings=store.list_games(get_db()),
                           lost=current_app.extensions.get(LOST, []), **context)
    return make_response(body, status)


@bp.get("/")
def index() -> Response:
    """The lobby: new game form, import form, games on this laptop."""
    return _lobby()


@bp.get("/new/options")
def options() -> Response:
    """The game-specific part of the new game form, for the game chosen (?game=), with the
    players' names typed so far (?name_1=…)."""
    names = MultiDict([(k, v) for k, v in request.args.items(multi=True)
                       if k == "game" or k.startswith("name_")])
    return page_or_fragment("lobby/index.html", "lobby/_options.html", **_context(names),
                            listings=store.list_games(get_db()))


def _start(record: dict, replayer: Replayer, title: str,
           dates: tuple[str | None, str | None] | None = None) -> Response:
    """Store a checked game, keep its Replayer, send its creator to the banker console.

    Everything slow (the replay, the checkpoint and its notes) is done before the write lock is
    taken: the transaction only inserts, so other phones' actions wait milliseconds, not the
    replay of a long record."""
    pending = checkpoint_of(replayer, noter=frame_noter(record["game"]))
    replayer.forget_walked()  # the states its checkpoint and notes walked: no undo needs them
    db = get_db()
    with immediate(db):
        game = store.create_game(
            db, game=record["game"], map_ref=record["map"], settings=record["settings"],
            players=record["players"], title=title, actions=record["actions"],
            dates=dates,
        )
        if pending is not None:
            replayers().store_checkpoint(db, game.id, pending)
    acknowledge(db, game.id, game.title, len(record["actions"]))
    replayers().adopt(game.id, replayer)
    response = redirect(url_for("play.banker", game_id=game.id), 303)
    set_banker_cookie(response, game)
    return response


def _playable(key: str) -> list[str] | None:
    """The keys of the boards a new game of `key` may use (None: the list is unavailable)."""
    maps = available_maps(key)
    return None if maps is None else [m.key for m in maps if m.playable]


@bp.post("/new")
def create() -> Response:
    """Create a game from the lobby form."""
    try:
        new = read_new_game(request.form, _playable)
        record = new_record(new.game, new.map_ref, new.players, new.settings)
        replayer = new_replayer(record, replayers().resolve_map)
    except SetupError as err:
        return _lobby(422, form=request.form, problems=err.problems)
    except (GameUnavailable, IllegalAction) as err:
        return _lobby(422, form=request.form, problems=[str(err)])
    return _start(record, replayer, new.title)


def _read_upload() -> tuple[dict, str]:
    upload = request.files.get("record")
    if upload is None or not upload.filename:
        raise RecordError("Choose a game record file (.json) to import.")
    try:
        return read_upload(upload.read(), upload.filename)
    finally:
        upload.close()


def _replay(record: dict) -> Replayer:
    """The imported record replayed; the log keeps the traceback of rules that fail on it."""
    return replay_import(record, replayers().resolve_map, lambda: current_app.logger.exception(
        "the rules failed on an imported action"))


@bp.errorhandler(RequestEntityTooLarge)
def too_large(err: RequestEntityTooLarge) -> Response:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return _lobby(413, import_problem=f"The upload is larger than {limit / 2**20:g} MB: "
                                      "a game record is far smaller. Choose the right file.")


@bp.post("/import")
def import_record() -> Response:
    """Start a new game by replaying an uploaded game record."""
    try:
        record, title = _read_upload()
        replayer = _replay(record)
    except ReplayError as err:
        return _lobby(422, import_problem=f"The record stops at an illegal action: {err}")
    except (RecordError, GameUnavailable, IllegalAction) as err:
        return _lobby(422, import_problem=str(err))
    return _start(record, replayer, title, record_dates_of(record))
