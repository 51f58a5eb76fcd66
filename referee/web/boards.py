"""The boards pages of every game with printed data: each board with its validation report, and
adding one by upload into this laptop's instance folder (the game's `Boards`, in
referee.games.contract: list, check, and the folder, manifest and template of an upload).

`/boards/<game>` serves any game; a game may keep its pages at an address of its own (its
`boards_page` hook, referee/web/games/<key>/) by calling the same views with a `Place`.
An upload is checked in a hidden staging folder and stored only when it has no error
(referee/web/board_upload.py); a shipped board is never replaced. Then the lobby lists it.
Spreadsheet cells are read leniently (referee/web/cells.py) and every cleaned cell is said.

Every board of this laptop can be opened (its report), corrected (its files on a form), replaced
by an upload under its key (asked first: the checked upload waits until the owner says yes),
deleted (asked first) and exported (a .zip whose manifest carries the key, so that it goes back
in with the key left empty); a shipped board can be opened and exported.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    request,
    send_file,
    url_for,
)
from werkzeug.exceptions import RequestEntityTooLarge

from referee.games import registry
from referee.games.contract import Boards, BoardSummary
from referee.web.board_upload import (
    KEY_RULE,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    UploadError,
    add_board,
    check_key,
    collect,
    delete_board,
    drop_pending,
    export_board,
    manifest_key,
    replace_board,
    zip_folder,
)
from referee.web.cells import shown
from referee.web.hooks import hooks_for
from referee.web.render import page_or_fragment

bp = Blueprint("boards", __name__, url_prefix="/boards")


@dataclass(frozen=True)
class Place:
    """Where a game's boards pages are: the blueprint's endpoints and their fixed arguments."""

    game: str
    endpoints: str = "boards"  # the blueprint: its index, report, template and upload
    args: dict[str, str] = field(default_factory=dict)

    def url(self, view: str, **values: Any) -> str:
        return url_for(f"{self.endpoints}.{view}", **self.args, **values)


def uploadable(key: str) -> Boards | None:
    """The boards of game `key` when they can be uploaded (the game names a manifest)."""
    boards = registry.game(key).boards
    return boards if boards is not None and getattr(boards, "manifest", None) else None


def board_pages() -> list[tuple[str, str, str]]:
    """(game key, label, address) of every game's boards page, for the navigation."""
    pages = []
    for key, meta in registry.GAMES.items():
        boards = uploadable(key)
        if boards is not None:
            url = hooks_for(key).web.boards_page() or url_for("boards.index", game=key)
            pages.append((key, f"{meta.title} {plural_of(boards)}", url))
    return pages


def game_links() -> list[tuple[str, str, str]]:
    """(name, label, address) of every game's own pages (its `nav_links` hook): what the lobby
    and the boards pages' navigation link to besides the boards pages."""
    return [link for key in registry.GAMES for link in hooks_for(key).web.nav_links()]


@bp.app_context_processor
def navigation() -> dict[str, Any]:
    """`board_pages()` and `game_links()` for every page's navigation
    (templates/boards/_nav.html, the lobby)."""
    return {"board_pages": board_pages, "game_links": game_links}


def _place(game: str) -> tuple[Place, Boards]:
    boards = uploadable(game) if game in registry.GAMES else None
    if boards is None:
        abort(404, "There is no such game with boards. The lobby lists every game.")
    return Place(game, args={"game": game}), boards


def _instance() -> Path:
    return Path(current_app.instance_path)


def _summaries(boards: Boards) -> list[BoardSummary]:
    return boards.list(_instance())


def plural_of(boards: Boards) -> str:
    """What the game's players call several boards: its `plural` ("boxes"), or the noun and s."""
    return getattr(boards, "plural", f"{boards.noun}s")


def _common(place: Place, boards: Boards) -> dict[str, Any]:
    return {"place": place, "boards": boards, "noun": boards.noun, "plural": plural_of(boards),
            "title": registry.GAMES[place.game].title}


def index(place: Place, boards: Boards, status: int = 200, form: Any = None,
          **extra: Any) -> Response:
    """Every board of the game, shipped and this laptop's own, and the form to add one."""
    context: dict[str, Any] = _common(place, boards) | {
        "maps": _summaries(boards), "key_rule": getattr(boards, "key_rule", KEY_RULE),
        "form": request.form if form is None else form,
        "max_file": MAX_FILE_BYTES, "max_total": MAX_TOTAL_BYTES,
    }
    return page_or_fragment("boards/index.html", "boards/_maps.html", status, **(context | extra))


def template(place: Place, boards: Boards) -> Response:
    """The template folder (empty tables with their headers, the manifest, HOWTO.md) as a .zip."""
    if boards.template is None or not Path(boards.template).is_dir():
        abort(404, f"This game has no template {boards.noun}.")
    data = zip_folder(Path(boards.template), Path(boards.template).name.strip("_"))
    return send_file(io.BytesIO(data), mimetype="application/zip", as_attachment=True,
                     download_name=f"{place.game.replace('_', '-')}-{boards.noun}-template.zip")


