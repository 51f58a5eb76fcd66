"""One club record from several laptops: every finished game of a laptop and its name
corrections in one file, and the gathering of such a file into another laptop.

A gathered game is known by its record's digest (referee/web/digest.py): one the laptop holds
already is skipped, so a file gathered twice, or gathered back where it came from, counts each
game once. Corrections travel with the games they name (a split names its games by digest)
and are added after the laptop's own, in the file's order; one the laptop has already is
skipped (taken back there, it is taken back here). Docs: docs/club-record.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from referee.engine.errors import IllegalAction
from referee.engine.record import RecordError
from referee.engine.replay import ReplayError
from referee.web import store
from referee.web.digest import record_digest
from referee.web.imports import CLUB_FORMAT, checked_upload, record_dates_of, replay_import
from referee.web.names import clean_name
from referee.web.people import MERGE, SPLIT, Played
from referee.web.records import full_record, game_digest
from referee.web.replayers import GameUnavailable
from referee.web.store import NameCorrection

FORMAT = CLUB_FORMAT
MAX_GAMES = 2_000
MAX_TEXT = 200  # a correction's name, reason or date (the players page keeps them shorter)


@dataclass
class Gathered:
    """What a gathering did: the titles of the games added, the games skipped with why, and
    how many corrections it added and skipped."""

    added: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    corrections_added: int = 0
    corrections_skipped: int = 0

    def lines(self) -> list[str]:
        """What it did, in plain words."""
        out = [f"Added {len(self.added)} game{'s' * (len(self.added) != 1)}"
               + (": " + ", ".join(self.added) if self.added else "") + "."]
        out += [f"Skipped {s}" for s in self.skipped]
        out.append(f"Name corrections: {self.corrections_added} added, "
                   f"{self.corrections_skipped} already here.")
        return out


def finished_ids(played: Sequence[Played]) -> dict[str, str]:
    """The finished games among `played`'s seats: game id to record digest, oldest first."""
    return {p.game_id: p.digest for p in played}


def club_file(db: Database, played: Sequence[Played]) -> dict:
    """Every finished game's record (seats `played`) and every name correction, as one
    document; its "ids" (the games' ids here, in the order of "games") are for the caller to
    take out before the document leaves the laptop."""
    digests = finished_ids(played)
    records, ids = [], []
    for game_id in digests:
        game = store.get_game(db, game_id)
        if game is not None:
            records.append(full_record(db, game, store.actions_from(db, game_id), True))
            ids.append(game_id)
    return {"format": FORMAT, "games": records,
            "corrections": [_correction_out(c, digests) for c in store.name_corrections(db)],
            "ids": ids}


def _correction_out(c: NameCorrection, digests: dict[str, str]) -> dict:
    return {"kind": c.kind, "name": c.name, "counted_as": c.into,
            "games": [[digests[g], seat] for g, seat in c.seats if g in digests],
            "reason": c.reason, "created": c.created, "taken_back": c.taken_back}


def check_file(data: Any, where: str) -> tuple[list, list]:
    """The games and corrections of a club file; RecordError says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a club record ('format' must be {FORMAT!r}); a single "
                          "game's record is imported from the lobby")
    games, corrections = data.get("games"), data.get("corrections", [])
    if not isinstance(games, list) or not isinstance(corrections, list):
        raise RecordError(f"{where}: 'games' and 'corrections' must be lists")
    if len(games) > MAX_GAMES:
        raise RecordError(f"{where}: games: more than {MAX_GAMES:,} games")
    return games, corrections


def gather(db: Database, data: Any, where: str, resolve_map: Any,
           on_failure: Callable[[], None] = lambda: None) -> Gathered:
    """Add the games of a club file that this laptop does not have, then its corrections.
    A game that cannot be read or replayed is skipped with the reason; nothing else stops."""
    games, corrections = check_file(data, where)
    out = Gathered()
    digests = _digests(db)
    for i, data_game in enumerate(games):
        at = f"{where}: games[{i}]"
        try:
            record, title = checked_upload(data_game, at, f"game {i + 1}")
        except RecordError as err:
            out.skipped.append(str(err))
            continue
        digest = record_digest(record)
        if digest in digests:
            out.skipped.append(f"{record.get('title') or title}: this laptop has it already.")
            continue
        try:
            replay_import(record, resolve_map, on_failure)
        except (RecordError, ReplayError, GameUnavailable, IllegalAction) as err:
            out.skipped.append(f"{at}: {err}")
            continue
        with db.atomic():
            game = store.create_game(db, game=record["game"], map_ref=record["map"],
                                     settings=record["settings"], players=record["players"],
                                     title=title, actions=record["actions"],
                                     dates=record_dates_of(record))
        digests[digest] = game.id
        out.added.append(title)
    _merge(db, corrections, digests, out)
    return out


def _digests(db: Database) -> dict[str, str]:
    """The digest of every game here that can be read, to its id (a damaged one is left out:
    it cannot be told from a gathered game, and the players page names it already)."""
    out = {}
    for listing in store.list_games(db):
        try:
            game = store.get_game(db, listing.id)
            if game is not None:
                out[game_digest(db, game)] = game.id
        except store.DamagedRow:
            continue
    return out


def _key(kind: str, name: str, into: str, seats: Sequence[tuple[str, str]], reason: str,
         created: str) -> tuple:
    return (kind, clean_name(name), clean_name(into), tuple(seats), reason, created)


def _merge(db: Database, corrections: list, digests: dict[str, str], out: Gathered) -> None:
    """Add the file's corrections not here yet, in its order; seats by digest become seats of
    the games here."""
    local_digest = {game_id: d for d, game_id in digests.items()}
    here = {}
    for c in store.name_corrections(db):
        seats = [(local_digest.get(g, g), seat) for g, seat in c.seats]
        here[_key(c.kind, c.name, c.into, seats, c.reason, c.created)] = c
    for c in corrections:
        if not _well_formed(c):
            out.corrections_skipped += 1
            continue
        seats = [(str(g), str(seat)) for g, seat in c.get("games", [])]
        key = _key(c["kind"], c["name"], c["counted_as"], seats, c["reason"], c["created"])
        if key in here:
            out.corrections_skipped += 1
            if c.get("taken_back") and here[key].taken_back is None:
                with db.atomic():
                    store.take_back_name_correction(db, here[key].id)
            continue
        mapped = [(digests[g], seat) for g, seat in seats if g in digests]
        if c["kind"] == SPLIT and not mapped:
            out.corrections_skipped += 1
            continue
        with db.atomic():
            store.add_name_correction(db, c["kind"], clean_name(c["name"]),
                                      clean_name(c["counted_as"]), mapped, c["reason"],
                                      created=c["created"], taken_back=c.get("taken_back"))
        here[key] = store.name_corrections(db)[-1]
        out.corrections_added += 1


def _well_formed(c: Any) -> bool:
    """Whether a correction of a file has the fields a correction needs."""
    return (isinstance(c, dict) and c.get("kind") in (MERGE, SPLIT)
            and all(isinstance(c.get(k), str) and 0 < len(c[k]) <= MAX_TEXT for k in
                    ("name", "counted_as", "reason", "created"))
            and isinstance(c.get("games", []), list)
            and all(isinstance(s, list) and len(s) == 2 for s in c.get("games", []))
            and (c.get("taken_back") is None or isinstance(c.get("taken_back"), str)))
