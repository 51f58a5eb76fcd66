"""Checks that find typos and boards that stall a game: knock-on problems folded under their
cause, problems located on the field, plausibility, and each game's own playability."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.games.contract import ERROR, WARNING, Problem, fold, locate
from referee.games.prairie_railroads.board import BoardError, load_board_folder
from referee.games.prairie_railroads.game import GAME as PRAIRIE
from referee.games.railbaron.charts import check_map_dir
from referee.games.railway_rivals.game import GAME as RIVALS
from tests.prairie_railroads.play import TEST_BOARD
from tests.railway_rivals.play import TEST_MAP

TINY = Path(__file__).parent / "fixtures" / "maps" / "tiny"


def copy(src: Path, tmp_path: Path, name: str = "x") -> Path:
    return Path(shutil.copytree(src, tmp_path / name))


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# -- the core: fold and locate ------------------------------------------------------------------


def test_problems_of_one_cause_fold_under_the_first():
    problems = [Problem("a.csv", 2, "bad row", cause="city:x"), Problem("b.csv", 3, "other"),
                Problem("c.csv", 4, "unknown x", cause="city:x"),
                Problem("c.csv", 5, "unknown x", cause="city:x")]
    folded = fold(problems)
    assert [str(p) for p in folded] == ["a.csv line 2: bad row (and 2 more that follow from it)",
                                        "b.csv line 3: other"]
    assert folded[0].follows == 2 and folded[0].more == "2 more that follow from it"
    assert fold(folded) == folded  # folding twice changes nothing


def test_a_problem_is_located_on_its_field_and_keeps_its_file_and_line():
    p = locate([Problem("key_numbers.csv", 10, "unknown town", column="town")],
               {"key_numbers.csv": ("key_numbers", {10: "23"})})[0]
    assert p.field == "key_numbers, row 23, town"
    assert str(p) == "key_numbers.csv line 10: unknown town"  # uploads and the CLI keep it


# -- Prairie: the first move ---------------------------------------------------------------------


def prairie_errors(folder: Path) -> list[str]:
    return [str(p) for p in PRAIRIE.boards.check(folder) if p.severity == ERROR]


def test_the_test_board_lets_every_first_move_be_built():
    assert PRAIRIE.boards.check(TEST_BOARD) == []


@pytest.mark.parametrize(("segment", "missing"), [
    ("Troy,Whiting,no\n", "Troy–Whiting"), ("Troy,Marysville,no\n", "Troy–Marysville"),
    ("Atchison,Topeka,no\n", "Atchison–Topeka"),
])
def test_a_board_without_a_fixed_first_segment_is_refused_naming_it(tmp_path, segment, missing):
    board = copy(TEST_BOARD, tmp_path)
    edit(board, "segments.csv", segment, "")
    railroad = "ATSF" if missing.startswith("Atchison") else "CRIP"
    assert prairie_errors(board) == [
        f"segments.csv: the rulebook's free first segment {missing} of the {railroad} is "
        "missing: the game cannot start without it"]


def test_a_fixed_first_segment_one_way_towards_troy_is_refused(tmp_path):
    board = copy(TEST_BOARD, tmp_path)
    edit(board, "segments.csv", "Troy,Whiting,no", "Whiting,Troy,yes")
    assert prairie_errors(board) == [
        "segments.csv: the rulebook's free first segment Troy–Whiting of the CRIP is one way "
        "towards Troy: it must be buildable from Troy"]


def test_a_railroad_with_no_segment_from_its_start_cities_is_refused(tmp_path):
    board = copy(TEST_BOARD, tmp_path)
    segments = (board / "segments.csv").read_text().splitlines()
    kept = [row for row in segments if "Leavenworth" not in row and "Kansas City" not in row]
    (board / "segments.csv").write_text("\n".join(kept) + "\n")
    with pytest.raises(BoardError) as err:
        load_board_folder(board)
    assert [str(p) for p in err.value.problems] == [
        "segments.csv: the KP has no segment to build for free from Leavenworth or Kansas City: "
        "the game cannot start"]


def test_a_misspelt_city_is_one_error_and_its_knock_ons_are_folded(tmp_path):
    """Four planted mistakes are four problems, not a screenful."""
    board = copy(TEST_BOARD, tmp_path)
    edit(board, "cities.csv", "Cuba,1", "Cuba,$1x")  # a refused row: Cuba's rows follow
    edit(board, "cities.csv", "Whiting,", "Whitting,")  # a misspelt start of the first move
    edit(board, "segments.csv", "Pratt,Ransom,no", "Pratt,Ransome,no")  # a typo in one row
    edit(board, "growth.csv", ",Pratt,", ",Prat,")  # and one in the growth chart
    problems = PRAIRIE.boards.check(board)
    assert [str(p) for p in problems] == [
        "cities.csv line 12: Cuba's income must be a whole number 0 to 9, not '$1x' (and 7 more "
        "that follow from it)",
        "segments.csv line 2: unknown city 'Whiting' (not in the cities file) (and 7 more that "
        "follow from it)",  # among them: the first move Troy–Whiting cannot be built
        "segments.csv line 10: unknown city 'Ransome' (not in the cities file)",
        "growth.csv line 3: unknown city 'Prat' (not in the cities file)",
        # the Western Build beside the segment the typo refused: a problem of its own
        "western_builds.csv line 3: no segment Pratt–Ransom in the segments file"]
    assert problems[0].field == "cities, row Cuba, income"
    assert problems[2].field == "segments, row Pratt–Ransome, to"


# -- Rail Baron ------------------------------------------------------------------------------------


def test_a_refused_railroad_row_gives_no_false_served_by_no_railroad(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "railroads.csv", "BB,Bravo & Bay,8000", "BB,Bravo & Bay,$8000x")
    problems = check_map_dir(folder)
    assert [str(p) for p in problems] == [
        "railroads.csv line 3: price '$8000x' is not a positive whole number"]


def test_a_city_no_railroad_reaches_is_an_error(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "service.csv", "BB,Echo\n", "")
    assert [str(p) for p in check_map_dir(folder) if p.severity == ERROR] == [
        "cities.csv line 6: Echo is served by no railroad: no train could reach it (add its "
        "railroads to service.csv)"]


def test_railroads_that_never_meet_make_an_unplayable_map(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    (folder / "service.csv").write_text("railroad,city\nAA,Alpha\nAA,Bravo\nBB,Charlie\n"
                                        "BB,Delta\nBB,Echo\nCC,Alpha\n")
    errors = [str(p) for p in check_map_dir(folder) if p.severity == ERROR]
    assert errors == [
        "service.csv: Charlie cannot be reached from Alpha by any railroad: the railroads that "
        "serve it meet no other railroad",
        "service.csv: Delta cannot be reached from Alpha by any railroad: the railroads that "
        "serve it meet no other railroad",
        "service.csv: Echo cannot be reached from Alpha by any railroad: the railroads that "
        "serve it meet no other railroad"]


def test_a_payoff_with_a_digit_too_many_is_a_warning(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "payoffs.csv", "Charlie,Delta,4000", "Charlie,Delta,400000")
    warnings = [str(p) for p in check_map_dir(folder) if p.severity == WARNING]
    assert warnings == ["payoffs.csv line 9: Charlie–Delta is 400,000, ten times the payoffs "
                        "around it (about 11,000): a digit too many?"]


def test_one_payoff_typed_in_thousands_among_full_amounts_is_warned_of_at_its_pair(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "payoffs.csv", "Bravo,Delta,11000", "Bravo,Delta,11")
    (warning,) = [p for p in check_map_dir(folder) if p.severity == WARNING]
    assert (warning.row, warning.column) == ("Bravo|Delta", "payoff")
    assert str(warning) == ("payoffs.csv line 7: Bravo–Delta is 11, not a hundredth of the "
                            "payoffs around it (about 9,000): typed in thousands among full "
                            "amounts (11000)?")


def thousands(folder: Path) -> None:
    """The tiny map's payoffs and prices written as printed: 5000 as 5."""
    for name, column in (("payoffs.csv", 2), ("railroads.csv", 2)):
        lines = (folder / name).read_text(encoding="utf-8").splitlines()
        rows = [lines[0]] + [",".join(str(int(c) // 1000) if n == column and c.isdigit() else c
                                      for n, c in enumerate(line.split(",")))
                             for line in lines[1:]]
        (folder / name).write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_a_chart_written_in_thousands_without_saying_so_is_an_error_naming_the_unit(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    thousands(folder)
    errors = [str(p) for p in check_map_dir(folder) if p.severity == ERROR]
    assert errors == [
        "payoffs.csv: every payoff is under 1,000 (the largest is 16): the chart prints them in "
        "thousands, so a game would pay 16 for 16,000. Write figures = \"thousands\" in map.toml "
        "if they are typed as printed, or the full amounts (16000 for 16)."]


def test_a_map_that_says_thousands_loads_the_full_amounts(tmp_path):
    from referee.games.railbaron.charts import load_map_dir

    folder = copy(TINY, tmp_path, "tiny")
    full = load_map_dir(folder)
    thousands(folder)
    edit(folder, "map.toml", 'money_unit = "$"', 'money_unit = "$"\nfigures = "thousands"')
    edit(folder, "payoffs.csv", "Alpha,Bravo,5", "Alpha,Bravo,5.5")
    assert [p for p in check_map_dir(folder) if p.severity == ERROR] == []
    board = load_map_dir(folder)
    assert board.payoffs == {**full.payoffs, ("Alpha", "Bravo"): 5500}
    assert {a: r.price for a, r in board.railroads.items()} == {
        a: r.price for a, r in full.railroads.items()}


def test_a_figure_typed_in_full_in_a_chart_of_thousands_is_refused_at_its_cell(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    thousands(folder)
    edit(folder, "map.toml", 'money_unit = "$"', 'money_unit = "$"\nfigures = "thousands"')
    edit(folder, "payoffs.csv", "Alpha,Bravo,5", "Alpha,Bravo,5000")
    (error,) = [p for p in check_map_dir(folder) if p.severity == ERROR]
    assert (error.row, error.column) == ("Alpha|Bravo", "payoff")
    assert error.message == ("payoff 5000 does not fit figures printed in thousands (it would "
                             "pay 5,000,000): type the printed figure, 17 for 17,000")


def test_a_bad_price_is_marked_on_the_price_column(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    text = (folder / "railroads.csv").read_text(encoding="utf-8")
    abbr, _, price = text.splitlines()[1].split(",")[:3]
    edit(folder, "railroads.csv", f",{price},", ",lots,")
    (error,) = [p for p in check_map_dir(folder) if p.severity == ERROR]
    assert (error.row, error.column) == (abbr, "price")


def test_a_rail_baron_problem_names_its_table_and_row(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "payoffs.csv", "Alpha,Charlie,12000", "Alpha,Charlie,-5")
    (problem,) = check_map_dir(folder)
    assert problem.field == "payoffs, row Alpha|Charlie, payoff"
    assert str(problem) == "payoffs.csv line 3: payoff '-5' is not a positive whole number or ?"


def test_a_payoff_far_over_the_way_round_is_a_warning(tmp_path):
    folder = copy(TINY, tmp_path, "tiny")
    edit(folder, "payoffs.csv", "Delta,Echo,3000", "Delta,Echo,30000")
    warnings = [str(p) for p in check_map_dir(folder) if p.severity == WARNING]
    assert warnings == ["payoffs.csv line 11: Delta–Echo is 30,000, more than twice "
                        "Delta–Charlie–Echo (4,000 + 6,000): a typo?"]


def test_the_tiny_map_is_plausible():
    assert check_map_dir(TINY) == []


# -- Railway Rivals ----------------------------------------------------------------------------


def test_a_map_with_every_key_says_nothing_and_one_with_keys_left_says_which(tmp_path):
    folder = copy(TEST_MAP, tmp_path)
    assert [str(p) for p in RIVALS.boards.check(folder)] == [
        "key_numbers.csv: 1 key number names no town yet (65): the game asks the table for the "
        "town when one is thrown"]
    with open(folder / "key_numbers.csv", "a", encoding="utf-8") as rows:
        rows.write("65,Aston,no\n")
    assert RIVALS.boards.check(folder) == []


def test_a_key_naming_no_town_of_the_map_is_an_error_on_its_key(tmp_path):
    folder = copy(TEST_MAP, tmp_path)
    with open(folder / "key_numbers.csv", "a", encoding="utf-8") as rows:
        rows.write("65,Greyhavn,no\n")
    (problem,) = RIVALS.boards.check(folder)
    assert problem.severity == ERROR and problem.field == "key_numbers, row 65, town"
    assert "unknown town 'Greyhavn'" in problem.message
