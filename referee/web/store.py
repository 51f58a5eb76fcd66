"""Rows of the web app's database: games, their action logs and their seats.

Plain functions over a sqlite-utils Database; the caller decides the transaction.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from referee.engine.checkpoint import NotePiece
from referee.engine.record import new_record
from referee.web.keys import new_secret

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
BANKER_APART = ""  # settings["banker"] when the banker is a separate, non-playing person


class DamagedRow(Exception):
    """A stored row that cannot be read back (its JSON is broken or of the wrong shape): the
    game it belongs to cannot be opened; every other game can."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def local_now() -> str:
    """Now, in the laptop's own offset: a game's start, whose day is the evening it was
    played."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def new_game_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(8))


@dataclass(frozen=True)
class GameRow:
    """One stored game; its secrets are kept out of repr so they never reach a log."""

    id: str
    game: str
    map: Any
    settings: dict
    players: list[dict]
    created: str
    title: str
    game_secret: str = field(repr=False)
    banker_secret: str = field(repr=False)
    started: str | None = None  # when it was started, if known (ISO 8601 with offset)
    ended: str | None = None  # an imported record's end, if it brought one
    imported_seq: int = 0  # how many of its actions an import brought

    def record(self, actions: Iterable[dict] = ()) -> dict:
        """The engine's game record of this game with `actions` as its log."""
        record = new_record(self.game, self.map, self.players, self.settings)
        record["actions"] = [dict(a) for a in actions]
        return record

    def player(self, player_id: str | None) -> dict | None:
        return next((p for p in self.players if p.get("id") == player_id), None)

    @property
    def banker(self) -> str:
        """The player id of the banker, or BANKER_APART for a non-playing banker."""
        return str(self.settings.get("banker") or BANKER_APART)


@dataclass(frozen=True)
class Seat:
    player_id: str
    secret: str | None = field(repr=False)
    claimed: str | None


@dataclass(frozen=True)
class Listing:
    id: str
    game: str
    title: str
    created: str
    players: list[dict]
    actions: int
    damaged: bool = False


def _decoded(text: Any, what: str, kind: type) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise DamagedRow(f"its stored {what} are not readable") from None
    if not isinstance(value, kind):
        raise DamagedRow(f"its stored {what} are not a JSON {kind.__name__}")
    return value


def _players(text: Any) -> list[dict]:
    players = _decoded(text, "players", list)
    if not all(isinstance(p, dict) and isinstance(p.get("id"), str) for p in players):
        raise DamagedRow("its stored players are not readable")
    return players


def rows(db: Database, sql: str, params: Any = ()) -> list[dict]:
    """Every row of one SELECT as dicts, read at once: one statement, no savepoint around it."""
    cursor = db.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _game(row: dict) -> GameRow:
    try:
        map_ref = json.loads(row["map"])
    except (TypeError, ValueError, RecursionError):
        raise DamagedRow("its stored map is not readable") from None
    return GameRow(
        id=row["id"],
        game=row["game"],
        map=map_ref,
        settings=_decoded(row["settings"], "settings", dict),
        players=_players(row["players"]),
        created=row["created"],
        title=row["title"],
        game_secret=row["game_secret"],
        banker_secret=row["banker_secret"],
        started=row.get("started"),
        ended=row.get("ended"),
        imported_seq=int(row.get("imported_seq") or 0),
    )


def _listing(r: dict) -> Listing:
    try:
        players, damaged = _players(r["players"]), False
    except DamagedRow:
        players, damaged = [], True
    return Listing(r["id"], str(r["game"]), str(r["title"]), str(r["created"]), players,
                   r["actions"], damaged)


