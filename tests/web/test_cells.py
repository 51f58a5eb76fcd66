"""Lenient reading of spreadsheet cells (referee/web/cells.py): what has one reading is cleaned
and said back; what reads two ways is left as typed, with the doubt said."""

from __future__ import annotations

import pytest

from referee.web.cells import clean_cell, clean_csv, shown


@pytest.mark.parametrize(("typed", "value"), [
    ("20,000", "20000"), ("$320", "320"), ("£320", "320"), ("320 $", "320"),
    ("$20,000", "20000"), ("1,234,567", "1234567"), ("20 000", "20000"),
    ("20\u00a0000", "20000"), ("320.00", "320"), ("$1,500.0", "1500"),
])
def test_a_number_as_spreadsheets_write_it_is_read_and_said(typed, value):
    cell = clean_cell(typed, "number")
    assert cell.value == value and cell.changed and not cell.doubt
    assert cell.notice == f"{typed.strip()!r} read as {value}"


@pytest.mark.parametrize("typed", ["320", " 320 ", "?", "", "0"])
def test_a_plain_number_or_unknown_cell_is_kept_without_a_notice(typed):
    cell = clean_cell(typed, "number")
    assert cell.value == typed.strip() and cell.notice == "" and not cell.doubt


@pytest.mark.parametrize(("typed", "doubt"), [
    ("1.000", "could be 1000 or a number with decimals"),
    ("20.000", "could be 20000"),
    ("3.5", "is not a whole number"),
    ("20,00", "is not a whole number"),
    ("1,5", "is not a whole number"),
])
def test_a_number_that_reads_two_ways_is_left_as_typed_with_the_doubt(typed, doubt):
    cell = clean_cell(typed, "number")
    assert cell.value == typed and not cell.changed and doubt in cell.doubt


@pytest.mark.parametrize("typed", ["12,34", "1,2345", "-5", "ten", "$", "20,000,00"])
def test_anything_else_is_left_as_typed_for_the_check_to_refuse(typed):
    assert clean_cell(typed, "number").value == typed


@pytest.mark.parametrize(("typed", "value"), [
    ("Yes", "yes"), ("Y", "yes"), ("TRUE", "yes"), ("true ", "yes"), ("No", "no"),
    ("n", "no"), ("FALSE", "no"), ("yes", "yes"), ("", ""), ("maybe", "maybe"), ("1", "1"),
])
def test_flags(typed, value):
    assert clean_cell(typed, "flag").value == value


def test_text_loses_only_the_spaces_around_it_and_says_nothing():
    cell = clean_cell("  St. Louis  ", "text")
    assert cell.value == "St. Louis" and cell.notice == ""
    assert clean_cell("$320", "text").value == "$320"  # a name is never read as a number


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown cell kind"):
        clean_cell("1", "money")


def test_a_csv_file_is_cleaned_by_its_columns_and_each_change_is_said():
    text = ("\ufeffabbr,name,price,public,colour\n"
            'AA,"Alpha, Air Line","$20,000",Yes,#c62828 \n'
            "BB,Bravo 320,8000,no,#0c0ce9\n")
    cleaned = clean_csv("railroads.csv", text, {"price": "number", "public": "flag"})
    assert cleaned.text == ("abbr,name,price,public,colour\n"
                            'AA,"Alpha, Air Line",20000,yes,#c62828\n'
                            "BB,Bravo 320,8000,no,#0c0ce9\n")
    assert cleaned.notices == ("railroads.csv line 2, price: '$20,000' read as 20000",
                               "railroads.csv line 2, public: 'Yes' read as yes")


def test_an_unchanged_file_is_returned_as_it_was():
    text = "city,region\nAlpha,N\n"
    assert clean_csv("cities.csv", text, {}).text == text


def test_a_doubt_is_said_where_it_is():
    cleaned = clean_csv("payoffs.csv", "city_a,city_b,payoff\nA,B,1.500\n", {"payoff": "number"})
    assert cleaned.doubts == ("payoffs.csv line 2, payoff: '1.500' could be 1500 or a number "
                              "with decimals: type it without dots",)
    assert "1.500" in cleaned.text


def test_many_notices_are_cut_and_counted():
    lines = [f"n{i}" for i in range(25)]
    assert shown(lines)[-1] == "and 5 more cells cleaned the same way"
    assert len(shown(lines)) == 21 and shown(lines[:3]) == lines[:3]
