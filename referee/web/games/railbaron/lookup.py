"""The quick look-up page: dice to a destination and its payoff on any map, no game needed.

One GET form (`/railbaron/lookup`), so a look-up is an address that can be reloaded or shared.
With htmx a tap swaps only the dice and answers (a new map swaps the form); without JavaScript its
"Look up" button does the same. The page also carries the chart (`lookup_chart`), so
`static/railbaron/lookup.js` answers a tapped die in the browser wherever the chart knows the cells.
The chart reading is `referee.games.railbaron.charts.quick`; this module only fetches the map
and renders.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, redirect, request, url_for

from referee.games.railbaron.charts import MapError, UnknownMapError, load_map, quick
from referee.games.railbaron.charts.loader import MapTitle, map_titles
from referee.web.games.railbaron.lookup_chart import chart_json, from_json
from referee.web.render import is_htmx, page_or_fragment

bp = Blueprint("railbaron_lookup", __name__, url_prefix="/railbaron/lookup")

DEFAULT_MAP = "us"


def _instance() -> Path:
    return Path(current_app.instance_path)


def _default_key(maps: list[MapTitle]) -> str:
    keys = [m.key for m in maps]
    return DEFAULT_MAP if DEFAULT_MAP in keys else (keys[0] if keys else "")


@bp.get("")
def page() -> Response:
    """The look-up form with whatever answer its fields already give."""
    maps = map_titles(instance_dir=_instance())
    query, problems = quick.read_query(request.args)
    key = query.map_key or _default_key(maps)
    if query.rolled and not is_htmx():  # a plain form: show the rolled dice at their address
        return redirect(url_for("railbaron_lookup.page", **(query.args() | {"map": key})), 303)
    context: dict[str, Any] = {"maps": maps, "key": key, "query": query, "board": None,
                               "found": None, "message": None}
    status = 200
    try:
        board = load_map(key, instance_dir=_instance(), cached=True)
    except UnknownMapError:
        known = ", ".join(m.key for m in maps)
        context["message"] = f"There is no map {key[:40]!r} here (maps: {known}). Choose one."
        status = 404
    except MapError as err:  # the map's files, or the instance's overrides of it
        errors = [p for p in err.problems if p.severity == "error"] or err.problems
        context["message"] = f"The map {key!r} cannot be read:"
        context["map_problems"] = [str(p) for p in errors]
        context["report_url"] = url_for("railbaron_maps.report", key=key)
        status = 422
    else:
        found = quick.answer(board, query)
        problems = found.problems | problems
        context |= {"board": board, "found": found, "cities": sorted(board.cities),
                    "sources": quick, "chart": chart_json(board),
                    "from_data": from_json(board, query.start, found.start)}
    context["problems"] = problems
    if problems and status == 200:
        status = 422
    response = page_or_fragment("railbaron/lookup/index.html", "railbaron/lookup/_lookup.html",
                                status, **context)
    if is_htmx():  # the address follows the look-up: replaced, one history entry, not one a tap
        response.headers["HX-Replace-Url"] = url_for("railbaron_lookup.page",
                                                     **(query.args() | {"map": key}))
        if request.args.get("shown", key) != key:  # a new map: the whole form, not the answers
            response.headers["HX-Retarget"] = "#lookup"
            response.headers["HX-Reselect"] = "#lookup"
    return response
