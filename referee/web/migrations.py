"""The database schema, changed only by named migrations applied in order (sqlite-utils 4).

Each step runs inside one transaction together with its record in `_sqlite_migrations`.
Never edit a step that has shipped: add a new one below it.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

migrations = Migrations("referee.web")


@migrations()
def m001_games_actions_seats(db: Database) -> None:
    db["games"].create(
        {
            "id": str,
            "game": str,
            "map": str,  # JSON: a map key or an inline map object
            "settings": str,  # JSON object
            "players": str,  # JSON list of {id, name, colour}, in seat order
            "created": str,
            "title": str,
            "game_secret": str,
            "banker_secret": str,
            "status": str,
        },
        pk="id",
        not_null={"game", "map", "settings", "players", "created", "title", "game_secret",
                  "banker_secret", "status"},
    )
    db["actions"].create(
        {
            "id": int,
            "game_id": str,
            "seq": int,
            "action": str,  # JSON object
            "client_id": str,
            "created": str,
        },
        pk="id",
        not_null={"game_id", "seq", "action", "created"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["actions"].create_index(["game_id", "seq"], unique=True)
    db["actions"].create_index(["game_id", "client_id"], unique=True)
    db["seats"].create(
        {"game_id": str, "player_id": str, "secret": str, "claimed": str},
        pk=("game_id", "player_id"),
        not_null={"game_id", "player_id"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_drop_games_status(db: Database) -> None:
    """games.status was written ("active") and never read."""
    db.execute("alter table games drop column status")


@migrations()
def m003_checkpoints(db: Database) -> None:
    """A game's state saved every few dozen actions: a restart replays only what follows."""
    db["checkpoints"].create(
        {
            "game_id": str,
            "seq": int,  # the log length the state is after
            "fingerprint": str,  # the rules (code, map, players, settings) that made it
            "state": bytes,  # referee.engine.checkpoint.dump_state
            "created": str,
        },
        pk="game_id",
        not_null={"seq", "fingerprint", "state", "created"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m004_frame_notes(db: Database) -> None:
    """What a game's pages derive from each action (Rail Baron's history notes), saved in
    pieces: each checkpoint adds the notes of the actions since the previous one, instead of
    rewriting those of the whole game. Checkpoints saved before keep their notes inside
    their state and still load."""
    db["frame_notes"].create(
        {
            "game_id": str,
            "start": int,  # the log positions whose notes the piece holds: start..end-1
            "end": int,
            "fingerprint": str,  # the rules of the checkpoint it was saved with
            "version": str,  # the code that made the notes
            "notes": bytes,  # referee.engine.checkpoint.dump_state of (positions, notes)
            "created": str,
        },
        pk=("game_id", "start"),
        not_null={"end", "fingerprint", "version", "notes", "created"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m005_seat_rejoin_codes(db: Database) -> None:
    """A seat's rejoin code, made by the banker for a phone that lost its seat: used once, it
    puts the seat on the phone that types or scans it and the old phone's cookie stops
    working."""
    db.execute("alter table seats add column rejoin text")


@migrations()
def m006_name_corrections(db: Database) -> None:
    """The banker's corrections of who is who across games (docs/players.md): two names of one
    person merged, or games of one name split off as another person's, each with its reason.
    Applied in order; one taken back stays, marked."""
    db["name_corrections"].create(
        {
            "id": int,
            "kind": str,  # "merge" | "split"
            "name": str,  # the name whose games are counted under `counted_as`
            "counted_as": str,  # the name they count under from now on
            "seats": str,  # JSON [[game id, seat id], ...]: a split's games ([] for a merge)
            "reason": str,
            "created": str,
            "taken_back": str,  # when it was taken back, or null
        },
        pk="id",
        not_null={"kind", "name", "counted_as", "seats", "reason", "created"},
    )


@migrations()
def m007_records_given(db: Database) -> None:
    """When the record of a game over went to a banker who plays: from then on no undo may take
    that game back before its end (he holds a log with every exact cash)."""
    db["records_given"].create(
        {
            "game_id": str,
            "seq": int,  # the log length of the record given
            "given": str,
        },
        pk="game_id",
        not_null={"seq", "given"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m008_game_dates(db: Database) -> None:
    """When a game was played (docs/game-record.md): `started` (a game made here starts when it
    is created; an imported record brings its own, or none: date unknown), `ended` (an
    imported record's end) and `imported_seq` (how many of its actions an import brought: an
    action recorded after them was played here, and its time is the game's end). A game stored
    before has only its `created`: it was started then."""
    db.execute("alter table games add column started text")
    db.execute("alter table games add column ended text")
    db.execute("alter table games add column imported_seq integer not null default 0")
    db.execute("update games set started = created")


@migrations()
def m009_owner_asks_and_rejoin_makers(db: Database) -> None:
    """A seated banker's correction of a cash secret to him waits here for its owner to confirm
    it on his own phone (docs/web.md); and who made a seat's rejoin code ("banker" or "seat"):
    while a seated banker may not move a seat, only a code shown on the seat's own phone
    moves it."""
    db["owner_asks"].create(
        {
            "id": int,
            "game_id": str,
            "seat": str,  # the seat whose phone confirms it
            "action": str,  # JSON: the correction as the banker sent it
            "words": str,  # what it does, as the rules said it when it was asked
            "created": str,
        },
        pk="id",
        not_null={"game_id", "seat", "action", "words", "created"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db.execute("alter table seats add column rejoin_by text")
