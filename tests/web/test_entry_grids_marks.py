"""A refused save marks the very cells its problems are about (referee/web/entry.py `marked`,
each game's entry `cell_of`): the row and the column the owner typed the mistake in, found from
the problem's table, row, column and file line, never from its message.

The boards are the invented ones of tests/web/entry_maps.py with mistakes planted in them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from referee import TABLES_DIR
from tests.web import entry_maps

MARK = re.compile(r'<td class="bad-cell" title="([^"]*)"><input (?:type="checkbox" )?'
                  r'class="cell" data-cell="([^"]+)"')


@pytest.fixture
def owner(browser):
    return browser()


def refused(owner, game: str, typed: dict[str, str], key: str = "planted") -> dict[str, str]:
    """Type the cells into a new draft and save it: the refused page's marked cells
    (`grid|row|column` -> what is wrong there)."""
    url = owner.post(f"/entry/{game}").headers["Location"]
    answer = owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in typed.items()}, htmx=True)
    assert answer.status_code == 200
    answer = owner.post(f"{url}/save", {"key": key})
    assert answer.status_code == 422, answer.text
    assert "Everything typed is still here" in answer.text
    return {cell: html.unescape(title) for title, cell in MARK.findall(answer.text)}


def test_prairie_marks_the_income_the_segment_end_and_the_growth_cell(owner):
    typed = entry_maps.board_cells() | {"cities|2|income": "x", "segments|4|to": "Concordya",
                                        "growth|13|primary": "Cubba"}
    marks = refused(owner, "prairie_railroads", typed)
    assert "Atchison's income must be a whole number" in marks.pop("cities|2|income")
    assert "unknown city 'Concordya'" in marks.pop("segments|4|to")
    assert "unknown city 'Cubba'" in marks.pop("growth|13|primary")
    assert marks == {}  # nothing else: the segments that follow from Atchison are folded


def test_prairie_marks_the_row_a_listed_twice_city_was_typed_in(owner):
    typed = entry_maps.board_cells()
    last = max(int(k.split("|")[1]) for k in typed if k.startswith("cities|"))
    typed |= {f"cities|{last + 2}|city": "Troy", f"cities|{last + 2}|income": "0",
              f"cities|{last + 2}|start": "yes"}  # after an empty row: lines are not rows
    marks = refused(owner, "prairie_railroads", typed)
    assert marks == {f"cities|{last + 2}|city": "'Troy' is listed twice"}


def test_rivals_marks_the_key_cell_and_the_towns_flag(owner):
    typed = entry_maps.rivals_cells() | {"keys|2|3": "Greyhavn"}
    del typed["towns|4|town"]  # Dunfell moves down a row past an empty one
    typed |= {"towns|7|town": "Dunfell", "towns|7|small": "perhaps"}
    marks = refused(owner, "railway_rivals", typed)
    assert "unknown town 'Greyhavn'" in marks.pop("keys|2|3")
    assert "start and small must be yes, no or empty" in marks.pop("towns|7|small")
    # the refused town's six key numbers: the first marked, the rest folded under it
    assert "unknown town 'Dunfell'" in marks.pop("keys|4|1")
    assert marks == {}


def test_rail_baron_refuses_a_city_typed_twice_at_the_second_naming_the_first(owner):
    typed = entry_maps.cells() | {"cities|5|city": "Ashby", "cities|5|region": "S"}
    marks = refused(owner, "railbaron", typed)
    assert marks == {"cities|5|city": "city Ashby repeats row 1"}


def test_rail_baron_marks_a_bad_price_on_the_price_column(owner):
    marks = refused(owner, "railbaron", entry_maps.cells() | {"railroads|2|price": "lots"})
    assert marks == {"railroads|2|price": "price 'lots' is not a positive number in thousands "
                                          "(42 or 3.5)"}


def test_a_refused_save_names_grid_row_and_column_never_a_file(owner):
    url = owner.post("/entry/railbaron").headers["Location"]
    typed = entry_maps.cells() | {"cities|5|city": "Ashby", "cities|5|region": "S"}
    owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in typed.items()}, htmx=True)
    words = html.unescape(owner.post(f"{url}/save", {"key": "twice"}).text)
    assert '<span class="field">Cities, row 5, City:</span> city Ashby repeats row 1' in words
    assert "cities.csv" not in words and "repeats line" not in words


def test_a_payoff_ten_times_its_row_is_marked_on_its_cell_as_it_is_typed(owner):
    url = owner.post("/entry/railbaron").headers["Location"]
    typed = entry_maps.cells() | {"payoffs|Dunlow|Ashby": "115"}  # printed 11.5
    answer = owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in typed.items()}, htmx=True)
    marks = re.search(r'id="entry-marked" data-marks="([^"]*)"', answer.text).group(1)
    assert list(json.loads(html.unescape(marks))) == ["payoffs|Dunlow|Ashby"]
    assert "Payoff chart, Ashby–Dunlow: Ashby–Dunlow is 115,000, ten times the payoffs around " \
           "it (about 8,500): a digit too many?" in html.unescape(answer.text)
    full = owner.post(f"{url}/cells", {"cell:payoffs|Dunlow|Ashby": "11500"}, htmx=True)
    assert "payoff 11500 does not fit figures printed in thousands (it would pay 11,500,000)" \
        in html.unescape(full.text)
    fixed = owner.post(f"{url}/cells", {"cell:payoffs|Dunlow|Ashby": "11.5"}, htmx=True)
    assert 'data-marks="{}"' in fixed.text


def test_barons_marks_the_circle_the_cost_and_the_investor_railroad(owner):
    typed = entry_maps.box_cells() | {"railroads|2|cost": "abc",
                                      "box|1|investor_railroad": "Nowhere Line"}
    del typed["holdings|SB|down_circles"]
    marks = refused(owner, "railroad_barons", typed)
    assert "(▼) circles is missing" in marks.pop("holdings|SB|down_circles")
    assert "cost must be a whole number" in marks.pop("railroads|2|cost")
    assert "investor_railroad must name" in marks.pop("box|1|investor_railroad")
    assert marks == {}


def test_barons_names_a_rule_listed_twice_by_the_grid_row_of_the_first(owner):
    typed = entry_maps.box_cells()
    rows = sorted({int(k.split("|")[1]) for k in typed if k.startswith("obsolescence|")})
    again = rows[-1] + 1
    typed |= {f"obsolescence|{again}|{k.split('|')[2]}": v for k, v in typed.items()
              if k.startswith(f"obsolescence|{rows[0]}|")}
    marks = refused(owner, "railroad_barons", typed)
    (words,) = marks.values()
    assert words.endswith(f"is listed twice (row {rows[0]} too)")


# -- a stored board opened back into the grids -----------------------------------------------


def opened(owner, game: str, report: str, key: str) -> tuple[str, str]:
    """Open the board from its report page: (the draft's address, its grids page)."""
    page = owner.get(report).text
    assert f'action="/entry/{game}/open/{key}"' in page
    answer = owner.post(f"/entry/{game}/open/{key}")
    assert answer.status_code == 303
    url = answer.headers["Location"]
    return url, owner.get(url).text


def test_a_shipped_map_opens_as_a_copy_saved_under_a_key_of_ones_own(owner, app):
    from referee.games.railway_rivals.mapdata import load_map_folder

    assert "Open a copy in the grids" in owner.get("/boards/railway_rivals/austria").text
    url, page = opened(owner, "railway_rivals", "/boards/railway_rivals/austria", "austria")
    assert "comes with referee and is never changed" in page
    assert "opened from austria" in owner.get("/entry/railway_rivals").text
    assert 'id="entry-key" name="key" maxlength="40" value=""' in page
    shipped = load_map_folder(TABLES_DIR / "railway_rivals" / "austria")
    first = shipped.keys[11]
    assert f'data-cell="keys|1|1" value="{first}"' in page
    refused_key = owner.post(f"{url}/save", {"key": "austria"})
    assert refused_key.status_code == 422  # the shipped map is never replaced
    assert "comes with referee" in refused_key.text
    other = shipped.keys[12]
    owner.post(f"{url}/cells", {"cell:keys|1|1": other}, htmx=True)
    answer = owner.post(f"{url}/save", {"key": "austria-mine"})
    assert answer.status_code == 303, answer.text
    mine = load_map_folder(Path(app.instance_path) / "railway_rivals_maps" / "austria-mine")
    assert mine.keys[11] == other and mine.towns == shipped.towns
    assert {k: t for k, t in mine.keys.items() if k != 11} == {
        k: t for k, t in shipped.keys.items() if k != 11}


def test_a_laptops_board_is_corrected_in_place_only_after_asking(owner, app):
    from referee.games.prairie_railroads.board import load_board_folder

    url = owner.post("/entry/prairie_railroads").headers["Location"]
    owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in entry_maps.board_cells().items()},
               htmx=True)
    assert owner.post(f"{url}/save", {"key": "typed"}).status_code == 303
    folder = Path(app.instance_path) / "prairie_boards" / "typed"
    before = load_board_folder(folder)
    url, page = opened(owner, "prairie_railroads", "/boards/prairie_railroads/typed", "typed")
    assert "Open in the grids" in owner.get("/boards/prairie_railroads/typed").text
    assert 'value="typed"' in page and "asks first before replacing" in page
    primary, secondary = before.growth[13]
    assert f'data-cell="growth|13|primary" value="{primary}"' in page
    owner.post(f"{url}/cells", {"cell:growth|13|primary": secondary,
                                "cell:growth|13|secondary": primary}, htmx=True)
    answer = owner.post(f"{url}/save", {"key": "typed"})
    assert answer.status_code == 409  # asked first: nothing changed yet
    assert load_board_folder(folder).growth[13] == (primary, secondary)
    token = re.search(r'name="token" value="([0-9a-f]+)"', answer.text).group(1)
    assert owner.post(f"{url}/replace", {"token": token, "answer": "replace"}).status_code == 303
    after = load_board_folder(folder)
    assert after.growth[13] == (secondary, primary)
    assert after.cities == before.cities and after.segments == before.segments


def test_a_shipped_rail_baron_map_opens_and_says_what_it_leaves_out(owner):
    url, page = opened(owner, "railbaron", "/railbaron/maps/gb", "gb")
    assert "Not in the grids, so not carried over: notes.csv" in page
    assert "4,950 of 4,950 payoffs" in page  # a cell nobody could read is typed as ?


def test_a_laptops_box_opens_with_what_was_typed(owner):
    url = owner.post("/entry/railroad_barons").headers["Location"]
    owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in entry_maps.box_cells().items()},
               htmx=True)
    assert owner.post(f"{url}/save", {"key": "typed"}).status_code == 303
    url, page = opened(owner, "railroad_barons", "/boards/railroad_barons/typed", "typed")
    assert "10 of 10 circle counts" in page and "3 of 3 bonuses" in page
    for cell, text in entry_maps.box_cells().items():
        if cell.startswith(("holdings", "track", "railroads")):
            assert f'data-cell="{cell}" value="{html.escape(text)}"' in page, cell


def test_opening_a_board_that_is_not_there_is_a_404(owner):
    assert owner.post("/entry/railway_rivals/open/nosuchmap").status_code == 404
