"""`referee boards`: one check and one listing for every game's boards, through the contract's
`Boards`; each game's own commands come through META.commands, the old names among them."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.cli import build_parser, main
from referee.games import registry

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PRAIRIE = FIXTURES / "boards" / "prairie_test"
BOX = FIXTURES / "boxes" / "railroad_barons_test"
TINY = FIXTURES / "maps" / "tiny"


def test_a_named_game_checks_its_folder(capsys):
    assert main(["boards", "check", "railbaron", str(TINY)]) == 0
    assert main(["boards", "check", "railroad_barons", str(BOX)]) == 0
    out = capsys.readouterr().out
    assert f"{TINY} (Rail Baron): ok" in out
    assert f"{BOX} (Railroad Barons): ok" in out


def test_a_rail_baron_map_written_in_thousands_without_saying_so_fails_naming_the_unit(
        capsys, tmp_path):
    import shutil

    folder = Path(shutil.copytree(TINY, tmp_path / "tiny"))
    lines = (folder / "payoffs.csv").read_text(encoding="utf-8").splitlines()
    (folder / "payoffs.csv").write_text("\n".join(
        [lines[0], *(f"{a},{b},{int(v) // 1000}" for a, b, v in
                     (line.split(",") for line in lines[1:]))]) + "\n", encoding="utf-8")
    assert main(["boards", "check", "railbaron", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "every payoff is under 1,000 (the largest is 16): the chart prints them in " \
           "thousands" in out
    assert 'figures = "thousands"' in out


def test_a_folder_alone_is_checked_by_the_game_whose_manifest_it_holds(capsys):
    assert main(["boards", "check", str(PRAIRIE)]) == 0
    assert "(Prairie Railroads): ok" in capsys.readouterr().out


def test_a_folder_two_games_could_read_asks_for_the_game(capsys):
    assert main(["boards", "check", str(TINY)]) == 2
    assert "name the game first" in capsys.readouterr().err


def test_a_broken_folder_lists_its_problems_and_fails(capsys):
    template = TABLES_DIR / "prairie_railroads" / "_template"
    assert main(["boards", "check", "prairie_railroads", str(template)]) == 1
    out = capsys.readouterr().out
    assert "error: segments.csv: no segments yet" in out
    assert "error(s)" in out


def test_an_unknown_game_or_folder_is_said_plainly(capsys, tmp_path):
    assert main(["boards", "check", "chess", str(TINY)]) == 2
    assert "no game 'chess' with boards" in capsys.readouterr().err
    assert main(["boards", "check", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_the_listing_names_every_game_with_boards_and_its_shipped_ones(capsys):
    assert main(["boards", "list"]) == 0
    out = capsys.readouterr().out
    for key, meta in registry.GAMES.items():
        if registry.game(key).boards is not None:
            assert f"{meta.title} ({key}):" in out
    assert "United States (Avalon Hill Rail Baron) (shipped; playable)" in out
    assert main(["boards", "list", "railway_rivals"]) == 0
    only = capsys.readouterr().out
    assert "Railway Rivals" in only and "Rail Baron (" not in only


def test_every_game_s_own_commands_are_registered_and_the_old_names_still_work(capsys):
    names = set(build_parser()._subparsers._group_actions[0].choices)
    assert {"boards", "lookup", "convert-charts", "tables", "boxes"} <= names
    assert main(["boxes", "check", str(BOX)]) == 0
    assert main(["tables", "check", str(TINY)]) == 0
    assert capsys.readouterr().out == (f"{BOX} (Railroad Barons): ok\n"
                                       f"{TINY} (Rail Baron): ok\n")


@pytest.mark.parametrize("alias, game, args", [
    ("tables", "railbaron", ["check"]), ("tables", "railbaron", ["check", "us"]),
    ("tables", "railbaron", ["check", "atlantis"]), ("tables", "railbaron", ["list"]),
    ("boxes", "railroad_barons", ["check", str(BOX)]), ("boxes", "railroad_barons", ["list"]),
])
def test_a_game_s_own_name_for_boards_is_boards_with_the_game_named(alias, game, args, capsys):
    """`referee tables check us` is `referee boards check railbaron us`: the same answer, word
    for word, and the same exit status."""
    verb, *rest = args
    own = main([alias, verb, *rest]), capsys.readouterr()
    generic = main(["boards", verb, game, *rest]), capsys.readouterr()
    assert own == generic
    assert registry.GAMES[game].boards_alias == alias