def report(place: Place, boards: Boards, key: str, **extra: Any) -> Response:
    """One board's validation report, every message with its file and line, and what can be
    done with it: correct, export, delete."""
    summary = _summary(place, boards, key)
    return page_or_fragment("boards/report.html", "boards/_report.html",
                            **_common(place, boards), summary=summary,
                            links=hooks_for(place.game).web.board_links(summary),
                            added=request.args.get("added") == "1",
                            replaced=request.args.get("replaced", "")[:10],
                            corrected=request.args.get("corrected") == "1",
                            cleaned=request.args.getlist("cleaned")[:30],
                            left_out=request.args.getlist("left")[:MAX_FILES], **extra)


def _summary(place: Place, boards: Boards, key: str) -> BoardSummary:
    summary = next((m for m in _summaries(boards) if m.key == key), None)
    if summary is None:
        abort(404, f"There is no {boards.noun} {key[:40]!r}. The {plural_of(boards)} page lists "
                   f"every {boards.noun}.")
    return summary


def board_folder(boards: Boards, summary: BoardSummary) -> Path:
    """The folder a listed board is kept in (the shipped one first, as the lists look)."""
    shipped = getattr(boards, "shipped", None) or (
        Path(boards.template).parent if boards.template else None)
    roots = [(Path(shipped), True)] if shipped else []
    roots.append((_instance() / boards.folder, False))
    for root, shipped in roots:
        if shipped == summary.shipped and (root / summary.key).is_dir():
            return root / summary.key
    abort(404, f"The {boards.noun} {summary.key!r} is not kept in a folder that can be read.")


def _shipped_keys(boards: Boards) -> set[str]:
    return {b.key for b in boards.list(None)}


def export(place: Place, boards: Boards, key: str) -> Response:
    """One board's folder as a .zip named by its key, the key written in its manifest."""
    summary = _summary(place, boards, key)
    data = export_board(board_folder(boards, summary), summary.key, boards.manifest)
    return send_file(io.BytesIO(data), mimetype="application/zip", as_attachment=True,
                     download_name=f"{place.game.replace('_', '-')}-{boards.noun}-{key}.zip")


def delete(place: Place, boards: Boards, key: str) -> Response:
    """Delete a board of this laptop: first ask (the report with a confirmation), then do."""
    summary = _summary(place, boards, key)
    if summary.shipped:
        abort(403, f"The {boards.noun} {key!r} comes with referee: it cannot be deleted.")
    if request.form.get("confirm") != "yes":
        return report(place, boards, key, confirm_delete=True)
    delete_board(boards, key, _instance(), _shipped_keys(boards))
    return redirect(place.url("index", deleted=key), 303)


def replace(place: Place, boards: Boards) -> Response:
    """The owner's answer to "replace the board of this key?": put the upload in place, or not."""
    key, token = request.form.get("key", ""), request.form.get("token", "")
    try:
        check_key(key, boards)
    except UploadError as err:
        return index(place, boards, 422, form={}, upload_problems=err.problems)
    if request.form.get("answer") != "replace":
        drop_pending(boards, key, token, _instance())
        return redirect(place.url("index", kept=key), 303)
    if not replace_board(boards, key, token, _instance(), _shipped_keys(boards)):
        return index(place, boards, 409, form={}, upload_problems=[
            f"That upload is no longer waiting (answered already, or older than a day): choose "
            f"the {boards.noun}'s files again."])
    return redirect(place.url("report", key=key, replaced="1", _anchor="map-report"), 303)


def upload(place: Place, boards: Boards) -> Response:
    """Check an uploaded board; store it and show its report, or show what to fix (422)."""
    given = [(f.filename or "", f.read(MAX_TOTAL_BYTES + 1))
             for f in request.files.getlist("files")]
    try:
        files = collect(given, boards)
        key = request.form.get("key", "").strip() or manifest_key(files)
        if not key:
            raise UploadError([f"Give the {boards.noun} a key (its folder name, e.g. "
                               "southeast)."])
        shipped = {b.key for b in boards.list(None)}
        added = add_board(files, key, _instance(), shipped)
    except UploadError as err:
        return index(place, boards, 422, upload_problems=err.problems)
    except OSError as err:  # the instance folder cannot be written: not the visitor's fault
        current_app.logger.exception("storing an uploaded board failed")
        return index(place, boards, 503, upload_problems=[
            f"The {boards.noun} could not be stored on this laptop ({err.strerror or err}). "
            "Check that the instance folder can be written."])
    if added.pending:  # the key is taken on this laptop: ask before replacing
        return index(place, boards, 409, waiting=added, cleaned=shown(added.cleaned))
    if not added.stored:
        return index(place, boards, 422, refused=added, cleaned=shown(added.cleaned))
    # the fragment keeps the browser from carrying the form's #add-map over to the report
    return redirect(place.url("report", key=added.key, added="1", left=list(added.left_out),
                              cleaned=shown(added.cleaned), _anchor="map-report"), 303)


