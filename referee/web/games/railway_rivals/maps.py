"""Railway Rivals maps on this laptop: the list and the entry form of a map's key numbers.

The form writes the same files as the template folder (map.toml and its CSV files) into a
hidden staging folder; the map is kept in `<instance>/railway_rivals_maps/<key>/` only when the
game's own check (`GAME.boards.check`, the contract's Problem with file and line) finds nothing
wrong. A shipped map is never replaced. A key number left blank stays unknown, and the game asks
the table for its town when it is thrown. Uploading a map's files is the web core's boards page
(`/boards/railway_rivals`, referee/web/boards.py), linked from here.
"""

from __future__ import annotations

import csv
import io
import re
import secrets
import shutil
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, redirect, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.games.contract import ERROR, Problem, grids
from referee.games.railway_rivals.game import GAME
from referee.games.railway_rivals.mapdata import DEFAULT_FILES, KEYS, MANIFEST
from referee.web.render import page_or_fragment

bp = Blueprint("railway_rivals_maps", __name__, url_prefix="/railway_rivals/maps")

KEY_RULE = re.compile(r"[a-z0-9][a-z0-9_]{0,39}")
MAX_LINES = 300
MAX_FIELD = 60


def _root() -> Path:
    return Path(current_app.instance_path) / GAME.boards.folder


def _index(status: int = 200, **extra: Any) -> Response:
    maps = GAME.boards.list(Path(current_app.instance_path))
    context = {"maps": maps, "keys": KEYS, "entry": {}} | extra
    if "form" not in context:  # a form too large to read is not read again
        context["form"] = request.form
    return page_or_fragment("railway_rivals/maps.html", "railway_rivals/_maps.html", status,
                            **context)


@bp.get("")
def index() -> Response:
    """Every map, shipped and this laptop's own, and the entry form."""
    return _index()


def _key(form: Any, problems: list[str]) -> str:
    key = form.get("key", "").strip().lower()
    if not KEY_RULE.fullmatch(key):
        problems.append("The map key is 1 to 40 small letters, digits or _ (e.g. scotland).")
    elif any(m.key == key for m in GAME.boards.list(Path(current_app.instance_path))):
        problems.append(f"There is a map {key!r} already: choose another key.")
    return key


def _store(key: str, files: dict[str, str], bad_keys: set[int] | None = None
           ) -> list[str] | None:
    """Check the files in a staging folder; keep them as the map `key`, or say what is wrong
    (and put the key numbers whose field is wrong in `bad_keys`, for the form to mark)."""
    root = _root()
    root.mkdir(parents=True, exist_ok=True)
    staging = root / f".staging-{secrets.token_hex(6)}"
    staging.mkdir()
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        problems = [p for p in GAME.boards.check(staging) if p.severity == ERROR]
        if problems:  # said by the field typed on the form, not by a file the owner never saw
            if bad_keys is not None:
                bad_keys.update(int(p.row) for p in problems
                                if p.table == "key_numbers" and p.row.isdigit())
            return [_on_form(p) for p in problems]
        staging.rename(root / key)
        return None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


FORM_TABLES = {"key_numbers": "Key", "towns": "Towns, town", "neighbours": "Bordering town "
               "hexes, row with"}


def _on_form(problem: Problem) -> str:
    """A problem as the form shows it: "Key 23, town: unknown town 'Greyhavn' ..."."""
    if not problem.table:
        return str(problem)
    place = FORM_TABLES.get(problem.table, problem.table)
    where = f"{place} {problem.row}" if problem.row else place
    more = f" (and {problem.more})" if problem.follows else ""
    column = f", {problem.column}" if problem.column and problem.table == "key_numbers" else ""
    return f"{where}{column}: {problem.message}{more}"


def _rows(text: str, width: int, what: str, problems: list[str]) -> list[list[str]]:
    rows = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        problems.append(f"{what}: at most {MAX_LINES} lines.")
        return []
    for number, line in enumerate(lines, start=1):
        try:
            cells = [c.strip()[:MAX_FIELD] for c in next(csv.reader([line]))]
        except csv.Error as err:
            problems.append(f"{what}, line {number}: {err}.")
            continue
        if len(cells) > width:
            problems.append(f"{what}, line {number}: at most {width} parts separated by commas.")
            continue
        rows.append(cells + [""] * (width - len(cells)))
    return rows


def _csv(header: tuple[str, ...], rows: list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


@bp.errorhandler(RequestEntityTooLarge)
def too_large(err: RequestEntityTooLarge) -> Response:
    """A form past the app's limit: the maps page again, saying so (nothing was read)."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    problem = (f"The form is larger than {limit / 2**20:g} MB: a map's entry is far "
               f"smaller ({MAX_LINES} lines at most in each box).")
    return _index(413, form={}, entry_problems=[problem])


@bp.post("/entry")
def entry() -> Response:
    """A map typed on the form: towns, each printed key number, special runs, bordering towns."""
    form = request.form
    problems: list[str] = []
    key = _key(form, problems)
    name = form.get("name", "").strip()[:MAX_FIELD]
    if not name:
        problems.append("Give the map's name as printed on it.")
    towns = _rows(form.get("towns", ""), 3, "Towns", problems)
    special = {c[0] for c in _rows(form.get("special", ""), 1, "Special runs", problems)}
    neighbours = _rows(form.get("neighbours", ""), 2, "Bordering town hexes", problems)
    keys = []
    for k in KEYS:
        town = form.get(f"k{k}", "").strip()[:MAX_FIELD]
        if town:
            keys.append([str(k), town, "yes" if town in special else "no"])
    if problems:
        return _index(422, entry_problems=problems, entry=form)
    files = {
        MANIFEST: (f"name = {grids.toml_text(name)}\n"
                   f"status = {grids.toml_text('entered on this laptop from the printed map')}\n"),
        DEFAULT_FILES["towns"]: _csv(("town", "start", "small"), towns),
        DEFAULT_FILES["key_numbers"]: _csv(("key", "town", "special"), keys),
        DEFAULT_FILES["neighbours"]: _csv(("town", "neighbour"), neighbours),
    }
    return _stored(key, files, "entry")


def _stored(key: str, files: dict[str, str], where: str) -> Response:
    bad_keys: set[int] = set()
    try:
        problems = _store(key, files, bad_keys)
    except OSError as err:
        current_app.logger.exception("storing a Railway Rivals map failed")
        problems = [f"The map could not be stored on this laptop ({err.strerror or err})."]
        return _index(503, **{f"{where}_problems": problems, "entry": request.form})
    if problems:
        return _index(422, **{f"{where}_problems": problems, "entry": request.form},
                      bad_keys=bad_keys)
    return redirect(url_for("railway_rivals_maps.index", added=key, _anchor="rr-maps"), 303)
