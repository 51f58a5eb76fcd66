"""`referee lookup region|city|destination|payoff|route`: read the Rail Baron charts and rails."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.engine.printable import printable, printable_data, printable_json
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts import lookup as charts
from referee.games.railbaron.charts.loader import MapError, UnknownMapError, load_map
from referee.games.railbaron.route_answer import RouteError, answer_route, table_rider
from referee.games.railbaron.route_graph import READINGS
from referee.games.railbaron.state import ENGINES

DICE = ("red", "white1", "white2")
CITY_DICE = ("city_red", "city_white1", "city_white2")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("lookup", help="read the Rail Baron charts: regions, cities, "
                                                  "destinations, payoffs")
    tables = parser.add_subparsers(dest="lookup_table", metavar="TABLE")

    region = _table(tables, "region", "the region a roll of the red and white dice lands on",
                    _region)
    _dice(region, DICE)
    city = _table(tables, "city", "the city a roll lands on in a region's city table", _city)
    city.add_argument("region", metavar="REGION", help="region code or name")
    _dice(city, DICE)
    dest = _table(tables, "destination", "a whole destination: region roll, then city roll",
                  _destination)
    _dice(dest, DICE)
    _dice(dest, CITY_DICE)
    pay = _table(tables, "payoff", "the payoff between two cities", _payoff)
    pay.add_argument("city_a", metavar="CITY")
    pay.add_argument("city_b", metavar="CITY")
    route = _table(tables, "route", "routes between two cities along the map's rails (hints)",
                   _route)
    route.add_argument("city_a", metavar="FROM")
    route.add_argument("city_b", metavar="TO")
    route.add_argument("--reading", action="append", default=[], metavar="QUESTION=READING",
                       help=f"read an open question of the map otherwise ({'/'.join(READINGS)}),"
                            " e.g. D12=strict")
    route.add_argument("--player", metavar="NAME",
                       help="add fee-aware routes for this player (with --owner)")
    route.add_argument("--owner", action="append", default=[], metavar="RAILROAD=NAME",
                       help="who owns a railroad (the others are the bank's)")
    route.add_argument("--engine", choices=ENGINES, default="freight",
                       help="the player's engine, for the turns and fees (default: freight)")
    route.add_argument("--edition", choices=("modern", "classic"),
                       help="the rules edition for the fees (default: the map's)")
    parser.set_defaults(handler=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _table(tables: argparse._SubParsersAction, name: str, help_text: str,
           answer: Callable[[RailBaronMap, argparse.Namespace], Any]) -> argparse.ArgumentParser:
    parser = tables.add_parser(name, help=help_text, description=help_text[0].upper()
                               + help_text[1:] + ".")
    parser.add_argument("--map", default="us", help="map key (default: us)")
    parser.add_argument("--instance", type=Path, metavar="DIR",
                        help="an instance folder: its maps/ and house-rule overrides/")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.set_defaults(handler=lambda args: run(args, answer))
    return parser


def _dice(parser: argparse.ArgumentParser, names: tuple[str, ...]) -> None:
    roll = "city roll: " if names == CITY_DICE else ""
    helps = ("red die, 1-6", "first white die, 1-6", "second white die, 1-6")
    for dest, metavar, help_text in zip(names, ("RED", "W1", "W2"), helps, strict=True):
        parser.add_argument(dest, metavar=metavar, type=_face, help=roll + help_text)


def _face(text: str) -> int | str:
    """A die face as typed; anything but a number is kept for lookup to reject by name."""
    try:
        return int(text)
    except ValueError:
        return text


def _roll(args: argparse.Namespace, names: tuple[str, ...]) -> tuple[int, int, int]:
    red, white1, white2 = (getattr(args, name) for name in names)
    return red, white1, white2


def _region(board: RailBaronMap, args: argparse.Namespace) -> Any:
    return charts.region_for(board, *_roll(args, DICE))


def _city(board: RailBaronMap, args: argparse.Namespace) -> Any:
    return charts.city_for(board, args.region, *_roll(args, DICE))


def _destination(board: RailBaronMap, args: argparse.Namespace) -> Any:
    return charts.destination(board, _roll(args, DICE), _roll(args, CITY_DICE))


def _payoff(board: RailBaronMap, args: argparse.Namespace) -> Any:
    return charts.payoff(board, args.city_a, args.city_b)


def _pairs(items: list[str], what: str) -> dict[str, str]:
    pairs = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RouteError(f"{what} {item!r} is not written KEY=VALUE")
        pairs[key.strip()] = value.strip()
    return pairs


def _route(board: RailBaronMap, args: argparse.Namespace) -> Any:
    readings = _pairs(args.reading, "--reading")
    graph = board.route_graph
    for question, reading in readings.items():
        if graph is not None and question not in graph.questions:
            raise RouteError(f"no open question {question!r} on this map")
        if reading not in READINGS:
            raise RouteError(f"reading {reading!r} is not {' or '.join(READINGS)}")
    owners = _pairs(args.owner, "--owner")
    if owners and not args.player:
        raise RouteError("--owner needs --player: whose fees to count")
    rider = None
    if args.player:
        rider = table_rider(board, args.player, owners, args.engine, args.edition)
    return answer_route(board, args.city_a, args.city_b, rider=rider, readings=readings)


def _fail(message: object) -> None:
    print(printable(f"referee lookup: error: {message}"), file=sys.stderr)


def run(args: argparse.Namespace,
        answer: Callable[[RailBaronMap, argparse.Namespace], Any]) -> int:
    """Load the map, answer, print; exit 2 for a bad die, name or map, 1 for a broken map."""
    try:
        board = load_map(args.map, instance_dir=args.instance)
    except UnknownMapError as exc:
        _fail(exc)
        return 2
    except MapError as exc:
        _fail(exc)
        return 1
    try:
        result = answer(board, args)
    except ValueError as exc:
        _fail(exc)
        return 2
    if args.json:
        print(printable_json(result.as_dict(), indent=2))
    else:  # the board's names made printable before they are put on lines
        print(printable_data(result).describe())
    return 0
