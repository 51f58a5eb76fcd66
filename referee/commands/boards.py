"""`referee boards check [GAME] FOLDER`, `referee boards list [GAME]` and `referee boards draft
RECORD FOLDER`: every game's boards, through its `Boards` (referee.games.contract)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.printable import printable
from referee.engine.record import RecordError, read_record
from referee.games import registry
from referee.games.contract import ERROR, Boards, fold


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "boards",
        help="check and list every game's boards (maps, boards, boxes)",
        description="The printed data of every game that has some (tables/<game>/<board>/).",
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser(
        "check", help="check a board folder: every problem with its file and line",
        description="Check one board folder of a game; exit 1 if it has an error. Without GAME, "
        "the game whose manifest the folder has.")
    check.add_argument("where", nargs="+", metavar="[GAME] FOLDER")
    check.set_defaults(handler=run_check)
    listing = verbs.add_parser("list", help="list the boards of every game, or of one")
    listing.add_argument("game", nargs="?", metavar="GAME")
    listing.add_argument("--instance", type=Path, metavar="DIR",
                         help="an instance folder whose own boards are listed too")
    listing.set_defaults(handler=run_list)
    draft = verbs.add_parser(
        "draft", help="write what a game played without a board learned as a new board folder")
    draft.add_argument("record", help="the game record of a game played without a board")
    draft.add_argument("folder", type=Path, help="a new folder to write")
    draft.set_defaults(handler=run_draft)


def _fail(message: str) -> int:
    print(printable(f"referee boards: error: {message}"), file=sys.stderr)
    return 2


def games_with_boards() -> dict[str, Boards]:
    """Every known game that has boards, by key, in the lobby's order."""
    found = {key: registry.game(key).boards for key in registry.GAMES}
    return {key: boards for key, boards in found.items() if boards is not None}


def _game_of(folder: Path, games: dict[str, Boards]) -> tuple[str | None, str]:
    """The one game whose manifest `folder` holds, or None with the reason."""
    matches = [key for key, boards in games.items()
               if getattr(boards, "manifest", None) and (folder / boards.manifest).is_file()]
    if len(matches) == 1:
        return matches[0], ""
    if matches:
        return None, f"{folder} could be a board of {', '.join(matches)}: name the game first"
    return None, f"{folder} holds no game's manifest: name the game first"


def run_check(args: argparse.Namespace) -> int:
    games = games_with_boards()
    if len(args.where) > 2:
        return _fail("give a game and one folder")
    folder = Path(args.where[-1])
    if not folder.is_dir():
        return _fail(f"{folder} is not a folder")
    if len(args.where) == 2:
        key = args.where[0]
        if key not in games:
            return _fail(f"no game {key!r} with boards (known: {', '.join(games)})")
    else:
        key, reason = _game_of(folder, games)
        if key is None:
            return _fail(reason)
    problems = games[key].check(folder)
    for problem in fold(problems):  # a knock-on problem counted under its cause
        print(printable(f"  {problem.severity}: {problem}"))
    errors = sum(p.severity == ERROR for p in problems)
    status = "ok" if not problems else f"{errors} error(s), {len(problems) - errors} warning(s)"
    print(printable(f"{folder} ({registry.GAMES[key].title}): {status}"))
    return 1 if errors else 0


def run_list(args: argparse.Namespace) -> int:
    games = games_with_boards()
    if args.game is not None:
        if args.game not in games:
            return _fail(f"no game {args.game!r} with boards (known: {', '.join(games)})")
        games = {args.game: games[args.game]}
    for key, boards in games.items():
        print(f"{registry.GAMES[key].title} ({key}):")
        for board in boards.list(args.instance):
            where = "shipped" if board.shipped else "this laptop's"
            use = "playable" if board.playable else "not playable"
            if board.errors:
                use = f"broken ({board.errors} error(s): run referee boards check {key} ...)"
            print(printable(f"  {board.key:<24} {board.name} ({where}; {use})"))
    return 0


def run_draft(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.record)
        draft = getattr(registry.game(record["game"]).boards, "draft", None)
        if draft is None:
            raise RecordError(f"{args.record}: a {registry.GAMES[record['game']].title} game "
                              "cannot start a board")
        state = registry.replay(record).state
    except (RecordError, ValueError) as err:
        print(printable(err), file=sys.stderr)
        return 2
    if args.folder.exists():
        print(printable(f"{args.folder}: already exists; choose a new folder"), file=sys.stderr)
        return 1
    args.folder.mkdir(parents=True)
    for file, text in draft(state).items():
        (args.folder / file).write_text(text, encoding="utf-8")
    print(printable(f"wrote {args.folder}"))
    return 0
