"""Every shipped chart cell matches the public reference transcriptions, and the converter
regenerates the shipped files byte for byte.

The reference folder lives beside the repository (../shared/reference/railbaron); without it
there is nothing to compare with and the module is skipped.
"""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.games.railbaron.charts import load_map

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO.parent / "shared" / "reference" / "railbaron"
SHIPPED = TABLES_DIR / "railbaron"

if not REFERENCE.is_dir():
    pytest.skip("the reference transcriptions (../shared/reference/railbaron beside the "
                "repository) are not present: nothing to compare the shipped tables with",
                allow_module_level=True)


def reference(map_key: str, name: str) -> list[dict[str, str]]:
    with (REFERENCE / map_key / name).open(encoding="utf-8-sig", newline="") as handle:
        return [{k: v.strip() for k, v in row.items()} for row in csv.DictReader(handle)]


def key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@pytest.fixture(scope="module")
def us():
    return load_map("us")


@pytest.fixture(scope="module")
def gb():
    return load_map("gb")


# -- United States --------------------------------------------------------------------------


def test_us_regions_and_cities(us):
    assert us.regions == {r["region_code"]: r["region"] for r in reference("us", "regions.csv")}
    assert us.cities == {c["city"]: c["region_code"] for c in reference("us", "cities.csv")}
    assert len(us.cities) == 67


def test_us_region_table_all_22_cells(us):
    rows = reference("us", "region_table.csv")
    assert len(rows) == 22
    wrong = [r for r in rows
             if us.region_table[r["red_die"], int(r["white_sum"])] != r["region_code"]]
    assert wrong == []
    assert len(us.region_table) == 22


def test_us_city_table_all_154_cells(us):
    rows = reference("us", "city_table.csv")
    assert len(rows) == 154
    wrong = [r for r in rows
             if us.city_table[r["region_code"], r["red_die"], int(r["white_sum"])] != r["city"]]
    assert wrong == []
    assert len(us.city_table) == 154


def test_us_payoffs_all_2211_cells(us):
    rows = reference("us", "payoffs.csv")
    assert len(rows) == 2211
    wrong = [r for r in rows
             if us.payoffs[key(r["city_a"], r["city_b"])] != int(r["payoff_usd"])]
    assert wrong == []
    assert len(us.payoffs) == 2211


def test_us_payoffs_read_the_same_in_the_square_chart(us):
    with (REFERENCE / "us" / "payoff_matrix.csv").open(encoding="utf-8", newline="") as handle:
        matrix = list(csv.reader(handle))
    header = matrix[0][1:]
    for row in matrix[1:]:
        for other, value in zip(header, row[1:], strict=True):
            assert us.payoff(row[0], other) == int(value), (row[0], other)


def test_us_railroads_and_prices(us):
    rows = reference("us", "railroads.csv")
    assert len(rows) == 28
    assert [(r["abbr"], r["name"], int(r["price_usd"])) for r in rows] == [
        (rr.abbr, rr.name, rr.price) for rr in us.railroads.values()]
    assert not any(rr.public for rr in us.railroads.values())


def test_us_railroad_colours_are_distinct_and_readable(us):
    colours = [rr.colour for rr in us.railroads.values()]
    assert len(set(colours)) == len(colours)
    for colour in colours:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        assert 1.05 / (luminance + 0.05) >= 3, f"{colour} is too pale on a white page"


def test_us_service(us):
    expected = {(r["railroad"], r["city"]) for r in reference("us", "railroad_cities.csv")}
    shipped = {(rr, city) for rr, cities in us.service.items() for city in cities}
    assert shipped == expected
    assert len(shipped) == 199


def test_us_twins_pay_nothing(us):
    twins = {key(c["city"], c["twin_of"]) for c in reference("us", "cities.csv") if c["twin_of"]}
    assert us.twins == twins
    assert all(us.payoff(a, b) == 0 for a, b in twins)


@pytest.mark.parametrize(("a", "b", "value"), [
    ("Chattanooga", "Tampa", 2000),
    ("Atlanta", "Casper", 25500),
    ("Baltimore", "Washington", 500),
    ("Jacksonville", "Miami", 3000),
    ("Dallas", "Fort Worth", 500),
    ("Minneapolis", "Shreveport", 8000),
    ("Shreveport", "St. Paul", 10500),
])
def test_us_suspect_cells_carry_a_note(us, a, b, value):
    assert us.payoff(a, b) == value
    assert us.notes_for(a, b), f"no chart note for {a}–{b}"


