"""People across games: the seats of finished games, counted by person, whatever the game.

A person is a name: two seats are one person when their names match after the app's name
cleaning, case folded and spaces left out ("ann  lee" and "Ann Lee"). The banker's corrections
(`store.NameCorrection`, applied in order) say otherwise where that is wrong: a merge counts
the games of one name as another's, a split counts some games of a name as someone else's.

Pure: rows in, people out. `referee/web/results.py` reads the rows; the players page and
`referee stats` show what `club` makes of them. No game is named: each finished game brings its
own figures (the contract's `final_figures`) and how they are totalled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from referee.games.contract import Figure
from referee.web.dates import minutes_between
from referee.web.names import clean_name
from referee.web.rivals import Rival, by_game, games_json, rivals_of
from referee.web.store import NameCorrection

MERGE = "merge"
SPLIT = "split"


def person_key(name: str) -> str:
    """The key of the person a name stands for: cleaned, case folded, without spaces."""
    return "".join(clean_name(name).casefold().split())


@dataclass(frozen=True)
class Played:
    """One seat of one finished game, as the game's final figures give it."""

    game_id: str
    game: str  # the game's key
    title: str
    created: str
    seat: str
    name: str  # the seat's name in force at the end
    won: bool
    place: int
    players: int
    figures: tuple[Figure, ...]
    values: Mapping[str, int]
    started: str | None = None  # when the game was played, if known (ISO 8601 with offset)
    ended: str | None = None
    score: int | None = None  # the game's final score for this seat (FinalFigures.score)
    order: int = 0  # the seat's start position (the game's turn order, else the seat order)
    first: bool | None = None  # whether the seat began, where the game knows (None: unknown)
    digest: str = ""  # the game record's digest (referee/web/club.py)

    @property
    def where(self) -> tuple[str, str]:
        return (self.game_id, self.seat)

    @property
    def minutes(self) -> int | None:
        return minutes_between(self.started, self.ended)


@dataclass
class GameTotals:
    """One person's games of one kind: how many, how many won, and the game's figures totalled."""

    game: str
    games: int = 0
    wins: int = 0
    figures: list[tuple[Figure, int]] = field(default_factory=list)


@dataclass
class Person:
    key: str
    name: str
    played: list[Played]  # oldest first
    by_game: dict[str, GameTotals]
    rivals: list[Rival] = field(default_factory=list)

    @property
    def last_played(self) -> str | None:
        """The day of his latest dated game (YYYY-MM-DD), None if none is dated."""
        days = [p.started[:10] for p in self.played if p.started]
        return max(days) if days else None

    @property
    def average_minutes(self) -> int | None:
        """The mean length of his games whose length is known (nearest minute, halves up)."""
        return _mean([p.minutes for p in self.played if p.minutes is not None])

    @property
    def months(self) -> dict[str, int]:
        """His dated games counted by month ("2026-05"), oldest month first."""
        return dict(sorted(Counter(p.started[:7] for p in self.played if p.started).items()))

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def wins(self) -> int:
        return sum(p.won for p in self.played)


class CorrectionError(ValueError):
    """A correction that cannot be made; the message says why, for the form."""


def counted_names(played: Iterable[Played],
                  corrections: Iterable[NameCorrection]) -> dict[tuple[str, str], str]:
    """The name each seat counts under once the corrections in force are applied in order."""
    names = {p.where: p.name for p in played}
    for c in corrections:
        if c.taken_back:
            continue
        if c.kind == MERGE:
            gone = person_key(c.name)
            for where, name in names.items():
                if person_key(name) == gone:
                    names[where] = c.into
        elif c.kind == SPLIT:
            for where in c.seats:
                if where in names:
                    names[where] = c.into
    return names


def shown_name(spellings: Sequence[str]) -> str:
    """The name a person is shown by: the spelling of most of his games, the newest of a tie
    (`spellings` oldest first)."""
    uses = Counter(spellings)
    return max(reversed(spellings), key=lambda name: uses[name])


def total(figure: Figure, values: Sequence[int]) -> int:
    """A figure over several games: their sum, their mean (to the nearest whole, halves up) or
    the largest."""
    if figure.total == "max":
        return max(values)
    if figure.total == "mean":  # halves round up: (2s + n) // 2n
        return (2 * sum(values) + len(values)) // (2 * len(values))
    return sum(values)


def _totals(game: str, played: Sequence[Played]) -> GameTotals:
    figures = played[-1].figures  # the newest game's: what the game counts today
    out = GameTotals(game, len(played), sum(p.won for p in played))
    for figure in figures:
        values = [p.values[figure.key] for p in played if figure.key in p.values]
        if values:
            out.figures.append((figure, total(figure, values)))
    return out


