"""The box data: the test box loads, the template is reported empty, every problem is placed."""

import shutil
import subprocess
import sys

import pytest

from referee import TABLES_DIR
from referee.games.railroad_barons.box import (
    Box,
    BoxError,
    Obsolescence,
    load_box,
    load_box_folder,
)
from tests.railroad_barons.play import TEST_BOX, the_test_box

TEMPLATE = TABLES_DIR / "railroad_barons" / "_template"


def copy_of_test_box(tmp_path):
    return shutil.copytree(TEST_BOX, tmp_path / "mybox")


def problems(folder) -> list[str]:
    with pytest.raises(BoxError) as caught:
        load_box_folder(folder)
    return [str(p) for p in caught.value.problems]


def test_the_test_box_says_it_was_made_for_the_tests():
    box = the_test_box()
    assert box.name == "Test box (made for the tests, not the printed box)"
    assert box.operating_order() == ["MSC", "SB", "AVR", "DPI", "MBS"]
    assert [box.holdings[k].tokens for k in box.operating_order()] == [6, 6, 5, 4, 4]
    assert [c.name for c in box.cards][:3] == ["Ash Line", "Birch Line", "Test Atlantic"]
    assert box.card("Elm Line").sides[1].level == 4 and box.card("Elm Line").removed_side == 0
    assert box.card("Ivy Line").sides[1].category == "K"
    assert box.obsolescence == [Obsolescence(4, (), (2,)), Obsolescence(None, ("I", "K"), (4,))]
    assert box.par_space(90) == "s6" and box.end_value == 350


def test_an_inline_box_is_the_same_box():
    box = the_test_box()
    again = Box.from_dict(box.to_dict())
    assert again.to_dict() == box.to_dict()


def test_the_template_is_reported_empty_with_each_missing_value_placed():
    found = problems(TEMPLATE)
    assert ("holdings.csv line 2: MSC's (+) circles is missing: enter it from the printed "
            "box") in found
    assert "share_track.csv: no spaces yet" in found
    assert "railroads.csv: no railroads yet" in found
    assert ("investors.csv line 4: the $50 Investor's income bonus is missing: enter it from "
            "the printed box") in found


def test_a_shipped_box_name_cannot_climb_out_of_the_tables():
    with pytest.raises(BoxError):
        load_box("../railbaron")


def test_track_problems_name_file_and_line(tmp_path):
    folder = copy_of_test_box(tmp_path)
    track = folder / "share_track.csv"
    text = track.read_text().replace("s5,80,s6,s4,yes", "s5,80,s66,s4,no")
    track.write_text(text + "s13,abc,,,no\n")
    found = problems(folder)
    assert "share_track.csv line 6: space s5: up names no space ('s66')" in found
    assert ("share_track.csv: exactly one starting space (par=yes) of value 80 is needed, "
            "found 0") in found
    assert "share_track.csv line 14: the value of space s13 must be a whole number 1 to 9999, " \
           "not 'abc'" in found


def test_railroad_and_obsolescence_problems(tmp_path):
    folder = copy_of_test_box(tmp_path)
    rr = folder / "railroads.csv"
    rr.write_text(rr.read_text() + "Ash Line,A,2,60,15,,,,,\nOak Line,AB,2,60,15,,,,,\n"
                  "Pine Line,C,3,,20,,,,,\n")
    (folder / "obsolescence.csv").write_text("level,obsoletes\n4,2\n3,5\n9,2\n")
    found = problems(folder)
    assert "railroads.csv line 12: every railroad needs its own name, not 'Ash Line'" in found
    assert "railroads.csv line 13: Oak Line: the category is one letter, not 'AB'" in found
    assert "railroads.csv line 14: Pine Line's cost is missing: enter it from the printed box" \
        in found
    assert "obsolescence.csv line 3: level 3 can only make lower levels obsolete" in found
    assert "obsolescence.csv line 4: no railroad of level 9 is in the railroads file" in found


def test_obsolescence_by_category_problems_name_file_and_line(tmp_path):
    folder = copy_of_test_box(tmp_path)
    (folder / "obsolescence.csv").write_text(
        "level,category,obsoletes\n4,,2\n,I K,4\n,,3\n,Q,3\n,J,5\n,K,3\n4,J,2\n,1,2\n"
        "5,J,4\n")
    found = problems(folder)
    assert ("obsolescence.csv line 4: say which railroads make levels obsolete: a level, a "
            "category (or several), or both") in found
    assert "obsolescence.csv line 5: no railroad of category Q is in the railroads file" in found
    assert "obsolescence.csv line 6: J (level 5) can only make lower levels obsolete" in found
    assert "obsolescence.csv line 7: K is listed twice (line 3 too)" in found
    assert "obsolescence.csv line 8: no railroad of category J at level 4 is in the railroads " \
        "file" in found
    assert ("obsolescence.csv line 9: category lists railroad categories, one letter each, "
            "separated by spaces, not '1'") in found
    assert len(found) == 6  # the rows of lines 2, 3 and 10 are right


def test_obsolescence_levels_and_lists_problems(tmp_path):
    folder = copy_of_test_box(tmp_path)
    (folder / "obsolescence.csv").write_text(
        "level,category,obsoletes\n4,,2\n4,,3\n0,,1\n21,,2\n3,,\n5,,x\n,D,3\n")
    found = problems(folder)
    assert "obsolescence.csv line 3: level 4 is listed twice (line 2 too)" in found
    assert "obsolescence.csv line 4: the level must be a whole number 1 to 20, not '0'" in found
    assert "obsolescence.csv line 5: the level must be a whole number 1 to 20, not '21'" \
        in found
    assert ("obsolescence.csv line 6: obsoletes lists the levels made obsolete, separated by "
            "spaces, not ''") in found
    assert ("obsolescence.csv line 7: obsoletes lists the levels made obsolete, separated by "
            "spaces, not 'x'") in found
    assert "obsolescence.csv line 8: D (level 3) can only make lower levels obsolete" in found
    assert len(found) == 6


