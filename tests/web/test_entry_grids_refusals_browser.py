"""What is seen in the entry grids is what is saved, in a real browser: a cell the grids refuse
stays on screen, marked with its words, and stops "Check and save"; a figure ten times off its
row is marked on its own cell as it is typed; a city typed twice is refused at its row; saving
right after typing raises no "Leave site?" prompt; a paste larger than its grid is refused at
once in words, and a full-size payoff triangle (70 cities) pasted from a spreadsheet is kept.

Waitress serves on loopback; Playwright drives Debian's chromium. The maps are invented."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.web.test_entry_grids_browser import cell, enter_the_map, kept, paste
from tests.web.test_railbaron_browser import LAPTOP, text

pytestmark = pytest.mark.browser


@pytest.fixture
def page(live_url, chromium):
    page = chromium.new_context(**LAPTOP).new_page()
    page.prompts = []  # every dialog the page raises ("Leave site?"), answered Cancel
    page.on("dialog", lambda dialog: (page.prompts.append(dialog.type), dialog.dismiss()))
    return page


def marked(page, name: str) -> str:
    """The words a cell is marked with, once it is marked."""
    td = f"td.bad-cell:has(.cell[data-cell='{name}'])"
    page.wait_for_selector(td)
    return page.get_attribute(td, "title")


def test_a_payoff_ten_times_its_row_is_marked_on_its_own_cell(page, live_url):
    enter_the_map(page, live_url)
    cell(page, "payoffs|Corrin|Ashby").fill("95")  # the chart prints 9.5
    words = marked(page, "payoffs|Corrin|Ashby")
    assert "Ashby–Corrin is 95,000, ten times the payoffs around it" in words
    assert page.locator("td.bad-cell").count() == 1  # no other pair is blamed
    assert "ten times the payoffs" in text(page, "#entry-marked")
    cell(page, "payoffs|Corrin|Ashby").fill("9.5")
    page.wait_for_selector("td.bad-cell", state="detached")


def test_a_refused_long_name_stays_marked_and_stops_the_save(page, live_url, app):
    enter_the_map(page, live_url)
    long = "Testshire " + "x" * 290
    cell(page, "map|1|name").fill(long)
    assert "at most 200 characters, this one has 300" in marked(page, "map|1|name")
    page.click("button:has-text('Check and save the map')")
    page.wait_for_load_state("networkidle")
    assert "Not saved: 1 cell is not kept" in text(page, "main")
    assert cell(page, "map|1|name").input_value() == long  # as typed, still marked
    assert "at most 200 characters" in marked(page, "map|1|name")
    assert not (Path(app.instance_path) / "maps" / "testshire").exists()
    cell(page, "map|1|name").fill("Testshire (invented)")
    page.wait_for_selector("td.bad-cell", state="detached")
    kept(page)
    page.click("button:has-text('Check and save the map')")
    page.wait_for_url("**/boards/railbaron/testshire?added=1*")
    assert page.prompts == []


def test_a_city_typed_twice_is_refused_at_its_row_naming_the_first(page, live_url):
    enter_the_map(page, live_url)
    cell(page, "cities|5|city").fill("Ashby")
    cell(page, "cities|5|region").fill("S")
    kept(page)
    page.click("button:has-text('Check and save the map')")
    page.wait_for_load_state("networkidle")
    assert marked(page, "cities|5|city") == "city Ashby repeats row 1"
    assert "Cities, row 5, City: city Ashby repeats row 1" in text(page, ".refused")


def test_saving_right_after_typing_raises_no_prompt(page, live_url):
    enter_the_map(page, live_url)
    page.fill("#entry-key", "")
    kept(page)
    page.click("#entry-key")
    page.keyboard.type("testshire")  # the key, and at once, before the autosave's half second
    cell(page, "map|1|name").click()
    page.keyboard.press("End")
    page.keyboard.type(" 2")
    page.click("button:has-text('Check and save the map')")
    page.wait_for_url("**/boards/railbaron/testshire?added=1*")
    assert page.prompts == []
    assert "Testshire (invented) 2" in text(page, "main")


def test_a_paste_larger_than_its_grid_is_refused_at_once_in_words(page, live_url):
    page.goto(live_url + "/entry/railbaron")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-cities")
    rows = [[f"Town {n}", "N"] for n in range(1, 5001)]
    began = time.monotonic()
    paste(page, "cities|1|city", rows)
    page.wait_for_selector("#entry-paste:has-text('Nothing pasted')", timeout=5000)
    assert time.monotonic() - began < 5
    assert text(page, "#entry-paste") == ("Nothing pasted: the block has 5,000 rows and 2 "
                                          "columns; from this cell the Cities grid holds 500 "
                                          "rows.")
    assert cell(page, "cities|1|city").input_value() == ""
    assert page.get_attribute("#entry", "data-unsaved") == "0"  # nothing sent either


def triangle(count: int) -> tuple[list[str], list[list[str]]]:
    """A made-up chart of `count` cities on a line: the payoff grows with the distance, in
    thousands as printed, and the rows of its square matrix from the second one."""
    names = [f"City {n:02d}" for n in range(1, count + 1)]
    rows = [[f"{4 + abs(a - b) / 2:g}" for b in range(count)] for a in range(1, count)]
    return names, rows


def test_a_seventy_city_triangle_pasted_from_a_spreadsheet_is_kept(page, live_url, app):
    from referee.web import drafts

    names, rows = triangle(70)
    page.goto(live_url + "/entry/railbaron")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-regions")
    paste(page, "regions|1|code", [["N", "Northland"]])
    paste(page, "cities|1|city", [[name, "N"] for name in names])
    page.wait_for_selector(".cell[data-cell='payoffs|City 70|City 69']")
    kept(page)
    began = time.monotonic()
    paste(page, "payoffs|City 02|City 01", rows)
    page.wait_for_selector("#entry-progress:has-text('2,415 of 2,415 payoffs')")
    kept(page)
    took = time.monotonic() - began
    print(f"\n70-city triangle (2,415 payoffs) pasted and kept in {took:.1f} s")
    (draft,) = drafts.listed(Path(app.instance_path), "railbaron")
    assert len(draft.cells["payoffs"]) == 2415
    assert draft.cells["payoffs"]["City 70|City 01"] == "38.5"
    assert page.locator("td.bad-cell").count() == 0
