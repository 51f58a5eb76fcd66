"""The phone-friendly face: a web app manifest with name, icons and theme colour, the
apple-touch-icon and the favicon, linked from every page."""

from __future__ import annotations

import re
import struct

from referee import PROJECT_ROOT
from referee.web.manifest import THEME_COLOUR


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_page_links_the_manifest_the_icons_and_the_theme_colour(client):
    page = client.get("/").text
    assert f'<meta name="theme-color" content="{THEME_COLOUR}">' in page
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', page).group(1)
    assert png_size(client.get(touch).data) == (180, 180)
    for icon in re.findall(r'<link rel="icon" href="([^"]+)"', page):
        assert client.get(icon).status_code == 200
    assert 'href="data:,"' not in page


def test_the_manifest_names_the_app_and_lists_icons_that_exist_at_their_sizes(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = answer.get_json(force=True)
    assert manifest["name"] == manifest["short_name"] == "Referee"
    assert manifest["theme_color"] == THEME_COLOUR
    assert "start_url" not in manifest  # the tile opens the page it was added from
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size(client.get(icon["src"]).data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}


def test_the_theme_colour_is_the_pages_accent():
    css = (PROJECT_ROOT / "static" / "app.css").read_text(encoding="utf-8")
    assert f"--accent: {THEME_COLOUR};" in css
