"""Typing a board into the entry grids (referee/web/entry.py): drafts kept as typed, cleaned
cells, progress, a refused save that loses nothing, and a saved Rail Baron map that loads.

The map is a small invented one (tests/web/entry_maps.py), never a printed chart."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from referee.games.railbaron.charts import load_map
from tests.web import entry_maps


@pytest.fixture
def owner(browser):
    return browser()


def start_draft(owner, game: str = "railbaron") -> str:
    response = owner.post(f"/entry/{game}")
    assert response.status_code == 303
    return response.headers["Location"]


def keep(owner, url: str, cells: dict[str, str], **extra: str):
    data = {f"cell:{name}": text for name, text in cells.items()} | extra
    return owner.post(f"{url}/cells", data, htmx=True)


def cleaned(response) -> dict[str, str]:
    found = re.search(r'id="entry-cleaned" hidden hx-swap-oob="true" data-cells="([^"]*)"',
                      response.text)
    return json.loads(html.unescape(found.group(1)))


def test_the_maps_page_offers_the_grids(client):
    assert "/entry/railbaron" in client.get("/railbaron/maps").text


def test_a_typed_cell_is_kept_cleaned_and_counted(owner):
    url = start_draft(owner)
    answer = keep(owner, url, {"regions|1|code": "N", "regions|1|name": " Northland ",
                               "cities|1|city": "Ashby", "cities|1|region": "n",
                               "cities|2|city": "Brill", "cities|2|region": "N"})
    assert answer.status_code == 200
    assert cleaned(answer)["regions|1|name"] == "Northland"
    assert cleaned(answer)["cities|1|region"] == "N"  # spelt as the region list has it
    assert "0 of 1 payoffs" in answer.text
    assert 'hx-swap-oob="afterend:#grid-region_table"' in answer.text  # N's city table
    answer = keep(owner, url, {"payoffs|Brill|Ashby": "$4,500", "railroads|1|price": "9,000",
                               "railroads|1|public": "Yes"})
    assert cleaned(answer) == {"payoffs|Brill|Ashby": "4500", "railroads|1|price": "9000",
                               "railroads|1|public": "yes"}
    assert "1 of 1 payoffs" in answer.text
    page = owner.get(url).text  # come back later: everything is there
    assert 'data-cell="payoffs|Brill|Ashby" value="4500"' in page
    assert 'data-cell="cities|2|city" value="Brill"' in page


def test_the_payoff_chart_is_the_printed_triangle(owner):
    url = start_draft(owner)
    keep(owner, url, {k: v for k, v in entry_maps.cells().items()
                      if k.startswith(("regions", "cities"))})
    page = owner.get(url).text
    chart = page[page.index('id="grid-payoffs"'):]
    chart = chart[:chart.index("</section>")]
    cells = re.findall(r'data-cell="payoffs\|([^|"]+)\|([^"]+)"', chart)
    assert cells == [("Brill", "Ashby"), ("Corrin", "Ashby"), ("Corrin", "Brill"),
                     ("Dunlow", "Ashby"), ("Dunlow", "Brill"), ("Dunlow", "Corrin")]
    assert chart.count('class="dash"') == 4  # a city meets itself
    assert "0 of 6 payoffs" in page
    region_table = page[page.index('id="grid-region_table"'):]
    assert [r for r in re.findall(r'<th scope="row">(\d+)</th>', region_table)][:11] == [
        str(s) for s in range(2, 13)]  # the dice down the side


def test_a_refused_save_keeps_every_cell_and_names_the_problems(owner, app):
    url = start_draft(owner)
    typed = entry_maps.cells()
    del typed["payoffs|Dunlow|Corrin"]
    keep(owner, url, typed)
    answer = owner.post(f"{url}/save", {"key": "testshire"})
    assert answer.status_code == 422
    assert "missing pair" not in answer.text or "Corrin" in answer.text
    assert "empty payoff cell" in answer.text
    assert "Everything typed is still here" in answer.text
    marked = re.search(r'<td class="bad-cell" title="([^"]*)"><input class="cell" '
                       r'data-cell="([^"]+)"', answer.text)
    assert marked and marked.group(2) == "payoffs|Dunlow|Corrin"  # on the cell itself
    assert "empty payoff cell" in marked.group(1)
    assert not (Path(app.instance_path) / "maps" / "testshire").exists()
    page = owner.get(url).text
    assert 'data-cell="payoffs|Dunlow|Ashby" value="11.5"' in page
    assert "5 of 6 payoffs" in page
    assert 'value="testshire"' in page  # the key too


def test_a_saved_map_is_the_folder_the_loader_reads(owner, app):
    url = start_draft(owner)
    keep(owner, url, entry_maps.cells())
    answer = owner.post(f"{url}/save", {"key": "testshire"})
    assert answer.status_code == 303, answer.text
    assert answer.headers["Location"].startswith("/boards/railbaron/testshire")
    board = load_map("testshire", instance_dir=Path(app.instance_path))
    assert board.name == "Testshire (invented)"
    assert board.payoff("Ashby", "Dunlow") == 11500 and board.payoff("Dunlow", "Corrin") == 3500
    assert board.region_at(1, 8) == "S" and board.region_at(2, 6) == "S"
    assert board.city_at("S", 2, 8) == "Corrin" and board.city_at("N", 1, 7) == "Ashby"
    assert board.railroads["NR"].price == 9000 and board.railroads["PB"].public
    assert board.service["SL"] == {"Brill", "Corrin", "Dunlow"}
    assert owner.get(url).status_code == 404  # the draft went with the save
    report = owner.get(answer.headers["Location"]).text
    assert "No errors" in report and "Start a game on it" in report


def test_a_dash_makes_twin_cities(owner, app):
    url = start_draft(owner)
    typed = entry_maps.cells() | {"payoffs|Brill|Ashby": "—"}
    keep(owner, url, typed)
    assert owner.post(f"{url}/save", {"key": "twins"}).status_code == 303
    board = load_map("twins", instance_dir=Path(app.instance_path))
    assert board.payoff("Ashby", "Brill") == 0


def test_a_key_already_on_the_laptop_is_replaced_only_when_the_owner_says_so(owner, app):
    first = start_draft(owner)
    keep(owner, first, entry_maps.cells())
    assert owner.post(f"{first}/save", {"key": "testshire"}).status_code == 303
    second = start_draft(owner)
    keep(owner, second, entry_maps.cells() | {"payoffs|Dunlow|Corrin": "3.6"})
    answer = owner.post(f"{second}/save", {"key": "testshire"})
    assert answer.status_code == 409
    assert "has a map testshire already" in answer.text
    token = re.search(r'name="token" value="([0-9a-f]+)"', answer.text).group(1)
    instance = Path(app.instance_path)
    assert load_map("testshire", instance_dir=instance).payoff("Dunlow", "Corrin") == 3500
    kept_answer = owner.post(f"{second}/replace", {"token": token, "answer": "keep"})
    assert kept_answer.status_code == 303
    assert load_map("testshire", instance_dir=instance).payoff("Dunlow", "Corrin") == 3500
    assert owner.get(second).status_code == 200  # the draft stays
    answer = owner.post(f"{second}/save", {"key": "testshire"})
    token = re.search(r'name="token" value="([0-9a-f]+)"', answer.text).group(1)
    replaced = owner.post(f"{second}/replace", {"token": token, "answer": "replace"})
    assert replaced.status_code == 303
    report = owner.get(replaced.headers["Location"]).text
    assert "Replaced by the map typed in the grids." in report
    assert "files you chose" not in report
    assert load_map("testshire", instance_dir=instance).payoff("Dunlow", "Corrin") == 3600
    assert owner.get(second).status_code == 404  # the draft went with the board


def test_drafts_are_listed_with_their_progress_and_can_be_thrown_away(owner):
    url = start_draft(owner)
    keep(owner, url, {k: v for k, v in entry_maps.cells().items()
                      if not k.startswith("payoffs|Dunlow")}, key="half")
    listing = owner.get("/entry/railbaron").text
    assert "half" in listing and "3 of 6 payoffs" in listing
    assert "half</a> · Testshire (invented)" in listing  # its key and its name
    assert owner.post(f"{url}/delete").status_code == 303
    assert owner.get(url).status_code == 404
    assert "half" not in owner.get("/entry/railbaron").text


def test_a_game_without_grids_or_a_wrong_draft_is_a_404(owner):
    assert owner.get("/entry/nosuchgame").status_code == 404
    assert owner.get("/entry/railbaron/../../etc").status_code == 404
    assert owner.get("/entry/railbaron/0123456789ab").status_code == 404


# -- Railroad Barons: a box ------------------------------------------------------------------


def test_a_box_typed_into_the_grids_is_the_test_box(owner, app):
    from referee.games.railroad_barons.box import load_box_folder

    url = start_draft(owner, "railroad_barons")
    page = html.unescape(owner.get(url).text)
    assert "MSC · Green" in page  # the rulebook's Holdings are not typed again
    assert 'data-cell="investors|30|bonus"' not in page  # the priority Investor has no bonus
    answer = keep(owner, url, entry_maps.box_cells())
    assert "10 of 10 circle counts" in answer.text and "3 of 3 bonuses" in answer.text
    answer = owner.post(f"{url}/save", {"key": "typed"})
    assert answer.status_code == 303, answer.text
    typed = load_box_folder(Path(app.instance_path) / "railroad_barons_boxes" / "typed")
    shipped = load_box_folder(entry_maps.TEST_BOX)
    assert typed.to_dict()["track"] == shipped.to_dict()["track"]
    assert typed.to_dict()["railroads"] == shipped.to_dict()["railroads"]
    assert typed.holdings == shipped.holdings and typed.investors == shipped.investors


def test_a_box_with_a_missing_circle_is_refused_and_kept(owner):
    url = start_draft(owner, "railroad_barons")
    typed = entry_maps.box_cells()
    del typed["holdings|SB|down_circles"]
    keep(owner, url, typed)
    answer = owner.post(f"{url}/save", {"key": "typed"})
    assert answer.status_code == 422
    assert "Everything typed is still here" in answer.text
    assert "9 of 10 circle counts" in owner.get(url).text


# -- Railway Rivals: a map's key numbers -------------------------------------------------------


def test_a_rivals_key_table_is_the_printed_six_by_six(owner, app):
    from referee.games.railway_rivals.mapdata import load_map_folder

    url = start_draft(owner, "railway_rivals")
    typed = entry_maps.rivals_cells() | {"specials|1|name": "Eastern Edge",
                                         "keys|6|6": "eastern edge", "towns|2|start": "Yes"}
    answer = keep(owner, url, typed)
    assert cleaned(answer)["keys|6|6"] == "Eastern Edge"  # spelt as listed
    assert "36 of 36 key numbers" in answer.text
    answer = owner.post(f"{url}/save", {"key": "pebbleshire"})
    assert answer.status_code == 303, answer.text
    board = load_map_folder(Path(app.instance_path) / "railway_rivals_maps" / "pebbleshire")
    assert board.name == "Pebbleshire (invented)"
    assert board.keys[12] == "Ardle" and board.keys[43] == "Dunfell"
    assert board.keys[66] == "Eastern Edge" and board.special == {"Eastern Edge"}
    assert board.start_towns() == ["Bexmoor"]


def test_a_rivals_key_naming_no_town_is_refused_and_kept(owner):
    url = start_draft(owner, "railway_rivals")
    keep(owner, url, entry_maps.rivals_cells() | {"keys|2|3": "Greyhavn"})
    answer = owner.post(f"{url}/save", {"key": "pebbleshire"})
    assert answer.status_code == 422
    assert "Greyhavn" in answer.text
    assert 'data-cell="keys|2|3" value="Greyhavn"' in owner.get(url).text


# -- Prairie Railroads: a board ----------------------------------------------------------------


def test_a_prairie_board_typed_into_the_grids_is_the_test_board(owner, app):
    from referee.games.prairie_railroads.board import load_board_folder

    url = start_draft(owner, "prairie_railroads")
    answer = keep(owner, url, entry_maps.board_cells())
    assert "72 of 72 growth chart cells" in answer.text
    answer = owner.post(f"{url}/save", {"key": "typed"})
    assert answer.status_code == 303, answer.text
    typed = load_board_folder(Path(app.instance_path) / "prairie_boards" / "typed")
    shipped = load_board_folder(entry_maps.TEST_BOARD)
    assert typed.cities == shipped.cities
    assert typed.segments == shipped.segments
    assert typed.growth == shipped.growth


def test_a_cell_too_long_stays_marked_as_typed_and_stops_the_save(owner, app):
    url = start_draft(owner)
    keep(owner, url, entry_maps.cells())
    long = "Testshire " + "x" * 291
    answer = keep(owner, url, {"map|1|name": long, "regions|1|name": "North"})
    assert answer.status_code == 200
    words = ("Not kept: The map, Name: a cell holds at most 200 characters, this one has 301")
    assert words in html.unescape(answer.text)  # in the grid's words, marked on its cell
    assert cleaned(answer) == {"regions|1|name": "North"}  # the other cell is kept
    page = html.unescape(owner.get(url).text)  # after a reload: still as typed, still marked
    assert f'<td class="bad-cell live" title="{words}"><input class="cell" ' \
           f'data-cell="map|1|name" value="{long}"' in page
    answer = owner.post(f"{url}/save", {"key": "testshire"})
    assert answer.status_code == 422  # what is seen is what is saved: nothing, until fixed
    assert "Not saved: 1 cell is not kept (marked in red)" in answer.text
    assert not (Path(app.instance_path) / "maps" / "testshire").exists()
    keep(owner, url, {"map|1|name": "Testshire (invented)"})
    assert "bad-cell" not in owner.get(url).text
    assert owner.post(f"{url}/save", {"key": "testshire"}).status_code == 303


def test_a_row_past_the_most_a_list_holds_is_refused_in_words(owner):
    url = start_draft(owner)
    answer = keep(owner, url, {"cities|501|city": "Farfield", "cities|1|city": "Ashby"})
    assert "Cities, row 501, City: the Cities grid holds at most 500 rows" in answer.text
    assert cleaned(answer) == {"cities|1|city": "Ashby"}


def test_a_cell_of_no_grid_is_dropped(owner):
    url = start_draft(owner)
    answer = keep(owner, url, {"nosuchgrid|1|x": "1", "city_table-Q|2|odd": "Ashby"})
    assert answer.status_code == 200
    assert cleaned(answer) == {}


def test_a_question_mark_keeps_a_cell_unknown(owner, app):
    url = start_draft(owner)
    answer = keep(owner, url, entry_maps.cells() | {"payoffs|Corrin|Brill": " ? "})
    assert cleaned(answer)["payoffs|Corrin|Brill"] == "?"
    assert owner.post(f"{url}/save", {"key": "unread"}).status_code == 303
    board = load_map("unread", instance_dir=Path(app.instance_path))
    assert board.payoff("Brill", "Corrin") is None  # the table is asked when it comes up


def test_the_key_label_states_the_limit_the_check_holds_to(owner):
    from referee.games import registry

    url = start_draft(owner, "railroad_barons")
    page = html.unescape(owner.get(url).text)
    rule = registry.game("railroad_barons").boards.key_rule
    assert f"(its folder name: {rule})" in page and "1 to 40" not in page
    answer = owner.post(f"{url}/save", {"key": "a-much-too-long-key"})
    assert f"does not fit: {rule}." in html.unescape(answer.text)