def create_game(
    db: Database,
    *,
    game: str,
    map_ref: Any,
    settings: dict,
    players: list[dict],
    title: str,
    actions: Iterable[dict] = (),
    dates: tuple[str | None, str | None] | None = None,
) -> GameRow:
    """Store a new game with one free seat per player and an optional starting log.

    `dates`: an imported record's (started, ended), either None where unknown; without them
    the game starts now."""
    actions = list(actions)
    created = now()
    started, ended = dates if dates is not None else (local_now(), None)
    row = {
        "id": new_game_id(),
        "game": game,
        "map": json.dumps(map_ref, ensure_ascii=False),
        "settings": json.dumps(settings, ensure_ascii=False),
        "players": json.dumps(players, ensure_ascii=False),
        "created": created,
        "title": title,
        "game_secret": new_secret(),
        "banker_secret": new_secret(),
        "started": started,
        "ended": ended,
        "imported_seq": len(actions) if dates is not None else 0,
    }
    with db.atomic():
        db["games"].insert(row)
        db["seats"].insert_all(
            {"game_id": row["id"], "player_id": p["id"], "secret": None, "claimed": None}
            for p in players
        )
        for seq, action in enumerate(actions):
            insert_action(db, row["id"], seq, action, None)
    return _game(row)


def get_game(db: Database, game_id: str) -> GameRow | None:
    found = rows(db, "select * from games where id = ?", [game_id])
    return _game(found[0]) if found else None


def list_games(db: Database) -> list[Listing]:
    """Every game, newest first, with the length of its log."""
    sql = """
        select g.id, g.game, g.title, g.created, g.players,
               (select count(*) from actions a where a.game_id = g.id) as actions
        from games g order by g.created desc, g.rowid desc
    """
    return [_listing(r) for r in rows(db, sql)]


def action_count(db: Database, game_id: str) -> int | None:
    """How many actions the game's log holds (its seq), or None if there is no such game.

    Positions are dense from 0 (an action is only ever inserted at the count), so the count
    is the last position plus one: one step down the (game_id, seq) index, however long the log.
    """
    sql = """
        select (select coalesce(max(seq) + 1, 0) from actions where game_id = :id) as n
        from games where id = :id
    """
    found = rows(db, sql, {"id": game_id})
    return found[0]["n"] if found else None


def position(db: Database, game_id: str, client_id: str | None) -> tuple[int, dict | None] | None:
    """The game's action count and the action already stored under `client_id` (None if there
    is none), in one statement; None if there is no such game."""
    sql = """
        select (select coalesce(max(seq) + 1, 0) from actions where game_id = :id) as n,
               (select action from actions where game_id = :id and client_id = :client) as done
        from games where id = :id
    """
    found = rows(db, sql, {"id": game_id, "client": client_id})
    if not found:
        return None
    done = found[0]["done"]
    return found[0]["n"], (None if done is None else _stored_action(done))


def action_time(db: Database, game_id: str, seq: int) -> str | None:
    """When the action at log position `seq` was recorded (None if there is none)."""
    found = rows(db, "select created from actions where game_id = ? and seq = ?",
                 [game_id, seq])
    return found[0]["created"] if found else None


def actions_from(db: Database, game_id: str, start: int = 0) -> list[dict]:
    """The game's actions from position `start` on, in order."""
    sql = "select action from actions where game_id = ? and seq >= ? order by seq"
    actions = []
    for position, r in enumerate(rows(db, sql, [game_id, start]), start=start + 1):
        try:
            action = json.loads(r["action"])
        except (TypeError, ValueError, RecursionError):
            action = None
        if not isinstance(action, dict):
            raise DamagedRow(f"its stored action {position} is not readable")
        actions.append(action)
    return actions


def _stored_action(text: str) -> dict:
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise DamagedRow("an action it stored is not readable") from None


def insert_action(
    db: Database, game_id: str, seq: int, action: dict, client_id: str | None
) -> None:
    db.execute(
        "insert into actions (game_id, seq, action, client_id, created) values (?, ?, ?, ?, ?)",
        [game_id, seq, json.dumps(action, ensure_ascii=False), client_id, now()],
    )


@dataclass(frozen=True)
class Checkpoint:
    seq: int
    fingerprint: str
    state: bytes = field(repr=False)


def save_checkpoint(db: Database, game_id: str, seq: int, fingerprint: str,
                    state: bytes) -> None:
    """Keep `state` (after the first `seq` actions) as the game's checkpoint, replacing one made
    earlier in the log."""
    db.execute(
        "insert into checkpoints (game_id, seq, fingerprint, state, created) "
        "values (?, ?, ?, ?, ?) on conflict(game_id) do update set seq = excluded.seq, "
        "fingerprint = excluded.fingerprint, state = excluded.state, created = excluded.created "
        "where excluded.seq > checkpoints.seq or excluded.fingerprint != checkpoints.fingerprint",
        [game_id, seq, fingerprint, state, now()],
    )


