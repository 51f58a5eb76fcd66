"""House-rule overrides: an instance's `overrides/<map>.csv` replaces chart cells on load.

Columns: table,key,value,reason. Tables and keys:

* ``payoff``  key ``Atlanta|Casper``   value a positive whole number
* ``region``  key ``odd|11``           value a region code or name
* ``city``    key ``SE|odd|7``         value a city of that region
* ``price``   key ``B&O``              value a positive whole number
* ``route``   key ``D12``              value ``permissive`` or ``strict``: an open question of
  the route graph (docs/railbaron-routes.md)

Every overridden cell lands in ``RailBaronMap.overridden`` as a tuple such as
``("payoff", "Atlanta", "Casper")``, ``("region", "odd", "11")``, ``("city", "SE", "odd", "7")``
or ``("price", "B&O")``, and carries a ChartNote whose text starts with "overridden: ".
A payoff note names its two cities; notes for other cells have empty city names and say which
cell they are about.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from referee.games.railbaron.board import PARITIES, WHITE_SUMS, ChartNote, RailBaronMap, pair
from referee.games.railbaron.charts.format import KEY_SEPARATOR, OVERRIDE_TABLES, OVERRIDES_HEADER
from referee.games.railbaron.charts.validate import ERROR, Problem, positive_int, read_csv
from referee.games.railbaron.route_graph import READINGS

OVERRIDE_PREFIX = "overridden: "


@dataclass(frozen=True)
class Override:
    """One house-rule change to one chart cell."""

    line: int
    table: str
    target: tuple[str, ...]  # the cell, as recorded in RailBaronMap.overridden after the table
    value: int | str
    reason: str

    @property
    def cell(self) -> tuple[str, ...]:
        return (self.table, *self.target)


def overrides_label(path: Path) -> str:
    """How problems name an overrides file: `overrides/us.csv`."""
    return f"{path.parent.name}/{path.name}"


def read_overrides(path: Path, board: RailBaronMap) -> tuple[list[Override], list[Problem]]:
    """The overrides in `path`, checked against the map they change."""
    label = overrides_label(path)
    problems: list[Problem] = []

    def report(file: str, line: int | None, message: str) -> None:
        problems.append(Problem(file, line, message, ERROR))

    overrides: list[Override] = []
    seen: dict[tuple[str, ...], int] = {}
    for line, row in read_csv(path, label, OVERRIDES_HEADER, report) or []:
        found = _parse_row(board, row, lambda message, line=line: report(label, line, message))
        if found is None:
            continue
        target, value = found
        cell = (row["table"], *target)
        if cell in seen:
            report(label, line, f"overrides the same cell as line {seen[cell]}")
            continue
        seen[cell] = line
        overrides.append(Override(line, row["table"], target, value, row["reason"]))
    return overrides, problems


def _parse_row(board: RailBaronMap, row: dict[str, str], report) -> tuple[tuple, object] | None:
    table, key, value, reason = row["table"], row["key"], row["value"], row["reason"]
    if table not in OVERRIDE_TABLES:
        report(f"unknown table {table!r} (one of {', '.join(OVERRIDE_TABLES)})")
        return None
    if not reason:
        report("empty reason (say why the house rule changes this cell)")
        return None
    parts = [part.strip() for part in key.split(KEY_SEPARATOR)]
    parse = {"payoff": _payoff, "region": _region, "city": _city, "price": _price,
             "route": _route}[table]
    return parse(board, parts, value, report)


def _amount(text: str, report) -> int | None:
    amount = positive_int(text)
    if amount is None:
        report(f"value {text!r} is not a positive whole number")
    return amount


def _payoff(board: RailBaronMap, parts: list[str], value: str, report):
    if len(parts) != 2:
        report("a payoff key is two cities: CITY|CITY")
        return None
    cities = [board.find_city(part) for part in parts]
    for part, city in zip(parts, cities, strict=True):
        if city is None:
            report(f"unknown city {part!r}")
    if None in cities:
        return None
    if cities[0] == cities[1]:
        report(f"{cities[0]} is paired with itself")
        return None
    amount = _amount(value, report)
    return None if amount is None else (pair(cities[0], cities[1]), amount)


def _cell(parts: list[str], report) -> tuple[str, str] | None:
    parity, white = parts
    if parity.lower() not in PARITIES:
        report(f"parity {parity!r} is not odd or even")
        return None
    if positive_int(white) not in WHITE_SUMS:
        report(f"white sum {white!r} is not a whole number from 2 to 12")
        return None
    return parity.lower(), str(int(white))


def _region(board: RailBaronMap, parts: list[str], value: str, report):
    if len(parts) != 2:
        report("a region key is PARITY|WHITE_SUM, e.g. odd|11")
        return None
    cell = _cell(parts, report)
    code = board.find_region(value)
    if code is None:
        report(f"unknown region {value!r}")
    return None if cell is None or code is None else (cell, code)


def _city(board: RailBaronMap, parts: list[str], value: str, report):
    if len(parts) != 3:
        report("a city key is REGION|PARITY|WHITE_SUM, e.g. SE|odd|7")
        return None
    region = board.find_region(parts[0])
    if region is None:
        report(f"unknown region {parts[0]!r}")
    cell = _cell(parts[1:], report)
    city = board.find_city(value)
    if city is None:
        report(f"unknown city {value!r}")
    if region is None or cell is None or city is None:
        return None
    if board.region_of(city) != region:
        report(f"{city} is in region {board.region_of(city)}, not {region}")
        return None
    return (region, *cell), city


def _price(board: RailBaronMap, parts: list[str], value: str, report):
    folded = parts[0].casefold()
    abbr = next((rr for rr in board.railroads if rr.casefold() == folded), None)
    if len(parts) != 1 or abbr is None:
        report(f"unknown railroad {KEY_SEPARATOR.join(parts)!r}")
        return None
    amount = _amount(value, report)
    return None if amount is None else ((abbr,), amount)


def _route(board: RailBaronMap, parts: list[str], value: str, report):
    graph = board.route_graph
    if graph is None or len(parts) != 1 or parts[0] not in graph.questions:
        report(f"no open question {KEY_SEPARATOR.join(parts)!r} in this map's route graph")
        return None
    if value not in READINGS:
        report(f"value {value!r} is not {' or '.join(READINGS)}")
        return None
    return (parts[0],), value


def apply_overrides(board: RailBaronMap, overrides: list[Override]) -> None:
    """Change the cells in place, record them in `overridden` and add a note for each."""
    for o in overrides:
        if o.table == "payoff":
            board.payoffs[o.target] = o.value  # type: ignore[index, assignment]
            board.notes.append(ChartNote(*o.target, OVERRIDE_PREFIX + o.reason))
        else:
            if o.table == "region":
                parity, white = o.target
                board.region_table[parity, int(white)] = str(o.value)
            elif o.table == "city":
                region, parity, white = o.target
                board.city_table[region, parity, int(white)] = str(o.value)
            elif o.table == "route" and board.route_graph is not None:
                board.route_graph = board.route_graph.with_readings({o.target[0]: str(o.value)})
            else:
                (abbr,) = o.target
                board.railroads[abbr] = dataclasses.replace(board.railroads[abbr],
                                                            price=int(o.value))
            where = " ".join(o.cell)
            board.notes.append(ChartNote("", "", f"{OVERRIDE_PREFIX}{where} is {o.value}: "
                                                 f"{o.reason}"))
        board.overridden.add(o.cell)


def override_note(board: RailBaronMap, cell: tuple[str, ...]) -> str | None:
    """The house rule behind an overridden region, city or price cell, e.g. for
    ``("region", "odd", "11")``: "region odd 11 is NE: as printed in our copy"."""
    if cell not in board.overridden:
        return None
    head = f"{OVERRIDE_PREFIX}{' '.join(cell)} is "
    for note in board.notes:
        if not note.city_a and note.text.startswith(head):
            return note.text.removeprefix(OVERRIDE_PREFIX)
    return None
