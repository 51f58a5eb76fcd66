"""Rail Baron's maps at their own address, /railbaron/maps: the web core's boards pages
(referee/web/boards.py) for Rail Baron's maps, and the lookup's link from a map's report."""

from __future__ import annotations

from flask import Blueprint, Response, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.web import boards

bp = Blueprint("railbaron_maps", __name__, url_prefix="/railbaron/maps")
GAME = "railbaron"


def _here() -> tuple[boards.Place, boards.Boards]:
    found = boards.uploadable(GAME)
    assert found is not None  # Rail Baron's maps always take uploads
    return boards.Place(GAME, endpoints="railbaron_maps"), found


@bp.get("")
def index() -> Response:
    """Every map, shipped and this laptop's own, and the form to add one."""
    return boards.index(*_here())


@bp.get("/template.zip")
def template() -> Response:
    """The template folder (empty tables with their headers, map.toml, HOWTO.md) as a .zip."""
    return boards.template(*_here())


@bp.get("/<key>/export.zip")
def export(key: str) -> Response:
    """One map as a .zip carrying its key."""
    return boards.export(*_here(), key)


@bp.post("/<key>/delete")
def delete(key: str) -> Response:
    """Delete a map of this laptop, asked first."""
    return boards.delete(*_here(), key)


@bp.get("/<key>/correct")
def correct(key: str) -> Response:
    """A map's files on a form, to correct."""
    return boards.correct(*_here(), key)


@bp.post("/<key>/correct")
def save(key: str) -> Response:
    """Check the corrected files; keep them when they have no error."""
    return boards.save(*_here(), key)


@bp.post("/replace")
def replace() -> Response:
    """Replace a map by the upload waiting for the owner's answer, or throw that away."""
    return boards.replace(*_here())


@bp.get("/<key>")
def report(key: str) -> Response:
    """One map's validation report, every message with its file and line."""
    return boards.report(*_here(), key)


@bp.post("")
def upload() -> Response:
    """Check an uploaded map; store it and show its report, or show what to fix (422)."""
    return boards.upload(*_here())


@bp.errorhandler(RequestEntityTooLarge)
def too_large(err: RequestEntityTooLarge) -> Response:
    return boards.too_large(*_here())


def boards_page() -> str:
    """Where the maps page is (the boards page's navigation links here)."""
    return url_for("railbaron_maps.index")


def board_links(summary: boards.BoardSummary) -> list[tuple[str, str]]:
    """A map without errors can be looked up on; a playable one started on."""
    links = []
    if not summary.errors:
        links.append(("Look up on this map", url_for("railbaron_lookup.page", map=summary.key)))
    return links
