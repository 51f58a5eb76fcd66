"""The players page: everyone who finished a game on this laptop, by person and by game.

Routes (docs/players.md): the club's page, one person's page with his games and a chart, the
club's table as CSV, and the banker's corrections of who is who (merge two names of one person,
split off games of one name played by someone else, take a correction back), each with its
reason. Only finished games count: a game under way shows nothing.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from referee.engine.record import RecordError
from referee.games.registry import GAMES
from referee.web import store
from referee.web.club import club_file, gather
from referee.web.db import get_db, immediate
from referee.web.imports import read_json, where_of
from referee.web.names import clean_name
from referee.web.newgame import MAX_NAME
from referee.web.people import (
    MERGE,
    SPLIT,
    CorrectionError,
    Person,
    check_merge,
    check_split,
    club,
    club_lengths,
    club_months,
    person_key,
)
from referee.web.render import page_or_fragment, replayers
from referee.web.results import Results, ResultsCache
from referee.web.results_chart import colours_for, ordinal, places_chart

bp = Blueprint("players", __name__)
MAX_REASON = 200
CSV_COLUMNS = ("person", "game", "game_title", "title", "date", "seat_name", "won", "place",
               "players")


def _results() -> Results:
    cache = current_app.extensions.setdefault("referee.results", ResultsCache())
    return cache.results(get_db(), lambda db, game, count:
                         replayers().snapshot(db, game, count).frames)


def _club() -> tuple[Results, list[Person]]:
    results = _results()
    return results, club(results.played, store.name_corrections(get_db()), list(GAMES))


def _titles() -> dict[str, str]:
    return {key: meta.title for key, meta in GAMES.items()}


def _context(results: Results, people: list[Person], **extra: Any) -> dict[str, Any]:
    kinds = [k for k in GAMES if any(k in p.by_game for p in people)]
    kinds += sorted({k for p in people for k in p.by_game} - set(kinds))  # a game since removed
    return {"people": people, "results": results, "kinds": kinds, "titles": _titles(),
            "ordinal": ordinal, "max_reason": MAX_REASON, "max_name": MAX_NAME,
            "months": club_months(results.played), "lengths": club_lengths(results.played)} | extra


def _club_page(status: int = 200, **extra: Any) -> Response:
    results, people = _club()
    context = _context(results, people, corrections=store.name_corrections(get_db()), **extra)
    return page_or_fragment("players/index.html", "players/_club.html", status, **context)


@bp.get("/players")
def index() -> Response:
    """Everyone who finished a game here: games played and won, in all and by game."""
    return _club_page()


def _person(people: list[Person], key: str) -> Person:
    found = next((p for p in people if p.key == key), None)
    if found is None:
        abort(404, f"No one called {key[:40]!r} has finished a game on this laptop.")
    return found


def _person_page(key: str, status: int = 200, **extra: Any) -> Response:
    results, people = _club()
    person = _person(people, key)
    colours = colours_for(list(GAMES))
    chart = places_chart(person.played, colours, _titles())
    context = _context(results, people, person=person, chart=chart, colours=colours,
                       others=[p for p in people if p.key != person.key], **extra)
    return page_or_fragment("players/person.html", "players/_person.html", status, **context)


@bp.get("/players/<path:key>")
def person(key: str) -> Response:
    """One person: his totals by game, a chart of his places, his games with their history."""
    return _person_page(key)


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet will not read as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@bp.get("/players.csv")
def export() -> Response:
    """The club's table: one row per person and finished game, with the game's figures."""
    _results_, people = _club()
    keys: dict[str, None] = {}
    for person in people:
        for p in person.played:
            keys.update(dict.fromkeys(f.key for f in p.figures))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([*CSV_COLUMNS, *keys])
    titles = _titles()
    for person in sorted(people, key=lambda p: p.name.casefold()):
        for p in person.played:
            row = [person.name, p.game, titles.get(p.game, p.game), p.title, (p.started or "")[:10],
                   p.name, int(p.won), p.place, p.players]
            row += [p.values.get(k, "") for k in keys]
            writer.writerow([_cell(v) for v in row])
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="referee-players.csv"'})


def _reason() -> str:
    reason = clean_name(request.form.get("reason", ""))
    if not reason:
        raise CorrectionError("Say why (the reason is kept with the correction).")
    if len(reason) > MAX_REASON:
        raise CorrectionError(f"Keep the reason under {MAX_REASON} characters.")
    return reason


def _name(field: str) -> str:
    name = clean_name(request.form.get(field, ""))
    if len(name) > MAX_NAME:
        raise CorrectionError(f"A name is at most {MAX_NAME} characters.")
    return name


@bp.post("/players/merge")
def merge() -> Response:
    """Count the games of one name as another's (two names of one person)."""
    back = request.form.get("back", "")
    try:
        _results_, people = _club()
        name, into = check_merge(people, _name("name"), _name("into"))
        reason = _reason()
    except CorrectionError as err:
        if back:
            return _person_page(back, 422, merge_problem=str(err))
        return _club_page(422, merge_problem=str(err))
    with immediate(get_db()) as db:
        store.add_name_correction(db, MERGE, name, into, (), reason)
    return redirect(url_for("players.person", key=person_key(into)), 303)


