"""A stored board opened back into the entry grids: each game's entry `cells(folder)` is the
inverse of its `files(key, cells)`, so a board read into cells and written out again checks as
it did and holds the same tables (what the grids do not hold is said where it is left out).

The boards: the shipped Rail Baron British map and Railway Rivals Austria map, the invented
Prairie test board and Railroad Barons test box of tests/fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.games import registry
from referee.games.prairie_railroads.board import load_board_folder
from referee.games.railbaron.charts.loader import load_map_dir
from referee.games.railroad_barons.box import load_box_folder
from referee.games.railway_rivals.mapdata import load_map_folder

FIXTURES = Path(__file__).resolve().parent / "fixtures"
WIDE = ("parity,white_sum,region,city,key,town,special,roll,primary,secondary,value,bonus,"
        "plus_circles,down_circles,code,name,city_a,city_b,payoff")  # every header, rows short


def written(game: str, folder: Path, into: Path, key: str) -> Path:
    """The folder's cells written out again by the game's entry, as `into/key`."""
    entry = registry.game(game).boards.entry
    cells = entry.cells(folder)
    assert cells, "nothing read"
    out = into / key
    out.mkdir()
    for name, data in entry.files(key, cells).items():
        (out / name).write_bytes(data)
    return out


def report(game: str, folder: Path) -> list[tuple[str, str, str]]:
    """The check's problems, without their lines (rows may come back in another order)."""
    problems = registry.game(game).boards.check(folder)
    return sorted((p.severity, p.file, p.message) for p in problems)


def test_the_british_rail_baron_map_comes_back_the_same(tmp_path):
    shipped = TABLES_DIR / "railbaron" / "gb"
    again = written("railbaron", shipped, tmp_path, "gb2")
    before, after = load_map_dir(shipped), load_map_dir(again)
    assert after.name == before.name and after.money_unit == before.money_unit == "£"
    assert after.regions == before.regions and after.cities == before.cities
    assert after.region_table == before.region_table
    assert after.city_table == before.city_table
    assert after.payoffs == before.payoffs  # 4,950 pairs, the 211 unknown ones still unknown
    assert sum(v is None for v in after.payoffs.values()) == 211
    assert after.railroads == before.railroads == {} and after.railroads_status == "not transcribed"
    assert report("railbaron", again) == [p for p in report("railbaron", shipped)
                                          if "notes" not in p[1]]


def test_a_typed_rail_baron_map_with_railroads_and_twins_comes_back_the_same(tmp_path):
    from tests.web import entry_maps
    entry = registry.game("railbaron").boards.entry
    cells: dict[str, dict[str, str]] = {}
    for name, text in (entry_maps.cells() | {"payoffs|Brill|Ashby": "-"}).items():
        grid, _, cell = name.partition("|")
        cells.setdefault(grid, {})[cell] = text
    first = tmp_path / "one"
    first.mkdir()
    for name, data in entry.files("one", cells).items():
        (first / name).write_bytes(data)
    assert entry.cells(first) == cells | {"map": cells["map"] | {
        "1|money": "$", "1|figures": "thousands", "1|source": entry_maps_source()}}
    again = written("railbaron", first, tmp_path, "two")
    before, after = load_map_dir(first), load_map_dir(again)
    assert after.railroads == before.railroads and after.service == before.service
    assert after.twins == before.twins == frozenset({("Ashby", "Brill")})
    assert after.payoffs == before.payoffs and report("railbaron", again) == report(
        "railbaron", first) == []


def test_the_us_map_written_in_full_opens_as_printed_in_thousands(tmp_path):
    shipped = TABLES_DIR / "railbaron" / "us"
    cells = registry.game("railbaron").boards.entry.cells(shipped)
    assert cells["map"]["1|figures"] == "thousands"
    typed = set(cells["payoffs"].values())
    assert {"10", "3.5"} <= typed and not any(len(v) > 4 for v in typed)  # 10000 as 10
    again = written("railbaron", shipped, tmp_path, "us2")
    before, after = load_map_dir(shipped), load_map_dir(again)
    assert after.payoffs == before.payoffs and after.railroads == before.railroads


def entry_maps_source() -> str:
    from referee.games.railbaron.entry import SOURCE
    return SOURCE