def club(played: Iterable[Played], corrections: Iterable[NameCorrection],
         order: Sequence[str] = ()) -> list[Person]:
    """Everyone who finished a game: most wins first, then most games, then by name. `order`
    lists the game keys in the order their totals are shown (the lobby's). `played` comes
    oldest game first; games of the same second keep that order."""
    played = sorted(played, key=lambda p: p.created)  # stable: the order given breaks ties
    names = counted_names(played, corrections)
    people: dict[str, list[Played]] = {}
    for p in played:
        people.setdefault(person_key(names[p.where]), []).append(p)
    rank = {key: i for i, key in enumerate(order)}
    shown = {key: shown_name([names[p.where] for p in theirs]) for key, theirs in people.items()}
    tables = by_game(played)
    out = []
    for key, theirs in people.items():
        games: dict[str, list[Played]] = {}
        for p in theirs:
            games.setdefault(p.game, []).append(p)
        kinds = {g: _totals(g, games[g])
                 for g in sorted(games, key=lambda g: (rank.get(g, len(rank)), g))}
        out.append(Person(key, shown[key], theirs, kinds,
                          rivals_of(theirs, tables, lambda p: person_key(names[p.where]), shown)))
    return sorted(out, key=lambda x: (-x.wins, -x.games, x.name.casefold()))


def _mean(values: Sequence[int]) -> int | None:
    return (2 * sum(values) + len(values)) // (2 * len(values)) if values else None


def club_months(played: Iterable[Played]) -> dict[str, int]:
    """The club's dated finished games counted by the month they were started in ("2026-05"),
    oldest first."""
    started = {p.game_id: p.started for p in played if p.started}
    return dict(sorted(Counter(s[:7] for s in started.values()).items()))


def club_lengths(played: Iterable[Played]) -> dict[str, int]:
    """Each game's average length in minutes over its finished games of known length."""
    lengths: dict[str, dict[str, int]] = {}
    for p in played:
        if p.minutes is not None:
            lengths.setdefault(p.game, {})[p.game_id] = p.minutes
    return {g: _mean(list(m.values())) or 0 for g, m in lengths.items()}


def club_games(played: Iterable[Played], corrections: Iterable[NameCorrection]) -> list[dict]:
    """Every finished game as `referee stats --json` lists it (referee/web/rivals.py), each
    player named as the person he counts as."""
    played = sorted(played, key=lambda p: p.created)
    names = counted_names(played, corrections)
    people: dict[str, list[str]] = {}
    for p in played:
        people.setdefault(person_key(names[p.where]), []).append(names[p.where])
    shown = {key: shown_name(spellings) for key, spellings in people.items()}
    return games_json(by_game(played), lambda p: person_key(names[p.where]), shown)


def as_json(people: Iterable[Person], games: list[dict] | None = None) -> dict:
    """What `referee stats --json` prints: each person's games and wins, in all and by game,
    with each game's figures totalled (a mean under "average_<key>"), his rivals, and the
    club's `games` (club_games)."""
    out: dict = {"players": [
        {"name": person.name, "games": person.games, "wins": person.wins,
         "last_played": person.last_played, "average_minutes": person.average_minutes,
         "by_game": {g: {"games": t.games, "wins": t.wins}
                     | {f.total_key: value for f, value in t.figures}
                     for g, t in person.by_game.items()},
         "rivals": [r.as_json() for r in person.rivals]}
        for person in people
    ]}
    if games is not None:
        out["games"] = games
    return out


def check_merge(people: Sequence[Person], name: str, into: str) -> tuple[str, str]:
    """The names of a merge (the games of `name` count as `into`'s), cleaned; raises
    CorrectionError when it cannot be made."""
    name, into = clean_name(name), clean_name(into)
    keys = {p.key for p in people}
    if person_key(name) not in keys:
        raise CorrectionError(f"No one called {name!r} has finished a game here.")
    if not person_key(into):
        raise CorrectionError("Choose the name to count the games under.")
    if person_key(into) == person_key(name):
        raise CorrectionError(f"{name} and {into} are counted as one person already.")
    return name, into


def check_split(person: Person, seats: Iterable[tuple[str, str]],
                into: str) -> tuple[tuple[str, str], ...]:
    """The seats of a split (some of `person`'s games counted as `into`'s), checked; raises
    CorrectionError when it cannot be made."""
    own = {p.where for p in person.played}
    chosen = tuple(dict.fromkeys(seats))
    if not chosen:
        raise CorrectionError("Tick the games that were played by someone else.")
    if any(s not in own for s in chosen):
        raise CorrectionError(f"A ticked game is not one of {person.name}'s.")
    if not person_key(into):
        raise CorrectionError("Type the name of the other person.")
    if person_key(into) == person.key:
        raise CorrectionError(f"Give the other person a name other than {person.name}.")
    return chosen
