"""`referee export --finished FILE` and `referee gather FILE...`: one club record from several
laptops (docs/club-record.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from referee.engine.printable import printable
from referee.engine.record import RecordError
from referee.web.club import club_file, gather
from referee.web.imports import read_json, where_of
from referee.web.offline import Instance, run_on_instance


def register(subparsers: argparse._SubParsersAction) -> None:
    from referee.commands.stats import instance_argument

    export = subparsers.add_parser(
        "export", help="write every finished game of an instance, and its name corrections, "
        "to one file",
        description="Write the club record of an instance: every finished game's record and "
        "the name corrections, one JSON file that `referee gather` (or the players page) adds "
        "to another laptop (docs/club-record.md).")
    export.add_argument("--finished", metavar="FILE", type=Path, required=True,
                        help="the file to write")
    instance_argument(export)
    export.set_defaults(handler=run_export)
    gathering = subparsers.add_parser(
        "gather", help="add the games of club records that this instance does not have",
        description="Add every game of each club record file that the instance does not hold "
        "yet (the same game, by its record's digest, is never added twice) and merge its name "
        "corrections after the instance's own, saying what was added and what was skipped.")
    gathering.add_argument("files", metavar="FILE", type=Path, nargs="+")
    instance_argument(gathering)
    gathering.set_defaults(handler=run_gather)


def run_export(args: argparse.Namespace) -> int:
    return run_on_instance(args.instance, lambda instance: _export(instance, args.finished))


def _export(instance: Instance, path: Path) -> int:
    results = instance.results()
    document = club_file(instance.db, results.played)
    del document["ids"]  # the laptop's owner holds every log anyway: nothing is given out
    for problem in results.problems:
        print(printable(f"not exported: {problem}"), file=sys.stderr)
    try:
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    except OSError as err:
        print(f"{path}: cannot write ({err.strerror})", file=sys.stderr)
        return 2
    games, corrections = len(document["games"]), len(document["corrections"])
    print(f"{path}: {games} finished game{'s' * (games != 1)}, "
          f"{corrections} name correction{'s' * (corrections != 1)}.")
    return 0


def run_gather(args: argparse.Namespace) -> int:
    return run_on_instance(args.instance, lambda instance: _gather(instance, args.files))


def _gather(instance: Instance, paths: list[Path]) -> int:
    status = 0
    for path in paths:
        try:
            data = read_json(path.read_bytes(), where_of(str(path)))
            done = gather(instance.db, data, where_of(str(path)), instance.resolve_map())
        except OSError as err:
            print(f"{path}: cannot read ({err.strerror})", file=sys.stderr)
            status = 2
            continue
        except RecordError as err:
            print(printable(err), file=sys.stderr)  # it quotes the file's own text
            status = 2
            continue
        print(f"{path}:")
        for line in done.lines():  # the games' titles and the people's names, as the file has them
            print(printable(f"  {line}"))
    return status
