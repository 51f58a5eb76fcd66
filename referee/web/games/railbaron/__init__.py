"""Rail Baron's web parts (`WEB`): the names its pages need, its own pages and lobby fields."""

from __future__ import annotations

from typing import Any

from flask import request, url_for

from referee.games.railbaron.meta import EDITION_RULE_CHOICES, META
from referee.games.railbaron.settings import EDITION_RULES
from referee.web.games.railbaron import lookup as railbaron_lookup
from referee.web.games.railbaron import maps as railbaron_maps
from referee.web.games.railbaron import report as railbaron_report
from referee.web.games.railbaron import routes as railbaron_routes
from referee.web.games.railbaron.board import board_args, picture, player_colours
from referee.web.games.railbaron.history import FRAME_NOTES
from referee.web.games.railbaron.turn import turn_context
from referee.web.hooks import WebParts

__all__ = ["WEB"]


def nav_links() -> list[tuple[str, str, str]]:
    """The quick lookup: dice to a destination and its payoff, no game needed."""
    return [("railbaron_lookup", "Quick lookup", url_for("railbaron_lookup.page"))]


def blueprints() -> tuple:
    """Rail Baron's own pages: the quick lookup, the maps page, the route planner."""
    return (railbaron_lookup.bp, railbaron_maps.bp, railbaron_routes.bp)


def setup_context() -> dict:
    """The lobby's choices of the rules the editions word differently."""
    return {"rb_edition_rules": EDITION_RULE_CHOICES}


def read_setup(form: Any, problems: list[str]) -> tuple[None, dict]:
    """The edition's rules chosen in the lobby, each written into the record as a value: "As
    the chosen rules say" becomes the chosen edition's own (settings.EDITION_RULES)."""
    edition = form.get("edition") or META.editions[0].key
    defaults = EDITION_RULES.get(edition, {})
    settings: dict[str, Any] = {}
    for name, label, options in EDITION_RULE_CHOICES:
        value = form.get(f"rb_{name}", options[0][0])
        if value not in {v for v, _ in options}:
            problems.append(f"{label}: choose one of the options.")
        elif value == "edition":
            if name in defaults:
                settings[name] = defaults[name]
        else:
            settings[name] = {"true": True, "false": False}.get(value, value)
    return None, settings


def page_context(view: Any) -> dict:
    """Rail Baron counts in dollars; the public pages get their names from report.py,
    the phone and the banker console the turn flow from turn.py."""
    context: dict[str, Any] = {"currency": "$"}
    if getattr(view.snapshot.rules.board, "route_graph", None) is not None:
        routes = url_for("railbaron_routes.routes", game_id=view.game.id)
        context["game_tabs"] = [("Routes", routes)]
    if view.page in ("table", "history"):
        context.update(railbaron_report.page_context(view))
        if view.page == "table":
            context.update(board_context(view))
    elif view.page in ("phone", "banker"):
        context.update(turn_context(view))
    return context


def board_context(view: Any) -> dict:
    """The board at a glance on the table view (`rb_board`), when the map has rails; the page
    keeps its focus and the railroad tapped when it follows the game."""
    board = view.snapshot.rules.board
    graph = getattr(board, "route_graph", None)
    if graph is None:
        return {}
    chosen = board_args(request.args, board)
    colours, names = player_colours(view.game.players, view.snapshot.frames[-1])
    kept = {k: v for k, v in chosen.items() if v}
    return {
        "rb_board": picture(board, graph, view.snapshot.state, colours, names,
                            focus=chosen["focus"], rail=chosen["rr"], keep=kept),
        "page_url": url_for("play.table", game_id=view.game.id, **kept),
    }


WEB = WebParts(page_context=page_context, blueprints=blueprints, setup_context=setup_context,
               read_setup=read_setup, boards_page=railbaron_maps.boards_page,
               board_links=railbaron_maps.board_links, nav_links=nav_links,
               frame_notes=FRAME_NOTES)
