"""Who beats whom: a person's rivals, and the club's games, from the seats of finished games.

Two people who finished a game together are rivals in it: the one the game ranks above the
other in its own final figures (a lower place) won against him, the other lost; equal places
are a tie. Pure: seats in, rivals out (referee/web/people.py names the people).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.web.people import Played


@dataclass
class Rival:
    """Another person, as one person met him: games played together, won, lost and tied."""

    key: str
    name: str
    games: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0

    def as_json(self) -> dict:
        return {"name": self.name, "games": self.games, "won": self.won, "lost": self.lost,
                "tied": self.tied}


def by_game(played: Iterable[Played]) -> dict[str, list[Played]]:
    """The seats of each game, by game id, in the order given."""
    out: dict[str, list[Played]] = {}
    for p in played:
        out.setdefault(p.game_id, []).append(p)
    return out


def rivals_of(theirs: Sequence[Played], tables: Mapping[str, Sequence[Played]],
              key_of: Callable[[Played], str], shown: Mapping[str, str]) -> list[Rival]:
    """One person's rivals (his seats `theirs`; `tables` every game's seats; `key_of` the
    person a seat counts for, `shown` the name each person is shown by): most games together
    first, then by name."""
    mine = {key_of(p) for p in theirs}
    out: dict[str, Rival] = {}
    for p in theirs:
        for q in tables.get(p.game_id, ()):
            other = key_of(q)
            if other in mine:
                continue
            rival = out.setdefault(other, Rival(other, shown.get(other, q.name)))
            rival.games += 1
            if p.place < q.place:
                rival.won += 1
            elif p.place > q.place:
                rival.lost += 1
            else:
                rival.tied += 1
    return sorted(out.values(), key=lambda r: (-r.games, r.name.casefold()))


def games_json(tables: Mapping[str, Sequence[Played]], key_of: Callable[[Played], str],
               shown: Mapping[str, str]) -> list[dict]:
    """Every finished game, oldest first, as `referee stats --json` lists it: when, how long,
    each player's name (the person he counts as), place and final score, and the winners."""
    out = []
    for seats in tables.values():
        first = seats[0]
        ordered = sorted(seats, key=lambda p: (p.place, p.order))
        out.append({
            "id": first.game_id, "digest": first.digest, "game": first.game,
            "title": first.title, "started": first.started, "ended": first.ended,
            "minutes": first.minutes,
            "players": [{"name": shown.get(key_of(p), p.name), "rank": p.place,
                         "score": p.score} for p in ordered],
            "winners": [shown.get(key_of(p), p.name) for p in ordered if p.won],
        })
    return out
