"""The maps page (/railbaron/maps): every map with its report, and adding a map by upload."""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from referee import TABLES_DIR

TINY = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"


def text(html: str) -> str:
    words = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", words.replace("&#39;", "'").replace("&amp;", "&"))


def tiny_files(**changed: bytes) -> list[tuple[bytes, str]]:
    """The tiny fixture's files as an upload, with some contents replaced."""
    files = {p.name: p.read_bytes() for p in sorted(TINY.iterdir())} | changed
    return [(data, name) for name, data in files.items()]


def multipart(fields: dict[str, str], files: list[tuple[bytes, str]]) -> bytes:
    """A multipart/form-data body with boundary `xx` (built here, so that the test client
    does not spool a large body to a temporary file it leaves open)."""
    parts = [f'--xx\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
             .encode() for name, value in fields.items()]
    parts += [f'--xx\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
              f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n"
              for data, name in files]
    return b"".join(parts) + b"--xx--\r\n"


def token(b) -> str:
    """This browser's CSRF token, from the form of the maps page."""
    page = b.get("/railbaron/maps").text
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def upload(b, key: str = "tiny", files=None):
    body = multipart({"csrf_token": token(b), "key": key},
                     tiny_files() if files is None else files)
    return b.client.post("/railbaron/maps", data=body,
                         content_type="multipart/form-data; boundary=xx")


def maps_dir(app) -> Path:
    return Path(app.instance_path) / "maps"


def test_the_list_shows_shipped_and_dropped_in_maps_with_their_status(client, app):
    shutil.copytree(TINY, maps_dir(app) / "tiny")
    words = text(client.get("/railbaron/maps").text)
    assert "United States (Avalon Hill Rail Baron) us · comes with referee · playable" in words
    assert "gb · comes with referee · look-ups only · 2 warnings · 224 unknown cells" in words
    assert "tiny · on this laptop · playable" in words


def test_a_report_names_file_and_line(client):
    page = client.get("/railbaron/maps/gb")
    assert page.status_code == 200
    words = text(page.text)
    assert "No errors, 2 warnings." in words
    assert "cities.csv line 5: Bangor appears in no city-table cell" in words
    fragment = client.get("/railbaron/maps/gb", headers={"HX-Request": "true"}).text
    assert fragment.lstrip().startswith('<section class="card" id="map-report">')


def test_an_unknown_map_report_is_a_404(client):
    page = client.get("/railbaron/maps/nowhere")
    assert page.status_code == 404
    assert "There is no map 'nowhere'" in text(page.text)


def test_a_good_upload_is_stored_listed_and_playable(browser, app):
    banker = browser()
    answer = upload(banker)
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/railbaron/maps/tiny?added=1#map-report"
    report = text(banker.get(answer.headers["Location"]).text)
    assert "Added to this laptop as maps/tiny" in report
    assert "No errors, 0 warnings." in report
    assert sorted(p.name for p in (maps_dir(app) / "tiny").iterdir()) == sorted(
        p.name for p in TINY.iterdir())
    assert [p.name for p in maps_dir(app).iterdir()] == ["tiny"]  # no staging folder left

    lobby = banker.get("/?game=railbaron").text
    assert '<option value="tiny"' in lobby
    game_id = banker.create_game(game="railbaron", map="tiny", edition="classic")
    assert banker.get(f"/g/{game_id}/banker").status_code == 200


def test_a_zip_of_the_folder_is_taken_and_the_key_read_from_the_manifest(browser, app):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for path in TINY.iterdir():
            archive.write(path, f"tiny/{path.name}")
        archive.writestr("tiny/HOWTO.md", "notes")
    answer = upload(browser(), key="", files=[(data.getvalue(), "tiny.zip")])
    assert answer.status_code == 303
    assert not (maps_dir(app) / "tiny" / "HOWTO.md").exists()
    assert (maps_dir(app) / "tiny" / "payoffs.csv").read_bytes() == (TINY /
                                                                     "payoffs.csv").read_bytes()


