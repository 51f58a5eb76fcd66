"""Map data: the shipped Austria table, the template, and problems named by file and line."""

import shutil
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.engine.record import RecordError
from referee.games.contract import Problem
from referee.games.railway_rivals.game import rules_for
from referee.games.railway_rivals.mapdata import (
    MapError,
    RivalsMap,
    list_maps,
    load_map,
    load_map_folder,
    main,
)
from tests.railway_rivals.play import TEST_MAP, Table

MAPS = TABLES_DIR / "railway_rivals"


def test_austria_ships_its_36_key_numbers_marked_single_source():
    m = load_map("austria")
    assert m.status == "single source, check against your map"
    assert sorted(m.keys) == [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    assert m.keys_of("Wien") == [11, 12, 13, 14]
    assert m.keys_of("Linz") == [65, 66] and m.keys_of("Innsbruck") == [41, 42]
    assert m.keys[32] == "Oberdrasburg" and m.keys[44] == "Kitzbühel"
    assert len(m.towns) == 29
    # Nothing the source does not give: no start towns, small towns, special runs, neighbours.
    assert m.start_towns() == [] and not m.special and not m.neighbours
    assert all(t.small is None and t.start is None for t in m.towns.values())
    assert list_maps() == [("austria", "Austria (Dampfross Österreich)")]


def test_austria_key_numbers_match_the_reference_table():
    ref = Path(__file__).resolve().parent / "austria_reference.csv"
    rows = [line.split(",") for line in ref.read_text(encoding="utf-8").splitlines()[1:]]
    assert {int(k): town for k, town in rows} == load_map("austria").keys


def test_the_template_is_an_empty_map_that_says_what_is_missing():
    with pytest.raises(MapError) as err:
        load_map_folder(MAPS / "_template")
    assert [str(p) for p in err.value.problems] == [
        "towns.csv: no towns yet", "key_numbers.csv: no key numbers yet"]
    assert (MAPS / "_template" / "HOWTO.md").is_file()


def test_the_test_map_loads_with_a_special_run_and_a_missing_key():
    m = load_map_folder(TEST_MAP)
    assert m.special == {"Wales"} and 65 not in m.keys
    assert m.start_towns() == ["Aston", "Bury", "Hull"]
    assert m.towns["Dover"].small and m.borders("Bury", "Aston")


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


@pytest.fixture
def copy_of_test_map(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(TEST_MAP, folder)
    return folder


def test_every_problem_is_named_by_file_and_line(copy_of_test_map):
    folder = copy_of_test_map
    write(folder, "towns.csv", "town,start,small\nAston,yes,no\nAston,no,no\nBury,maybe,no\n"
          "Carlow,,\n")
    write(folder, "key_numbers.csv", "key,town,special\n11,Aston,no\n11,Carlow,no\n70,Carlow,no\n"
          "12,Nowhere,no\n13,Carlow,perhaps\n14,Aston\n21,Aston,yes\n")
    write(folder, "town_neighbours.csv", "town,neighbour\nAston,Aston\nAston,Zed\n")
    with pytest.raises(MapError) as err:
        load_map_folder(folder)
    assert err.value.problems == [
        Problem("towns.csv", 3, "'Aston' is listed twice"),
        Problem("towns.csv", 4, "start and small must be yes, no or empty, not 'maybe'"),
        Problem("key_numbers.csv", 3, "key 11 is listed twice"),
        Problem("key_numbers.csv", 4, "a key number is two digits 1 to 6 (11 to 66), not '70'"),
        Problem("key_numbers.csv", 5, "unknown town 'Nowhere' (not in the towns file)"),
        Problem("key_numbers.csv", 6, "special must be yes or no, not 'perhaps'"),
        Problem("key_numbers.csv", 7, "3 cells expected, found 2"),
        Problem("key_numbers.csv", 8, "Aston is a town in the towns file, not a special run"),
        Problem("town_neighbours.csv", 2, "a town does not border itself"),
        Problem("town_neighbours.csv", 3, "unknown town 'Zed' (not in the towns file)"),
    ]


def test_a_wrong_header_a_missing_file_and_bad_toml(copy_of_test_map):
    folder = copy_of_test_map
    write(folder, "towns.csv", "name,start,small\nAston,yes,no\n")
    (folder / "town_neighbours.csv").unlink()
    with pytest.raises(MapError) as err:
        load_map_folder(folder)
    assert [str(p) for p in err.value.problems] == [
        "towns.csv line 1: the header must be town,start,small",
        "town_neighbours.csv: cannot read (No such file or directory)"]
    write(folder, "map.toml", "name = \n")
    with pytest.raises(MapError) as err:
        load_map_folder(folder)
    assert err.value.problems[0].file == "map.toml"


def test_a_map_key_cannot_leave_the_maps_folder():
    for key in ("", "../austria", "_template", ".hidden"):
        with pytest.raises(MapError):
            load_map(key)


def test_an_inline_map_round_trips_and_is_checked_like_a_folder():
    m = load_map_folder(TEST_MAP)
    again = RivalsMap.from_dict(m.to_dict())
    assert again.keys == m.keys and again.towns == m.towns and again.neighbours == m.neighbours
    bad = m.to_dict()
    bad["key_numbers"].append([11, "Bury", False])
    with pytest.raises(MapError) as err:
        RivalsMap.from_dict(bad)
    assert str(err.value.problems[0]) == "map.key_numbers line 36: key 11 is listed twice"


def test_a_record_with_a_broken_map_is_a_record_error_naming_the_map():
    t = Table()
    record = dict(t.record, map="nowhere")
    with pytest.raises(RecordError, match="map: map.toml: no map manifest here"):
        rules_for(record)


def test_a_record_with_the_shipped_map_plays(capsys):
    t = Table(map_ref="austria")
    t.start(ann="Wien", bob="Wien", cy="Graz")
    assert t.state.stage == "building"
    assert "Wien" not in t.state.unreached() and len(t.state.unreached()) == 27


def test_the_check_command_prints_problems_or_what_it_read(capsys):
    assert main([str(MAPS / "austria")]) == 0
    out = capsys.readouterr().out
    assert "ok: Austria (Dampfross Österreich): 36 key numbers, 29 towns" in out
    assert "status: single source, check against your map" in out
    assert main([str(MAPS / "_template")]) == 1
    assert "towns.csv: no towns yet" in capsys.readouterr().out
