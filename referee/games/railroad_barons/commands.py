"""`referee boxes check FOLDER`: validate a Railroad Barons box folder (docs/railroad-barons.md).

The game's own name for `referee boards check railroad_barons FOLDER`, which it keeps, with the
box's counts on success; registered by referee/cli.py through META.commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.printable import printable


def register_commands(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "boxes",
        help="check a Railroad Barons box folder",
        description="Railroad Barons box data (tables/railroad_barons/<key>/): the share track, "
        "the railroad stack, obsolescence, Investors and Holding cards.",
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser("check", help="check a box folder: every problem with its file "
                             "and line")
    check.add_argument("folder", type=Path)
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    from referee.games.railroad_barons.box import BoxError, load_box_folder

    try:
        box = load_box_folder(args.folder)
    except BoxError as err:
        for problem in err.problems:
            print(printable(f"{args.folder}/{problem}"), file=sys.stderr)
        return 1
    print(printable(f"{box.name}: {len(box.holdings)} Holdings, {len(box.track)} track spaces, "
                    f"{len(box.cards)} railroads, {len(box.investors)} Investors: OK"))
    return 0
