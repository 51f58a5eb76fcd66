"""The maps page: every map with its validation report, and adding a map by upload.

An upload is checked with the project's validator in a hidden staging folder and stored in
the instance's `maps/<key>/` only when it has no error (the logic is
`referee.games.railbaron.charts.upload`); a shipped map is never replaced. Then the lobby lists it.
"""

from __future__ import annotations

import io
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

import referee
from referee.games.railbaron.charts import list_maps
from referee.games.railbaron.charts.loader import MapSummary, map_dirs
from referee.games.railbaron.charts.upload import (
    KEY_RULE,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    TEMPLATE,
    UploadError,
    add_map,
    collect,
    manifest_key,
    zip_folder,
)
from referee.web.render import page_or_fragment

bp = Blueprint("maps", __name__, url_prefix="/maps")

SHIPPED_DIR = referee.TABLES_DIR / "railbaron"


def _maps_dir() -> Path:
    return Path(current_app.instance_path) / "maps"


def _maps() -> list[MapSummary]:
    return list_maps(instance_dir=Path(current_app.instance_path), cached=True)


def _shipped(summary: MapSummary) -> bool:
    return summary.source_dir.parent == SHIPPED_DIR


def _index(status: int = 200, form: Any = None, **extra: Any) -> Response:
    context: dict[str, Any] = {
        "maps": _maps(), "shipped": _shipped, "key_rule": KEY_RULE,
        "form": request.form if form is None else form,
        "max_file": MAX_FILE_BYTES, "max_total": MAX_TOTAL_BYTES,
    }
    return page_or_fragment("maps/index.html", "maps/_maps.html", status, **(context | extra))


@bp.get("")
def index() -> Response:
    """Every map, shipped and this laptop's own, and the form to add one."""
    return _index()


@bp.get("/template.zip")
def template() -> Response:
    """The template folder (empty tables with their headers, map.toml, HOWTO.md) as a .zip."""
    data = zip_folder(SHIPPED_DIR / TEMPLATE, TEMPLATE.strip("_"))
    return send_file(io.BytesIO(data), mimetype="application/zip", as_attachment=True,
                     download_name="railbaron-map-template.zip")


@bp.get("/<key>")
def report(key: str) -> Response:
    """One map's validation report, every message with its file and line."""
    summary = next((m for m in _maps() if m.key == key), None)
    if summary is None:
        abort(404, f"There is no map {key[:40]!r}. The maps page lists every map.")
    return page_or_fragment("maps/report.html", "maps/_report.html", summary=summary,
                            shipped=_shipped(summary), added=request.args.get("added") == "1",
                            left_out=request.args.getlist("left")[:MAX_FILES])


@bp.post("")
def upload() -> Response:
    """Check an uploaded map; store it and show its report, or show what to fix (422)."""
    given = [(f.filename or "", f.read(MAX_TOTAL_BYTES + 1))
             for f in request.files.getlist("files")]
    try:
        files = collect(given)
        key = request.form.get("key", "").strip() or manifest_key(files)
        if not key:
            raise UploadError(["Give the map a key (its folder name, e.g. southeast)."])
        added = add_map(files, key, _maps_dir(), set(map_dirs([SHIPPED_DIR])))
    except UploadError as err:
        return _index(422, upload_problems=err.problems)
    except OSError as err:  # the instance folder cannot be written: not the visitor's fault
        current_app.logger.exception("storing an uploaded map failed")
        return _index(503, upload_problems=[
            f"The map could not be stored on this laptop ({err.strerror or err}). Check that "
            "the instance folder can be written."])
    if not added.stored:
        return _index(422, refused=added)
    # the fragment keeps the browser from carrying the form's #add-map over to the report
    return redirect(url_for("maps.report", key=added.key, added="1", left=list(added.left_out),
                            _anchor="map-report"), 303)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(err: RequestEntityTooLarge) -> Response:
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return _index(413, form={}, upload_problems=[
        f"The upload is larger than {limit / 1_000_000:g} MB. A map's files are far smaller: "
        f"at most {MAX_FILE_BYTES / 1_000_000:g} MB each; check that you chose the right files."])
