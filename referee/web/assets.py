"""Static files under versioned names: `app.css` is linked as `app.<hash>.css` and kept for good.

`url_for("static", filename="app.css")` builds the versioned name (the first 12 hex digits of
the file's sha256), so a changed file gets a new address and a browser never asks about the old
one again (`Cache-Control: immutable`, a year). A plain name, or a stale hash, is answered with
the current bytes and `no-cache` plus an ETag, so an old page still gets a working file. Text
files go gzipped to browsers that take it; each file is read and compressed once, again only
when its size or modification time changes.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, abort, current_app, request

FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
DIGEST_CHARS = 12
VERSIONED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{12})(?P<suffix>\.[A-Za-z0-9]+)$")
COMPRESSIBLE = (".css", ".js", ".svg", ".txt", ".json", ".html", ".md")
PUBLIC_PAGES = frozenset({"table", "history"})  # a game's pages read by the whole table
AREA_SHEETS = frozenset({"boards.css"})  # the boards pages' and the quick lookup's: they link it


@dataclass(frozen=True)
class Asset:
    """One static file as it is served: its bytes, their gzip and their hash."""

    name: str
    data: bytes
    packed: bytes | None  # gzip of data, when that is smaller
    digest: str
    mimetype: str
    signature: tuple[int, int]  # (size, mtime_ns) of the file when read

    @property
    def versioned(self) -> str:
        stem, dot, suffix = self.name.rpartition(".")
        if not dot:
            return f"{self.name}.{self.digest}"
        return f"{stem}.{self.digest}.{suffix}"


class Assets:
    """The static folder's files, read once and kept until a file changes."""

    def __init__(self, folder: Path):
        self.folder = folder.resolve()
        self._kept: dict[str, Asset] = {}
        self._guard = threading.Lock()

    def get(self, name: str) -> Asset | None:
        """The file `name` (a path inside the folder), or None if there is none or it cannot be
        served (a name with a NUL byte, a file that cannot be read)."""
        try:
            path = (self.folder / name).resolve()
            if self.folder not in path.parents:
                return None
            st = path.stat()
            if not path.is_file():
                return None
            signature = (st.st_size, st.st_mtime_ns)
            kept = self._kept.get(name)
            if kept is not None and kept.signature == signature:
                return kept
            data = path.read_bytes()
        except (OSError, ValueError):  # a name no file can have (a NUL byte), or unreadable
            return None
        packed = None
        if path.suffix in COMPRESSIBLE:
            squeezed = gzip.compress(data, compresslevel=9, mtime=0)
            packed = squeezed if len(squeezed) < len(data) else None
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        asset = Asset(name, data, packed, hashlib.sha256(data).hexdigest()[:DIGEST_CHARS],
                      mimetype, signature)
        with self._guard:
            self._kept[name] = asset
        return asset

    def find(self, requested: str) -> tuple[Asset | None, bool]:
        """The file a URL asks for, and whether it asked for the current version by hash."""
        asset = self.get(requested)
        if asset is not None:
            return asset, False
        match = VERSIONED.match(requested)
        if match is None:
            return None, False
        asset = self.get(match["stem"] + match["suffix"])
        if asset is None:
            return None, False
        return asset, asset.digest == match["digest"]


def serve(filename: str) -> Response:
    """The static view: versioned names for good, anything else revalidated."""
    assets: Assets = current_app.extensions["referee.assets"]
    asset, current = assets.find(filename)
    if asset is None:
        abort(404)
    etag = f'"{asset.digest}"'
    headers = {"Cache-Control": FOREVER if current else REVALIDATE, "ETag": etag,
               "Vary": "Accept-Encoding"}
    if not current and etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers=headers)
    body = asset.data
    if asset.packed is not None and request.accept_encodings.quality("gzip"):
        body = asset.packed
        headers["Content-Encoding"] = "gzip"
    return Response(body, mimetype=asset.mimetype, headers=headers)


def links_on(sheet: str, page: str | None) -> bool:
    """Whether a game's page (`page`: phone, banker, table, history) links one of its game's
    stylesheets: `public.css` (shared) or a `*_public.css` styles the public pages (table,
    history and report), not a seat's phone or the banker's console, and no game page uses the
    lookup area's sheet.
    A page that names no `page` links them all."""
    if page is None:
        return True
    if sheet in AREA_SHEETS:
        return False
    return page in PUBLIC_PAGES or not sheet.rpartition("/")[2].endswith("public.css")


def init_app(app: Flask) -> None:
    app.extensions["referee.assets"] = Assets(Path(app.static_folder or "static"))
    app.jinja_env.tests["linked_on"] = links_on
    app.view_functions["static"] = serve

    @app.url_defaults
    def versioned_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values:
            asset = app.extensions["referee.assets"].get(values["filename"])
            if asset is not None:
                values["filename"] = asset.versioned
