"""The games the app knows, discovered by the rule of referee.games.contract; none is listed here.

`GAMES` maps each key to its GameMeta (loaded without the rules); `game(key)` imports the rules
side (GAME) only when it is first needed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import referee.games
from referee.engine.corrections import RENAME
from referee.engine.printable import printable_data
from referee.engine.record import RecordError, check_record
from referee.engine.replay import REDO, UNDO, Replayer
from referee.engine.rules import GameRules
from referee.engine.takeback import SeatOf, game_seat_of
from referee.games.contract import Game, GameMeta, Resolver

Resolvers = Callable[[str], Resolver]  # game key -> that game's Resolver (a board by its key)
ENTRY_POINTS = "referee.games"  # the entry-point group an installed game package is listed in
ENV = "REFEREE_GAMES"  # comma separated dotted names of game packages kept elsewhere (the same)


PACKAGES: dict[str, str] = {}  # game key -> the dotted name of its package


def _meta_of(package: str) -> GameMeta:
    meta = importlib.import_module(f"{package}.meta").META
    if not isinstance(meta, GameMeta):
        raise TypeError(f"{package}.meta.META is not a GameMeta")
    PACKAGES.setdefault(meta.key, package)
    return meta


def installed() -> list[str]:
    """The game packages installed distributions list in the `referee.games` entry-point group
    (`[project.entry-points."referee.games"] mygame = "mygame_package"`), by name."""
    return [point.module for point in sorted(entry_points(group=ENTRY_POINTS),
                                             key=lambda p: p.name)]


def discover() -> dict[str, GameMeta]:
    """Every game package: the subpackages of referee.games with a `meta` module, then those
    installed under the `referee.games` entry points, then those named in $REFEREE_GAMES (a key
    found twice keeps the first); in the lobby's order."""
    found: dict[str, GameMeta] = {}
    packages = [f"{referee.games.__name__}.{m.name}"
                for m in pkgutil.iter_modules(referee.games.__path__) if m.ispkg]
    packages = [p for p in packages
                if importlib.util.find_spec(f"{p}.meta") is not None]
    packages += installed()
    packages += [name.strip() for name in os.environ.get(ENV, "").split(",") if name.strip()]
    for package in packages:
        meta = _meta_of(package)
        found.setdefault(meta.key, meta)
    return dict(sorted(found.items(), key=lambda kv: (kv[1].lobby_order, kv[1].title)))


GAMES: dict[str, GameMeta] = discover()


def register(package: str) -> GameMeta:
    """Add the game package `package` (dotted name, with a `meta` module) at run time."""
    meta = _meta_of(package)
    GAMES[meta.key] = meta
    PACKAGES[meta.key] = package
    _SEATS.pop(meta.key, None)
    return meta


def templates_dir(key: str) -> Path | None:
    """The folder of a game's own templates (META.templates inside its package), if any."""
    meta = GAMES.get(key)
    if meta is None or not meta.templates or key not in PACKAGES:
        return None
    spec = importlib.util.find_spec(PACKAGES[key])
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / meta.templates


def game_info(key: str) -> GameMeta:
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RecordError(f"unknown game {key!r} (known: {known})") from None


def game(key: str) -> Game:
    """The rules side of a game: its GAME (see referee.games.contract.Game)."""
    return importlib.import_module(game_info(key).game).GAME


def board_resolver(key: str, instance_dir: Path | None) -> Resolver:
    """`resolve(board)`: a board of the game `key` by its key, from that game's own boards (the
    shipped ones, then the instance folder's); one that cannot be loaded is a RecordError."""
    boards = game(key).boards
    title = game_info(key).title

    def resolve(board: str) -> Any:
        if boards is None:
            raise RecordError(f"map: {title} has no boards")
        try:
            return boards.load(board, instance_dir)
        except (LookupError, ValueError, OSError) as err:
            raise RecordError(f"map: {err}") from err

    return resolve


def resolver(instance_dir: Path | None) -> Resolvers:
    """Every game's boards, shipped and in `instance_dir`: `resolver(...)(game)` is the
    Resolver of one game, bound to its boards (`board_resolver`)."""
    return lambda key: board_resolver(key, instance_dir)


def rules_for(record: dict, resolve: Resolvers | None = None) -> GameRules:
    """The rules object for a record; the game's `rules_for` gets `resolve(game)`, the
    Resolver bound to its own boards, which loads a board named by key."""
    check_record(record)
    key = record["game"]
    return game(key).rules_for(record, None if resolve is None else resolve(key))


def to_act(key: str, state: Any) -> list[str]:
    """Who acts now in a game of `key` (none: the banker, or nobody)."""
    return game(key).to_act(state)


def summary(record: dict, state: Any) -> dict:
    """The game's own report of a state: exact figures per player, and the winners."""
    return game(record["game"]).summary(state)


def banker_actions(key: str) -> frozenset[str]:
    """The action types of a game that only the banker records; undo, redo and the engine's
    name correction always are."""
    return frozenset({UNDO, REDO, RENAME}) | frozenset(game(key).banker_actions)


def seat_of(key: str) -> SeatOf:
    """A game's one answer to whose an action is (None: the banker's own): undo, redo, name
    corrections and the game's banker actions are the banker's; a take-back is the seat's it
    names; anything else is the game's `acting_player`."""
    found = _SEATS.get(key)
    if found is None:
        played = game(key)
        found = _SEATS[key] = game_seat_of(played.banker_actions, played.acting_player)
    return found


_SEATS: dict[str, SeatOf] = {}


def render(record: dict, report: dict) -> str:
    """The game's own text of a `summary` report, for a terminal: every value in it made
    `printable` before the game puts it on its lines."""
    return game(record["game"]).render(printable_data(report))


def replay(record: dict, resolve: Resolvers | None = None) -> Replayer:
    """Replay a whole record; raises ReplayError at the first illegal action."""
    return Replayer(rules_for(record, resolve), record["actions"], seat_of(record["game"]))
