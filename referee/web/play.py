"""A game's pages (phone, banker console, table, history), its action endpoint, live updates
and export."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import cached_property

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from referee.engine import permission
from referee.engine.corrections import RENAME
from referee.engine.errors import IllegalAction, StaleAction
from referee.engine.questions import Question
from referee.engine.record import dump_record
from referee.engine.replay import Replayer
from referee.engine.takeback import TAKE_BACK
from referee.games.contract import write_amount
from referee.games.explain import refusal_rule, rule_names
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
from referee.web.permits import actor_of, game_over, seated_banker_of, table_of
from referee.web.records import full_record
from referee.web.render import PAGE_ENDPOINTS, is_htmx, render_game, replayers
from referee.web.store import GameRow
from referee.web.submit import NotNow, Posted, Refuse, ReusedClientId, submit_action
from referee.web.viewmodel import record_open_to_banker

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
    asks = request.args.get("asks")  # a game whose banker plays: corrections waiting
    if request.args.get("seq") == str(count) and (
            asks is None or asks == store.owner_asks_mark(get_db(), game_id)):
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
    record = full_record(get_db(), game, actions, game_over(game, snapshot.state))
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


class NamesInForce(Mapping):
    """The seats' names in force, read from the game only when a refusal first needs them (an
    accepted action asks the database nothing more for them)."""

    def __init__(self, game: GameRow):
        self.game = game

    @cached_property
    def _names(self) -> dict[str, str]:
        return _names(self.game)

    def __getitem__(self, seat: str) -> str:
        return self._names[seat]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _names(game: GameRow) -> dict[str, str]:
    """The seats' names in force now (a banker's correction included)."""
    return seat_names(game.players, replayers().snapshot(get_db(), game).frames[-1])


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


def _decided(game: GameRow, who: permission.Actor, action: dict, table: permission.Table,
             asked: dict) -> Refuse:
    """The one answer (engine/permission.py) as the write asks it, on the state it writes on
    (the names in force read off that state: the game's lock is held); a correction that goes
    to its owner's phone leaves what it would do in `asked`."""

    def refuse(replayer: Replayer) -> permission.Refusal | None:
        here = replace(table, names=seat_names(game.players, replayer.top))
        why = permission.decide(who, action, replayer, here)
        if why is not None and why.kind == permission.ASK_OWNER and why.owner:
            asked["words"] = _asked_words(replayer, action, why.owner, here)
        return why

    return refuse


def _asked_words(replayer: Replayer, action: dict, owner: str, table: permission.Table) -> str:
    """What a correction waiting for its owner does, in words both the banker and the owner
    know already: what it moves to or from the owner's cash, and its reason (never a line the
    rules would say of the cash it leaves, an announcement among them)."""
    moved = sum(t.amount if t.target == owner else -t.amount
                for t in replayer.preview(action).transfers if owner in (t.source, t.target))
    sign = "+" if moved >= 0 else "-"
    words = f"{table.name(owner)} {sign}{write_amount(rule_names(replayer.rules.game), abs(moved))}"
    reason = action.get("reason")
    return f"{words} ({reason.strip()})" if isinstance(reason, str) and reason.strip() else words


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
    table = table_of(game, NamesInForce(game))
    who = actor_of(actor)
    # Another seat's action (or the banker's, from a phone) is refused whatever the page saw,
    # with the page itself (and its poller), so the phone keeps following.
    if (first := permission.not_yours(who, posted.action, table)) is not None:
        return render_game(game, actor, page, status=403, notice=first.words, answer=True)
    asked: dict = {}
    return _submit(game, actor, page, posted, _decided(game, who, posted.action, table, asked),
                   asked)


def _submit(game: GameRow, actor: Actor, page: str, posted: Posted, refuse: Refuse,
            asked: dict) -> Response:
    """Write `posted` if `refuse` finds nothing against it on the state it lands on, and
    answer with the page: the refusal, the rules' reason, or the game moved on."""
    taking_back = posted.action.get("type") == TAKE_BACK
    try:
        player_id = hooks_for(game.game).acting_for(posted.action)
    except (KeyError, TypeError, ValueError):
        player_id = None
    try:
        submitted = submit_action(get_db(), replayers(), game, posted, refuse,
                                  None if taking_back else _question(game, player_id),
                                  seat_of=hooks_for(game.game).acting_for)
    except NotNow as err:
        if err.refusal is not None and err.refusal.kind == permission.ASK_OWNER:
            return _ask_owner(game, actor, page, posted.action, err.refusal, asked)
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


def _ask_owner(game: GameRow, actor: Actor, page: str, action: dict,
               refusal: permission.Refusal, asked: dict) -> Response:
    """Keep a seated banker's correction of a cash secret to him for its owner's phone to
    confirm (nothing is written to the log until then), and say so on the console."""
    owner = refusal.owner or ""
    with immediate(get_db()) as db:  # the same correction sent twice waits once
        if not any(a.seat == owner and a.action == action
                   for a in store.owner_asks(db, game.id, owner)):
            store.add_owner_ask(db, game.id, owner, action, asked.get("words") or refusal.words)
    return render_game(game, actor, page, status=202, notice=refusal.words, answer=True)


@bp.post("/asks/<ask_id>/<answer>")
def answer_ask(game_id: str, ask_id: str, answer: str) -> Response:
    """The owner's phone confirms or refuses the banker's correction of its cash; the banker
    withdraws one still waiting."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    waiting = {a.id: a for a in store.owner_asks(get_db(), game.id)}
    ask = waiting.get(int(ask_id)) if ask_id.isdigit() and len(ask_id) < 12 else None
    page = _answer_page(actor, request.form.get("page"))
    if ask is None:
        return render_game(game, actor, page, status=404, answer=True,
                           notice="That correction is no longer waiting: it was confirmed, "
                                  "refused or withdrawn.")
    mine = actor.player_id == ask.seat
    if answer not in ("confirm", "refuse", "withdraw") or (
            answer == "withdraw" and not actor.banker) or (answer != "withdraw" and not mine):
        return render_game(game, actor, page, status=403, answer=True,
                           notice="Only the seat whose cash it corrects confirms or refuses "
                                  "it; the banker may withdraw it.")
    if answer != "confirm":
        with immediate(get_db()) as db:
            store.drop_owner_ask(db, game.id, ask.id)
        if is_htmx():
            return render_game(game, actor, page, answer=True)
        return redirect(url_for(PAGE_ENDPOINTS[page], game_id=game.id), 303)
    count = store.action_count(get_db(), game.id) or 0
    table = table_of(game, NamesInForce(game))
    who = permission.Actor(banker=True, confirmed_by=ask.seat)
    posted = Posted(dict(ask.action), count)
    answered = _submit(game, actor, page, posted, _decided(game, who, posted.action, table, {}),
                       {})
    if answered.status_code < 400 or answered.status_code == 422:  # done, or the rules said no
        with immediate(get_db()) as db:
            store.drop_owner_ask(db, game.id, ask.id)
    return answered
