"""Static files: linked under versioned names, gzipped once, kept for good by the browser."""

from __future__ import annotations

import gzip
import re

from referee import PROJECT_ROOT

LINKED = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def test_pages_link_every_static_file_under_its_content_hash(client):
    links = LINKED.findall(client.get("/").text)
    assert links and all(re.search(r"\.[0-9a-f]{12}\.(css|js)$", link) for link in links)
    for link in links:
        answer = client.get(link, headers={"Accept-Encoding": "gzip, deflate"})
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert answer.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer.headers["Vary"]
        name = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", link.removeprefix("/static/"))
        assert gzip.decompress(answer.data) == (PROJECT_ROOT / "static" / name).read_bytes()


def test_a_browser_that_refuses_gzip_gets_the_bytes_as_they_are(client):
    link = LINKED.findall(client.get("/").text)[0]
    answer = client.get(link, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in answer.headers
    assert answer.data.startswith(b"/*") or b"{" in answer.data


def test_a_changed_file_gets_a_new_address_and_the_old_one_is_revalidated(app, tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    (static / "x.css").write_text("body { color: red }\n")
    app.static_folder = str(static)
    from referee.web import assets

    app.extensions["referee.assets"] = assets.Assets(static)
    with app.test_request_context():
        from flask import url_for

        old = url_for("static", filename="x.css")
        (static / "x.css").write_text("body { color: blue; margin: 0 }\n")
        new = url_for("static", filename="x.css")
    assert old != new
    client = app.test_client()
    stale = client.get(old)
    assert stale.headers["Cache-Control"] == "no-cache" and b"blue" in stale.data
    again = client.get(old, headers={"If-None-Match": stale.headers["ETag"]})
    assert again.status_code == 304
    assert client.get(new).headers["Cache-Control"].endswith("immutable")


def test_nothing_outside_the_static_folder_is_served(client):
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/static/%2e%2e/pyproject.toml").status_code == 404
    assert client.get("/static/nothing.css").status_code == 404