def test_a_broken_map_is_not_stored_and_its_report_names_file_and_line(browser, app):
    payoffs = (TINY / "payoffs.csv").read_bytes().replace(b"Alpha,Charlie,12000",
                                                          b"Alpha,Charlie,-5")
    answer = upload(browser(), files=tiny_files(**{"payoffs.csv": payoffs}))
    assert answer.status_code == 422
    words = text(answer.text)
    assert "Not added: the map tiny has 1 error (below)." in words
    assert "payoffs.csv line 3: payoff '-5' is not a positive whole number or ?" in words
    assert not maps_dir(app).exists() or list(maps_dir(app).iterdir()) == []


def test_a_missing_file_is_reported(browser):
    files = [f for f in tiny_files() if f[1] != "service.csv"]
    words = text(upload(browser(), files=files).text)
    assert "service.csv: file is missing" in words


@pytest.mark.parametrize("name", ["../evil.csv", "/etc/evil.csv", "sub/evil.csv"])
def test_a_file_name_with_a_folder_is_refused(browser, app, name):
    answer = upload(browser(), files=[*tiny_files(), (b"x", name)])
    assert answer.status_code == 422
    assert f"Refused the file name '{name}'" in text(answer.text)
    assert not maps_dir(app).exists() or list(maps_dir(app).iterdir()) == []
    assert not (Path(app.instance_path) / "evil.csv").exists()


def test_files_the_manifest_does_not_name_are_left_out(browser, app):
    extra = [(b"x", "extra.csv"), (b"notes", "HOWTO.md"), (b"x", "..evil.csv")]
    banker = browser()
    answer = upload(banker, files=[*tiny_files(), *extra])
    assert answer.status_code == 303
    stored = sorted(p.name for p in (maps_dir(app) / "tiny").iterdir())
    assert stored == sorted(p.name for p in TINY.iterdir())
    report = text(banker.get(answer.headers["Location"]).text)
    assert "Left out (not map.toml or a table it names): " in report
    assert all(name in report for name in ("extra.csv", "HOWTO.md", "..evil.csv"))


def test_a_zip_reaching_out_of_its_folder_is_refused(browser, app):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("map.toml", (TINY / "map.toml").read_text())
        archive.writestr("../../evil.csv", "x")
    answer = upload(browser(), files=[(data.getvalue(), "tiny.zip")])
    assert answer.status_code == 422
    assert "Refused '../../evil.csv' in the zip" in text(answer.text)


@pytest.mark.parametrize(("key", "message"), [
    ("../up", "The map key '../up' does not fit"),
    ("Big", "The map key 'Big' does not fit"),
    ("_template", "does not fit"),
    ("us", "'us' is the key of a map that comes with referee"),
])
def test_bad_keys_are_refused(browser, key, message):
    answer = upload(browser(), key=key)
    assert answer.status_code == 422
    assert message in text(answer.text)


def test_an_existing_map_is_not_overwritten_without_asking(browser, app):
    banker = browser()
    assert upload(banker).status_code == 303
    before = (maps_dir(app) / "tiny" / "payoffs.csv").read_bytes()
    changed = before.replace(b"5000", b"5500")
    again = upload(banker, files=tiny_files(**{"payoffs.csv": changed}))
    assert again.status_code == 409
    assert "This laptop already has a map tiny." in text(again.text)
    assert (maps_dir(app) / "tiny" / "payoffs.csv").read_bytes() == before
    waiting = re.search(r'name="token" value="([0-9a-f]+)"', again.text).group(1)
    kept = banker.client.post("/railbaron/maps/replace", data={
        "csrf_token": token(banker), "key": "tiny", "token": waiting, "answer": "keep"})
    assert kept.status_code == 303 and "kept=tiny" in kept.location
    assert (maps_dir(app) / "tiny" / "payoffs.csv").read_bytes() == before
    late = banker.client.post("/railbaron/maps/replace", data={
        "csrf_token": token(banker), "key": "tiny", "token": waiting, "answer": "replace"})
    assert late.status_code == 409 and "no longer waiting" in text(late.text)
    again = upload(banker, files=tiny_files(**{"payoffs.csv": changed}))
    waiting = re.search(r'name="token" value="([0-9a-f]+)"', again.text).group(1)
    yes = banker.client.post("/railbaron/maps/replace", data={
        "csrf_token": token(banker), "key": "tiny", "token": waiting, "answer": "replace"})
    assert yes.status_code == 303 and "/railbaron/maps/tiny" in yes.location
    assert (maps_dir(app) / "tiny" / "payoffs.csv").read_bytes() == changed
    assert "Replaced by the files you chose." in text(banker.get(yes.location).text)


