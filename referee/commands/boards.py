"""`referee boards check [GAME] [FOLDER|BOARD]`, `referee boards list [GAME]` and `referee boards
draft RECORD FOLDER`: every game's boards, through its `Boards` (referee.games.contract).

A game's own name for them (`META.boards_alias`: Rail Baron's `referee tables`, Railroad
Barons' `referee boxes`) is the same command with the game already named."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.printable import printable
from referee.engine.record import RecordError, read_record
from referee.games import registry
from referee.games.contract import ERROR, Boards, BoardSummary, fold


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "boards",
        help="check and list every game's boards (maps, boards, boxes)",
        description="The printed data of every game that has some (tables/<game>/<board>/).",
    )
    _verbs(parser, game=None)
    for key, meta in registry.GAMES.items():
        if meta.boards_alias:
            alias = subparsers.add_parser(
                meta.boards_alias, help=f"{meta.title}'s name for `referee boards ... {key}`",
                description=f"`referee boards` with the game {meta.title} ({key}) named.")
            _verbs(alias, game=key)


def _verbs(parser: argparse.ArgumentParser, game: str | None) -> None:
    """The verbs of `referee boards`; with `game`, that game's alias (the game not typed)."""
    parser.set_defaults(game_named=game)
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser(
        "check", help="check a board folder, or a board by key: every problem with its file "
        "and line",
        description="Check one board folder of a game, one of its boards by key, or (a game "
        "alone) all of them; exit 1 if any has an error. A folder alone is read by the game "
        "whose manifest it has.")
    check.add_argument("where", nargs="*" if game else "+",
                       metavar="[FOLDER|BOARD]" if game else "[GAME] FOLDER|BOARD")
    check.add_argument("--instance", type=Path, metavar="DIR",
                       help="an instance folder whose own boards are checked too")
    check.set_defaults(handler=run_check)
    listing = verbs.add_parser("list", help="list the boards of every game, or of one")
    if game is None:
        listing.add_argument("game", nargs="?", metavar="GAME")
    listing.add_argument("--instance", type=Path, metavar="DIR",
                         help="an instance folder whose own boards are listed too")
    listing.set_defaults(handler=run_list)
    if game is None:
        draft = verbs.add_parser(
            "draft", help="write what a game played without a board learned as a new board "
            "folder")
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


def _report(where: str, title: str, problems: list) -> int:
    """Print one board's problems and its status line; how many errors it has."""
    for problem in fold(problems):  # a knock-on problem counted under its cause
        print(printable(f"  {problem.severity}: {problem}"))
    errors = sum(p.severity == ERROR for p in problems)
    status = "ok" if not problems else f"{errors} error(s), {len(problems) - errors} warning(s)"
    print(printable(f"{where} ({title}): {status}"))
    return errors


def _check_listed(key: str, boards: Boards, wanted: str | None, instance: Path | None) -> int:
    """Check the game's boards as it lists them (shipped, then the instance's): one by key, or
    all of them."""
    title = registry.GAMES[key].title
    listed: dict[str, BoardSummary] = {b.key: b for b in boards.list(instance)}
    if wanted is not None and wanted not in listed:
        return _fail(f"no {title} board or folder {wanted!r} (known: {', '.join(listed)})")
    chosen = [listed[wanted]] if wanted is not None else list(listed.values())
    broken = sum(bool(_report(b.key, title, list(b.problems))) for b in chosen)
    if wanted is None:
        print(f"{len(chosen)} board(s) checked, {broken} with errors")
    return 1 if broken else 0


def run_check(args: argparse.Namespace) -> int:
    games = games_with_boards()
    where = ([args.game_named] if args.game_named else []) + list(args.where)
    if len(where) > 2:
        return _fail("give a game and one folder or board")
    target = Path(where[-1])
    if len(where) == 1 and not target.is_dir() and where[0] in games:
        return _check_listed(where[0], games[where[0]], None, args.instance)
    if len(where) == 2:
        key = where[0]
        if key not in games:
            return _fail(f"no game {key!r} with boards (known: {', '.join(games)})")
        if not target.is_dir():
            return _check_listed(key, games[key], where[1], args.instance)
    elif not target.is_dir():
        return _fail(f"{target} is not a folder")
    else:
        key, reason = _game_of(target, games)
        if key is None:
            return _fail(reason)
    errors = _report(str(target), registry.GAMES[key].title, games[key].check(target))
    return 1 if errors else 0


def run_list(args: argparse.Namespace) -> int:
    games = games_with_boards()
    game = args.game_named or getattr(args, "game", None)
    if game is not None:
        if game not in games:
            return _fail(f"no game {game!r} with boards (known: {', '.join(games)})")
        games = {game: games[game]}
    for key, boards in games.items():
        print(f"{registry.GAMES[key].title} ({key}):")
        for board in boards.list(args.instance):
            where = "shipped" if board.shipped else "this laptop's"
            use = "playable" if board.playable else "not playable"
            if board.errors:
                use = f"broken ({board.errors} error(s): run referee boards check {key} ...)"
            unknown = f"; {board.unknown_cells} unknown cell(s)" if board.unknown_cells else ""
            print(printable(f"  {board.key:<24} {board.name} ({where}; {use}{unknown})"))
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