def test_the_austria_railway_rivals_map_comes_back_the_same(tmp_path):
    shipped = TABLES_DIR / "railway_rivals" / "austria"
    again = written("railway_rivals", shipped, tmp_path, "austria2")
    before, after = load_map_folder(shipped), load_map_folder(again)
    assert after.to_dict() | {"key": "austria"} == before.to_dict()
    assert report("railway_rivals", again) == report("railway_rivals", shipped)


def test_the_prairie_test_board_comes_back_the_same(tmp_path):
    folder = FIXTURES / "boards" / "prairie_test"
    again = written("prairie_railroads", folder, tmp_path, "prairie2")
    before, after = load_board_folder(folder), load_board_folder(again)
    assert after.to_dict() | {"key": before.key} == before.to_dict()
    assert report("prairie_railroads", again) == report("prairie_railroads", folder) == []


def test_the_barons_test_box_comes_back_the_same(tmp_path):
    folder = FIXTURES / "boxes" / "railroad_barons_test"
    again = written("railroad_barons", folder, tmp_path, "box2")
    before, after = load_box_folder(folder), load_box_folder(again)
    assert after.to_dict() | {"key": before.key} == before.to_dict() | {"key": before.key}
    assert report("railroad_barons", again) == report("railroad_barons", folder) == []


@pytest.mark.parametrize("game", ["railbaron", "railway_rivals", "prairie_railroads",
                                  "railroad_barons"])
def test_a_board_with_a_mistake_comes_back_with_the_same_problems(game, tmp_path):
    """A board that does not check opens too (to be corrected), and keeps its mistake."""
    sources = {"railbaron": TABLES_DIR / "railbaron" / "gb",
               "railway_rivals": TABLES_DIR / "railway_rivals" / "austria",
               "prairie_railroads": FIXTURES / "boards" / "prairie_test",
               "railroad_barons": FIXTURES / "boxes" / "railroad_barons_test"}
    planted = {"railbaron": ("region_table.csv", "odd,3,WR", "odd,3,QQ"),
               "railway_rivals": ("towns.csv", "\n", "\nGreyhavn,maybe,\n"),
               "prairie_railroads": ("cities.csv", "Troy,0,,yes", "Troy,x,,yes"),
               "railroad_barons": ("share_track.csv", "\n", "\nZ9,abc,,,no\n")}
    bad = tmp_path / "source" / sources[game].name  # the manifest's key is its folder's
    bad.mkdir(parents=True)
    for path in sources[game].iterdir():
        if path.is_file():
            (bad / path.name).write_bytes(path.read_bytes())
    name, old, new = planted[game]
    text = (bad / name).read_text(encoding="utf-8")
    (bad / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [p for p in report(game, bad) if p[0] == "error"]
    assert errors, "the planted mistake is an error"
    again = written(game, bad, tmp_path, "again")
    assert [p for p in report(game, again) if p[0] == "error"] == errors


@pytest.mark.parametrize("game", ["railbaron", "railway_rivals", "prairie_railroads",
                                  "railroad_barons"])
def test_a_folder_of_ragged_files_still_opens(game, tmp_path):
    """Short rows, a missing file and a manifest of the wrong shapes: the grids open with what
    can be read (the check then says what is wrong), never an error page."""
    manifest = registry.game(game).boards.manifest
    (tmp_path / manifest).write_text('twins = 3\nfiles = "x"\nprovenance = 1\n', "utf-8")
    for name in ("regions.csv", "region_table.csv", "city_table.csv", "payoffs.csv",
                 "towns.csv", "key_numbers.csv", "cities.csv", "growth.csv",
                 "share_track.csv", "holdings.csv", "investors.csv", "railroads.csv"):
        (tmp_path / name).write_text(f"{WIDE}\nodd\n,\n1,2,3,4,5\n{','.join(['x'] * 30)}\n",
                                     "utf-8")
    entry = registry.game(game).boards.entry
    cells = entry.cells(tmp_path)
    assert isinstance(entry.files("ragged", cells), dict)


def test_the_us_rail_baron_map_comes_back_playable_without_its_route_graph(tmp_path):
    shipped = TABLES_DIR / "railbaron" / "us"
    again = written("railbaron", shipped, tmp_path, "us2")
    before, after = load_map_dir(shipped), load_map_dir(again)
    for table in ("regions", "cities", "region_table", "city_table", "payoffs", "railroads",
                  "service", "twins"):
        assert getattr(after, table) == getattr(before, table), table
    assert after.playable and before.route_graph is not None and after.route_graph is None
    assert report("railbaron", again) == report("railbaron", shipped) == []
