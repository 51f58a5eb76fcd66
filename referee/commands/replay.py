"""`referee replay RECORD.json`: replay a game record and print the final state."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from referee.engine.errors import IllegalAction
from referee.engine.printable import printable
from referee.engine.record import RecordError, read_record
from referee.engine.replay import Replayer, ReplayError
from referee.games.explain import refusal_rule
from referee.games.registry import render, resolver, rules_for, seat_of, summary


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a game record and print the final state",
        description="Replay a game record (docs/game-record.md) and print each player's cash, "
        "railroads, engine, home, destination, declared and bankrupt status, and the winner. "
        "An illegal action stops the replay with its position and the rule's reason (exit 1).",
    )
    parser.add_argument("record", help="the game record, a JSON file")
    parser.add_argument("--json", action="store_true", help="print the final state as JSON")
    parser.add_argument("--instance", metavar="DIR", type=Path,
                        help="also the maps and house-rule overrides of the app's instance "
                        "folder DIR (a game played on a laptop's own map)")
    parser.set_defaults(handler=run)


def handed_over(actions: list) -> Iterator[dict]:
    """Each of `actions` in turn, its place in the list emptied as it is given: the
    replayer keeps its own copy of each, so the record's copy is not held beside it."""
    for position, action in enumerate(actions):
        actions[position] = None
        yield action


def run(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.record)
    except RecordError as err:
        print(printable(err), file=sys.stderr)  # it names the file already
        return 2
    try:
        game = Replayer(rules_for(record, resolver(args.instance)),
                        handed_over(record["actions"]), seat_of(record["game"]))
        record = {**record, "actions": game.log}  # the same actions, the replayer's copies
    except ReplayError as err:
        rule = err.rule or refusal_rule(record["game"], err.action, err.cause)
        named = err if err.rule else f"{err} ({rule})"
        print(printable(f"{args.record}: {named}"), file=sys.stderr)
        return 1
    except (RecordError, IllegalAction) as err:
        print(printable(f"{args.record}: {err}"), file=sys.stderr)
        return 2
    report = summary(record, game.state)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(render(record, report))
    return 0

