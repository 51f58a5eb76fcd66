"""A game's pages (phone, banker console, table, history), its action endpoint, live updates
and export."""

from __future__ import annotations

import re
import unicodedata

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from referee.engine.corrections import RENAME
from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.record import dump_record
from referee.engine.replay import Replayer
from referee.games.explain import refusal_rule
from referee.web import store
from referee.web.actors import (
    Actor,
    game_or_404,
    require_actor,
    require_banker,
    set_banker_cookie,
)
from referee.web.db import get_db
from referee.web.forms import FormError, action_from_form
from referee.web.games import hooks_for
from referee.web.keys import same_secret
from referee.web.names import clean_name, name_problems, seat_names
from referee.web.newgame import MAX_NAME
from referee.web.render import PAGE_ENDPOINTS, is_htmx, render_game, replayers
from referee.web.store import GameRow
from referee.web.submit import NotNow, Refuse, ReusedClientId, submit_action

bp = Blueprint("play", __name__, url_prefix="/g/<game_id>")

REFRESH_EVENT = "refresh"


@bp.get("/me")
def phone(game_id: str) -> Response:
    """The phone view of the seat this browser holds."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    if actor.player_id is None:
        abort(403, "This browser holds no seat in this game: scan the QR code to join.")
    return render_game(game, actor, "phone")


@bp.get("/banker")
def banker(game_id: str) -> Response:
    """The banker console; `?k=<banker secret>` (the banker link) lets a browser in."""
    game = game_or_404(game_id)
    if "k" in request.args:
        if not same_secret(request.args["k"], game.banker_secret):
            abort(403, "This banker link does not fit this game.")
        response = redirect(url_for("play.banker", game_id=game.id), 303)
        set_banker_cookie(response, game)
        return response
    return render_game(game, require_banker(game), "banker")


@bp.get("/table")
def table(game_id: str) -> Response:
    """The view for a screen everyone at the table can see."""
    game = game_or_404(game_id)
    return render_game(game, require_actor(game), "table")


@bp.get("/history")
def history(game_id: str) -> Response:
    """Every action of the game, newest first."""
    game = game_or_404(game_id)
    return render_game(game, require_actor(game), "history")


@bp.get("/version")
def version(game_id: str) -> Response:
    """The game's seq, read without replay: an empty answer if `?seq=` is current (a 200 that
    swaps nothing: waitress closes the connection after a 204, and every phone's poll would open
    a new one), else a refresh trigger."""
    count = store.action_count(get_db(), game_id)
    if count is None:
        abort(404, "There is no such game.")
    if request.args.get("seq") == str(count):
        return Response(b"", headers={"HX-Reswap": "none"})
    return Response(str(count), mimetype="text/plain", headers={"HX-Trigger": REFRESH_EVENT})


@bp.get("/export.json")
def export(game_id: str) -> Response:
    """The game record (settings, players, the whole action log) as a JSON download: the
    banker's alone, for the log replays to every player's exact cash."""
    game = game_or_404(game_id)
    require_banker(game)
    record = game.record(store.actions_from(get_db(), game.id))
    record = {"format": record["format"], "game": record["game"], "title": game.title, **record}
    name = f"referee-{slug(game.title)}-{game.id}.json"
    return Response(
        dump_record(record),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def slug(title: str, longest: int = 40) -> str:
    """A title as a file name's part: "Game night, 3 May" -> "game-night-3-may"."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", plain.lower())
    out = "-".join(words)[:longest].strip("-")
    return out or "game"


def _answer_page(actor: Actor, asked: str | None) -> str:
    """The page to answer an action with: the one asked for, if this actor may see it."""
    if asked == "phone" and actor.player_id is not None:
        return "phone"
    if asked == "banker" and actor.banker:
        return "banker"
    if asked in ("table", "history"):
        return asked
    return "banker" if actor.banker else "phone"


