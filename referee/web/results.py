"""The finished games of an instance's database, seat by seat (`people.Played`).

Every stored game is brought to its latest state and asked, through the contract, for its final
figures; a game still under way gives none, so nothing of it (cash that may be secret) is read
further. A game that cannot be brought up (its rules or board missing, a damaged row) counts as
nothing and is named in the problems.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from referee.engine.checkpoint import catch_up
from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError
from referee.engine.replay import Frame, ReplayError
from referee.games import registry
from referee.web import store
from referee.web.dates import ended_at
from referee.web.names import seat_names
from referee.web.people import Played
from referee.web.records import game_digest
from referee.web.replayers import GameUnavailable, new_replayer
from referee.web.store import DamagedRow, GameRow, Listing

FramesOf = Callable[[Database, GameRow, int], Sequence[Frame]]  # -> the frames in force


@dataclass
class Results:
    played: list[Played] = field(default_factory=list)
    finished: int = 0  # games counted
    problems: list[str] = field(default_factory=list)  # games that could not be read


def seats_of(game: GameRow, frames: Sequence[Frame],
             ended: Callable[[], str | None] = lambda: None,
             digest: Callable[[], str] = lambda: "") -> list[Played]:
    """The seats of one game, if it is finished (else none); `ended` and `digest` are asked
    only then: when it ended, and its record's digest."""
    figures = registry.game(game.game).final_figures(frames)
    if figures is None:
        return []
    names = seat_names(game.players, frames[-1])
    order = dict(figures.starts) or {str(p["id"]): i for i, p in enumerate(game.players,
                                                                          start=1)}
    end, stable = ended(), digest()
    return [
        Played(game.id, game.game, game.title, game.created, pid, names.get(pid, pid),
               pid in figures.winners, figures.places.get(pid, len(figures.values)),
               len(figures.values), figures.figures, dict(figures.values[pid]),
               started=game.started, ended=end, score=figures.values[pid].get(figures.score),
               order=order.get(pid, 0), digest=stable,
               first=figures.starts.get(pid) == 1 if figures.starts else None)
        for pid in figures.values
    ]


class ResultsCache:
    """Each game's seats, kept while its log keeps its length (a finished game's never grows
    again, unless the banker takes its last action back)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[int, list[Played]]] = {}

    def results(self, db: Database, frames_of: FramesOf) -> Results:
        out = Results()
        for listing in reversed(store.list_games(db)):  # oldest first
            played = self._game(db, listing, frames_of, out.problems)
            if played:
                out.finished += 1
                out.played += played
        return out

    def _game(self, db: Database, listing: Listing, frames_of: FramesOf,
              problems: list[str]) -> list[Played]:
        kept = self._kept.get(listing.id)
        if kept is not None and kept[0] == listing.actions:
            return kept[1]
        try:
            game = store.get_game(db, listing.id)
            if game is None:
                return []
            count = listing.actions
            played = seats_of(game, frames_of(db, game, count),
                              lambda: ended_at(db, game, count),
                              lambda: game_digest(db, game))
        except (DamagedRow, GameUnavailable, RecordError, ReplayError, IllegalAction) as err:
            problems.append(f"{listing.title}: {err}")
            return []
        self._kept[listing.id] = (listing.actions, played)
        return played


def replayed_frames(resolve_map: Any) -> FramesOf:
    """Frames from a whole replay of the stored log (the command line keeps no Replayers)."""

    def frames_of(db: Database, game: GameRow, count: int) -> Sequence[Frame]:
        replayer = new_replayer(game.record(), resolve_map)
        try:
            catch_up(replayer, store.actions_from(db, game.id)[:count])
        except ReplayError as err:
            raise GameUnavailable(f"the stored log no longer replays: {err}") from err
        return replayer.frames

    return frames_of
