"""`referee stats --instance DIR`: the players page of an instance, on the command line, and
what it gives away: a play per finished game (`--plays DIR`) and a static club page
(`--site DIR`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.printable import printable, printable_json
from referee.games import registry
from referee.web import store
from referee.web.offline import Instance, run_on_instance
from referee.web.people import as_json, club, club_games
from referee.web.plays import write_plays
from referee.web.site import write_site


def instance_argument(parser: argparse.ArgumentParser) -> None:
    """The `--instance DIR` option every command reading the app's games takes."""
    parser.add_argument("--instance", metavar="DIR", type=Path, default=None,
                        help="the app's instance folder (default $REFEREE_INSTANCE, else the "
                        "user's data folder, as referee serve)")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="games played and won by each person, over the finished games of an instance",
        description="Count every finished game in the app's instance folder by person (names "
        "matched case- and space-insensitively, the banker's merges and splits applied), with "
        "each game's own figures and who beats whom (docs/players.md). Games under way count "
        "for nothing.",
    )
    instance_argument(parser)
    parser.add_argument("--json", action="store_true",
                        help='print {"players": [{"name", "games", "wins", "by_game", "rivals", '
                        '...}], "games": [...]} (docs/players.md)')
    parser.add_argument("--plays", metavar="DIR", type=Path, default=None,
                        help="also write each finished game's play, in BoardGameGeek's fields, "
                        "as one file in DIR (docs/club-record.md)")
    parser.add_argument("--site", metavar="DIR", type=Path, default=None,
                        help="also write the club's static pages (players, rivals, games) "
                        "into DIR")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    return run_on_instance(args.instance, lambda instance: _stats(instance, args))


def _stats(instance: Instance, args: argparse.Namespace) -> int:
    results = instance.results()
    corrections = store.name_corrections(instance.db)
    people = club(results.played, corrections, list(registry.GAMES))
    for problem in results.problems:
        print(printable(f"not counted: {problem}"), file=sys.stderr)
    try:
        if args.plays:
            written = write_plays(args.plays, results.played)
            print(f"{args.plays}: {len(written)} play{'s' * (len(written) != 1)}",
                  file=sys.stderr)
        if args.site:
            written = write_site(args.site, people, club_games(results.played, corrections))
            print(f"{args.site}: {len(written)} pages", file=sys.stderr)
    except OSError as err:
        print(printable(f"{err.filename}: cannot write ({err.strerror})"), file=sys.stderr)
        return 2
    if args.json:
        games = club_games(results.played, corrections)
        print(printable_json(as_json(people, games)))
        return 0
    print(f"{results.finished} finished game{'s' * (results.finished != 1)}.")
    for person in people:
        games = "; ".join(f"{registry.GAMES[g].title if g in registry.GAMES else g}: "
                          f"{t.games} played, {t.wins} won" for g, t in person.by_game.items())
        when = f", last played {person.last_played}" if person.last_played else ""
        print(printable(f"{person.name}: {person.games} played, {person.wins} won ({games}){when}"))
    return 0
