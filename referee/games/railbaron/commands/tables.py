"""`referee tables check [MAP]` and `referee tables list`: the chart tables of the maps.

Rail Baron's own words for its maps, kept beside the generic `referee boards check railbaron
FOLDER` and `referee boards list railbaron`: a map by key, the instance's house-rule overrides,
the unknown cells."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.printable import printable
from referee.games.railbaron.charts.format import MANIFEST
from referee.games.railbaron.charts.loader import (
    MapError,
    default_search_dirs,
    list_maps,
    load_map_dir,
    map_dirs,
)
from referee.games.railbaron.charts.overrides import read_overrides
from referee.games.railbaron.charts.validate import ERROR, Problem, check_map_dir, has_errors


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("tables", help="check and list the chart tables of the maps")
    actions = parser.add_subparsers(dest="tables_action", metavar="ACTION")
    check = actions.add_parser("check", help="check map folders cell by cell",
                               description="Check map folders; exit 1 if any has an error.")
    check.add_argument("map", nargs="?", metavar="MAP",
                       help="a map key or a map folder (default: every map)")
    check.add_argument("--instance", type=Path, metavar="DIR",
                       help="an instance folder: its maps/ and overrides/ are checked too")
    check.set_defaults(handler=run_check)
    listing = actions.add_parser("list", help="list the maps that can be loaded")
    listing.add_argument("--instance", type=Path, metavar="DIR",
                         help="an instance folder whose maps/ are listed too")
    listing.set_defaults(handler=run_list)
    parser.set_defaults(handler=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def shown(path: Path) -> str:
    """A folder as the user would type it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _folders(args: argparse.Namespace) -> list[Path] | None:
    found = map_dirs(default_search_dirs(args.instance))
    if args.map is None:
        return list(found.values())
    if args.map in found:
        return [found[args.map]]
    path = Path(args.map)
    if path.is_dir():
        return [path]
    known = ", ".join(found) or "none"
    print(printable(f"referee tables: error: no map or folder {args.map!r} (known maps: {known})"),
          file=sys.stderr)
    return None


def _override_problems(folder: Path, instance: Path | None) -> list[Problem]:
    if instance is None:
        return []
    path = instance / "overrides" / f"{folder.name}.csv"
    if not path.is_file():
        return []
    try:
        board = load_map_dir(folder)
    except MapError:
        return []
    return read_overrides(path, board)[1]


def run_check(args: argparse.Namespace) -> int:
    folders = _folders(args)
    if folders is None:
        return 2
    if not folders:
        print("no maps found")
        return 0
    failed = 0
    for folder in folders:
        if not (folder / MANIFEST).is_file() and not any(folder.glob("*.csv")):
            print(printable(f"referee tables: error: {shown(folder)} is not a map folder"),
                  file=sys.stderr)
            return 2
        problems = check_map_dir(folder)
        if not has_errors(problems):
            problems += _override_problems(folder, args.instance)
        errors = sum(1 for p in problems if p.severity == ERROR)
        warnings = len(problems) - errors
        status = "ok" if not problems else f"{errors} error(s), {warnings} warning(s)"
        print(printable(f"{folder.name} ({shown(folder)}): {status}"))
        for problem in problems:
            print(printable(f"  {problem.severity}: {problem}"))
        failed += bool(errors)
    print(f"{len(folders)} map(s) checked, {failed} with errors")
    return 1 if failed else 0


def run_list(args: argparse.Namespace) -> int:
    maps = list_maps(instance_dir=args.instance)
    if not maps:
        print("no maps found")
        return 0
    for summary in maps:
        if summary.errors:
            use = f"broken ({summary.errors} error(s): run referee tables check {summary.key})"
        else:
            use = "playable" if summary.playable else "lookup only"
        print(printable(f"{summary.key:<8} {summary.name}"))
        print(printable(f"         {use}; {summary.unknown_cells} unknown cell(s); "
                        f"{shown(summary.source_dir)}"))
    return 0
