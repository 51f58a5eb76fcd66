"""Loading maps: search folders, the playable flag, and house-rule overrides."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.games.railbaron.board import ChartNote, RailBaronMap
from referee.games.railbaron.charts import (
    LoadedMap,
    MapError,
    UnknownMapError,
    list_maps,
    load_map,
    load_map_dir,
)
from referee.games.railbaron.charts.lookup import city_for, payoff, region_for

FIXTURE = Path(__file__).parent / "fixtures" / "maps" / "tiny"
SHIPPED = TABLES_DIR / "railbaron"
HEADER = "table,key,value,reason\n"


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    """An instance folder holding the fixture map under maps/."""
    (tmp_path / "maps").mkdir()
    shutil.copytree(FIXTURE, tmp_path / "maps" / "tiny")
    (tmp_path / "overrides").mkdir()
    return tmp_path


def write_overrides(instance: Path, key: str, rows: str) -> None:
    (instance / "overrides" / f"{key}.csv").write_text(HEADER + rows, encoding="utf-8")


def test_shipped_maps_load_as_rail_baron_maps():
    us = load_map("us")
    assert isinstance(us, RailBaronMap) and isinstance(us, LoadedMap)
    assert us.key == "us" and us.money_unit == "$" and us.default_edition == "classic"
    assert us.playable and us.unknown_cells == 0
    assert us.source_dir == SHIPPED / "us"


def test_gb_is_lookup_only():
    gb = load_map("gb")
    assert not gb.playable
    assert gb.railroads_status == "not transcribed"
    assert gb.unknown_cells == 13 + 211
    assert gb.default_edition == "classic" and gb.money_unit == "£"


def test_a_loaded_map_survives_the_plain_data_round_trip():
    us = load_map("us")
    again = RailBaronMap.from_dict(us.to_dict())
    for name in ("regions", "region_table", "city_table", "cities", "payoffs", "railroads",
                 "service", "notes", "default_edition", "money_unit"):
        assert getattr(again, name) == getattr(us, name), name


def test_list_maps_defaults_to_the_shipped_maps():
    summaries = {s.key: s for s in list_maps()}
    assert sorted(summaries) == ["gb", "us"]
    assert summaries["us"].playable and summaries["us"].unknown_cells == 0
    assert not summaries["gb"].playable and summaries["gb"].unknown_cells == 224
    assert summaries["gb"].errors == 0 and summaries["gb"].source_dir == SHIPPED / "gb"


def test_instance_maps_come_after_the_shipped_ones(instance):
    assert [s.key for s in list_maps(instance_dir=instance)] == ["gb", "us", "tiny"]
    assert load_map("tiny", instance_dir=instance).name.startswith("Tiny test fixture")
    shutil.copytree(FIXTURE, instance / "maps" / "us", dirs_exist_ok=True)
    assert load_map("us", instance_dir=instance).source_dir == SHIPPED / "us"


def test_list_maps_shows_a_broken_map_without_failing(instance):
    (instance / "maps" / "tiny" / "notes.csv").write_text("bad header\n", encoding="utf-8")
    (summary,) = list_maps([instance / "maps"])
    assert summary.errors == 1 and not summary.playable


@pytest.mark.parametrize("key", ["atlantis", "../us", "_template", ""])
def test_unknown_map_keys_are_refused(key):
    with pytest.raises(UnknownMapError, match="no map"):
        load_map(key)


def test_a_broken_map_raises_map_error_with_its_problems(instance):
    (instance / "maps" / "tiny" / "regions.csv").write_text("code,name\nN,North\nN,Nord\n",
                                                             encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_map("tiny", instance_dir=instance)
    assert "regions.csv line 3: code N repeats line 2" in [str(p) for p in caught.value.problems]
    assert "regions.csv line 3: code N repeats line 2" in str(caught.value)


# -- overrides ---------------------------------------------------------------------------------


def test_overrides_change_cells_and_say_so(instance):
    write_overrides(instance, "tiny",
                    "payoff,Bravo|Alpha,7000,we count the ferry\n"
                    "region,odd|2,South,house table\n"
                    "city,N|even|2,alpha,house table\n"
                    "price,aa,12000,cheaper in our game\n")
    board = load_map("tiny", instance_dir=instance)
    assert board.payoff("Alpha", "Bravo") == 7000
    assert board.region_table["odd", 2] == "S"
    assert board.city_table["N", "even", 2] == "Alpha"
    assert board.railroads["AA"].price == 12000
    assert board.overridden == {("payoff", "Alpha", "Bravo"), ("region", "odd", "2"),
                                ("city", "N", "even", "2"), ("price", "AA")}
    assert ChartNote("Alpha", "Bravo", "overridden: we count the ferry") in board.notes
    assert payoff(board, "alpha", "bravo").overridden
    assert "overridden: we count the ferry" in payoff(board, "alpha", "bravo").notes
    assert region_for(board, 1, 1, 1).overridden
    assert "(house rule)" in region_for(board, 1, 1, 1).describe()
    assert city_for(board, "N", 2, 1, 1).overridden
    assert not city_for(board, "N", 2, 3, 3).overridden


def test_overrides_without_a_file_change_nothing(instance):
    board = load_map("tiny", instance_dir=instance)
    assert board.overridden == set()
    plain = load_map_dir(FIXTURE)
    assert (board.payoffs, board.notes, board.railroads) == (plain.payoffs, plain.notes,
                                                             plain.railroads)


def test_overrides_dir_can_be_given_alone(tmp_path):
    write_dir = tmp_path / "rules"
    write_dir.mkdir()
    (write_dir / "us.csv").write_text(HEADER + "payoff,Atlanta|Casper,15500,Boxcars value\n",
                                      encoding="utf-8")
    us = load_map("us", overrides_dir=write_dir)
    found = payoff(us, "Casper", "Atlanta")
    assert found.amount == 15500 and found.overridden
    assert found.notes[-1] == "overridden: Boxcars value"
    assert any(note.startswith("Suspect") for note in found.notes)
    assert load_map("us").payoff("Atlanta", "Casper") == 25500


@pytest.mark.parametrize(("row", "message"), [
    ("payoff,Alpha|Zulu,100,x", "unknown city 'Zulu'"),
    ("payoff,Alpha|Alpha,100,x", "Alpha is paired with itself"),
    ("payoff,Alpha|Bravo,-1,x", "value '-1' is not a positive whole number"),
    ("payoff,Alpha|Bravo,?,x", "value '?' is not a positive whole number"),
    ("payoff,Alpha,100,x", "a payoff key is two cities: CITY|CITY"),
    ("payoff,Alpha|Bravo,100,", "empty reason (say why the house rule changes this cell)"),
    ("region,odd|13,N,x", "white sum '13' is not a whole number from 2 to 12"),
    ("region,red|7,N,x", "parity 'red' is not odd or even"),
    ("region,odd|7,Middle,x", "unknown region 'Middle'"),
    ("city,N|odd|7,Charlie,x", "Charlie is in region S, not N"),
    ("city,X|odd|7,Alpha,x", "unknown region 'X'"),
    ("price,ZZ,100,x", "unknown railroad 'ZZ'"),
    ("colour,AA,#000000,x", "unknown table 'colour' (one of payoff, region, city, price, route)"),
])
def test_bad_overrides_are_refused_with_file_and_line(instance, row, message):
    write_overrides(instance, "tiny", row + "\n")
    with pytest.raises(MapError) as caught:
        load_map("tiny", instance_dir=instance)
    assert f"overrides/tiny.csv line 2: {message}" in [str(p) for p in caught.value.problems]


def test_the_same_cell_overridden_twice_is_refused(instance):
    write_overrides(instance, "tiny", "payoff,Alpha|Bravo,1,x\npayoff,Bravo|Alpha,2,y\n")
    with pytest.raises(MapError, match="overrides/tiny.csv line 3: overrides the same cell as "
                                       "line 2"):
        load_map("tiny", instance_dir=instance)


def test_the_tables_package_imports_neither_flask_nor_sqlite_utils():
    code = (
        "import sys, importlib\n"
        "for name in ('referee.games.railbaron.charts', 'referee.games.railbaron.charts.lookup',"
        " 'referee.games.railbaron.charts.overrides'):\n"
        "    importlib.import_module(name)\n"
        "print(','.join(sorted(m for m in sys.modules\n"
        "                      if m.split('.')[0] in ('flask', 'sqlite_utils', 'werkzeug'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


def test_a_cached_map_is_loaded_again_only_when_a_file_changes(tmp_path):
    folder = tmp_path / "maps" / "tiny"
    shutil.copytree(FIXTURE, folder)
    first = load_map("tiny", instance_dir=tmp_path, cached=True)
    assert load_map("tiny", instance_dir=tmp_path, cached=True) is first
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "tiny.csv").write_text(
        "table,key,value,reason\npayoff,Alpha|Bravo,5500,misprint\n", encoding="utf-8")
    again = load_map("tiny", instance_dir=tmp_path, cached=True)
    assert again is not first and again.payoff("Alpha", "Bravo") == 5500
