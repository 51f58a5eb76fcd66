"""Answering a page or its fragment: htmx requests (HX-Request) get the fragment alone."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, make_response, render_template, request, url_for

from referee.engine.replay import UNDO
from referee.web import store
from referee.web.actors import Actor, seats_of
from referee.web.db import get_db
from referee.web.headline import default_headline
from referee.web.hooks import hooks_for
from referee.web.lan import public_links, public_url
from referee.web.parts import HELD_HEADER, REFUSAL_HEADER, answer, answering, held, mark
from referee.web.permits import seated_banker_of
from referee.web.presenter import Presenter
from referee.web.qr import qr_svg
from referee.web.replayers import ReplayerCache
from referee.web.store import GameRow
from referee.web.viewmodel import GameView, game_over


def _owner_asks(db: Any, game: GameRow, actor: Actor, page: str) -> dict[str, Any]:
    """The corrections waiting for their owners' phones (a banker who also plays: docs/web.md):
    the owner's phone shows its own, the console all; `asks_mark` lets the poller see one
    come or go (the log's length does not change)."""
    if seated_banker_of(game) is None or page not in ("phone", "banker"):
        return {"owner_asks": [], "asks_mark": None}
    asks = store.owner_asks(db, game.id)
    if page == "phone":
        asks = [a for a in asks if a.seat == actor.player_id]
    return {"owner_asks": asks, "asks_mark": store.owner_asks_mark(db, game.id)}


PAGE_ENDPOINTS = {
    "phone": "play.phone",
    "banker": "play.banker",
    "table": "play.table",
    "history": "play.history",
}


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def page_or_fragment(
    full_template: str, fragment_template: str, status: int = 200, **context: Any
) -> Response:
    """Render the fragment for htmx, else the whole page; caches must key on HX-Request."""
    name = fragment_template if is_htmx() else full_template
    response = make_response(render_template(name, **context), status)
    response.vary.add("HX-Request")
    return response


def replayers() -> ReplayerCache:
    return current_app.extensions["referee.replayers"]


def join_links(game: GameRow) -> list[str]:
    """The join link on the public address, then on the fallback address if there is one."""
    return public_links(url_for("join.join", game_id=game.id, k=game.game_secret))


def render_game(
    game: GameRow,
    actor: Actor,
    page: str,
    *,
    status: int = 200,
    failed: dict | None = None,
    notice: str | None = None,
    count: int | None = None,
    refusal: dict | None = None,
    answer: bool = False,
) -> Response:
    """One game page (or its live fragment) for `actor`, as the game stands now.

    `failed` ({"type", "reason"}) is an action the rules or the form refused, shown beside its
    form; `notice` a line shown on top (e.g. that someone acted first). `count`, when the
    caller has just written the log, is its length (the database is not asked again).
    `refusal` ({"message", "choice", "fields"}) is a tap refused as out of date, shown outside
    the live part with the choice it carried (templates/play/_refusal.html); `answer` marks the
    answer to a tap, whose fragment sets that box out of band (emptied when the tap counted).
    """
    db = get_db()
    snapshot = replayers().snapshot(db, game, count)
    hooks = hooks_for(game.game)
    view = GameView(game, snapshot, actor, page, tuple(seats_of(game)))
    context: dict[str, Any] = {
        "view": view,
        "game": game,
        "page": page,
        "page_url": url_for(PAGE_ENDPOINTS[page], game_id=game.id),
        "partial": hooks.partial(page),
        "stylesheets": hooks.setup.stylesheets,
        "failed": failed,
        "notice": notice,
        "refusal": refusal,
        "refusal_oob": answer and is_htmx() and (refusal is not None or _shows_refusal()),
        "over": game_over(game, snapshot.state),
    }
    context.update(_owner_asks(db, game, actor, page))
    if page in ("banker", "table") and not is_htmx():
        link, *fallback = join_links(game)
        context["join_url"] = link
        context["join_qr"] = qr_svg(link)
        context["fallback_joins"] = [(url, qr_svg(url)) for url in fallback]
    if page == "banker" and (why := view.refusal({"type": UNDO})) is not None:
        context["undo_refused"] = why.words  # the end stands (engine/permission.py)
    if page == "banker":
        context["banker_link"] = public_url(
            url_for("play.banker", game_id=game.id, k=game.banker_secret)
        )
    context.update(hooks.web.page_context(view))
    context.setdefault("now", Presenter(view))  # the game's own presenter, or the generic one
    if page == "table":
        context.setdefault("headline", default_headline(view, context["now"]))
    if is_htmx():
        return _live_answer(status, context)
    response = make_response(mark(render_template(f"play/{page}.html", **context))[0], status)
    response.vary.update(("HX-Request", HELD_HEADER))
    return response


def _shows_refusal() -> bool:
    """Whether the page being answered may show a refusal, which the answer then empties: it
    says so (static/parts.js), or it does not say what it holds."""
    return HELD_HEADER not in request.headers or REFUSAL_HEADER in request.headers


def _live_answer(status: int, context: dict[str, Any]) -> Response:
    """The live part for htmx: only its changed parts (out of band, nothing else swapped) when
    the page said what it holds (static/parts.js), else the whole part."""
    holds = held(request.headers.get(HELD_HEADER))
    with answering(holds) as holding:  # keyed parts the page holds are not drawn
        html = render_template("play/_live.html", **context)
    changed = answer(html, holds)
    if changed is None and holding.left_out:  # the page needs the whole: draw every part
        html = render_template("play/_live.html", **context)
    if changed is None:
        response = make_response(mark(html)[0], status)
    else:
        response = make_response(changed, status)
        response.headers["HX-Reswap"] = "none"
    response.vary.update(("HX-Request", HELD_HEADER))
    return response
