"""`referee lookup region|city|destination|payoff`: read the Rail Baron charts."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts import lookup as charts
from referee.games.railbaron.charts.loader import MapError, UnknownMapError, load_map

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


def _fail(message: object) -> None:
    print(f"referee lookup: error: {message}", file=sys.stderr)


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
        print(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
    else:
        print(result.describe())
    return 0
