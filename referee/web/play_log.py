"""A finished game's play for the play loggers (referee/web/plays.py): a page with the play as
text to paste, its download in BoardGameGeek's fields, and BG Stats' link. Open to whoever
may see the game (its banker, its seats, its table screens), and only once it is over."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request

from referee.games.registry import GAMES
from referee.web.actors import game_or_404, require_actor
from referee.web.dates import ended_at
from referee.web.db import get_db
from referee.web.names import clean_name
from referee.web.play import slug
from referee.web.plays import Play, as_text, as_xml, bgstats_link, play_of
from referee.web.render import page_or_fragment, replayers
from referee.web.results import seats_of

bp = Blueprint("play_log", __name__, url_prefix="/g/<game_id>")
MAX_LOCATION = 60


def _play(game_id: str) -> Play:
    """The play of the game, or 409 while it is under way (nothing of it is shown then)."""
    game = game_or_404(game_id)
    require_actor(game)
    snapshot = replayers().snapshot(get_db(), game)
    seats = seats_of(game, snapshot.frames, lambda: ended_at(get_db(), game, snapshot.seq))
    if not seats:
        abort(409, "The play is ready once the game is over.")
    location = clean_name(request.args.get("location", ""))[:MAX_LOCATION]
    info = GAMES.get(game.game)
    return play_of(seats, info.title if info else game.game, location)


@bp.get("/play")
def page(game_id: str) -> Response:
    """The play as text to paste into a play log, with its download and BG Stats' link."""
    play = _play(game_id)
    return page_or_fragment("play_log/index.html", "play_log/_play.html", play=play,
                            game_id=game_id, text=as_text(play), bgstats=bgstats_link(play),
                            max_location=MAX_LOCATION)


@bp.get("/play.xml")
def download(game_id: str) -> Response:
    """The play in the fields of BoardGameGeek's play log, as its XML API writes a play."""
    play = _play(game_id)
    name = f"play-{play.date or 'undated'}-{slug(play.game)}-{game_id}.xml"
    return Response(as_xml(play), mimetype="application/xml",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
