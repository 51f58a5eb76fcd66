"""Joining a game from a phone: pick a free seat; the banker can free a seat again."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from referee.web import store
from referee.web.actors import (
    current_actor,
    forget_seats,
    game_or_404,
    require_banker,
    set_seat_cookie,
    set_table_cookie,
)
from referee.web.db import get_db, immediate
from referee.web.keys import same_secret
from referee.web.rejoin import seat_kept_from_banker
from referee.web.render import is_htmx, render_game
from referee.web.store import GameRow

bp = Blueprint("join", __name__, url_prefix="/g/<game_id>")

BAD_LINK = "This join link does not fit this game. Scan the QR code on the table again."


def _checked_link(game: GameRow, key: str | None) -> None:
    if not same_secret(key, game.game_secret):
        abort(403, BAD_LINK)


def _seat_page(game: GameRow, key: str, status: int = 200, problem: str | None = None) -> Response:
    free = {s.player_id for s in store.seats(get_db(), game.id) if s.claimed is None}
    players = [p for p in game.players if p["id"] in free]
    body = render_template("join/join.html", game=game, players=players, key=key, problem=problem)
    return make_response(body, status)


NO_KEY = ("This address lacks the game's key, which the QR code on the table carries: scan "
          "it to take a free seat.")


@bp.get("/join")
def join(game_id: str) -> Response:
    """The free seats of a game, for a phone that scanned the join QR code; without the QR
    code's key (typed by hand, or a moved seat's old phone), what it needs and the field for
    a seat's rejoin code."""
    game = game_or_404(game_id)
    if current_actor(game).player_id:
        return redirect(url_for("play.phone", game_id=game.id), 303)
    key = request.args.get("k", "")
    if not same_secret(key, game.game_secret):
        problem, status = (BAD_LINK, 403) if key else (NO_KEY, 200)
        body = render_template("join/need_key.html", game=game, problem=problem)
        return make_response(body, status)
    return _seat_page(game, key)


@bp.post("/join")
def claim(game_id: str) -> Response:
    """Take a free seat: this phone now acts for that player."""
    game = game_or_404(game_id)
    key = request.form.get("k", "")
    _checked_link(game, key)
    if current_actor(game).player_id:
        return redirect(url_for("play.phone", game_id=game.id), 303)
    player_id = request.form.get("player", "")
    if game.player(player_id) is None:
        return _seat_page(game, key, 422, "Pick one of the seats below.")
    with immediate(get_db()) as db:
        secret = store.claim_seat(db, game.id, player_id)
    if secret is None:
        return _seat_page(game, key, 409, "That seat was just taken. Pick another.")
    response = redirect(url_for("play.phone", game_id=game.id), 303)
    set_seat_cookie(response, game, secret)
    return response


@bp.post("/watch")
def watch(game_id: str) -> Response:
    """Make this browser a shared screen of the game: the table view, no seat, no actions."""
    game = game_or_404(game_id)
    _checked_link(game, request.form.get("k", ""))
    response = redirect(url_for("play.table", game_id=game.id), 303)
    set_table_cookie(response, game)
    return response


@bp.post("/seats/<player_id>/release")
def release(game_id: str, player_id: str) -> Response:
    """Free a seat (a lost phone): its old cookie no longer acts for the player."""
    game = game_or_404(game_id)
    actor = require_banker(game)
    if game.player(player_id) is None:
        abort(404, f"This game has no seat {player_id[:40]!r}.")
    if why := seat_kept_from_banker(game, player_id):
        abort(403, why)
    with immediate(get_db()) as db:
        store.release_seat(db, game.id, player_id)
    forget_seats()
    if is_htmx():
        return render_game(game, actor, "banker")
    return redirect(url_for("play.banker", game_id=game.id), 303)
