"""Rail Baron's maps at their own address, /maps: the web core's boards pages
(referee/web/boards.py) for Rail Baron's maps, and the lookup's link from a map's report."""

from __future__ import annotations

from flask import Blueprint, Response, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.web import boards

bp = Blueprint("maps", __name__, url_prefix="/maps")
GAME = "railbaron"


def _here() -> tuple[boards.Place, boards.Boards]:
    found = boards.uploadable(GAME)
    assert found is not None  # Rail Baron's maps always take uploads
    return boards.Place(GAME, endpoints="maps"), found


@bp.get("")
def index() -> Response:
    """Every map, shipped and this laptop's own, and the form to add one."""
    return boards.index(*_here())


@bp.get("/template.zip")
def template() -> Response:
    """The template folder (empty tables with their headers, map.toml, HOWTO.md) as a .zip."""
    return boards.template(*_here())


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
    return url_for("maps.index")


def board_links(summary: boards.BoardSummary) -> list[tuple[str, str]]:
    """A map without errors can be looked up on; a playable one started on."""
    links = []
    if not summary.errors:
        links.append(("Look up on this map", url_for("lookup.page", map=summary.key)))
    return links
