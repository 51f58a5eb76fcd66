"""Reading the lobby's "new game" form into the settings and players of a game record."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.games.registry import GAMES
from referee.web.hooks import hooks_for
from referee.web.names import clean_name, name_problems
from referee.web.store import BANKER_APART

MAX_NAME = 40
MAX_TITLE = 80
MAX_MAP_KEY = 60
MAX_ROWS = 20  # rows read from a posted form: more than any game takes, fewer than a flood
SMALL_NUMBER = re.compile(r"[0-9]{1,2}")


@dataclass(frozen=True)
class NewGame:
    game: str
    title: str
    map_ref: Any
    settings: dict
    players: list[dict]


class SetupError(ValueError):
    """The form's problems, one message per line, for the lobby to show."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def _rows(form: MultiDict[str, str]) -> list[tuple[int, str, str, str]]:
    """(row, name, colour, seat) of every row with a name typed in it, in form order (the lobby
    shows one row per seat of the game's player range); the name cleaned (it may be empty
    then: a name made only of invisible characters)."""
    rows = []
    for row in range(1, MAX_ROWS + 1):
        typed = form.get(f"name_{row}", "")
        if typed.strip():
            rows.append((row, clean_name(typed), form.get(f"colour_{row}", ""),
                         form.get(f"seat_{row}", "")))
    return rows


def read_new_game(form: MultiDict[str, str],
                  board_keys: Callable[[str], list[str] | None]) -> NewGame:
    """The new game the form describes; raises SetupError listing everything to fix.

    `board_keys(game)` are the playable boards offered, or None when the list is unavailable
    (then any typed key is taken and the rules judge it).
    """
    problems: list[str] = []
    key = form.get("game", "")
    info = GAMES.get(key)
    if info is None:
        raise SetupError([f"Choose a game (unknown game {key[:40]!r})."])
    setup = hooks_for(key).setup

    title = clean_name(form.get("title", "")) or f"{info.title}, {date.today():%d %b %Y}"
    if len(title) > MAX_TITLE:
        problems.append(f"The title is longer than {MAX_TITLE} characters.")

    rows = _rows(form)
    if not info.min_players <= len(rows) <= info.max_players:
        problems.append(
            f"{info.title} takes {info.min_players} to {info.max_players} players; "
            f"{len(rows)} named."
        )
    colour_names = {c.key: c.label for c in setup.colours}
    problems += name_problems([(f"Player {row}", name) for row, name, *_ in rows], MAX_NAME)
    colours, seats = set(), set()
    ordered = []
    for row, name, colour, seat in rows:
        if colour not in colour_names:
            problems.append(f"Choose a colour for {name!r}.")
        elif colour in colours:
            problems.append(f"Two players chose {colour_names[colour]}.")
        colours.add(colour)
        if (not SMALL_NUMBER.fullmatch(seat.strip())
                or not 1 <= int(seat) <= info.max_players):
            problems.append(f"{name!r} needs a seat number from 1 to {info.max_players}.")
            continue
        if int(seat) in seats:
            problems.append(f"Two players have seat {int(seat)}.")
        seats.add(int(seat))
        ordered.append((int(seat), row, name, colour))
    ordered.sort()
    players = [
        {"id": f"p{i}", "name": name, "colour": colour}
        for i, (_seat, _row, name, colour) in enumerate(ordered, start=1)
    ]
    player_of_row = {row: f"p{i}" for i, (_s, row, _n, _c) in enumerate(ordered, start=1)}

    banker_row = form.get("banker", "")
    if banker_row == "":
        banker = BANKER_APART
    elif SMALL_NUMBER.fullmatch(banker_row) and int(banker_row) in player_of_row:
        banker = player_of_row[int(banker_row)]
    else:
        banker = BANKER_APART
        problems.append("The banker must be one of the named players or a separate person.")

    settings: dict[str, Any] = {"banker": banker}
    if setup.editions:
        edition = form.get("edition") or setup.editions[0].key
        if edition not in {c.key for c in setup.editions}:
            problems.append(f"Unknown rules edition {edition[:40]!r}.")
        settings["edition"] = edition
    if setup.variants:
        known = {c.key for c in setup.variants}
        chosen = form.getlist("variant")
        problems += [f"Unknown variant {v[:40]!r}." for v in chosen if v not in known]
        settings["variants"] = [c.key for c in setup.variants if c.key in chosen]

    own_map, own_settings = hooks_for(key).web.read_setup(form, problems)
    settings |= own_settings
    map_ref = "" if own_map is None else own_map
    if setup.uses_board:
        map_ref = form.get("map", "").strip()
        map_keys = board_keys(key)
        if not map_ref:
            problems.append("Choose a map.")
        elif len(map_ref) > MAX_MAP_KEY or (map_keys is not None and map_ref not in map_keys):
            problems.append(f"Unknown map {map_ref[:40]!r}.")

    if problems:
        raise SetupError(problems)
    return NewGame(key, title, map_ref, settings, players)

