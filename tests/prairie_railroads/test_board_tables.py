"""Board tables: the loader and its checks, the shipped template, the test board."""

import shutil
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.cli import main as cli
from referee.games.contract import Problem
from referee.games.prairie_railroads.board import (
    Board,
    BoardError,
    list_boards,
    load_board_folder,
)
from tests.prairie_railroads.play import TEST_BOARD, fixture_board


def broken(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    folder = tmp_path / "board"
    shutil.copytree(TEST_BOARD, folder)
    path = folder / file
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(BoardError) as caught:
        load_board_folder(folder)
    return caught.value.problems


def test_the_test_board_loads_and_says_it_is_not_the_printed_board():
    board = fixture_board()
    assert "not the printed board" in board.name
    assert board.growth[12] == ("Pratt", "Ransom")  # the rulebook's example roll
    assert board.segment("Glade", "Fenwick").one_way
    assert Board.from_dict(board.to_dict()) == board


@pytest.mark.parametrize("file, old, new, message", [
    ("cities.csv", "Cuba,1", "Cuba,x", "cities.csv line 12: Cuba's income must be a whole"),
    ("cities.csv", "Cuba,1", "Cuba,\u00b2", "cities.csv line 12: Cuba's income must be a whole"),
    ("cities.csv", "Troy,0,,yes", "Troy,2,,yes", "cities.csv line 2: Troy is a start city"),
    ("cities.csv", "Paola,0,,yes", "Paola,0,,no", "Paola is a start city in the rulebook"),
    ("cities.csv", "Hollis,3,,no", "Whiting,3,,no", "cities.csv line 24: 'Whiting' is listed"),
    ("segments.csv", "Cuba,Concordia,no", "Cuba,Atlantis,no",
     "segments.csv line 5: unknown city 'Atlantis'"),
    ("segments.csv", "Fenwick,Glade,yes", "Fenwick,Glade,maybe",
     "segments.csv line 17: one_way must be yes or no"),
    ("segments.csv", "Hollis,Glade,no", "Hollis,Dunmore,no",
     "segments.csv line 25: the segment Hollis–Dunmore is listed twice"),
    ("growth.csv", "12,Pratt", "17,Pratt", "growth.csv line 3: the roll must be two dice"),
    ("growth.csv", "12,Pratt,Ransom\n", "", "rolls missing from the growth chart: 12"),
    ("western_builds.csv", "Ransom,Ransom,Pratt,Ransom", "Ransom,Ransom,Pratt,Hollis",
     "western_builds.csv line 3: no segment Pratt–Hollis"),
    ("cities.csv", "city,income", "town,income", "cities.csv line 1: the header must be"),
])
def test_every_problem_names_its_file_and_line(tmp_path, file, old, new, message):
    problems = broken(tmp_path, file, old, new)
    assert all(isinstance(p, Problem) for p in problems)
    where, _, words = message.rpartition(": ") if " line " in message else ("", "", message)
    if where:  # a problem of one row: its file and line are fields, not words in a message
        name, _, line = where.partition(" line ")
        assert any((p.file, p.line) == (name, int(line)) and p.message.startswith(words)
                   for p in problems), problems
    assert any(message in str(p) for p in problems), problems


def test_the_shipped_template_is_empty_and_says_what_is_missing():
    with pytest.raises(BoardError) as caught:
        load_board_folder(TABLES_DIR / "prairie_railroads" / "_template")
    problems = " ".join(map(str, caught.value.problems))
    assert "no cities yet" in problems and "no segments yet" in problems
    assert (TABLES_DIR / "prairie_railroads" / "_template" / "HOWTO.md").is_file()


def test_listing_boards_leaves_out_the_template_and_broken_folders(tmp_path):
    shutil.copytree(TEST_BOARD, tmp_path / "good")
    shutil.copytree(TABLES_DIR / "prairie_railroads" / "_template", tmp_path / "_template")
    shutil.copytree(TABLES_DIR / "prairie_railroads" / "_template", tmp_path / "unfinished")
    assert list_boards(tmp_path) == [("good", fixture_board().name)]


def test_the_checker_command(capsys):
    assert cli(["boards", "check", str(TEST_BOARD)]) == 0
    assert "(Prairie Railroads): ok" in capsys.readouterr().out
    assert cli(["boards", "check", str(TABLES_DIR / "prairie_railroads" / "_template")]) == 1
