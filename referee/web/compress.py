"""Gzip for the app's own answers, when the browser accepts it: a phone's page on a busy LAN.

Static files are gzipped once, ahead, by referee/web/assets.py.
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

MIN_SIZE = 1024  # smaller answers gain less than the header costs
COMPRESSIBLE = ("text/html", "text/plain", "text/csv", "application/json", "image/svg+xml")


def compress(response: Response) -> Response:
    """`response` gzipped if the client takes gzip and compressing it is worth it."""
    if (
        request.endpoint == "static"
        or response.status_code < 200
        or response.status_code in (204, 206, 304)
        or response.direct_passthrough
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
        or not request.accept_encodings.quality("gzip")
    ):
        return response
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress)
