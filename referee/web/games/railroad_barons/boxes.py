"""The Railroad Barons boxes page: every box with its problems, the form that enters one, export.

The owner types (or pastes, or uploads) each table of the printed box into the form; it is
checked by the same validator as `referee boxes check`, in a hidden staging folder, and stored
in the instance's `railroad_barons_boxes/<key>/` only when it has no problem. A shipped box is
never replaced, and a box of this laptop only when the owner said so (the form opened to correct
it says so, else the form asks first). Spreadsheet cells are read leniently
(referee/web/cells.py) and each cleaned cell is said. Nothing is filled in for the owner: the
form starts from the empty template.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, send_file, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.games.contract import Problem, grids
from referee.games.railroad_barons.box import BOXES_DIR, DEFAULT_FILES, KEY, MANIFEST
from referee.games.railroad_barons.game import INSTANCE_FOLDER, BaronsBoxes
from referee.web.board_upload import export_board
from referee.web.cells import clean_csv, shown
from referee.web.render import page_or_fragment

bp = Blueprint("railroad_barons_boxes", __name__, url_prefix="/railroad_barons/boxes")

TEMPLATE = BOXES_DIR / "_template"
MAX_TABLE = 64_000  # characters of one table: a printed box's tables are far smaller
PARTS = tuple(DEFAULT_FILES.items())  # (part, file name)
LABELS = {"holdings": "Holding cards: the (+) and (▼) circles",
          "track": "The share value track: every space",
          "railroads": "The railroad stack, top first",
          "obsolescence": "Obsolescence printed on the cards",
          "investors": "The Investors and their bonuses"}
MANIFEST_FIELDS = ("name", "note", "investor_holding", "investor_railroad")


def blueprints() -> tuple[Blueprint, ...]:
    """The boxes page, registered by the app."""
    return (bp,)


def boards_page() -> str:
    """The navigation's Railroad Barons boxes link comes here (the entry form's page)."""
    return url_for("railroad_barons_boxes.index")


def board_links(summary: Any) -> list[tuple[str, str]]:
    """On a box's report (the web core's boards pages): correct it on the form, export it."""
    links = []  # the report has Export, Correct its files and Delete of its own
    if not summary.shipped:
        form = url_for("railroad_barons_boxes.new", **{"from": summary.key})
        links.insert(0, ("Correct it on the form", form))
    return links


def _instance() -> Path:
    return Path(current_app.instance_path)


def _boxes() -> BaronsBoxes:
    return BaronsBoxes()


def _folder(key: str) -> Path | None:
    for root, _shipped in _boxes().roots(_instance()):
        if KEY.fullmatch(key) and (root / key).is_dir():
            return root / key
    return None


def _read_manifest(folder: Path) -> dict[str, str]:
    import tomllib

    try:
        data = tomllib.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {k: str(data.get(k, "")) for k in MANIFEST_FIELDS}


def _form_from(folder: Path, key: str) -> dict[str, str]:
    form = {"key": key, **_read_manifest(folder)}
    for part, file in PARTS:
        try:
            form[part] = (folder / file).read_text(encoding="utf-8")
        except OSError:
            form[part] = ""
    return form


def _index(status: int = 200, **extra: Any) -> Response:
    boxes = _boxes()
    summaries = boxes.list(_instance())
    problems = {s.key: list(s.problems) for s in summaries if not s.playable}
    return page_or_fragment("railroad_barons/boxes.html", "railroad_barons/_boxes.html", status,
                            boxes=summaries, problems=problems, **extra)


@bp.get("")
def index() -> Response:
    """Every box, shipped and this laptop's own, with what is still to fix."""
    return _index()


def howto() -> dict[str, str]:
    """The template's HOWTO, section by section: file name -> what to enter in it."""
    try:
        text = (TEMPLATE / "HOWTO.md").read_text(encoding="utf-8")
    except OSError:
        return {}
    out = {}
    for section in text.split("\n## ")[1:]:
        head, _, body = section.partition("\n")
        out[head.strip()] = " ".join(body.split())
    return out


def _entry(status: int, form: dict[str, str], problems: list[Problem] | None = None,
           **extra: Any) -> Response:
    return page_or_fragment("railroad_barons/box_form.html", "railroad_barons/_box_form.html",
                            status, form=form, parts=PARTS, labels=LABELS, help=howto(),
                            problems=problems or [], key_rule=KEY.pattern, **extra)


