"""Who a request acts as within one game: the banker, the holder of one seat, or nobody.

Both roles are proven by secrets kept in cookies scoped to the game's path (/g/<id>/):
`banker` holds the game's banker secret, `seat` the secret of the seat this phone claimed.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Response, abort, g, request, url_for
from werkzeug.exceptions import Forbidden

from referee.web import store
from referee.web.db import get_db
from referee.web.keys import same_secret
from referee.web.store import GameRow

BANKER_COOKIE = "banker"
SEAT_COOKIE = "seat"
TABLE_COOKIE = "table"  # a shared screen that shows the table view: the game's join secret
COOKIE_AGE = 60 * 60 * 24 * 90  # a long game night, or a game resumed months later


@dataclass(frozen=True)
class Actor:
    banker: bool = False
    player_id: str | None = None  # the seat this browser holds, if any
    table: bool = False  # a shared screen: sees the table view and the history, acts for nobody

    @property
    def known(self) -> bool:
        return self.banker or self.player_id is not None or self.table

    def may_act_for(self, player_id: str | None) -> bool:
        """The banker acts for anyone (and for the bank); a phone only for its own seat."""
        return self.banker or (player_id is not None and player_id == self.player_id)


def game_path(game: GameRow) -> str:
    return f"/g/{game.id}/"


def game_or_404(game_id: str) -> GameRow:
    """The stored game, or a 404 page that says so."""
    game = store.get_game(get_db(), game_id)
    if game is None:
        abort(404, f"There is no game {game_id[:40]!r} on this laptop. Check the address, or "
                   "ask the banker for a fresh QR code.")
    return game


def seats_of(game: GameRow) -> list[store.Seat]:
    """The game's seats, read once per request (forget_seats() after changing them)."""
    kept = g.get("referee_seats")
    if kept is None or kept[0] != game.id:
        kept = (game.id, store.seats(get_db(), game.id))
        g.referee_seats = kept
    return kept[1]


def forget_seats() -> None:
    g.pop("referee_seats", None)


def current_actor(game: GameRow) -> Actor:
    """The role this request's cookies prove in `game`."""
    banker = same_secret(request.cookies.get(BANKER_COOKIE), game.banker_secret)
    held = request.cookies.get(SEAT_COOKIE)
    player_id = None
    if held:
        for seat in seats_of(game):
            if same_secret(held, seat.secret):
                player_id = seat.player_id
                break
    table = same_secret(request.cookies.get(TABLE_COOKIE), game.game_secret)
    return Actor(banker=banker, player_id=player_id, table=table)


class SeatMoved(Forbidden):
    """A phone whose seat cookie no seat holds any more: the seat moved to another phone (its
    rejoin code was used there) or the banker freed it. The page offers the join page."""

    name = "Your seat moved to another phone"
    description = ("This phone no longer acts for its player: the seat was taken on another "
                   "phone with its rejoin code (or the banker freed it). To play on this phone "
                   "again, ask the banker for the seat's rejoin code and type it on the join "
                   "page.")

    def __init__(self, join_url: str):
        super().__init__()
        self.way_on = ("Open the join page", join_url)


def require_actor(game: GameRow) -> Actor:
    """The actor, or 403 for a browser that has neither joined nor is the banker (saying so
    when the seat it held moved to another phone)."""
    actor = current_actor(game)
    if not actor.known:
        if request.cookies.get(SEAT_COOKIE):
            raise SeatMoved(url_for("join.join", game_id=game.id))
        abort(403, "This browser has not joined the game: scan the QR code on the table.")
    return actor


def require_banker(game: GameRow) -> Actor:
    actor = current_actor(game)
    if not actor.banker:
        abort(403, "Only the banker's browser may open this. Use the banker link to get in.")
    return actor


def _set(response: Response, game: GameRow, name: str, secret: str) -> None:
    response.set_cookie(
        name, secret, max_age=COOKIE_AGE, path=game_path(game), httponly=True, samesite="Lax"
    )


def set_banker_cookie(response: Response, game: GameRow) -> None:
    _set(response, game, BANKER_COOKIE, game.banker_secret)


def set_seat_cookie(response: Response, game: GameRow, secret: str) -> None:
    _set(response, game, SEAT_COOKIE, secret)


def set_table_cookie(response: Response, game: GameRow) -> None:
    _set(response, game, TABLE_COOKIE, game.game_secret)
