"""Static files: linked under versioned names, gzipped once, kept for good by the browser."""

from __future__ import annotations

import gzip
import re

import pytest

from referee import PROJECT_ROOT
from tests.web.conftest import PHONE

LINKED = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def test_pages_link_every_static_file_under_its_content_hash(client):
    links = LINKED.findall(client.get("/").text)
    assert links and all(re.search(r"\.[0-9a-f]{12}\.(css|js|svg|png)$", link)
                         for link in links)
    for link in links:
        answer = client.get(link, headers={"Accept-Encoding": "gzip, deflate"})
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        name = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", link.removeprefix("/static/"))
        if name.endswith(".png"):  # compressed already: sent as it is
            assert "Content-Encoding" not in answer.headers
            assert answer.data == (PROJECT_ROOT / "static" / name).read_bytes()
            continue
        assert answer.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer.headers["Vary"]
        assert gzip.decompress(answer.data) == (PROJECT_ROOT / "static" / name).read_bytes()


def test_a_browser_that_refuses_gzip_gets_the_bytes_as_they_are(client):
    link = [x for x in LINKED.findall(client.get("/").text) if x.endswith(".css")][0]
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


@pytest.mark.parametrize("name", ["%00", "app.css%00", "%00.0123456789ab.css", "a/%00/b",
                                  "x" * 5000, "."])
def test_a_name_no_file_can_have_answers_404(client, name):
    assert client.get(f"/static/{name}").status_code == 404


SHEETS = re.compile(r'href="/static/([a-z_/]+)\.[0-9a-f]{12}\.css"')
STYLES = """() => [...document.querySelectorAll('body *')].filter(el => !el.closest('.poll'))
.map(el => {  /* the poller is left out: its class changes while it asks */
  const cs = getComputedStyle(el);
  let s = el.tagName + '.' + el.className + '|';
  for (let i = 0; i < cs.length; i++) s += cs[i] + ':' + cs.getPropertyValue(cs[i]) + ';';
  return s;
})"""
ADD_SHEETS = """(hrefs) => Promise.all(hrefs.map(href => new Promise(done => {
  const link = document.createElement('link');
  link.rel = 'stylesheet'; link.href = href; link.onload = done; link.onerror = done;
  document.head.append(link);
})))"""


def rail_baron_game(browser, length: int) -> tuple:
    import io
    import json

    from tests.web.long_game import long_game

    record, actions = long_game(length, seed=8)
    banker = browser()
    body = json.dumps({**record, "actions": actions}).encode()
    answer = banker.post("/import", {"record": (io.BytesIO(body), "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303
    return banker, answer.headers["Location"].split("/")[2]


def test_a_game_page_links_only_the_stylesheets_it_uses(browser):
    banker, game_id = rail_baron_game(browser, 12)
    phone = browser()
    assert phone.join(banker.join_link(game_id), "p1").status_code == 303
    linked = {page: SHEETS.findall(who.get(f"/g/{game_id}/{page}").text)
              for who, page in ((phone, "me"), (banker, "banker"), (banker, "table"),
                                (banker, "history"))}
    assert linked["me"] == linked["banker"] == ["app", "railbaron/railbaron"]
    assert linked["table"] == linked["history"] == ["app", "railbaron/railbaron", "public",
                                                    "railbaron/railbaron_public"]
    assert SHEETS.findall(banker.get("/railbaron/lookup").text) == ["app", "boards"]


@pytest.mark.browser
def test_the_sheets_a_rail_baron_phone_leaves_out_change_nothing_on_it(live_url, chromium,
                                                                      browser):
    """Every element of a seat's page, at several moments of a game, styled alike with the
    lookup's and the public pages' sheets added: the phone misses nothing it needs."""
    for length in (0, 45, 160):
        banker, game_id = rail_baron_game(browser, length)
        link = banker.join_link(game_id)
        for seat in ("Ann", "Di"):
            page = chromium.new_context(**PHONE).new_page()
            page.goto(live_url + link)
            page.click(f"button:has-text('{seat}')")
            page.wait_for_url("**/me")
            html = page.content()
            assert SHEETS.findall(html) == ["app", "railbaron/railbaron"]
            before = page.evaluate(STYLES)
            page.evaluate(ADD_SHEETS, [f"/static/{name}.css" for name in
                                       ("boards", "public", "railbaron/railbaron_public")])
            assert page.evaluate("document.styleSheets.length") == 5
            after = page.evaluate(STYLES)
            assert len(after) == len(before)
            assert [b for b, a in zip(before, after, strict=True) if a != b] == [], length
            page.close()
