"""The chart the quick lookup page carries, so a tapped die is answered in the browser.

Everything here is read from the same loaded map the server answers from (`quick`, `lookup`,
house rules applied): the page's script only puts these words together. A cell the chart does
not know is left out, and so is a payoff it does not know: the script then asks the server,
which asks the person for the printed value. The words and numbers are formatted here, as the
page's own answer formats them (`templates/railbaron/lookup/_lookup.html`).
"""

from __future__ import annotations

import json
import threading
from typing import Any

from markupsafe import Markup

from referee.games.railbaron.board import PARITIES, WHITE_SUMS, RailBaronMap
from referee.games.railbaron.charts.lookup import (
    Chance,
    city_chance,
    city_share,
    payoff,
    region_chance,
)
from referee.games.railbaron.charts.overrides import override_note
from referee.web.filters import whole

_KEPT: dict[int, tuple[RailBaronMap, Markup]] = {}  # id(board) -> (board, its chart as JSON)
_GUARD = threading.Lock()
_MAX_KEPT = 16


def chance_parts(chance: Chance) -> list[str | None]:
    """A chance as the page writes it: the percentage, and the exact fraction when exact."""
    return [chance.percent(), str(chance.low) if chance.exact else None]


def money(board: RailBaronMap, amount: int) -> str:
    """An amount as the page writes it, e.g. "$12,500"."""
    return f"{board.money_unit}{whole(amount)}"


def chart_data(board: RailBaronMap) -> dict[str, Any]:
    """Every known region and city cell of `board`, each region's and city's chances."""
    region_cells: dict[str, dict[str, Any]] = {}
    city_cells: dict[str, dict[str, Any]] = {}
    for parity in PARITIES:
        for white in WHITE_SUMS:
            code = board.region_table.get((parity, white))
            if code is not None:
                cell = ("region", parity, str(white))
                region_cells[f"{parity} {white}"] = {
                    "code": code, "overridden": cell in board.overridden,
                    "note": override_note(board, cell)}
            for region in board.regions:
                city = board.city_table.get((region, parity, white))
                if city is None:
                    continue
                cell = ("city", region, parity, str(white))
                city_cells[f"{region} {parity} {white}"] = {
                    "city": city, "overridden": cell in board.overridden,
                    "note": override_note(board, cell)}
    return {
        "map": board.key,
        "regions": dict(board.regions),
        "region_chance": {code: chance_parts(region_chance(board, code))
                          for code in board.regions},
        "region_cells": region_cells,
        "city_cells": city_cells,
        "cities": {city: {"region": code, "chance": chance_parts(city_chance(board, city)),
                          "share": city_share(board, city).percent()}
                   for city, code in board.cities.items()},
    }


def chart_json(board: RailBaronMap) -> Markup:
    """`chart_data(board)` as JSON fit for a `<script type="application/json">`, kept per map."""
    kept = _KEPT.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    text = _script_safe(chart_data(board))
    with _GUARD:
        if len(_KEPT) >= _MAX_KEPT:
            _KEPT.clear()
        _KEPT[id(board)] = (board, text)
    return text


def from_json(board: RailBaronMap, typed: str, start: str | None) -> Markup:
    """What the page knows of the train's city: as typed, as read, and its known payoffs."""
    payoffs: dict[str, dict[str, Any]] = {}
    if start is not None:
        for city in board.cities:
            found = payoff(board, start, city)
            if found.amount is None:
                continue  # unknown in this chart: the server asks for the printed value
            payoffs[city] = {"a": found.city_a, "b": found.city_b,
                             "amount": money(board, found.amount),
                             "overridden": found.overridden, "notes": list(found.notes)}
    return _script_safe({"typed": typed, "start": start, "payoffs": payoffs})


def _script_safe(data: dict[str, Any]) -> Markup:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)