# -- Great Britain --------------------------------------------------------------------------


def test_gb_regions_and_cities(gb):
    assert sorted(gb.regions.values()) == sorted(r["region"] for r in reference("gb",
                                                                                "regions.csv"))
    names = {code: name for code, name in gb.regions.items()}
    assert {c: names[r] for c, r in gb.cities.items()} == {
        c["city"]: c["region"] for c in reference("gb", "cities.csv")}


def test_gb_region_table(gb):
    rows = reference("gb", "region_table.csv")
    assert len(rows) == 22
    wrong = [r for r in rows
             if gb.regions[gb.region_table[r["red_die"], int(r["white_sum"])]] != r["region"]]
    assert wrong == []


def test_gb_city_table_known_cells_match_and_disputed_cells_are_unknown(gb):
    codes = {name: code for code, name in gb.regions.items()}
    rows = reference("gb", "city_table.csv")
    assert len(rows) == 220
    shipped = {(r["region"], r["red_die"], r["white_sum"]):
               gb.city_table[codes[r["region"]], r["red_die"], int(r["white_sum"])]
               for r in rows}
    wrong = [(cell, value) for cell, value in shipped.items()
             if value != (next(r["city"] for r in rows
                               if (r["region"], r["red_die"], r["white_sum"]) == cell) or None)]
    assert wrong == []
    disputed = {(r["region"], r["red_die"], r["white_sum"])
                for r in reference("gb", "city_table_conflicts.csv")}
    assert {cell for cell, value in shipped.items() if value is None} == disputed
    assert len(disputed) == 13


def test_gb_payoffs_known_cells_match_and_disputed_cells_are_unknown(gb):
    rows = reference("gb", "payoffs.csv")
    assert len(rows) == 4950
    wrong = [r for r in rows
             if gb.payoffs[key(r["city_a"], r["city_b"])] != (
                 int(r["payoff"]) * 1000 if r["payoff"] else None)]  # printed in thousands
    assert wrong == []
    disputed = {key(r["city_a"], r["city_b"]) for r in reference("gb", "payoff_conflicts.csv")}
    assert {pair for pair, value in gb.payoffs.items() if value is None} == disputed
    assert len(disputed) == 211


def test_gb_disputed_payoffs_note_every_reading(gb):
    columns = ("awittig_a_to_b", "awittig_b_to_a", "levonbragg_a_to_b", "levonbragg_b_to_a")
    for row in reference("gb", "payoff_conflicts.csv"):
        texts = " ".join(n.text for n in gb.notes_for(row["city_a"], row["city_b"]))
        for column in columns:
            assert row[column] in re.findall(r"\d+", texts), (row, texts)


def test_gb_has_no_railroads_and_says_so(gb):
    assert gb.railroads == {}
    assert gb.railroads_status == "not transcribed"
    assert not gb.playable
    assert any("railroads" in line for line in gb.missing)


# -- the converter --------------------------------------------------------------------------


def run_converter(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", "convert-charts", *args],
                          capture_output=True, text=True, check=False)


def test_converter_regenerates_the_shipped_files_byte_for_byte(tmp_path):
    result = run_converter("--reference", str(REFERENCE), "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for folder in ("us", "gb", "_template"):
        made = sorted(p.name for p in (tmp_path / folder).iterdir())
        shipped = sorted(p.name for p in (SHIPPED / folder).iterdir() if p.name != "HOWTO.md")
        assert made == shipped, folder
        for name in made:
            made_bytes = (tmp_path / folder / name).read_bytes()
            assert made_bytes == (SHIPPED / folder / name).read_bytes(), \
                f"{folder}/{name} differs from what the converter writes"


def test_converter_refuses_a_missing_reference_folder(tmp_path):
    result = run_converter("--reference", str(tmp_path / "nowhere"), "--out", str(tmp_path))
    assert result.returncode == 1
    assert "reference folder not found" in result.stderr
    assert not (tmp_path / "us").exists()
