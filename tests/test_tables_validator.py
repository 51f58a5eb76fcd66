"""The map validator: shipped maps pass; each deliberately broken map fails with its message."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.cli import main
from referee.games.railbaron.charts import check_map_dir
from referee.games.railbaron.charts.format import DEFAULT_FILE_NAMES, REQUIRED_FIELDS, TABLE_FILES
from referee.games.railbaron.charts.loader import map_dirs

FIXTURE = Path(__file__).parent / "fixtures" / "maps" / "tiny"
SHIPPED = TABLES_DIR / "railbaron"


def errors(folder: Path) -> list[str]:
    return [str(p) for p in check_map_dir(folder) if p.severity == "error"]


def warnings(folder: Path) -> list[str]:
    return [str(p) for p in check_map_dir(folder) if p.severity == "warning"]


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A fresh copy of the valid test fixture map, free to break."""
    return Path(shutil.copytree(FIXTURE, tmp_path / "tiny"))


def edit(folder: Path, name: str, change: Callable[[str], str]) -> None:
    path = folder / name
    before = path.read_text(encoding="utf-8")
    after = change(before)
    assert after != before, f"the edit of {name} changed nothing"
    path.write_text(after, encoding="utf-8")


def replace_line(old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        lines = text.split("\n")
        assert lines.count(old) == 1, old
        lines[lines.index(old)] = new
        return "\n".join(lines)
    return change


def append(row: str) -> Callable[[str], str]:
    return lambda text: text + row + "\n"


# -- maps that pass ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(map_dirs([SHIPPED])))
def test_every_shipped_map_passes(key):
    assert errors(SHIPPED / key) == []


def test_shipped_maps_are_us_and_gb():
    assert sorted(map_dirs([SHIPPED])) == ["gb", "us"]


def test_the_fixture_map_has_no_problem_at_all():
    assert check_map_dir(FIXTURE) == []


def test_gb_warns_about_cities_only_in_unknown_cells():
    assert warnings(SHIPPED / "gb") == [
        "cities.csv line 5: Bangor appears in no city-table cell",
        "cities.csv line 18: Brighton appears in no city-table cell",
    ]


def test_template_files_carry_the_headers():
    template = SHIPPED / "_template"
    for key, name in DEFAULT_FILE_NAMES.items():
        assert (template / name).read_text(encoding="utf-8") == ",".join(TABLE_FILES[key]) + "\n"
    manifest = tomllib.loads((template / "map.toml").read_text(encoding="utf-8"))
    assert set(REQUIRED_FIELDS) <= set(manifest)
    assert manifest["files"] == DEFAULT_FILE_NAMES
    assert (template / "HOWTO.md").is_file()


def test_a_copied_template_is_reported_empty(tmp_path):
    folder = Path(shutil.copytree(SHIPPED / "_template", tmp_path / "newmap"))
    found = errors(folder)
    assert found[:2] == ["regions.csv: no regions", "cities.csv: no cities"]
    assert "region_table.csv: missing cell odd 2" in found


def test_unknown_cells_are_accepted(tiny):
    edit(tiny, "region_table.csv", replace_line("odd,7,N", "odd,7,?"))
    edit(tiny, "city_table.csv", replace_line("S,odd,12,Echo", "S,odd,12,?"))
    edit(tiny, "payoffs.csv", replace_line("Alpha,Bravo,5000", "Alpha,Bravo,?"))
    assert errors(tiny) == []


def test_a_payoff_row_may_name_its_cities_in_either_order(tiny):
    edit(tiny, "payoffs.csv", replace_line("Alpha,Bravo,5000", "Bravo,Alpha,5000"))
    assert errors(tiny) == []


def test_a_map_whose_railroads_are_not_transcribed_passes_when_it_says_so(tiny):
    edit(tiny, "map.toml", replace_line('railroads = "transcribed"',
                                        'railroads = "not transcribed"'))
    (tiny / "railroads.csv").write_text("abbr,name,price,public,colour\n", encoding="utf-8")
    (tiny / "service.csv").write_text("railroad,city\n", encoding="utf-8")
    assert errors(tiny) == []


# -- maps that fail, one breakage each -------------------------------------------------------

BROKEN = {
    "missing region cell": (
        lambda m: edit(m, "region_table.csv", replace_line("odd,7,N", "")),
        ["region_table.csv: missing cell odd 7"],
    ),
    "empty region cell": (
        lambda m: edit(m, "region_table.csv", replace_line("odd,7,N", "odd,7,")),
        ["region_table.csv line 7: empty region cell (write ? if the chart cell is unknown)"],
    ),
    "missing city cell": (
        lambda m: edit(m, "city_table.csv", replace_line("S,even,12,Delta", "")),
        ["city_table.csv: region S: missing cell even 12"],
    ),
    "bad die sum": (
        lambda m: edit(m, "region_table.csv", replace_line("odd,12,S", "odd,13,S")),
        ["region_table.csv line 12: white sum '13' is not a whole number from 2 to 12",
         "region_table.csv: missing cell odd 12"],
    ),
    "bad parity": (
        lambda m: edit(m, "city_table.csv", replace_line("N,odd,2,Alpha", "N,red,2,Alpha")),
        ["city_table.csv line 2: parity 'red' is not odd or even",
         "city_table.csv: region N: missing cell odd 2"],
    ),
    "repeated cell": (
        lambda m: edit(m, "region_table.csv", replace_line("odd,8,S", "odd,9,S")),
        ["region_table.csv line 9: cell odd 9 repeats line 8",
         "region_table.csv: missing cell odd 8"],
    ),
    "unknown city in a city cell": (
        lambda m: edit(m, "city_table.csv", replace_line("S,odd,12,Echo", "S,odd,12,Zulu")),
        ["city_table.csv line 34: unknown city 'Zulu' (not in cities.csv)"],
    ),
    "city in the wrong region's table": (
        lambda m: edit(m, "city_table.csv", replace_line("S,odd,12,Echo", "S,odd,12,Alpha")),
        ["city_table.csv line 34: Alpha is in region N in cities.csv, not S"],
    ),
    "city not in the payoff chart": (
        lambda m: (edit(m, "cities.csv", append("Foxtrot,S")),
                   edit(m, "city_table.csv", replace_line("S,odd,12,Echo", "S,odd,12,Foxtrot"))),
        ["payoffs.csv: Foxtrot has no payoff at all (5 pairs missing)",
         "cities.csv line 7: Foxtrot is served by no railroad: no train could reach it (add "
         "its railroads to service.csv)"],
    ),
    "missing payoff pair": (
        lambda m: edit(m, "payoffs.csv", replace_line("Charlie,Delta,4000", "")),
        ["payoffs.csv: missing pair Charlie–Delta"],
    ),
    "asymmetric payoff": (
        lambda m: edit(m, "payoffs.csv", append("Bravo,Alpha,6000")),
        ["payoffs.csv line 12: Bravo–Alpha is 6000 here but 5000 on line 2 "
         "(keep one row per pair)"],
    ),
    "repeated payoff": (
        lambda m: edit(m, "payoffs.csv", append("Alpha,Bravo,5000")),
        ["payoffs.csv line 12: Alpha–Bravo repeats line 2"],
    ),
    "negative payoff": (
        lambda m: edit(m, "payoffs.csv", replace_line("Alpha,Bravo,5000", "Alpha,Bravo,-5000")),
        ["payoffs.csv line 2: payoff '-5000' is not a positive whole number or ?"],
    ),
    "zero payoff between cities that are not twins": (
        lambda m: edit(m, "payoffs.csv", replace_line("Alpha,Bravo,5000", "Alpha,Bravo,0")),
        ["payoffs.csv line 2: payoff 0 is only for twin cities (list them as twins in map.toml)"],
    ),
    "payoff with an unknown city": (
        lambda m: edit(m, "payoffs.csv", append("Alpha,Zulu,100")),
        ["payoffs.csv line 12: unknown city 'Zulu' (not in cities.csv)"],
    ),
    "city paired with itself": (
        lambda m: edit(m, "payoffs.csv", append("Alpha,Alpha,100")),
        ["payoffs.csv line 12: Alpha is paired with itself"],
    ),
    "negative price": (
        lambda m: edit(m, "railroads.csv", replace_line("AA,Alpha Air Line,10000,no,#c62828",
                                                        "AA,Alpha Air Line,-10000,no,#c62828")),
        ["railroads.csv line 2: price '-10000' is not a positive whole number"],
    ),
    "duplicate abbreviation": (
        lambda m: edit(m, "railroads.csv", append("AA,Another Line,5000,no,#123456")),
        ["railroads.csv line 5: abbreviation AA repeats line 2"],
    ),
    "duplicate name": (
        lambda m: edit(m, "railroads.csv", append("DD,Alpha Air Line,5000,no,#123456")),
        ["railroads.csv line 5: name 'Alpha Air Line' repeats line 2"],
    ),
    "public neither yes nor no": (
        lambda m: edit(m, "railroads.csv", replace_line("CC,Charlie Coast,4000,yes,#09a509",
                                                        "CC,Charlie Coast,4000,true,#09a509")),
        ["railroads.csv line 4: public 'true' is not yes or no"],
    ),
    "bad colour": (
        lambda m: edit(m, "railroads.csv", replace_line("CC,Charlie Coast,4000,yes,#09a509",
                                                        "CC,Charlie Coast,4000,yes,green")),
        ["railroads.csv line 4: colour 'green' is not #rrggbb"],
    ),
    "service naming an unknown railroad": (
        lambda m: edit(m, "service.csv", append("ZZ,Alpha")),
        ["service.csv line 10: unknown railroad 'ZZ' (not in railroads.csv)"],
    ),
    "service naming an unknown city": (
        lambda m: edit(m, "service.csv", append("AA,Zulu")),
        ["service.csv line 10: unknown city 'Zulu' (not in cities.csv)"],
    ),
    "note naming an unknown city": (
        lambda m: edit(m, "notes.csv", append("Alpha,Zulu,a remark")),
        ["notes.csv line 3: unknown city 'Zulu' (not in cities.csv)"],
    ),
    "duplicate city": (
        lambda m: edit(m, "cities.csv", append("alpha,N")),
        ["cities.csv line 7: city alpha repeats line 2"],
    ),
    "city in an unknown region": (
        lambda m: edit(m, "cities.csv", replace_line("Echo,S", "Echo,X")),
        ["cities.csv line 6: unknown region 'X' (not a code in regions.csv)"],
    ),
    "duplicate region name": (
        lambda m: edit(m, "regions.csv", append("E,north")),
        ["regions.csv line 4: name 'north' repeats line 2"],
    ),
    "wrong header": (
        lambda m: edit(m, "regions.csv", replace_line("code,name", "kode,name")),
        ["regions.csv line 1: expected header code,name, found kode,name"],
    ),
    "row with too many fields": (
        lambda m: edit(m, "notes.csv", append("Alpha,Bravo,a remark,extra")),
        ["notes.csv line 3: expected 3 fields, found 4"],
    ),
    "missing manifest field": (
        lambda m: edit(m, "map.toml", replace_line('name = "Tiny test fixture (not a real map)"',
                                                   "")),
        ["map.toml: missing field 'name'"],
    ),
    "missing provenance summary": (
        lambda m: edit(m, "map.toml", lambda t: t.replace("summary =", "summry =")),
        ["map.toml: missing field 'provenance.summary'"],
    ),
    "missing file name in the manifest": (
        lambda m: edit(m, "map.toml", replace_line('notes = "notes.csv"', "")),
        ["map.toml: missing field 'files.notes'"],
    ),
    "manifest key and folder disagree": (
        lambda m: edit(m, "map.toml", replace_line('key = "tiny"', 'key = "small"')),
        ["map.toml: key 'small' does not match the folder name 'tiny'"],
    ),
    "invalid manifest": (
        lambda m: edit(m, "map.toml", append("name = ")),
        ["map.toml: not valid TOML: Invalid value (at line 22, column 8)"],
    ),
    "missing file": (
        lambda m: (m / "service.csv").unlink(),
        ["service.csv: file is missing"],
    ),
    "railroads missing although the manifest says transcribed": (
        lambda m: ((m / "railroads.csv").write_text("abbr,name,price,public,colour\n"),
                   (m / "service.csv").write_text("railroad,city\n")),
        ['railroads.csv: no railroads (if they are not transcribed yet, write '
         'railroads = "not transcribed" in map.toml)'],
    ),
    "railroads present although the manifest says not transcribed": (
        lambda m: edit(m, "map.toml", replace_line('railroads = "transcribed"',
                                                   'railroads = "not transcribed"')),
        ["railroads.csv: map.toml says railroads are not transcribed, but this file has rows",
         "service.csv: map.toml says railroads are not transcribed, but this file has rows"],
    ),
    "twin naming an unknown city": (
        lambda m: edit(m, "map.toml", replace_line("twins = []", 'twins = [["Alpha", "Zulu"]]')),
        ["map.toml: twins entry ['Alpha', 'Zulu'] names unknown city 'Zulu'"],
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_map_is_rejected_with_its_message(tiny, case):
    breakage, expected = BROKEN[case]
    assert errors(tiny) == []
    breakage(tiny)
    assert errors(tiny) == expected


def test_a_declared_twin_pair_may_pay_nothing(tiny):
    edit(tiny, "map.toml", replace_line("twins = []", 'twins = [["Alpha", "Bravo"]]'))
    edit(tiny, "payoffs.csv", replace_line("Alpha,Bravo,5000", "Alpha,Bravo,0"))
    assert errors(tiny) == []


def test_warnings_do_not_fail_a_map(tiny):
    edit(tiny, "service.csv", append("AA,Alpha"))
    edit(tiny, "railroads.csv", replace_line("CC,Charlie Coast,4000,yes,#09a509",
                                             "CC,Charlie Coast,4000,yes,#C62828"))
    assert errors(tiny) == []
    assert warnings(tiny) == ["railroads.csv line 4: colour #C62828 repeats line 2",
                              "service.csv line 10: AA at Alpha repeats line 2"]


# -- referee tables check / list -------------------------------------------------------------


def test_tables_check_passes_on_the_shipped_maps(capsys):
    assert main(["tables", "check"]) == 0
    out = capsys.readouterr().out
    assert "us (Rail Baron): ok" in out and "gb (Rail Baron): 0 error(s), 2 warning(s)" in out
    assert "2 board(s) checked, 0 with errors" in out


def test_tables_check_one_shipped_map(capsys):
    assert main(["tables", "check", "us"]) == 0
    assert capsys.readouterr().out.startswith("us (")


def test_tables_check_a_good_folder(capsys):
    assert main(["tables", "check", str(FIXTURE)]) == 0
    assert ": ok" in capsys.readouterr().out


def test_tables_check_fails_on_a_broken_folder_and_names_file_and_line(tiny, capsys):
    edit(tiny, "railroads.csv", append("AA,Another Line,5000,no,#123456"))
    assert main(["tables", "check", str(tiny)]) == 1
    assert "error: railroads.csv line 5: abbreviation AA repeats line 2" in \
        capsys.readouterr().out


def test_tables_check_finds_an_instance_map(tiny, capsys):
    instance = tiny.parent
    (instance / "maps").mkdir()
    shutil.move(tiny, instance / "maps" / "tiny")
    assert main(["tables", "check", "tiny", "--instance", str(instance)]) == 0


def test_tables_check_reports_bad_overrides(tmp_path, capsys):
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "us.csv").write_text(
        "table,key,value,reason\npayoff,Atlanta|Atlantis,100,typo\n", encoding="utf-8")
    assert main(["tables", "check", "us", "--instance", str(tmp_path)]) == 1
    assert "overrides/us.csv line 2: unknown city 'Atlantis'" in capsys.readouterr().out


def test_tables_check_unknown_map_is_a_usage_error(capsys):
    assert main(["tables", "check", "atlantis"]) == 2
    assert "no Rail Baron board or folder 'atlantis' (known: gb, us)" in capsys.readouterr().err


def test_tables_list(capsys):
    assert main(["tables", "list"]) == 0
    out = capsys.readouterr().out
    assert "United States (Avalon Hill Rail Baron) (shipped; playable)" in out
    assert "(shipped; not playable; 224 unknown cell(s))" in out
