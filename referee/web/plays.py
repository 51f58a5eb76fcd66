"""A finished game's play, in the fields BoardGameGeek's play log keeps, for the play loggers.

The fields are those BoardGameGeek's XML API lists for a play: its date, length (minutes),
location, quantity and incomplete flag, the game's name, and each player's name, start
position, score and win (docs/club-record.md). The same play is given as that XML, as plain
text to paste into a play log, and as the data of BG Stats' documented push-play link. Only a
finished game has a play: its figures are public then.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from referee.games.registry import GAMES
from referee.web.dates import moment
from referee.web.people import Played
from referee.web.play import slug

BG_STATS = "https://app.bgstatsapp.com/createPlay.html?data="


@dataclass(frozen=True)
class PlayPlayer:
    name: str
    startposition: int  # the seat's place in the lobby's order, from 1
    score: int | None  # the game's final score (FinalFigures.score)
    win: bool
    rank: int  # the game's place, 1 for the winners
    first: bool | None = None  # whether he began, where the game knows


@dataclass(frozen=True)
class Play:
    game_id: str
    game: str  # the game's name ("Rail Baron")
    date: str  # the day it was started (YYYY-MM-DD, in its own offset), "" if unknown
    started: str | None
    length: int  # minutes; 0 if unknown (BoardGameGeek's "no length")
    location: str
    players: tuple[PlayPlayer, ...]


def play_of(seats: Sequence[Played], game_name: str, location: str = "") -> Play:
    """The play of one finished game from its seats (all of one game)."""
    first = seats[0]
    started = moment(first.started)
    players = tuple(PlayPlayer(p.name, p.order, p.score, p.won, p.place, p.first)
                    for p in sorted(seats, key=lambda p: p.order))
    return Play(first.game_id, game_name, started.date().isoformat() if started else "",
                first.started, first.minutes or 0, location, players)


def as_xml(play: Play) -> str:
    """The play as BoardGameGeek's XML API writes one."""
    root = ET.Element("play", {"date": play.date, "quantity": "1", "length": str(play.length),
                               "incomplete": "0", "nowinstats": "0",
                               "location": play.location})
    ET.SubElement(root, "item", {"name": play.game, "objecttype": "thing"})
    players = ET.SubElement(root, "players")
    for p in play.players:
        ET.SubElement(players, "player", {
            "name": p.name, "startposition": str(p.startposition),
            "score": "" if p.score is None else str(p.score), "win": "1" if p.win else "0"})
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def as_text(play: Play) -> str:
    """The play as lines to paste into a play log."""
    lines = [f"Game: {play.game}",
             f"Date: {play.date or 'unknown'}",
             f"Length: {f'{play.length} minutes' if play.length else 'unknown'}"]
    if play.location:
        lines.append(f"Location: {play.location}")
    lines.append("Players (start position, name, score, win):")
    lines += [f"{p.startposition}. {p.name}, score {'' if p.score is None else p.score}"
              + (", won" if p.win else "") for p in play.players]
    return "\n".join(lines) + "\n"


def bgstats_data(play: Play) -> dict:
    """The play in the fields of BG Stats' push-play link, as its documentation shows them."""
    started = moment(play.started)
    return {
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S") if started else "",
        "durationMin": play.length,
        "location": play.location,
        "game": {"name": play.game, "highestWins": True, "noPoints": False,
                 "sourceGameId": play.game_id},
        "players": [{"name": p.name, "rank": p.rank, "score": p.score, "winner": p.win,
                     "sourcePlayerId": p.name}
                    | ({} if p.first is None else {"startPlayer": p.first})
                    for p in play.players],
    }


def bgstats_link(play: Play) -> str:
    """BG Stats' documented link that opens its import of this play."""
    data = json.dumps(bgstats_data(play), ensure_ascii=False, separators=(",", ":"))
    return BG_STATS + quote(data, safe="")


def write_plays(folder: Path, played: Sequence[Played]) -> list[Path]:
    """One play file per finished game (seats `played`) into `folder` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    games: dict[str, list[Played]] = {}
    for p in played:
        games.setdefault(p.game_id, []).append(p)
    written = []
    for game_id, seats in games.items():
        info = GAMES.get(seats[0].game)
        play = play_of(seats, info.title if info else seats[0].game)
        path = folder / f"play-{play.date or 'undated'}-{slug(play.game)}-{game_id}.xml"
        path.write_text(as_xml(play), encoding="utf-8")
        written.append(path)
    return written
