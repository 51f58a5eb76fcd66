"""`referee stats --instance DIR`: the players page of an instance, on the command line."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from pathlib import Path

from referee.games import registry
from referee.web import INSTANCE_ENV, store
from referee.web.db import DATABASE_FILE, DamagedDatabase, migrate, open_database
from referee.web.people import as_json, club
from referee.web.results import ResultsCache, replayed_frames


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="games played and won by each person, over the finished games of an instance",
        description="Count every finished game in the app's instance folder by person (names "
        "matched case- and space-insensitively, the banker's merges and splits applied), with "
        "each game's own figures (docs/players.md). Games under way count for nothing.",
    )
    parser.add_argument("--instance", metavar="DIR", type=Path, default=None,
                        help="the app's instance folder (default $REFEREE_INSTANCE, else the "
                        "user's data folder, as referee serve)")
    parser.add_argument("--json", action="store_true",
                        help='print {"players": [{"name", "games", "wins", "by_game"}]}')
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from referee.web import default_instance

    # the folder referee serve keeps its games in (without making one where there is none)
    folder = args.instance or Path(os.environ.get(INSTANCE_ENV) or default_instance())
    path = folder / DATABASE_FILE
    if not path.is_file():
        print(f"{path}: no database here (is {folder} the app's instance folder?)",
              file=sys.stderr)
        return 2
    try:
        migrate(path)  # an older database gains the corrections table, as the app would
        db = open_database(path)
    except (DamagedDatabase, sqlite3.Error) as err:
        print(f"{path}: {err}", file=sys.stderr)
        return 2
    try:
        results = ResultsCache().results(db, replayed_frames(registry.resolver(folder)))
        people = club(results.played, store.name_corrections(db), list(registry.GAMES))
    finally:
        db.close()
    for problem in results.problems:
        print(f"not counted: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps(as_json(people), indent=1, ensure_ascii=False))
        return 0
    print(f"{results.finished} finished game{'s' * (results.finished != 1)}.")
    for person in people:
        games = "; ".join(f"{registry.GAMES[g].title if g in registry.GAMES else g}: "
                          f"{t.games} played, {t.wins} won" for g, t in person.by_game.items())
        print(f"{person.name}: {person.games} played, {person.wins} won ({games})")
    return 0
