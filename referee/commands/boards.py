"""`referee boards check FOLDER` and `referee boards draft RECORD.json FOLDER`: the board tables
of Prairie Railroads (docs/prairie-railroads.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.record import RecordError, read_record
from referee.games.contract import fold
from referee.games.prairie_railroads.board import BoardError, load_board_folder
from referee.games.prairie_railroads.draft import learned_tables
from referee.games.registry import replay


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "boards",
        help="check a Prairie Railroads board table, or start one from a game",
        description="Prairie Railroads board tables (tables/prairie_railroads/<key>/).",
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser("check", help="check a board folder: every problem with its file")
    check.add_argument("folder", type=Path)
    check.set_defaults(handler=run_check)
    draft = verbs.add_parser(
        "draft", help="write the cities and segments a game learned as a new board folder")
    draft.add_argument("record", help="the game record of a game played without a board table")
    draft.add_argument("folder", type=Path, help="a new folder to write")
    draft.set_defaults(handler=run_draft)


def run_check(args: argparse.Namespace) -> int:
    try:
        board = load_board_folder(args.folder)
    except BoardError as err:
        for problem in fold(err.problems):  # a knock-on problem counted under its cause
            print(problem, file=sys.stderr)
        return 1
    print(f"{board.name}: {len(board.cities)} cities, {len(board.segments)} segments, "
          f"{len(board.western)} Western Build boxes: OK")
    return 0


def run_draft(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.record)
        if record["game"] != "prairie_railroads":
            raise RecordError(f"{args.record}: not a Prairie Railroads game")
        state = replay(record).state
    except (RecordError, ValueError) as err:
        print(err, file=sys.stderr)
        return 2
    if args.folder.exists():
        print(f"{args.folder}: already exists; choose a new folder", file=sys.stderr)
        return 1
    args.folder.mkdir(parents=True)
    for file, text in learned_tables(state).items():
        (args.folder / file).write_text(text, encoding="utf-8")
    print(f"wrote {args.folder}")
    return 0