def load_checkpoint(db: Database, game_id: str) -> Checkpoint | None:
    sql = "select seq, fingerprint, state from checkpoints where game_id = ?"
    found = rows(db, sql, [game_id])
    if not found:
        return None
    return Checkpoint(found[0]["seq"], found[0]["fingerprint"], found[0]["state"])


def add_notes(db: Database, game_id: str, piece: NotePiece, whole: bool = False) -> None:
    """Add a piece of frame notes after those stored; `whole`: it replaces every piece."""
    if whole:
        db.execute("delete from frame_notes where game_id = ?", [game_id])
    db.execute(
        "insert into frame_notes (game_id, start, end, fingerprint, version, notes, created) "
        "values (?, ?, ?, ?, ?, ?, ?) on conflict(game_id, start) do update set "
        "end = excluded.end, fingerprint = excluded.fingerprint, version = excluded.version, "
        "notes = excluded.notes, created = excluded.created",
        [game_id, piece.start, piece.end, piece.fingerprint, piece.version, piece.notes, now()],
    )


def note_pieces(db: Database, game_id: str) -> list[NotePiece]:
    """The game's pieces of frame notes, in log order."""
    sql = ("select start, end, fingerprint, version, notes from frame_notes "
           "where game_id = ? order by start")
    return [NotePiece(r["start"], r["end"], r["fingerprint"], r["version"], r["notes"])
            for r in rows(db, sql, [game_id])]


def seats(db: Database, game_id: str) -> list[Seat]:
    sql = "select player_id, secret, claimed from seats where game_id = ?"
    return [Seat(r["player_id"], r["secret"], r["claimed"]) for r in rows(db, sql, [game_id])]


def claim_seat(db: Database, game_id: str, player_id: str) -> str | None:
    """Give a free seat a fresh secret and return it; None if the seat is taken or unknown."""
    secret = new_secret()
    cursor = db.execute(
        "update seats set secret = ?, claimed = ? "
        "where game_id = ? and player_id = ? and claimed is null",
        [secret, now(), game_id, player_id],
    )
    return secret if cursor.rowcount == 1 else None


def release_seat(db: Database, game_id: str, player_id: str) -> bool:
    """Free a seat: the phone that held it no longer acts for it."""
    cursor = db.execute(
        "update seats set secret = null, claimed = null where game_id = ? and player_id = ?",
        [game_id, player_id],
    )
    return cursor.rowcount == 1


def give_record(db: Database, game_id: str, seq: int) -> None:
    """Note that the record of a game over, `seq` actions long, went to a banker who plays."""
    db.execute("insert or replace into records_given (game_id, seq, given) values (?, ?, ?)",
               [game_id, seq, now()])


def record_given(db: Database, game_id: str) -> bool:
    """Whether a banker who plays has had the record of this game (once it was over)."""
    return bool(rows(db, "select 1 from records_given where game_id = ?", [game_id]))


BANKER_MADE = "banker"
SEAT_MADE = "seat"  # shown on the seat's own phone


def set_rejoin_code(db: Database, game_id: str, player_id: str, code: str,
                    made_by: str = BANKER_MADE) -> bool:
    """Give a seat a new rejoin code (any earlier one stops working), made by the banker or
    shown on the seat's own phone (`made_by`)."""
    cursor = db.execute(
        "update seats set rejoin = ?, rejoin_by = ? where game_id = ? and player_id = ?",
        [code, made_by, game_id, player_id])
    return cursor.rowcount == 1


def rejoin_codes(db: Database, game_id: str) -> dict[str, str]:
    """The unused rejoin codes of a game's seats: player id to code."""
    sql = "select player_id, rejoin from seats where game_id = ? and rejoin is not null"
    return {r["player_id"]: r["rejoin"] for r in rows(db, sql, [game_id])}


def rejoin_made_by(db: Database, game_id: str, player_id: str) -> str:
    """Who made the seat's unused rejoin code: the banker (also a code of before this was
    kept) or the seat's own phone."""
    found = rows(db, "select rejoin_by from seats where game_id = ? and player_id = ?",
                 [game_id, player_id])
    return (found[0]["rejoin_by"] if found else None) or BANKER_MADE