def _names(game: GameRow) -> dict[str, str]:
    """The seats' names in force now (a banker's correction included)."""
    return seat_names(game.players, replayers().snapshot(get_db(), game).frames[-1])


def _refusal(game: GameRow, actor: Actor, player_id: str | None) -> str:
    if player_id is None:
        return "Only the banker may record this action."
    if actor.player_id is None:
        return "This browser holds no seat in this game."
    names = _names(game)
    return (f"This phone acts for {names.get(actor.player_id, actor.player_id)}, "
            f"not for {names.get(player_id, player_id)}.")


def _name_problem(game: GameRow, action: dict) -> str | None:
    """A corrected name is cleaned as the lobby cleans names and must not look like another's;
    the engine checks the rest (the player, the length, the reason)."""
    if not isinstance(action.get("name"), str):
        return None
    action["name"] = clean_name(action["name"])
    names = _names(game)
    others = [(name, name) for pid, name in names.items() if pid != action.get("player")]
    problems = name_problems([*others, ("The new name", action["name"])], MAX_NAME)
    return problems[-1] if problems and action["name"] else None


def _not_now(game: GameRow, player_id: str) -> Refuse:
    """Why a phone may not act for its seat on a state (someone else is to act), or None."""

    def refuse(replayer: Replayer) -> str | None:
        to_act = hooks_for(game.game).to_act(replayer.state)
        if player_id in to_act:
            return None
        names = seat_names(game.players, replayer.top)
        name = names.get(player_id, player_id)
        if not to_act:
            return f"{name} has nothing to do now."
        acting = " or ".join(dict.fromkeys(names.get(p, p) for p in to_act))
        return f"It is not {name}'s turn: {acting} is to act."

    return refuse


@bp.post("/act")
def act(game_id: str) -> Response:
    """Submit one action (form convention in docs/web.md)."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    page = _answer_page(actor, request.form.get("page"))
    try:
        posted = action_from_form(request.form)
    except FormError as err:
        failed = {"type": request.form.get("type"), "reason": str(err)}
        return render_game(game, actor, page, status=422, failed=failed)
    if posted.action.get("type") == RENAME and (why := _name_problem(game, posted.action)):
        failed = {"type": RENAME, "reason": why}
        return render_game(game, actor, page, status=422, failed=failed)
    try:
        player_id = hooks_for(game.game).acting_for(posted.action)
    except (KeyError, TypeError, ValueError):
        player_id = None
    # A refusal answers with the page itself (and its poller), so the phone keeps following.
    if not actor.may_act_for(player_id):
        return render_game(game, actor, page, status=403, notice=_refusal(game, actor, player_id))
    refuse = None if actor.banker or player_id is None else _not_now(game, player_id)
    try:
        submitted = submit_action(get_db(), replayers(), game, posted, refuse)
    except NotNow as err:
        return render_game(game, actor, page, status=403, notice=str(err))
    except (StaleAction, ReusedClientId) as err:
        return render_game(game, actor, page, status=409, notice=str(err))
    except IllegalAction as err:
        failed = {"type": posted.action["type"], "reason": err.reason,
                  "rule": refusal_rule(game.game, posted.action, err)}
        return render_game(game, actor, page, status=422, failed=failed)
    except (TypeError, LookupError, AttributeError, ValueError, AssertionError):
        # The rules should answer IllegalAction; a malformed action must still not be a 500.
        # Nothing was stored (submit_action stores only what the rules accepted); the log
        # keeps the traceback for whoever fixes the rules.
        current_app.logger.exception("the rules failed on a %r action", posted.action["type"])
        failed = {"type": posted.action["type"], "reason": "The rules could not read this action."}
        return render_game(game, actor, page, status=422, failed=failed)
    if is_htmx():
        return render_game(game, actor, page, count=submitted.seq)
    return redirect(url_for(PAGE_ENDPOINTS[page], game_id=game.id), 303)
