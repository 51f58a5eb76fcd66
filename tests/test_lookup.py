"""Chart look-ups: cells, exact chances, unknown cells, and the `referee lookup` command."""

from __future__ import annotations

import csv
import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.cli import main
from referee.games.railbaron.board import PARITIES, WHITE_SUMS
from referee.games.railbaron.charts import load_map, load_map_dir
from referee.games.railbaron.charts.lookup import (
    UNKNOWN_MESSAGE,
    cell_chance,
    check_die,
    city_chance,
    city_for,
    destination,
    payoff,
    region_chance,
    region_for,
    white_sum_chance,
)

SHIPPED = TABLES_DIR / "railbaron"
FIXTURE = Path(__file__).parent / "fixtures" / "maps" / "tiny"


@pytest.fixture(scope="module")
def us():
    return load_map("us")


@pytest.fixture(scope="module")
def gb():
    return load_map("gb")


def rows(map_key: str, name: str) -> list[dict[str, str]]:
    with (SHIPPED / map_key / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def dice_for(parity: str, white_sum: int) -> tuple[int, int, int]:
    """A red die of that parity and two white dice adding up to `white_sum`."""
    red = 1 if parity == "odd" else 2
    first = min(6, white_sum - 1)
    return red, first, white_sum - first


# -- the cells ---------------------------------------------------------------------------------


def test_us_odd_2_is_plains(us):
    found = region_for(us, 1, 1, 1)
    assert (found.region, found.region_name) == ("PL", "Plains")
    assert found.roll.parity == "odd" and found.roll.white_sum == 2


def test_every_red_face_of_a_parity_reads_the_same_column(us):
    assert {region_for(us, red, 3, 4).region for red in (1, 3, 5)} == {"NC"}
    assert {region_for(us, red, 3, 4).region for red in (2, 4, 6)} == {"SW"}


@pytest.mark.parametrize("map_key", ["us", "gb"])
def test_every_region_cell_reads_as_in_the_data_file(map_key):
    board = load_map(map_key)
    table = rows(map_key, "region_table.csv")
    assert len(table) == 22
    for row in table:
        found = region_for(board, *dice_for(row["parity"], int(row["white_sum"])))
        assert found.region == (None if row["region"] == "?" else row["region"]), row


@pytest.mark.parametrize("map_key", ["us", "gb"])
def test_every_city_cell_reads_as_in_the_data_file(map_key):
    board = load_map(map_key)
    for row in rows(map_key, "city_table.csv"):
        found = city_for(board, row["region"], *dice_for(row["parity"], int(row["white_sum"])))
        assert found.city == (None if row["city"] == "?" else row["city"]), row


def test_us_city_examples(us):
    assert city_for(us, "NE", 1, 1, 1).city == "New York"
    assert city_for(us, "southeast", 4, 6, 5).city == "Mobile"  # SE even 11, by name
    assert city_for(us, "pl", 2, 1, 2).city == "St. Paul"  # PL even 3


def test_us_payoff_examples(us):
    assert payoff(us, "New York", "St. Louis").amount == 10500
    assert payoff(us, "st. louis", "NEW YORK").amount == 10500
    assert payoff(us, "Albany", "Atlanta").describe() == "Albany – Atlanta: $10,000"
    assert payoff(us, "Boston", "Boston").amount == 0


def test_us_payoff_carries_the_chart_note(us):
    found = payoff(us, "Tampa", "Chattanooga")
    assert found.amount == 2000
    assert found.notes and "Suspect" in found.notes[0]
    assert "note: Suspect" in found.describe()


def test_twin_cities_pay_nothing_and_say_why(us):
    found = payoff(us, "St. Paul", "Minneapolis")
    assert found.amount == 0
    assert any("Twin cities" in note for note in found.notes)


def test_destination_reads_region_then_city(us):
    found = destination(us, (3, 2, 2), (4, 5, 6))
    assert found.region.region == "SE"
    assert found.city is not None and found.city.city == "Mobile"
    assert found.known


# -- unknown cells -----------------------------------------------------------------------------


def test_gb_unknown_city_cell_is_reported_as_unknown(gb):
    found = city_for(gb, "Wales", 2, 3, 4)  # Wales even 7: the two transcriptions disagree
    assert found.city is None and not found.known
    assert UNKNOWN_MESSAGE in found.describe()
    assert found.as_dict()["city"] is None


def test_gb_unknown_payoff_is_reported_as_unknown(gb):
    found = payoff(gb, "Aberdeen", "Boston")
    assert found.amount is None and not found.known
    assert UNKNOWN_MESSAGE in found.describe()
    assert "4 or 24" in found.describe()


def test_gb_known_payoff_is_the_printed_figure_in_thousands(gb):
    found = payoff(gb, "Aberdeen", "Aberystwyth")  # the chart prints 26: in thousands
    assert found.amount == 26_000
    assert found.describe().startswith("Aberdeen – Aberystwyth: £26,000")


def test_destination_stops_at_an_unknown_region_cell(tmp_path):
    folder = Path(shutil.copytree(FIXTURE, tmp_path / "tiny"))
    table = folder / "region_table.csv"
    table.write_text(table.read_text().replace("odd,7,N", "odd,7,?"))
    board = load_map_dir(folder)
    found = destination(board, (1, 3, 4), (1, 1, 1))
    assert found.region.region is None and found.city is None and not found.known
    assert UNKNOWN_MESSAGE in found.describe()
    assert region_chance(board, "N").low < region_chance(board, "N").high


# -- chances -----------------------------------------------------------------------------------


def test_white_sums_and_cells_add_up_to_one():
    assert sum(white_sum_chance(s) for s in WHITE_SUMS) == 1
    assert sum(cell_chance(s) for _ in PARITIES for s in WHITE_SUMS) == 1
    assert white_sum_chance(7) == Fraction(1, 6)
    assert white_sum_chance(13) == 0


@pytest.mark.parametrize("map_key", ["us", "gb", "tiny"])
def test_region_chances_add_up_to_one(map_key):
    board = load_map(map_key, search_dirs=[SHIPPED, FIXTURE.parent])
    chances = [region_chance(board, code) for code in board.regions]
    assert all(c.exact for c in chances)
    assert sum(c.low for c in chances) == 1


@pytest.mark.parametrize("map_key", ["us", "tiny"])
def test_city_chances_add_up_to_one_on_a_complete_map(map_key):
    board = load_map(map_key, search_dirs=[SHIPPED, FIXTURE.parent])
    chances = [city_chance(board, city) for city in board.cities]
    assert all(c.exact for c in chances)
    assert sum(c.low for c in chances) == 1


def test_gb_city_chances_leave_room_for_the_unknown_cells_exactly(gb):
    known = sum(city_chance(gb, city).low for city in gb.cities)
    unknown = sum(region_chance(gb, region).low * cell_chance(white)
                  for (region, parity, white), city in gb.city_table.items() if city is None)
    assert known < 1
    assert known + unknown == 1
    swansea = city_chance(gb, "Swansea")  # in Wales, whose table has four unknown cells
    assert swansea.low < swansea.high
    assert "some cells are unknown" in swansea.percent()


def test_new_york_chance_by_hand(us):
    # Northeast: odd 8..12 = (5+4+3+2+1)/36 of the odd column, half the rolls: 15/72.
    # New York in the Northeast table: odd 2,3,4,10,11,12 (12/36) and even 2,12 (2/36): 14/72.
    assert region_chance(us, "NE").low == Fraction(15, 72)
    assert city_chance(us, "New York").low == Fraction(15, 72) * Fraction(14, 72)
    assert city_for(us, "NE", 1, 1, 1).describe().endswith(
        "New York: 4.1% of all destinations")


def test_plains_chance_by_hand(us):
    # Plains: odd 2 (1/36), even 8 (5/36) and even 11 (2/36), half the rolls each.
    assert region_chance(us, "PL").low == Fraction(1 + 5 + 2, 72)
    assert region_for(us, 1, 1, 1).describe() == (
        "red 1 (odd), white 1+1 = 2: Plains (PL), 11.1% of region rolls")


# -- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 7, -1, "3", 2.0, True, None])
def test_bad_die_values_are_refused(value):
    with pytest.raises(ValueError, match="must be a whole number from 1 to 6"):
        check_die(value)


def test_bad_dice_name_the_die(us):
    with pytest.raises(ValueError, match="second white die must be"):
        region_for(us, 1, 1, 7)
    with pytest.raises(ValueError, match="red die must be"):
        destination(us, (1, 1, 1), (0, 1, 1))


def test_unknown_names_are_refused(us):
    with pytest.raises(ValueError, match="unknown city 'Atlantis' on map us \\(did you mean "
                                         "Atlanta\\?\\)"):
        payoff(us, "Atlantis", "Boston")
    with pytest.raises(ValueError, match="unknown region 'Midwest'"):
        city_for(us, "Midwest", 1, 1, 1)


# -- the command -------------------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["lookup", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_region(capsys):
    code, out, err = run(capsys, "region", "--map", "us", "1", "1", "1")
    assert code == 0 and err == ""
    assert out == "red 1 (odd), white 1+1 = 2: Plains (PL), 11.1% of region rolls\n"


def test_cli_city_by_name_case_insensitively(capsys):
    code, out, _ = run(capsys, "city", "--map", "us", "northeast", "1", "1", "1")
    assert code == 0
    assert "New York" in out


def test_cli_destination_and_payoff(capsys):
    code, out, _ = run(capsys, "destination", "3", "2", "2", "4", "5", "6")
    assert code == 0 and "Southeast (SE)" in out and "Mobile" in out
    code, out, _ = run(capsys, "payoff", "--map", "us", "atlanta", "casper")
    assert code == 0 and out.startswith("Atlanta – Casper: $25,500")


def test_cli_unknown_cell_answers_and_succeeds(capsys):
    code, out, _ = run(capsys, "payoff", "--map", "gb", "Aberdeen", "Boston")
    assert code == 0
    assert UNKNOWN_MESSAGE in out


@pytest.mark.parametrize(("argv", "message"), [
    (("region", "7", "1", "1"), "red die must be a whole number from 1 to 6, got 7"),
    (("region", "x", "1", "1"), "red die must be a whole number from 1 to 6, got 'x'"),
    (("destination", "1", "1", "1", "1", "1", "0"),
     "second white die must be a whole number from 1 to 6, got 0"),
    (("city", "Atlantis", "1", "1", "1"), "unknown region 'Atlantis'"),
    (("payoff", "Boston", "Atlantis"), "unknown city 'Atlantis'"),
    (("region", "--map", "zz", "1", "1", "1"), "no map 'zz'"),
])
def test_cli_bad_input_exits_2_with_a_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("referee lookup: error: ") and message in err


def test_cli_json_region(capsys):
    code, out, _ = run(capsys, "region", "--json", "2", "6", "6")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"map", "roll", "known", "region", "chance", "overridden", "message"}
    assert data["roll"] == {"red": 2, "white": [6, 6], "parity": "even", "white_sum": 12}
    assert data["region"] == {"code": "NW", "name": "Northwest"}
    assert data["chance"]["exact"] is True
    assert Fraction(data["chance"]["low"]) == region_chance(load_map("us"), "NW").low


def test_cli_json_city_and_destination(capsys):
    _, out, _ = run(capsys, "city", "--json", "NE", "1", "1", "1")
    city = json.loads(out)
    assert city["city"] == "New York" and city["known"] is True
    assert Fraction(city["chance"]["low"]) == Fraction(35, 864)
    _, out, _ = run(capsys, "destination", "--json", "3", "2", "2", "4", "5", "6")
    found = json.loads(out)
    assert set(found) == {"map", "known", "region", "city", "message"}
    assert found["city"]["city"] == "Mobile"


def test_cli_json_payoff(capsys):
    _, out, _ = run(capsys, "payoff", "--json", "--map", "gb", "Aberdeen", "Boston")
    data = json.loads(out)
    assert set(data) == {"map", "city_a", "city_b", "known", "payoff", "money_unit",
                         "money_note", "notes", "overridden", "message"}
    assert data["payoff"] is None and data["known"] is False
    assert data["money_unit"] == "£"
