"""Rail Baron's route planner page (`/g/<game_id>/railbaron/routes`): route hints for a player
under the game's ownership, with the board showing the route picked. One GET form, so a plan is an
address; the planning is referee.games.railbaron.route_answer, this module only reads the
query and renders.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, render_template, request, url_for

from referee.games import registry
from referee.games.railbaron.route_answer import RouteError, answer_route
from referee.games.railbaron.route_hints import Rider
from referee.web.actors import game_or_404, require_actor
from referee.web.db import get_db
from referee.web.games.railbaron.board import ROUTE, board_args, picture, player_colours
from referee.web.render import replayers

bp = Blueprint("railbaron_routes", __name__, url_prefix="/g/<game_id>/railbaron")


def _choice(args: Any, name: str, allowed: list[str], default: str) -> str:
    """A field's value when it is one of `allowed` (matched case-insensitively), else default."""
    text = str(args.get(name, "") or "").strip()
    return next((a for a in allowed if a.casefold() == text.casefold()), default)


@bp.get("/routes")
def routes(game_id: str) -> Response:
    """Plan a route: from a city to a city, for a player, shortest and fee-aware."""
    game = game_or_404(game_id)
    actor = require_actor(game)
    if game.game != "railbaron":
        abort(404, "Route hints are for Rail Baron games.")
    snapshot = replayers().snapshot(get_db(), game)
    board = snapshot.rules.board
    state = snapshot.state
    graph = getattr(board, "route_graph", None)
    context: dict[str, Any] = {"game": game, "actor": actor, "graph": graph, "board": board,
                               "stylesheets": registry.GAMES[game.game].stylesheets}
    if graph is None:
        return render_template("railbaron/routes.html", **context)
    cities = sorted(board.cities)
    players = [pid for pid, p in state.players.items() if not p.bankrupt]
    rider_id = _choice(request.args, "for", players, actor.player_id or "")
    rider_id = rider_id if rider_id in players else (players[0] if players else "")
    me = state.players.get(rider_id)
    start_default = (me.city or me.home or "") if me else ""
    end_default = (me.destination or "") if me else ""
    start = _choice(request.args, "from", cities, start_default)
    end = _choice(request.args, "to", cities, end_default)
    problems = []
    for name, value in (("from", start), ("to", end)):
        asked = str(request.args.get(name, "") or "").strip()
        if asked and not value:
            problems.append(f"There is no city {asked[:40]!r} on this map.")
    answer = None
    if start and end and not problems:
        rider = Rider(state, board, snapshot.rules.settings, rider_id) if rider_id else None
        try:
            answer = answer_route(board, start, end, rider=rider)
        except RouteError as err:
            problems.append(str(err).capitalize() + ".")
    picked = _choice(request.args, "pick", [str(i) for i in range(1, 10)], "1")
    route = []
    if answer is not None and answer.hints:
        index = min(int(picked), len(answer.hints)) - 1
        route = answer.hints[index].route.steps()
        picked = str(index + 1)
    colours, names = player_colours(game.players, snapshot.frames[-1])
    query = {"from": start, "to": end, "for": rider_id}
    chosen = board_args(request.args, board)
    focus = chosen["focus"] or (ROUTE if route else "")
    keep = {**query, "pick": picked, **({"focus": focus} if focus else {})}
    if chosen["rr"]:
        keep["rr"] = chosen["rr"]
    context |= {
        "cities": cities, "start": start, "end": end, "rider": rider_id,
        "players": [(pid, names.get(pid, pid)) for pid in players],
        "answer": answer, "problems": problems, "picked": picked,
        "pick_urls": [url_for("railbaron_routes.routes", game_id=game.id, **query, pick=i + 1)
                      + "#board" for i in range(len(answer.hints) if answer else 0)],
        "picture": picture(board, graph, state, colours, names, focus=focus, rail=chosen["rr"],
                           route=route, keep=keep),
        "colours": colours,
    }
    return render_template("railbaron/routes.html", **context)
