"""`referee explain RECORD.json`: every player's and company's balance, line by line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.errors import IllegalAction
from referee.engine.printable import printable, printable_json
from referee.engine.record import RecordError, read_record
from referee.engine.replay import ReplayError
from referee.games.explain import explain, render
from referee.games.registry import replay, resolver


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "explain",
        help="show the transfers that make every balance of a game record",
        description="Replay a game record and print, for every player and company account, its "
        "balance and the lines that make it: each transfer with its action, its words and the "
        "rule that set it (docs/explain.md). The lines add up to the balance `referee replay` "
        "shows.",
    )
    parser.add_argument("record", help="the game record, a JSON file")
    parser.add_argument("--json", action="store_true",
                        help='print {"readings": [...], "players": {ID: {"balance", "lines"}}, '
                        '"companies": ...}')
    parser.add_argument("--instance", metavar="DIR", type=Path,
                        help="also the boards of the app's instance folder DIR")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.record)
    except RecordError as err:
        print(printable(err), file=sys.stderr)
        return 2
    try:
        game = replay(record, resolver(args.instance))
    except ReplayError as err:
        print(printable(f"{args.record}: {err}"), file=sys.stderr)
        return 1
    except (RecordError, IllegalAction) as err:
        print(printable(f"{args.record}: {err}"), file=sys.stderr)
        return 2
    players = [p["id"] for p in record["players"]]
    settings = record.get("settings") or {}
    if args.json:
        print(printable_json(explain(record["game"], game, players, settings)))
    else:
        print(render(record["game"], game, players, settings), end="")
    return 0
