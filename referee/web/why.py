"""Why this number: the lines that make one player's cash or one company's treasury.

`GET /g/<id>/why/<account>?page=phone|table|banker|history` answers the statement as the asking
page may see it (referee.games.explain.viewed_statement; `&kinds=payoff&side=in`: only the lines
of those kinds, a report's total): a player his own whole cash, another
seat and the table only what the game's rules let them know. `/why/action/<seq>` answers the
transfers one action moved (a history line's amounts) under the same rule, and
`/why/figure/<name>/<subject>` the parts of a figure the game derives (a share value, a
dividend per share, a fee to pay). An htmx request gets the fragment alone.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, request, url_for

from referee.games.contract import AmountWriter
from referee.games.explain import (
    BANKER_VIEW,
    account_name,
    action_lines,
    figure,
    rule_names,
    viewed_statement,
)
from referee.web.actors import Actor, game_or_404, require_actor
from referee.web.db import get_db
from referee.web.hooks import hooks_for
from referee.web.names import seat_names
from referee.web.render import PAGE_ENDPOINTS, page_or_fragment, replayers
from referee.web.store import GameRow

bp = Blueprint("why", __name__, url_prefix="/g/<game_id>")


def asking_page(actor: Actor, asked: str | None) -> str:
    """The page the question comes from, as far as this browser may see it."""
    if asked == "phone" and actor.player_id is not None:
        return "phone"
    if asked == "history":
        return "history"
    if asked == "banker" and actor.banker:
        return "banker"
    if asked == "table" or (actor.player_id is None and not actor.banker):
        return "table"
    return "phone" if actor.player_id is not None else "banker"


def viewer_of(game: GameRow, actor: Actor, page: str, over: bool = False) -> str | None:
    """Whose eyes the page has (Game.visible_cash): a seat, the banker apart, or the table.
    Once the game is over its books are open (the final report counts everyone's cash)."""
    if over:
        return BANKER_VIEW
    if page == "phone":
        return actor.player_id
    if page == "history" and actor.player_id is not None:
        return actor.player_id
    if page == "banker" or (page == "history" and actor.banker):
        seated = any(p["id"] == game.banker for p in game.players)
        return game.banker if seated else BANKER_VIEW
    return None


@bp.get("/why/<account>")
def why(game_id: str, account: str) -> Response:
    """The statement of one account: each transfer with its action, words and rule."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    page = asking_page(actor, request.args.get("page"))
    snapshot = replayers().snapshot(get_db(), game)
    words = rule_names(game.game)
    players = [p["id"] for p in game.players]
    balances = snapshot.state.ledger.balances
    company = words.companies(account) if words is not None else None
    if account not in players and (company is None or account not in balances):
        abort(404, "There is no such account in this game.")
    viewer = viewer_of(game, actor, page, is_over(snapshot.state))
    names = seat_names(game.players, snapshot.frames[-1])
    if account in players:
        visible = hooks_for(game.game).visible_cash(snapshot.state, viewer, account)
    else:
        visible = None if words is not None and words.secret_cash else balances.get(account, 0)
    kinds, side = kinds_asked()
    seen = viewed_statement(game.game, snapshot, account, viewer, names, visible, kinds, side)
    context = {
        "game": game,
        "page": page,
        "back": url_for(PAGE_ENDPOINTS[page], game_id=game.id),
        "who": account_name(account, names, words),
        "seen": seen,
        "only": None if kinds is None else {"kinds": sorted(kinds), "side": side},
        "currency": AmountWriter(words),
        "mine": viewer == account,
    }
    return page_or_fragment("play/why.html", "play/_why.html", **context)


def is_over(state: object) -> bool:
    return getattr(state, "over", False) is True


def kinds_asked() -> tuple[frozenset[str] | None, str | None]:
    """`?kinds=payoff,use_fee&side=in|out`: a figure made of some kinds of a statement's
    lines (a report's total), else the whole statement."""
    asked = request.args.get("kinds")
    if not asked:
        return None, None
    side = request.args.get("side")
    return frozenset(k for k in asked.split(",") if k), side if side in ("in", "out") else None


def currency_of(key: str) -> AmountWriter:
    """How the game `key` writes an amount ("1 unit", "$5")."""
    return AmountWriter(rule_names(key))


@bp.get("/why/action/<int:seq>")
def action(game_id: str, seq: int) -> Response:
    """The money one action in force moved, as the asking page may see it: each transfer's
    words and rule."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    page = asking_page(actor, request.args.get("page"))
    snapshot = replayers().snapshot(get_db(), game)
    frame = next((f for f in snapshot.frames if f.position == seq), None)
    if frame is None or seq < 0:
        abort(404, "No action in force has that number.")
    names = seat_names(game.players, snapshot.frames[-1])
    viewer = viewer_of(game, actor, page, is_over(snapshot.state))
    lines = action_lines(rule_names(game.game), frame, viewer, names)
    context = {
        "game": game, "page": page,
        "back": url_for(PAGE_ENDPOINTS[page], game_id=game.id),
        "title": f"Action {seq + 1}: the money it moved",
        "parts": [{"text": line.text, "amount": line.amount, "rule": line.rule}
                  for line in lines],
        "empty": "No money that you may see moved in this action.",
        "total": None, "rule": "",
        "currency": currency_of(game.game),
    }
    return page_or_fragment("play/why_parts.html", "play/_why_parts.html", **context)


@bp.get("/why/figure/<name>/<subject>")
def derived(game_id: str, name: str, subject: str) -> Response:
    """A figure the game derives (not a balance): the parts that make it and its rule."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    page = asking_page(actor, request.args.get("page"))
    snapshot = replayers().snapshot(get_db(), game)
    found = figure(game.game, snapshot.rules, snapshot.state, name, subject)
    if found is None:
        abort(404, "There is no such figure in this game now.")
    context = {
        "game": game, "page": page,
        "back": url_for(PAGE_ENDPOINTS[page], game_id=game.id),
        "title": found.title,
        "parts": [{"text": p.text, "amount": p.amount, "rule": ""} for p in found.parts],
        "empty": "",
        "total": found.amount, "rule": found.rule,
        "currency": currency_of(game.game),
    }
    return page_or_fragment("play/why_parts.html", "play/_why_parts.html", **context)