def test_a_file_over_the_limit_is_refused(browser):
    big = b"city_a,city_b,payoff\n" + b"Alpha,Bravo,5000\n" * 70_000  # about 1.2 MB
    answer = upload(browser(), files=tiny_files(**{"payoffs.csv": big}))
    assert answer.status_code == 422
    assert "payoffs.csv is larger than 1 MB." in text(answer.text)


def test_an_upload_over_the_request_limit_is_a_clear_413(browser):
    answer = upload(browser(), files=[(b"x" * (6 * 1024 * 1024), "payoffs.csv")])
    assert answer.status_code == 413
    assert "The upload is larger than" in text(answer.text)


def test_no_files_and_no_token(browser, client):
    assert "Choose the map's files" in text(upload(browser(), files=[]).text)
    refused = client.post("/railbaron/maps", data=multipart({"key": "tiny"}, tiny_files()),
                          content_type="multipart/form-data; boundary=xx")
    assert refused.status_code == 400


def test_a_file_that_is_not_utf8_is_reported_not_a_500(browser):
    answer = upload(browser(), files=tiny_files(**{"regions.csv": b"code,name\nN,\xff\xfe\n"}))
    assert answer.status_code == 422
    assert "regions.csv: not UTF-8 text" in text(answer.text)


def test_a_broken_manifest_is_reported(browser):
    answer = upload(browser(), files=tiny_files(**{"map.toml": b"key = \n"}))
    assert answer.status_code == 422
    assert "map.toml: not valid TOML" in text(answer.text)


def test_the_shipped_tables_are_untouched_by_uploads(browser):
    before = sorted(p.name for p in (TABLES_DIR / "railbaron").iterdir())
    upload(browser(), key="gb")
    upload(browser(), key="fresh")
    assert sorted(p.name for p in (TABLES_DIR / "railbaron").iterdir()) == before


def test_the_template_downloads_as_a_zip_and_as_it_is_is_refused_with_its_report(browser):
    b = browser()
    answer = b.get("/railbaron/maps/template.zip")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.data))
    names = {n.split("/", 1)[1] for n in archive.namelist()}
    assert names == {p.name for p in (TABLES_DIR / "railbaron" / "_template").iterdir()}

    refused = upload(b, key="", files=[(answer.data, "template.zip")])
    assert refused.status_code == 422
    words = text(refused.text)
    assert "Not added: the map newmap has" in words
    assert "regions.csv: no regions" in words
    assert "Left out (not map.toml or a table it names): HOWTO.md" in words


def test_an_instance_folder_that_cannot_be_written_is_said_not_a_500(browser, app):
    maps_dir(app).write_text("a file where the maps folder should be")
    answer = upload(browser())
    assert answer.status_code == 503
    assert "The map could not be stored on this laptop" in text(answer.text)


def test_a_zip_that_unpacks_too_large_is_refused(browser, app):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("payoffs.csv", b"0" * 3_000_000)  # a few kB packed
    answer = upload(browser(), files=[(data.getvalue(), "tiny.zip")])
    assert answer.status_code == 422
    assert "payoffs.csv is larger than 1 MB." in text(answer.text)
    assert not maps_dir(app).exists() or list(maps_dir(app).iterdir()) == []


def test_a_manifest_nested_too_deep_is_refused_with_a_message(browser, app):
    deep = b"key = " + b"[" * 5000 + b"]" * 5000 + b"\n"
    response = upload(browser(), files=tiny_files(**{"map.toml": deep}))
    assert response.status_code == 422
    assert "map.toml" in text(response.text)
    assert not (maps_dir(app) / "tiny").exists()


def test_a_file_left_out_is_named_briefly_however_long_its_name(browser):
    files = [*tiny_files(), (b"x", "n" * 5000 + ".txt")]
    answer = upload(browser(), files=files)
    assert answer.status_code == 303
    assert len(answer.headers["Location"]) < 500