def test_obsolescence_is_checked_against_the_railroads_only_once_there_are_some(tmp_path):
    folder = shutil.copytree(TEMPLATE, tmp_path / "empty")
    (folder / "obsolescence.csv").write_text("level,category,obsoletes\n4,,2\n,I K,4\n")
    assert not [p for p in problems(folder) if p.startswith("obsolescence.csv")]


def test_a_box_with_obsolescence_by_level_only_still_loads(tmp_path):
    """The format before categories: `level,obsoletes`, in a folder and inline in a record."""
    folder = copy_of_test_box(tmp_path)
    (folder / "obsolescence.csv").write_text("level,obsoletes\n4,2\n5,3 4\n")
    by_level = [Obsolescence(4, (), (2,)), Obsolescence(5, (), (3, 4))]
    box = load_box_folder(folder)
    assert box.obsolescence == by_level
    inline = box.to_dict() | {"obsolescence": [[4, "2"], [5, "3 4"]]}
    assert Box.from_dict(inline).obsolescence == by_level
    assert Box.from_dict(inline).to_dict()["obsolescence"] == [[4, "", "2"], [5, "", "3 4"]]
    with pytest.raises(BoxError) as caught:
        Box.from_dict(box.to_dict() | {"obsolescence": [[4, "2", "", "x"]]})
    assert [str(p) for p in caught.value.problems] == [
        "map.obsolescence line 1: 3 cells expected, found 4"]
    (folder / "obsolescence.csv").write_text("level,obsoletes\n4,2,3\n")
    assert "obsolescence.csv line 2: 2 cells expected, found 3" in problems(folder)


def test_manifest_and_investor_problems(tmp_path):
    folder = copy_of_test_box(tmp_path)
    (folder / "box.toml").write_text('name = "x"\ninvestor_holding = "XYZ"\n'
                                     'investor_railroad = "Nowhere"\n')
    (folder / "investors.csv").write_text("value,ability,bonus\n30,priority,\n40,bonus,\n")
    found = problems(folder)
    assert any(p.startswith("box.toml: investor_holding must name the Holding") for p in found)
    assert any(p.startswith("box.toml: investor_railroad must name the level 2 railroad")
               for p in found)
    assert ("investors.csv line 3: the $40 Investor's income bonus is missing: enter it from "
            "the printed box") in found


def test_a_wrong_header_is_one_problem(tmp_path):
    folder = copy_of_test_box(tmp_path)
    (folder / "holdings.csv").write_text("key,name\nMSC,x\n")
    found = problems(folder)
    assert ("holdings.csv line 1: the header must be key,name,color,order,tokens,plus_circles,"
            "down_circles") in found


def test_the_command_line_checks_a_folder(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "referee.cli", "boxes", "check", str(TEST_BOX)],
                        capture_output=True, text=True)
    assert ok.returncode == 0
    assert ok.stdout == f"{TEST_BOX} (Railroad Barons): ok\n"
    bad = subprocess.run([sys.executable, "-m", "referee.cli", "boxes", "check", str(TEMPLATE)],
                         capture_output=True, text=True)
    assert bad.returncode == 1
    assert "error: railroads.csv: no railroads yet" in bad.stdout


def test_problems_are_the_contracts_with_no_line_for_a_whole_file(tmp_path):
    from referee.games.contract import Problem
    from referee.games.railroad_barons.game import GAME

    folder = copy_of_test_box(tmp_path)
    (folder / "box.toml").write_text('name = "x"\ninvestor_holding = "XYZ"\n'
                                     'investor_railroad = "Test Atlantic"\n')
    (folder / "railroads.csv").write_text((folder / "railroads.csv").read_text()
                                          .splitlines()[0] + "\n")
    found = GAME.boards.check(folder) + GAME.boards.check(TEMPLATE)
    assert found and all(type(p) is Problem for p in found)
    assert Problem("box.toml", None, "investor_holding must name the Holding whose Director "
                   "certificate comes with the $450 Investor (one of MSC, SB, AVR, DPI, "
                   "MBS)") in found
    assert Problem("railroads.csv", None, "no railroads yet") in found
    assert not any("line 0" in str(p) or p.line == 0 for p in found)


def test_the_game_lists_and_loads_a_box_of_the_laptops_instance_folder(tmp_path):
    from referee.games.railroad_barons.game import GAME

    assert [b.key for b in GAME.boards.list(None)] == []  # only the template is shipped
    shutil.copytree(TEST_BOX, tmp_path / "railroad_barons_boxes" / "testbox")
    (tmp_path / "railroad_barons_boxes" / ".staging-x").mkdir()
    listed = GAME.boards.list(tmp_path)
    assert [(b.key, b.playable, b.shipped) for b in listed] == [("testbox", True, False)]
    assert GAME.boards.load("testbox", tmp_path).name == the_test_box().name
    with pytest.raises(BoxError, match="there is no box 'nothing'"):
        GAME.boards.load("nothing", tmp_path)
    with pytest.raises(BoxError, match="is not a box name"):
        GAME.boards.load("../x", tmp_path)
