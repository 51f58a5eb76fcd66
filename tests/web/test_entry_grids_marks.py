"""A refused save marks the very cells its problems are about (referee/web/entry.py `marked`,
each game's entry `cell_of`): the row and the column the owner typed the mistake in, found from
the problem's table, row, column and file line, never from its message.

The boards are the invented ones of tests/web/entry_maps.py with mistakes planted in them."""

from __future__ import annotations

import html
import re

import pytest

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


def test_barons_marks_the_circle_the_cost_and_the_investor_railroad(owner):
    typed = entry_maps.box_cells() | {"railroads|2|cost": "abc",
                                      "box|1|investor_railroad": "Nowhere Line"}
    del typed["holdings|SB|down_circles"]
    marks = refused(owner, "railroad_barons", typed)
    assert "(▼) circles is missing" in marks.pop("holdings|SB|down_circles")
    assert "cost must be a whole number" in marks.pop("railroads|2|cost")
    assert "investor_railroad must name" in marks.pop("box|1|investor_railroad")
    assert marks == {}
