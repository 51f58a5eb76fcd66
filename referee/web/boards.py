"""The boards pages of every game with printed data: each board with its validation report, and
adding one by upload into this laptop's instance folder (the game's `Boards`, in
referee.games.contract: list, check, and the folder, manifest and template of an upload).

`/boards/<game>` serves any game; a game may keep its pages at an address of its own (its
`boards_page` hook, referee/web/games/<key>/) by calling the same views with a `Place`.
An upload is checked in a hidden staging folder and stored only when it has no error
(referee/web/board_upload.py); a shipped board is never replaced. Then the lobby lists it.
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
    collect,
    manifest_key,
    zip_folder,
)
from referee.web.games import hooks_for
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
            url = hooks_for(key).boards_page() or url_for("boards.index", game=key)
            pages.append((key, f"{meta.title} {plural_of(boards)}", url))
    return pages


@bp.app_context_processor
def navigation() -> dict[str, Any]:
    """`board_pages()` for every page's navigation (templates/boards/_nav.html)."""
    return {"board_pages": board_pages}


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
        "maps": _summaries(boards), "key_rule": KEY_RULE,
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


def report(place: Place, boards: Boards, key: str) -> Response:
    """One board's validation report, every message with its file and line."""
    summary = next((m for m in _summaries(boards) if m.key == key), None)
    if summary is None:
        abort(404, f"There is no {boards.noun} {key[:40]!r}. The {plural_of(boards)} page lists "
                   f"every {boards.noun}.")
    return page_or_fragment("boards/report.html", "boards/_report.html",
                            **_common(place, boards), summary=summary,
                            links=hooks_for(place.game).board_links(summary),
                            added=request.args.get("added") == "1",
                            left_out=request.args.getlist("left")[:MAX_FILES])


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
    if not added.stored:
        return index(place, boards, 422, refused=added)
    # the fragment keeps the browser from carrying the form's #add-map over to the report
    return redirect(place.url("report", key=added.key, added="1", left=list(added.left_out),
                              _anchor="map-report"), 303)


def too_large(place: Place, boards: Boards) -> Response:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return index(place, boards, 413, form={}, upload_problems=[
        f"The upload is larger than {limit / 2**20:g} MB. A {boards.noun}'s files are far "
        f"smaller: at most {MAX_FILE_BYTES / 1_000_000:g} MB each; check that you chose the "
        "right files."])


@bp.get("/<game>", endpoint="index")
def index_page(game: str) -> Response:
    """A game's boards and the form to add one."""
    return index(*_place(game))


@bp.get("/<game>/template.zip", endpoint="template")
def template_zip(game: str) -> Response:
    """The game's template folder as a .zip."""
    return template(*_place(game))


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