@bp.get("/new")
def new() -> Response:
    """The entry form: the empty template, or a box of this laptop to correct (`from`)."""
    source = request.args.get("from", "")
    folder = _folder(source) if source else None
    if folder is not None:
        shipped = folder.parent == BOXES_DIR
        form = _form_from(folder, "" if shipped else source)
        if not shipped:  # opened to correct it: saving it under its key replaces it
            form["replace"] = source
        return _entry(200, form)
    return _entry(200, _form_from(TEMPLATE, ""))


@bp.post("")
def save() -> Response:
    """Check the entered box; store it (then show the list) or show what to fix (422)."""
    form = {k: (request.form.get(k) or "").strip() for k in ("key", *MANIFEST_FIELDS)}
    for part, _file in PARTS:
        upload = request.files.get(f"{part}_file")
        text = request.form.get(part) or ""
        if upload is not None and upload.filename:
            text = upload.read(MAX_TABLE + 1).decode("utf-8", errors="replace")
        form[part] = text.replace("\r\n", "\n")
    key = form["key"]
    problems: list[Problem] = []
    if not KEY.fullmatch(key):
        problems.append(Problem("key", None, "the box's key is 1 to 12 letters, digits, _ or &, "
                                "starting with a letter (for example printed)"))
    elif (BOXES_DIR / key).is_dir():
        problems.append(Problem("key", None, f"{key!r} is a box shipped with the program: "
                                "choose another key"))
    for part, file in PARTS:
        if len(form[part]) > MAX_TABLE:
            problems.append(Problem(file, None, f"longer than {MAX_TABLE:,} characters"))
    if problems:
        return _entry(422, form, problems)
    form["replace"] = (request.form.get("replace") or "").strip()
    if (_instance() / INSTANCE_FOLDER / key).is_dir() and form["replace"] != key:
        # a key already used on this laptop: never replaced without the owner's yes
        return _entry(409, form, ask_replace=key)
    cleaned: list[str] = []
    try:
        problems = _store(form, key, cleaned)
    except OSError as err:  # a full disk, a folder that cannot be written: not the owner's fault
        current_app.logger.warning("storing the Railroad Barons box %r failed: %s", key, err)
        return _entry(503, form, [Problem(
            "the laptop", None, f"the box could not be stored ({err.strerror or err}): free "
            "space on the laptop's disk (or make its instance folder writable), then save "
            "again; what you entered is still on this form")])
    if problems:
        return _entry(422, form, problems, cleaned=shown(cleaned))
    return redirect(url_for("railroad_barons_boxes.index", saved=key, cleaned=shown(cleaned)), 303)


def _store(form: dict[str, str], key: str, cleaned: list[str]) -> list[Problem]:
    """Write the box in a staging folder (its spreadsheet cells cleaned, each one said in
    `cleaned`), check it, and move it in place if it has no problem; the problems found
    (nothing stored), or []. OSError when the disk refuses a write."""
    root = _instance() / INSTANCE_FOLDER
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=root)) / key
    try:
        staging.mkdir()
        manifest = "".join(f"{k} = {grids.toml_text(form[k])}\n" for k in MANIFEST_FIELDS)
        (staging / MANIFEST).write_text(manifest, encoding="utf-8")
        for part, file in PARTS:
            table = clean_csv(file, form[part], _boxes().cell_kinds)
            cleaned.extend(table.notices)
            (staging / file).write_text(table.text, encoding="utf-8")
        problems = _boxes().check(staging)
        if problems:
            return problems
        target = root / key
        if target.exists():
            shutil.rmtree(target)
        staging.rename(target)
        return []
    finally:
        shutil.rmtree(staging.parent, ignore_errors=True)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(err: RequestEntityTooLarge) -> Response:
    """An upload past the app's limit: the entry form again, saying so (nothing was read)."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return _entry(413, _form_from(TEMPLATE, ""), [Problem(
        "the upload", None, f"larger than {limit / 2**20:g} MB in all: a box's tables are "
        f"far smaller (at most {MAX_TABLE:,} characters each). Choose the right files")])


@bp.get("/<key>/export.zip")
def export(key: str) -> Response:
    """One box's folder as a .zip, to keep or to carry to another laptop."""
    folder = _folder(key)
    if folder is None:
        abort(404, f"There is no box {key[:40]!r}. The boxes page lists every box.")
    return send_file(io.BytesIO(export_board(folder, key, MANIFEST)), mimetype="application/zip",
                     as_attachment=True,
                     download_name=f"railroad-barons-box-{key}.zip")
