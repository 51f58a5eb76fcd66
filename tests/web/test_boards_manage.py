"""Every board of every game opened, corrected, replaced (asked first), deleted (asked first) and
exported from the app; an export carries its key and goes back in with the key left empty;
spreadsheet cells are cleaned and said; a Prairie board that stalls the first move is refused."""

from __future__ import annotations

import html
import io
import json
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

from referee.games.railroad_barons.box import DEFAULT_FILES as BOX_FILES
from referee.games.railway_rivals.game import GAME as RIVALS
from tests.prairie_railroads.play import TEST_BOARD
from tests.railroad_barons.play import TEST_BOX
from tests.railway_rivals.play import TEST_MAP
from tests.web.test_railbaron_maps_page import TINY, multipart
from tests.web.test_railroad_barons_web import box_form

# game -> (its boards pages, a valid board folder, the instance folder boards are kept in)
GAMES = {
    "railbaron": ("/railbaron/maps", TINY, "maps"),
    "prairie_railroads": ("/boards/prairie_railroads", TEST_BOARD, "prairie_boards"),
    "railway_rivals": ("/boards/railway_rivals", TEST_MAP, "railway_rivals_maps"),
    "railroad_barons": ("/boards/railroad_barons", TEST_BOX, "railroad_barons_boxes"),
}


def words(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text)))


def files_of(folder: Path, **changed: bytes) -> list[tuple[bytes, str]]:
    found = {p.name: p.read_bytes() for p in sorted(folder.iterdir())
             if p.suffix in (".csv", ".toml")} | changed
    return [(data, name) for name, data in found.items()]


def upload(b, page: str, key: str, files: list[tuple[bytes, str]]):
    body = multipart({"csrf_token": b.token(), "key": key}, files)
    return b.client.post(page, data=body, content_type="multipart/form-data; boundary=xx")


def kept(app, folder: str, key: str) -> Path:
    return Path(app.instance_path) / folder / key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_board_is_opened_exported_deleted_asked_first_and_goes_back_in_keyless(
        browser, app, game):
    page, source, folder = GAMES[game]
    owner = browser()
    key = "mine"
    added = upload(owner, page, key, files_of(source))
    assert added.status_code == 303, words(added)
    report = owner.get(f"{page}/{key}")
    assert report.status_code == 200
    assert all(label in words(report) for label in ("Correct its files", "Export (.zip)",
                                                    "Delete…"))
    exported = owner.get(f"{page}/{key}/export.zip")
    assert exported.status_code == 200 and exported.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(exported.data))
    manifest = next(n for n in archive.namelist() if n.endswith(".toml"))
    assert manifest.startswith(f"{key}/")
    assert tomllib.loads(archive.read(manifest).decode())["key"] == key  # it carries its key
    asked = owner.post(f"{page}/{key}/delete")
    assert asked.status_code == 200 and f"Delete the {asked_noun(game)} {key} from this laptop?" \
        in words(asked)
    assert kept(app, folder, key).is_dir()  # nothing deleted without the yes
    gone = owner.post(f"{page}/{key}/delete", {"confirm": "yes"})
    assert gone.status_code == 303 and not kept(app, folder, key).exists()
    assert owner.get(f"{page}/{key}").status_code == 404
    back = upload(owner, page, "", [(exported.data, f"{game}-{key}.zip")])  # key left empty
    assert back.status_code == 303, words(back)
    assert f"{page}/{key}?added=1" in back.location
    assert kept(app, folder, key).is_dir()


def asked_noun(game: str) -> str:
    return {"railroad_barons": "box", "prairie_railroads": "board"}.get(game, "map")


def test_a_shipped_board_is_exported_but_never_deleted_or_corrected(browser):
    owner = browser()
    assert owner.get("/railbaron/maps/us/export.zip").status_code == 200
    assert owner.post("/railbaron/maps/us/delete", {"confirm": "yes"}).status_code == 403
    assert owner.get("/railbaron/maps/us/correct").status_code == 403
    assert "Delete…" not in words(owner.get("/railbaron/maps/us"))


def test_a_board_is_corrected_on_its_form_and_a_bad_correction_keeps_the_old_files(browser, app):
    owner = browser()
    page, _source, folder = GAMES["prairie_railroads"]
    assert upload(owner, page, "mine", files_of(TEST_BOARD)).status_code == 303
    form = owner.get(f"{page}/mine/correct")
    assert form.status_code == 200 and 'name="file:cities.csv"' in form.text
    texts = {name: (TEST_BOARD / name).read_text() for name in
             ("board.toml", "cities.csv", "segments.csv", "growth.csv", "western_builds.csv")}
    bad = {f"file:{n}": t for n, t in texts.items()}
    bad["file:segments.csv"] = texts["segments.csv"].replace("Troy,Marysville,no\n", "")
    refused = owner.post(f"{page}/mine/correct", bad)
    assert refused.status_code == 422
    assert ("segments.csv: the rulebook's free first segment Troy–Marysville of the CRIP is "
            "missing" in words(refused))
    assert "Troy,Marysville" in (kept(app, folder, "mine") / "segments.csv").read_text()
    good = {f"file:{n}": t for n, t in texts.items()}
    good["file:cities.csv"] = texts["cities.csv"].replace("Cuba,1,", "Cuba,2,")
    saved = owner.post(f"{page}/mine/correct", good)
    assert saved.status_code == 303 and "corrected=1" in saved.location
    assert "Cuba,2," in (kept(app, folder, "mine") / "cities.csv").read_text()
    assert "Corrected and saved." in words(owner.get(saved.location))