@bp.post("/players/split")
def split() -> Response:
    """Count some games of one name as another person's (one name used by two people)."""
    key = request.form.get("person", "")
    _results_, people = _club()
    person = _person(people, key)
    try:
        seats = [tuple(s.split(":", 1)) for s in request.form.getlist("seat") if ":" in s]
        into = _name("into")
        chosen = check_split(person, seats, into)  # type: ignore[arg-type]
        reason = _reason()
    except CorrectionError as err:
        return _person_page(key, 422, split_problem=str(err))
    with immediate(get_db()) as db:
        store.add_name_correction(db, SPLIT, person.name, into, chosen, reason)
    return redirect(url_for("players.person", key=person.key), 303)


@bp.post("/players/corrections/<correction_id>/take-back")
def take_back(correction_id: str) -> Response:
    """Take a correction back: the games count as before it (it stays listed, marked)."""
    if not correction_id.isascii() or not correction_id.isdigit() or len(correction_id) > 12:
        abort(404, "There is no such correction.")
    with immediate(get_db()) as db:
        done = store.take_back_name_correction(db, int(correction_id))
    if not done:
        return _club_page(409, correction_problem="That correction is not in force: it was "
                                                  "taken back already.")
    return redirect(url_for("players.index"), 303)


@bp.get("/players/club.json")
def club_export() -> Response:
    """Every finished game's record and every name correction, as one file for another laptop
    (docs/club-record.md). Only finished games: every figure in them is public."""
    with immediate(get_db()) as db:
        document = club_file(db, _results().played)
        for record_of, game_id in zip(document["games"], document.pop("ids"), strict=True):
            # the end of each game given out stands: no undo may reopen a game whose whole log
            # (every exact cash) someone now holds
            store.give_record(db, game_id, len(record_of["actions"]))
    return Response(json.dumps(document, indent=1, ensure_ascii=False) + "\n",
                    mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="referee-club.json"'})


@bp.post("/players/gather")
def club_gather() -> Response:
    """Add the games of another laptop's club record that this one does not have, and its name
    corrections; say what was added and what was skipped."""
    upload = request.files.get("club")
    if upload is None or not upload.filename:
        return _club_page(422, gather_problem="Choose a club record file (.json) to gather.")
    try:
        where = where_of(upload.filename)
        data = read_json(upload.read(), where)
        # each game is stored in its own transaction once replayed: no write lock is held
        # while a long record replays
        done = gather(get_db(), data, where, replayers().resolve_map, lambda: current_app
                      .logger.exception("the rules failed on a gathered action"))
    except RecordError as err:
        return _club_page(422, gather_problem=str(err))
    finally:
        upload.close()
    return _club_page(gathered=done.lines())
