"""What an owner types into the entry grids in the tests, by grid id and cell id (`row|column`):
a small invented Rail Baron map ("Testshire", not a printed one), and the invented test box of
Railroad Barons."""

from __future__ import annotations

import csv
from pathlib import Path

REGIONS = [("N", "Northland"), ("S", "Southland")]
CITIES = [("Ashby", "N"), ("Brill", "N"), ("Corrin", "S"), ("Dunlow", "S")]
# white sum -> (odd, even)
REGION_TABLE = {s: ("N" if s <= 7 else "S", "S" if s <= 6 else "N") for s in range(2, 13)}
CITY_TABLE = {
    "N": {s: ("Ashby" if s <= 7 else "Brill", "Brill" if s <= 7 else "Ashby")
          for s in range(2, 13)},
    "S": {s: ("Corrin" if s <= 6 else "Dunlow", "Dunlow" if s <= 7 else "Corrin")
          for s in range(2, 13)},
}
PAYOFFS = {("Brill", "Ashby"): 4500, ("Corrin", "Ashby"): 9500, ("Corrin", "Brill"): 7000,
           ("Dunlow", "Ashby"): 11500, ("Dunlow", "Brill"): 8500, ("Dunlow", "Corrin"): 3500}
RAILROADS = [("NR", "Northern Rail", 9000, "no", "#aa2222"),
             ("SL", "Southern Line", 7000, "no", "#2222aa"),
             ("PB", "Public Belt", 3000, "yes", "#22aa22")]
SERVICE = {"NR": ("Ashby", "Brill", "Corrin"), "SL": ("Brill", "Corrin", "Dunlow"),
           "PB": ("Ashby", "Brill", "Corrin", "Dunlow")}


def printed(amount: int) -> str:
    """An amount as the charts print it, in thousands: 4500 as 4.5."""
    return f"{amount / 1000:g}"


def cells() -> dict[str, str]:
    """Every cell of the map, `grid|row|column` -> text, as the autosave posts them: payoffs
    and prices as printed, in thousands (the grids' figures unless told full)."""
    out = {"map|1|name": "Testshire (invented)", "map|1|edition": "modern"}
    for n, (code, name) in enumerate(REGIONS, start=1):
        out |= {f"regions|{n}|code": code, f"regions|{n}|name": name}
    for n, (city, region) in enumerate(CITIES, start=1):
        out |= {f"cities|{n}|city": city, f"cities|{n}|region": region}
    for s, (odd, even) in REGION_TABLE.items():
        out |= {f"region_table|{s}|odd": odd, f"region_table|{s}|even": even}
    for code, table in CITY_TABLE.items():
        for s, (odd, even) in table.items():
            out |= {f"city_table-{code}|{s}|odd": odd, f"city_table-{code}|{s}|even": even}
    for (a, b), value in PAYOFFS.items():
        out[f"payoffs|{a}|{b}"] = printed(value)
    for n, (abbr, name, price, public, colour) in enumerate(RAILROADS, start=1):
        out |= {f"railroads|{n}|abbr": abbr, f"railroads|{n}|name": name,
                f"railroads|{n}|price": printed(price), f"railroads|{n}|public": public,
                f"railroads|{n}|colour": colour}
    for abbr, served in SERVICE.items():
        out |= {f"service|{city}|{abbr}": "x" for city in served}
    return out


# -- a Railroad Barons box: the invented test box of tests/fixtures/boxes/railroad_barons_test --

TEST_BOX = Path(__file__).resolve().parent.parent / "fixtures" / "boxes" / "railroad_barons_test"


def _rows(name: str) -> list[dict[str, str]]:
    with (TEST_BOX / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(line for line in handle if not line.startswith("#")))


def box_cells() -> dict[str, str]:
    """Every cell of the test box as the grids take it: what the box prints, not the
    rulebook's names and order, which the template carries."""
    out = {"box|1|name": "Test box typed in", "box|1|investor_holding": "MSC",
           "box|1|investor_railroad": "Test Atlantic"}
    for row in _rows("holdings.csv"):
        out |= {f"holdings|{row['key']}|plus_circles": row["plus_circles"],
                f"holdings|{row['key']}|down_circles": row["down_circles"]}
    for row in _rows("investors.csv"):
        if row["bonus"]:
            out[f"investors|{row['value']}|bonus"] = row["bonus"]
    for grid, name in (("track", "share_track.csv"), ("railroads", "railroads.csv"),
                       ("obsolescence", "obsolescence.csv")):
        for n, row in enumerate(_rows(name), start=1):
            out |= {f"{grid}|{n}|{column}": text for column, text in row.items() if text}
    return out


# -- a Railway Rivals map: invented towns, six key numbers each ------------------------------

RIVALS_TOWNS = ["Ardle", "Bexmoor", "Cragg", "Dunfell", "Eskby", "Fawley"]


def rivals_cells() -> dict[str, str]:
    """The map as typed: its towns (no start or small known), one die row of keys per town."""
    out = {"map|1|name": "Pebbleshire (invented)"}
    for n, town in enumerate(RIVALS_TOWNS, start=1):
        out[f"towns|{n}|town"] = town
        out |= {f"keys|{n}|{units}": town for units in range(1, 7)}
    return out


# -- a Prairie Railroads board: the invented test board of tests/fixtures/boards/prairie_test --

TEST_BOARD = Path(__file__).resolve().parent.parent / "fixtures" / "boards" / "prairie_test"


def board_cells() -> dict[str, str]:
    """Every cell of the test board as the grids take it."""
    out = {"board|1|name": "Prairie test board typed in (made for the tests)"}
    for grid, name in (("cities", "cities.csv"), ("segments", "segments.csv"),
                       ("western", "western_builds.csv")):
        with (TEST_BOARD / name).open(encoding="utf-8", newline="") as handle:
            for n, row in enumerate(csv.DictReader(handle), start=1):
                out |= {f"{grid}|{n}|{column}": text for column, text in row.items() if text}
    with (TEST_BOARD / "growth.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            out |= {f"growth|{row['roll']}|primary": row["primary"],
                    f"growth|{row['roll']}|secondary": row["secondary"]}
    return out
