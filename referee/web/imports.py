"""Reading an uploaded game record for the lobby, with the limits of the new-game form.

Every problem raises RecordError naming the file and the place in it (`players[1].name`,
`actions[12].dice`), so the lobby can answer 422 with where the record is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import PurePath
from typing import Any

from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError, check_record
from referee.engine.replay import Replayer, ReplayError
from referee.games.registry import GAMES
from referee.web.dates import minutes_between, moment
from referee.web.filters import HEX_COLOUR
from referee.web.forms import FormError, checked_json
from referee.web.names import SEAT_ID, clean_name, has_surrogate, name_problems
from referee.web.newgame import MAX_MAP_KEY, MAX_NAME, MAX_TITLE
from referee.web.replayers import new_replayer
from referee.web.store import BANKER_APART

CLUB_FORMAT = "referee.club/1"  # a club record (referee/web/club.py), gathered elsewhere
MAX_ACTIONS = 20_000  # a long evening of play is a few thousand
IMPORTED = " (imported)"


def _no_surrogates(value: Any, where: str) -> None:
    """Refuse text that is valid JSON but cannot be stored: a lone surrogate anywhere."""
    stack = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if has_surrogate(item):
                raise RecordError(f"{at} holds a broken character (a lone surrogate)")
        elif isinstance(item, list):
            stack += [(v, f"{at}[{i}]") for i, v in enumerate(item)]
        elif isinstance(item, dict):
            for k, v in item.items():
                if has_surrogate(k):
                    raise RecordError(f"{at} has a name with a broken character")
                stack.append((v, f"{at}.{k}"))


def _players(players: list, where: str, info: Any) -> list[dict]:
    if not info.min_players <= len(players) <= info.max_players:
        raise RecordError(f"{where}: players: {info.title} takes {info.min_players} to "
                          f"{info.max_players} players, not {len(players)}")
    out, names = [], []
    for i, p in enumerate(players):
        at = f"{where}: players[{i}]"
        if not SEAT_ID.fullmatch(p["id"]):
            raise RecordError(f"{at}.id must be 1 to 24 letters, digits, '-' or '_', "
                              "starting with a letter or digit")
        name = p.get("name", p["id"])
        if not isinstance(name, str):
            raise RecordError(f"{at}.name must be text")
        colour = p.get("colour", "")
        if not isinstance(colour, str) or (colour and not HEX_COLOUR.fullmatch(colour)):
            raise RecordError(f"{at}.colour must be a colour such as \"#1d4ed8\"")
        name = clean_name(name)
        names.append((f"{at}", name))
        out.append({"id": p["id"], "name": name, "colour": colour})
    if problems := name_problems(names, MAX_NAME):
        raise RecordError(problems[0])
    if len({p["id"] for p in out}) != len(out):
        raise RecordError(f"{where}: players: two players share an id")
    return out


def replay_import(record: dict, resolve_map: Any,
                  failed: Callable[[], None] = lambda: None) -> Replayer:
    """The imported record replayed; RecordError or ReplayError says where it goes wrong.
    `failed` is told (inside the except) when the rules fail on an action instead of refusing
    it, for the log."""
    replayer = new_replayer(record, resolve_map)
    for position, action in enumerate(record["actions"]):
        try:
            replayer.submit(action)
        except IllegalAction as err:
            raise ReplayError(position, action, err) from err
        except (TypeError, LookupError, AttributeError, ValueError, AssertionError) as err:
            # The rules should refuse with IllegalAction; a malformed record must still not
            # be a 500.
            failed()
            raise RecordError(f"actions[{position}] ({action['type'][:40]!r}): the rules "
                              "could not read this action") from err
    return replayer


def _dates(record: dict, where: str) -> None:
    """Refuse `started`, `ended` or `minutes` that are not what docs/game-record.md says."""
    for key in ("started", "ended"):
        if key in record and moment(record[key]) is None:
            raise RecordError(f"{where}: {key} must be a date and time with its offset, such "
                              "as \"2026-05-03T19:30:00+02:00\"")
    if "ended" in record and "started" not in record:
        raise RecordError(f"{where}: ended: a record that says when it ended says when it "
                          "started")
    minutes = minutes_between(record.get("started"), record.get("ended"))
    if minutes is not None and minutes < 0:
        raise RecordError(f"{where}: ended is before started")
    if "minutes" in record and record["minutes"] != minutes:
        raise RecordError(f"{where}: minutes must be the minutes from started to ended"
                          + (f" ({minutes})" if minutes is not None else ""))


def record_dates_of(record: dict) -> tuple[str | None, str | None]:
    """A checked record's (started, ended), None where it says nothing."""
    return record.get("started"), record.get("ended")


def read_json(raw: bytes, where: str) -> Any:
    """The JSON document of an uploaded file; RecordError says why it is not one."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{where}: not a text file (UTF-8)") from None
    except json.JSONDecodeError as err:
        raise RecordError(f"{where}: line {err.lineno}: not valid JSON ({err.msg})") from None
    except (ValueError, RecursionError):
        raise RecordError(f"{where}: not valid JSON (nested too deep)") from None


def where_of(filename: str) -> str:
    """How a message names an uploaded file."""
    return clean_name(PurePath(filename).name)[:60] or "the record"


def read_upload(raw: bytes, filename: str) -> tuple[dict, str]:
    """The game record in an uploaded file, checked, and the title of the game it becomes."""
    return checked_upload(read_json(raw, where_of(filename)), where_of(filename),
                          PurePath(filename).stem)


def checked_upload(data: Any, where: str, stem: str = "") -> tuple[dict, str]:
    """A game record read from a file, checked as the new game form checks a game (RecordError
    names the place), and the title of the game it becomes (its own, else `stem`)."""
    if isinstance(data, dict) and data.get("format") == CLUB_FORMAT:
        raise RecordError(f"{where}: a club record of several games: gather it on the players "
                          "page")
    record = check_record(data, where)
    _no_surrogates(record, where)
    info = GAMES.get(record["game"])
    if info is None:
        raise RecordError(f"{where}: unknown game {record['game'][:40]!r}")
    players = _players(record["players"], where, info)
    if isinstance(record["map"], str) and len(record["map"]) > MAX_MAP_KEY:
        raise RecordError(f"{where}: map: no map has so long a key")
    try:
        settings = checked_json(record.get("settings", {}), "settings")
    except FormError as err:
        raise RecordError(f"{where}: {str(err).rstrip('.')}") from None
    banker = settings.get("banker", BANKER_APART)
    if banker != BANKER_APART and banker not in {p["id"] for p in players}:
        raise RecordError(f"{where}: settings.banker names no player of the record")
    if len(record["actions"]) > MAX_ACTIONS:
        raise RecordError(f"{where}: actions: more than {MAX_ACTIONS:,} actions")
    try:
        actions = [checked_json(a, f"actions[{i}]") for i, a in enumerate(record["actions"])]
    except FormError as err:
        raise RecordError(f"{where}: {str(err).rstrip('.')}") from None
    _dates(record, where)
    checked = {**record, "players": players, "settings": settings, "actions": actions}
    titled = record.get("title")
    if titled is not None and not isinstance(titled, str):
        raise RecordError(f"{where}: title must be text")
    # the record's own title (an export carries it), else the file's name
    title = clean_name(titled or "") or clean_name(stem)
    if title.endswith(IMPORTED):  # gathered again: marked once
        title = title[:-len(IMPORTED)]
    return checked, (title[:MAX_TITLE - len(IMPORTED)] or "game") + IMPORTED
