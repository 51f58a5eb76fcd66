"""A game's pages (phone, banker console, table, history), its action endpoint, live updates
and export."""

from __future__ import annotations

import re
import unicodedata

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from referee.engine.corrections import RENAME
from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.questions import Question
from referee.engine.record import dump_record
from referee.engine.replay import UNDO, Replayer
from referee.engine.takeback import TAKE_BACK, take_back_refusal
from referee.games.explain import refusal_rule
from referee.web import store
from referee.web.actors import (
    Actor,
    game_or_404,
    require_actor,
    require_banker,
    set_banker_cookie,
)
from referee.web.db import get_db, immediate
from referee.web.forms import FormError, action_from_form
from referee.web.hooks import hooks_for
from referee.web.keys import same_secret
from referee.web.names import clean_name, name_problems, seat_names
from referee.web.newgame import MAX_NAME
from referee.web.render import PAGE_ENDPOINTS, is_htmx, render_game, replayers
from referee.web.store import GameRow
from referee.web.submit import NotNow, Refuse, ReusedClientId, submit_action
from referee.web.viewmodel import (
    END_STANDS,
    banker_may_act_for,
    game_over,
    record_open_to_banker,
    seated_banker_of,
    undo_reopens,
)

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
    banker's alone, for the log replays to every player's exact cash; a banker who also plays
    gets it once the game is over (then every cash is public)."""
    game = game_or_404(game_id)
    require_banker(game)
    snapshot = replayers().snapshot(get_db(), game)
    if not record_open_to_banker(game, snapshot.state):
        abort(403, "A banker who also plays gets the game record once the game is over: it "
                   "replays to every player's exact cash, which the others keep secret until "
                   "then.")
    if seated_banker_of(game) is None:
        actions = store.actions_from(get_db(), game.id)
    else:  # the end stands from now on: no undo may reopen the game he holds the record of
        with immediate(get_db()) as db:
            if store.action_count(db, game.id) != snapshot.seq:
                abort(409, "The game moved on while its record was being made: download it "
                           "again.")
            store.give_record(db, game.id, snapshot.seq)
            actions = store.actions_from(db, game.id)
    record = game.record(actions)
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


GAME_OVER_STANDS = "The game is over: only the banker's Undo takes its end back."


def _not_own(game: GameRow, player_id: str, first: Refuse | None) -> Refuse:
    """`first`'s refusal, then why a seat may not take back now (engine/takeback.py: only its
    own latest action, while nobody else has acted since): the answer that draws its phone's
    Take back button."""
    hooks = hooks_for(game.game)

    def refuse(replayer: Replayer) -> str | None:
        if first is not None and (why := first(replayer)):
            return why
        if game_over(game, replayer.state):
            return GAME_OVER_STANDS
        return take_back_refusal(replayer, player_id, hooks.acting_for)

    return refuse


def _secret_seat(game: GameRow, player_id: str) -> Refuse:
    """Why a banker who plays may not act for another seat on a state (banker_may_act_for)."""

    def refuse(replayer: Replayer) -> str | None:
        if banker_may_act_for(game, replayer.state, player_id):
            return None
        name = seat_names(game.players, replayer.top).get(player_id, player_id)
        return (f"{name} acts from his own phone: a banker who also plays records only the "
                "banker's actions for another seat, whose cash he may not know.")

    return refuse


def _end_stands(game: GameRow, first: Refuse | None) -> Refuse:
    """`first`'s refusal, and then an undo's that would take back the end of a game whose
    record a banker who plays holds (store.give_record): the game would go on with him
    holding every exact cash."""

    def refuse(replayer: Replayer) -> str | None:
        if first is not None and (why := first(replayer)):
            return why
        if undo_reopens(game, replayer.top) and store.record_given(get_db(), game.id):
            return END_STANDS
        return None

    return refuse


KEPT_OUT = frozenset({"csrf_token", "seq", "client_id", "page"})


def _refused(game: GameRow, message: str, action: dict) -> dict:
    """A refused tap as its box shows it: the reason, the choice in words, and the form's
    fields (what static/refusal.js puts back into the fresh form)."""
    fields = {name: request.form.getlist(name) for name in request.form
              if name not in KEPT_OUT and not name.endswith(":roll")}
    return {"message": message, "choice": _choice_words(action, _names(game)),
            "fields": fields}


def _choice_words(action: dict, names: dict[str, str]) -> str:
    """An action as its sender chose it: "start town: Linz", "enter: Cy"."""
    seat = {"player", "company"}

    def said(value: object) -> str:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return ", ".join(said(v) for v in value)
        if isinstance(value, dict):
            return ", ".join(f"{said(k)} {said(v)}" for k, v in value.items())
        return str(value)

    kind = str(action.get("type", "action")).replace("_", " ")
    chosen = [said(v) for k, v in action.items()
              if k != "type" and k not in seat and v not in (None, "", [], {})]
    return f"{kind}: {'; '.join(chosen)}" if chosen else kind


def _question(game: GameRow, player_id: str | None) -> Question | None:
    """The question an action for a seat answers: while the game keeps asking that seat and
    only other seats answer, a page drawn before their answers still counts (several phones
    asked at once). The banker's own steps (undo among them) need a current page."""
    if player_id is None:
        return None
    hooks = hooks_for(game.game)
    return Question(player_id, hooks.to_act, hooks.acting_for)


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
        return render_game(game, actor, page, status=422, failed=failed, answer=True)
    if posted.action.get("type") == RENAME and (why := _name_problem(game, posted.action)):
        failed = {"type": RENAME, "reason": why}
        return render_game(game, actor, page, status=422, failed=failed, answer=True)
    try:
        player_id = hooks_for(game.game).acting_for(posted.action)
    except (KeyError, TypeError, ValueError):
        player_id = None
    # A refusal answers with the page itself (and its poller), so the phone keeps following.
    if not actor.may_act_for(player_id):
        return render_game(game, actor, page, status=403, notice=_refusal(game, actor, player_id),
                           answer=True)
    refuse = None if actor.banker or player_id is None else _not_now(game, player_id)
    if actor.banker and seated_banker_of(game) not in (None, player_id) and player_id:
        refuse = _secret_seat(game, player_id)
    taking_back = posted.action.get("type") == TAKE_BACK
    if taking_back and player_id is not None:
        # whoever's turn it is: a take-back is of the seat's own latest tap, not a move
        refuse = _not_own(game, player_id, refuse if actor.banker else None)
    if posted.action.get("type") == UNDO or taking_back:
        refuse = _end_stands(game, refuse)
    try:
        submitted = submit_action(get_db(), replayers(), game, posted, refuse,
                                  None if taking_back else _question(game, player_id),
                                  seat_of=hooks_for(game.game).acting_for)
    except NotNow as err:
        return render_game(game, actor, page, status=403, answer=True,
                           refusal=_refused(game, str(err), posted.action))
    except StaleAction as err:
        return render_game(game, actor, page, status=409, answer=True,
                           refusal=_refused(game, str(err), posted.action))
    except ReusedClientId as err:
        return render_game(game, actor, page, status=409, notice=str(err), answer=True)
    except IllegalAction as err:
        failed = {"type": posted.action["type"], "reason": err.reason,
                  "rule": refusal_rule(game.game, posted.action, err)}
        return render_game(game, actor, page, status=422, failed=failed, answer=True)
    except (TypeError, LookupError, AttributeError, ValueError, AssertionError):
        # The rules should answer IllegalAction; a malformed action must still not be a 500.
        # Nothing was stored (submit_action stores only what the rules accepted); the log
        # keeps the traceback for whoever fixes the rules.
        current_app.logger.exception("the rules failed on a %r action", posted.action["type"])
        failed = {"type": posted.action["type"], "reason": "The rules could not read this action."}
        return render_game(game, actor, page, status=422, failed=failed, answer=True)
    if is_htmx():
        return render_game(game, actor, page, count=submitted.seq, answer=True)
    return redirect(url_for(PAGE_ENDPOINTS[page], game_id=game.id), 303)