@dataclass(frozen=True)
class OwnerAsk:
    """A seated banker's correction of a cash secret to him, waiting for its owner's phone."""

    id: int
    seat: str
    action: dict
    words: str


def add_owner_ask(db: Database, game_id: str, seat: str, action: dict, words: str) -> int:
    """Keep a correction for `seat`'s phone to confirm; its id."""
    cursor = db.execute(
        "insert into owner_asks (game_id, seat, action, words, created) values (?, ?, ?, ?, ?)",
        [game_id, seat, json.dumps(action, ensure_ascii=False), words, now()])
    return int(cursor.lastrowid)


def owner_asks(db: Database, game_id: str, seat: str | None = None) -> list[OwnerAsk]:
    """The corrections waiting for their owners' phones (one seat's, or all), oldest first."""
    sql = "select id, seat, action, words from owner_asks where game_id = ?"
    args: list[Any] = [game_id]
    if seat is not None:
        sql += " and seat = ?"
        args.append(seat)
    return [OwnerAsk(r["id"], r["seat"], json.loads(r["action"]), r["words"])
            for r in rows(db, sql + " order by id", args)]


def owner_asks_mark(db: Database, game_id: str) -> str:
    """A word that changes whenever a correction starts or stops waiting (the pollers'
    `asks`): its ids, or "0" when none waits."""
    found = rows(db, "select group_concat(id, '.') as ids from owner_asks where game_id = ?",
                 [game_id])
    return (found[0]["ids"] if found else None) or "0"


def drop_owner_ask(db: Database, game_id: str, ask_id: int) -> bool:
    """Forget one waiting correction (confirmed, refused or withdrawn); whether it was there."""
    cursor = db.execute("delete from owner_asks where game_id = ? and id = ?", [game_id, ask_id])
    return cursor.rowcount == 1


def rejoin_seat(db: Database, game_id: str, player_id: str, code: str) -> str | None:
    """Move the seat to a new phone with its rejoin code: a fresh secret (the old phone's
    stops working), the code used up. None if the code is no longer the seat's."""
    secret = new_secret()
    cursor = db.execute(
        "update seats set secret = ?, claimed = ?, rejoin = null, rejoin_by = null "
        "where game_id = ? and player_id = ? and rejoin = ?",
        [secret, now(), game_id, player_id, code],
    )
    return secret if cursor.rowcount == 1 else None


@dataclass(frozen=True)
class NameCorrection:
    """One of the banker's corrections of who is who (referee/web/people.py applies them)."""

    id: int
    kind: str  # "merge" | "split"
    name: str
    into: str
    seats: tuple[tuple[str, str], ...]  # a split's (game id, seat id)
    reason: str
    created: str
    taken_back: str | None = None


def add_name_correction(db: Database, kind: str, name: str, into: str,
                        seats: Iterable[tuple[str, str]], reason: str,
                        created: str | None = None, taken_back: str | None = None) -> int:
    """Store a correction (made now, unless a gathered one brings when it was made, and
    whether it was taken back); return its id."""
    cursor = db.execute(
        "insert into name_corrections (kind, name, counted_as, seats, reason, created, "
        "taken_back) values (?, ?, ?, ?, ?, ?, ?)",
        [kind, name, into, json.dumps([list(s) for s in seats], ensure_ascii=False), reason,
         created or now(), taken_back],
    )
    return int(cursor.lastrowid or 0)


def name_corrections(db: Database) -> list[NameCorrection]:
    """Every correction, oldest first, those taken back among them."""
    out = []
    for r in rows(db, "select * from name_corrections order by id"):
        try:
            seats = tuple((str(g), str(p)) for g, p in json.loads(r["seats"]))
        except (TypeError, ValueError, RecursionError):
            seats = ()  # an unreadable list of games moves none of them
        out.append(NameCorrection(r["id"], r["kind"], r["name"], r["counted_as"], seats,
                                  r["reason"], r["created"], r["taken_back"]))
    return out


def take_back_name_correction(db: Database, correction_id: int) -> bool:
    """Mark a correction taken back (it no longer applies); False if none is in force."""
    cursor = db.execute(
        "update name_corrections set taken_back = ? where id = ? and taken_back is null",
        [now(), correction_id],
    )
    return cursor.rowcount == 1