def _files_of(folder: Path, boards: Boards) -> dict[str, str]:
    """The manifest and the CSV files of a board folder, as text, the manifest first."""
    names = sorted((p.name for p in folder.iterdir() if p.is_file() and (
        p.name == boards.manifest or p.suffix.lower() == ".csv")),
        key=lambda n: (n != boards.manifest, n))
    return {name: (folder / name).read_text(encoding="utf-8", errors="replace")
            for name in names}


def _correct_page(place: Place, boards: Boards, summary: BoardSummary, files: dict[str, str],
                  status: int = 200, **extra: Any) -> Response:
    return page_or_fragment("boards/correct.html", "boards/_correct.html", status,
                            **_common(place, boards), summary=summary, files=files, **extra)


def _laptop_board(place: Place, boards: Boards, key: str) -> BoardSummary:
    summary = _summary(place, boards, key)
    if summary.shipped:
        abort(403, f"The {boards.noun} {key!r} comes with referee and is not changed here: "
                   f"export it and upload it under another key to make your own.")
    return summary


def correct(place: Place, boards: Boards, key: str) -> Response:
    """A board of this laptop on a form: each of its files as text, to correct and save."""
    summary = _laptop_board(place, boards, key)
    return _correct_page(place, boards, summary, _files_of(board_folder(boards, summary), boards))


def save(place: Place, boards: Boards, key: str) -> Response:
    """Check the corrected files; put them in place of the board when they have no error,
    else show the form again with what was typed and what to fix (422)."""
    summary = _laptop_board(place, boards, key)
    names = _files_of(board_folder(boards, summary), boards)
    files = {name: (request.form.get(f"file:{name}") or "").replace("\r\n", "\n")
             for name in names}
    try:
        given = collect([(n, t.encode("utf-8")) for n, t in files.items()], boards)
        added = add_board(given, key, _instance(), _shipped_keys(boards))
    except UploadError as err:
        return _correct_page(place, boards, summary, files, 422, upload_problems=err.problems)
    except OSError as err:
        current_app.logger.exception("storing a corrected board failed")
        return _correct_page(place, boards, summary, files, 503, upload_problems=[
            f"The {boards.noun} could not be stored on this laptop ({err.strerror or err})."])
    if added.errors:
        return _correct_page(place, boards, summary, files, 422, refused=added,
                             cleaned=shown(added.cleaned))
    if added.pending:
        replace_board(boards, key, added.pending, _instance(), _shipped_keys(boards))
    return redirect(place.url("report", key=key, corrected="1", cleaned=shown(added.cleaned),
                              _anchor="map-report"), 303)


def too_large(place: Place, boards: Boards) -> Response:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return index(place, boards, 413, form={}, upload_problems=[
        f"The upload is larger than {limit / 2**20:g} MB. A {boards.noun}'s files are far "
        f"smaller: at most {MAX_FILE_BYTES / 1_000_000:g} MB each; check that you chose the "
        "right files."])


@bp.get("", endpoint="all")
def all_pages() -> Response:
    """Every game's boards page, or the word that no game here has any."""
    return page_or_fragment("boards/all.html", "boards/_all.html")


@bp.get("/<game>", endpoint="index")
def index_page(game: str) -> Response:
    """A game's boards and the form to add one."""
    return index(*_place(game))


@bp.get("/<game>/template.zip", endpoint="template")
def template_zip(game: str) -> Response:
    """The game's template folder as a .zip."""
    return template(*_place(game))


@bp.get("/<game>/<key>/export.zip", endpoint="export")
def export_zip(game: str, key: str) -> Response:
    """One board as a .zip carrying its key."""
    return export(*_place(game), key)


@bp.post("/<game>/<key>/delete", endpoint="delete")
def delete_page(game: str, key: str) -> Response:
    """Delete a board of this laptop, asked first."""
    return delete(*_place(game), key)


@bp.get("/<game>/<key>/correct", endpoint="correct")
def correct_page(game: str, key: str) -> Response:
    """A board's files on a form, to correct."""
    return correct(*_place(game), key)


@bp.post("/<game>/<key>/correct", endpoint="save")
def save_page(game: str, key: str) -> Response:
    """Check the corrected files; keep them in place of the board's when they have no error."""
    return save(*_place(game), key)


@bp.post("/<game>/replace", endpoint="replace")
def replace_page(game: str) -> Response:
    """Replace a board by the upload waiting for the owner's answer, or throw that away."""
    return replace(*_place(game))


@bp.get("/<game>/<key>", endpoint="report")
def report_page(game: str, key: str) -> Response:
    """One board's validation report."""
    return report(*_place(game), key)


@bp.post("/<game>", endpoint="upload")
def upload_board(game: str) -> Response:
    """Check and add an uploaded board of the game."""
    return upload(*_place(game))


@bp.errorhandler(RequestEntityTooLarge)
def too_large_here(err: RequestEntityTooLarge) -> Response:
    return too_large(*_place(str((request.view_args or {}).get("game", ""))))