def test_an_upload_under_a_used_key_waits_for_the_owners_yes(browser, app):
    owner = browser()
    page, _source, folder = GAMES["railway_rivals"]
    assert upload(owner, page, "mine", files_of(TEST_MAP)).status_code == 303
    before = (kept(app, folder, "mine") / "key_numbers.csv").read_text()
    again = upload(owner, page, "mine", files_of(
        TEST_MAP, **{"key_numbers.csv": before.encode() + b"65,Aston,no\n"}))
    assert again.status_code == 409
    assert "This laptop already has a map mine." in words(again)
    assert (kept(app, folder, "mine") / "key_numbers.csv").read_text() == before
    token = re.search(r'name="token" value="([0-9a-f]+)"', again.text).group(1)
    yes = owner.post(f"{page}/replace", {"key": "mine", "token": token, "answer": "replace"})
    assert yes.status_code == 303
    assert "65,Aston,no" in (kept(app, folder, "mine") / "key_numbers.csv").read_text()
    forged = owner.post(f"{page}/replace", {"key": "mine", "token": "../../etc",
                                            "answer": "replace"})
    assert forged.status_code == 409


def test_spreadsheet_cells_are_cleaned_and_each_one_is_said(browser, app):
    owner = browser()
    railroads = (TINY / "railroads.csv").read_text().replace(
        "AA,Alpha Air Line,10000,no", 'AA,Alpha Air Line,"$10,000",No ').replace(
        "CC,Charlie Coast,4000,yes", "CC,Charlie Coast,4000,Yes")
    added = upload(owner, "/railbaron/maps", "sheet", files_of(TINY, **{"railroads.csv":
                                                            railroads.encode()}))
    assert added.status_code == 303, words(added)
    report = words(owner.get(added.location))
    assert "railroads.csv line 2, price: '$10,000' read as 10000" in report
    assert "railroads.csv line 2, public: 'No' read as no" in report
    assert "railroads.csv line 4, public: 'Yes' read as yes" in report
    stored = (kept(app, "maps", "sheet") / "railroads.csv").read_text()
    assert "AA,Alpha Air Line,10000,no," in stored


def test_a_prairie_board_whose_first_move_cannot_be_built_is_refused_naming_it(browser, app):
    owner = browser()
    page, _source, folder = GAMES["prairie_railroads"]
    segments = (TEST_BOARD / "segments.csv").read_text().replace("Troy,Whiting,no\n", "")
    refused = upload(owner, page, "stalls", files_of(TEST_BOARD, **{"segments.csv":
                                                                   segments.encode()}))
    assert refused.status_code == 422
    assert ("segments.csv: the rulebook's free first segment Troy–Whiting of the CRIP is "
            "missing: the game cannot start without it" in words(refused))
    assert not kept(app, folder, "stalls").exists()


def test_enter_a_box_never_replaces_a_saved_box_without_a_confirmation(browser, app):
    owner = browser()
    assert owner.post("/railroad_barons/boxes", box_form()).status_code == 303
    investors = kept(app, "railroad_barons_boxes", "testbox") / BOX_FILES["investors"]
    before = investors.read_text()
    changed = box_form(investors=before.replace("40,bonus,10", "40,bonus,12"))
    asked = owner.post("/railroad_barons/boxes", changed)
    assert asked.status_code == 409
    assert "This laptop already has a box testbox. Nothing was saved." in words(asked)
    assert investors.read_text() == before  # the corrected bonus did not go back silently
    assert owner.post("/railroad_barons/boxes", changed | {"replace": "other"}).status_code == 409
    yes = owner.post("/railroad_barons/boxes", changed | {"replace": "testbox"})
    assert yes.status_code == 303
    assert "40,bonus,12" in investors.read_text()
    # opened to correct it, the form says so itself: saving it replaces it
    form = owner.get("/railroad_barons/boxes/new?from=testbox")
    assert 'name="replace" value="testbox"' in form.text


def test_a_box_form_says_each_cleaned_cell(browser, app):
    owner = browser()
    investors = (TEST_BOX / BOX_FILES["investors"]).read_text().replace(
        "450,msc,", '"$450",msc,')
    saved = owner.post("/railroad_barons/boxes", box_form(investors=investors))
    assert saved.status_code == 303, words(saved)
    assert "investors.csv line 6, value: '$450' read as 450" in words(owner.get(saved.location))


def test_a_new_railway_rivals_game_checks_a_typed_town_against_the_map(browser):
    """A town typed during a race for a key the map lacks must be a town of the map: the lobby
    writes the check into every new game (tests/railway_rivals/test_book_readings.py plays it)."""
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="railway_rivals", map="austria")
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    assert record["settings"]["typed_towns_on_map"] is True
    assert RIVALS.rules_for(record).settings.typed_towns_on_map
