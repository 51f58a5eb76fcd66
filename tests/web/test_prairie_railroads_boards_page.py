"""Prairie Railroads' boards page (/boards/prairie_railroads): the laptop's own board tables,
checked on upload with every problem located by file and line, then offered by the lobby."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

from referee import TABLES_DIR
from tests.prairie_railroads.play import TEST_BOARD
from tests.web.test_railbaron_maps_page import multipart, text

PAGE = "/boards/prairie_railroads"
DECK = {"deck_pd": "2", "deck_os": "1", "deck_ct": "1"}


def board_files(**changed: bytes) -> list[tuple[bytes, str]]:
    files = {p.name: p.read_bytes() for p in sorted(TEST_BOARD.iterdir())} | changed
    return [(data, name) for name, data in files.items()]


def upload(b, key: str = "home_printing", files=None):
    page = b.get(PAGE).text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    body = multipart({"csrf_token": token, "key": key},
                     board_files() if files is None else files)
    return b.client.post(PAGE, data=body, content_type="multipart/form-data; boundary=xx")


def test_the_page_lists_no_board_yet_and_offers_the_template(client):
    page = client.get(PAGE)
    assert page.status_code == 200
    words = text(page.text)
    assert "Boards Prairie Railroads" in words and "None yet: add one below." in words
    assert "Add a board" in words and "board.toml and the CSV files" in words
    archive = client.get(PAGE + "/template.zip")
    assert archive.mimetype == "application/zip"
    names = set(zipfile.ZipFile(io.BytesIO(archive.data)).namelist())
    assert names == {f"template/{p.name}"
                     for p in (TABLES_DIR / "prairie_railroads" / "_template").iterdir()}


def test_an_uploaded_board_is_stored_listed_in_the_lobby_and_played_on(browser, app):
    banker = browser()
    answer = upload(banker)
    assert answer.status_code == 303
    assert answer.headers["Location"] == PAGE + "/home_printing?added=1#map-report"
    stored = Path(app.instance_path) / "prairie_boards" / "home_printing"
    assert sorted(p.name for p in stored.iterdir()) == sorted(
        p.name for p in TEST_BOARD.iterdir() if p.suffix in (".csv", ".toml"))
    report = text(banker.get(answer.headers["Location"]).text)
    assert "Added to this laptop as prairie_boards/home_printing" in report
    assert "No errors, 0 warnings." in report
    assert "home_printing · on this laptop · playable" in text(banker.get(PAGE).text)
    lobby = banker.get("/?game=prairie_railroads").text
    assert '<option value="home_printing"' in lobby
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="prairie_railroads",
                                 board="home_printing", **DECK)
    assert banker.get(f"/g/{game_id}/banker").status_code == 200


def test_a_broken_board_is_not_stored_and_each_problem_has_its_file_and_line(browser, app):
    cities = (TEST_BOARD / "cities.csv").read_bytes().replace(b"Cuba,1", b"Cuba,x", 1)
    answer = upload(browser(), files=board_files(**{"cities.csv": cities}))
    assert answer.status_code == 422
    words = text(answer.text)
    # one mistake, one error: the rows naming Cuba follow from it and are folded under it
    assert "Not added: the board home_printing has 1 error (below)." in words
    rows = [(w.strip(), text(m).strip()) for w, m in re.findall(
        r'<span class="where">([^<]*)</span>(.*?)</li>', answer.text, re.S)]
    assert rows == [("cities.csv line 12:", "Cuba's income must be a whole number 0 to 9, "
                                            "not 'x' (and 7 more that follow from it)")]
    assert "cities, row Cuba, income" in words  # the field the owner typed it in
    assert not (Path(app.instance_path) / "prairie_boards" / "home_printing").exists()


def test_a_shipped_key_or_an_unknown_game_is_refused(browser, client):
    assert client.get("/boards/atlantis").status_code == 404
    assert client.get(PAGE + "/nowhere").status_code == 404
    assert "There is no board 'nowhere'" in text(client.get(PAGE + "/nowhere").text)


def test_the_lobby_links_to_the_boards_page_and_the_maps_page_to_every_game(client):
    assert f'href="{PAGE}"' in client.get("/new/options?game=prairie_railroads").text
    nav = re.sub(r"\s+", " ", client.get("/railbaron/maps").text)
    assert f'<a href="{PAGE}" >Prairie Railroads boards</a>' in nav
    assert '<a href="/railbaron/maps" aria-current=page>Rail Baron maps</a>' in nav
