"""Putting a seat back on a phone: the banker makes the seat's rejoin code; the phone that scans
its QR code (or types it on the join page) takes the seat, and the old phone's cookie stops
working. There is no need to free the seat first, and the code works once."""

from __future__ import annotations

import re
import secrets

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

from referee.engine.permission import may_move_seat
from referee.web import store
from referee.web.actors import (
    forget_seats,
    game_or_404,
    require_actor,
    require_banker,
    set_seat_cookie,
)
from referee.web.db import get_db, immediate
from referee.web.keys import same_secret
from referee.web.lan import public_links
from referee.web.names import seat_names
from referee.web.permits import table_of
from referee.web.qr import qr_svg
from referee.web.render import replayers
from referee.web.store import GameRow
from referee.web.viewmodel import seat_kept_words

bp = Blueprint("rejoin", __name__, url_prefix="/g/<game_id>")

# Letters and digits that cannot be read as one another (no 0/O, 1/I/L, 5/S, 2/Z, 8/B, U/V).
ALPHABET = "34679ACDEFGHJKMNPQRTWXY"
CODE_LENGTH = 10  # 23**10, about 45 bits: guessing one over the table's network is hopeless
GROUP = 5  # shown as two groups of five, XXXXX-XXXXX
UNKNOWN_CODE = ("This rejoin code is not one of this game's: it may be mistyped, used already, "
                "or replaced by a newer one. Ask the banker for the seat's code again.")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """The code as the console shows it: XXXXX-XXXXX."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def typed(text: str) -> str:
    """A code as typed or scanned: any case, spaces and dashes ignored."""
    return re.sub(r"[\s\-]", "", text).upper()[:40]


def seat_kept_from_banker(game: GameRow, player_id: str) -> str | None:
    """Why the banker may not put this seat on another phone now, in words (a banker who plays,
    another seat, while a game that keeps cash secret runs: engine/permission.py
    `may_move_seat`); None if he may."""
    snapshot = replayers().snapshot(get_db(), game)
    names = seat_names(game.players, snapshot.frames[-1])
    table = table_of(game, names)
    if may_move_seat(table.seated_banker, player_id, table.over(snapshot.state), table):
        return None
    return seat_kept_words(names.get(player_id, player_id))


def _seat_of_code(game: GameRow, code: str) -> str | None:
    """The player whose seat has this unused rejoin code (compared in constant time)."""
    found = None
    for player_id, stored in store.rejoin_codes(get_db(), game.id).items():
        if same_secret(code, stored):
            found = player_id
    return found


@bp.post("/seats/<player_id>/rejoin")
def make_code(game_id: str, player_id: str) -> Response:
    """The banker makes a seat's rejoin code (any earlier one stops working)."""
    game = game_or_404(game_id)
    require_banker(game)
    if game.player(player_id) is None:
        abort(404, f"This game has no seat {player_id[:40]!r}.")
    if why := seat_kept_from_banker(game, player_id):
        abort(403, why)
    with immediate(get_db()) as db:  # the file is checked before the code is kept
        store.set_rejoin_code(db, game.id, player_id, new_code())
    return redirect(url_for("rejoin.show_code", game_id=game.id, player_id=player_id), 303)


@bp.get("/seats/<player_id>/rejoin")
def show_code(game_id: str, player_id: str) -> Response:
    """The banker's page with a seat's rejoin code and its QR code."""
    game = game_or_404(game_id)
    require_banker(game)
    player = game.player(player_id)
    if player is None:
        abort(404, f"This game has no seat {player_id[:40]!r}.")
    if why := seat_kept_from_banker(game, player_id):
        abort(403, why)
    return _code_page(game, player, own=False)


def _code_page(game: GameRow, player: dict, own: bool) -> Response:
    """A seat's rejoin code and its QR code, on the console (`own` False) or on the seat's own
    phone."""
    code = store.rejoin_codes(get_db(), game.id).get(player["id"])
    links = []
    if code:
        path = url_for("rejoin.rejoin", game_id=game.id, r=code)
        links = [(url, qr_svg(url)) for url in public_links(path)]
    return make_response(render_template("join/rejoin_code.html", game=game, player=player,
                                         code=shown(code) if code else None, links=links,
                                         own=own))


@bp.post("/me/rejoin")
def make_own_code(game_id: str) -> Response:
    """A phone makes its own seat's rejoin code, to move the seat to a new phone (any earlier
    code stops working): the way a seat whose cash is secret moves while a banker who plays
    may not move it."""
    game = game_or_404(game_id)
    seat = require_actor(game).player_id
    if seat is None:
        abort(403, "This browser holds no seat in this game: scan the QR code to join.")
    with immediate(get_db()) as db:
        store.set_rejoin_code(db, game.id, seat, new_code(), made_by=store.SEAT_MADE)
    return redirect(url_for("rejoin.show_own_code", game_id=game.id), 303)


@bp.get("/me/rejoin")
def show_own_code(game_id: str) -> Response:
    """The phone's page with its own seat's rejoin code, to type or scan on the new phone."""
    game = game_or_404(game_id)
    seat = require_actor(game).player_id
    player = game.player(seat) if seat else None
    if player is None:
        abort(403, "This browser holds no seat in this game: scan the QR code to join.")
    return _code_page(game, player, own=True)


def _rejoin_page(game: GameRow, code: str, status: int = 200,
                 problem: str | None = None) -> Response:
    player_id = _seat_of_code(game, code) if code else None
    player = game.player(player_id) if player_id else None
    if code and player is None and problem is None:
        problem, status = UNKNOWN_CODE, 404
    body = render_template("join/rejoin.html", game=game, player=player, code=code,
                           problem=problem)
    return make_response(body, status)


@bp.get("/rejoin")
def rejoin(game_id: str) -> Response:
    """What a phone sees after scanning a rejoin QR code: the seat, and a button to take it."""
    game = game_or_404(game_id)
    return _rejoin_page(game, typed(request.args.get("r", "")))


@bp.post("/rejoin")
def take(game_id: str) -> Response:
    """Take the seat of a rejoin code: this phone now acts for that player, the old one not."""
    game = game_or_404(game_id)
    code = typed(request.form.get("r", ""))
    if not code:
        return _rejoin_page(game, code, 422, "Type the rejoin code the banker shows for your seat.")
    player_id = _seat_of_code(game, code)
    if player_id and store.rejoin_made_by(get_db(), game.id, player_id) != store.SEAT_MADE and (
            why := seat_kept_from_banker(game, player_id)):
        # a banker's code, made when he could move the seat (the game was over, say): it moves
        # nothing now; a code shown on the seat's own phone does
        return _rejoin_page(game, "", 403, why)
    secret = None
    if player_id:
        with immediate(get_db()) as db:
            secret = store.rejoin_seat(db, game.id, player_id, code)
    if secret is None:
        return _rejoin_page(game, "", 404, UNKNOWN_CODE)
    forget_seats()
    response = redirect(url_for("play.phone", game_id=game.id), 303)
    set_seat_cookie(response, game, secret)
    return response
