"""docs/adding-a-game.md keeps up with the contract and the house: the fields it shows exist,
every attribute of Game is described, and the folders it names are where the games live."""

from __future__ import annotations

import dataclasses
import re

from referee import PROJECT_ROOT
from referee.games.contract import Game, GameMeta, GameParts

DOC = (PROJECT_ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
SHIPPED = sorted(p.parent.name for p in (PROJECT_ROOT / "referee" / "games").glob("*/meta.py"))


def keywords_of(call: str) -> set[str]:
    """The keyword names of the first `call(...)` in the doc's code."""
    start = DOC.index(f"{call}(")
    body = DOC[start:DOC.index("\n)", start) if f"{call}(\n" in DOC else DOC.index(")\n", start)]
    return set(re.findall(r"(\w+)=", body))


def test_the_meta_example_names_only_fields_of_game_meta():
    fields = {f.name for f in dataclasses.fields(GameMeta)}
    shown = keywords_of("META = GameMeta")
    assert shown and shown <= fields, shown - fields


def test_the_game_parts_example_names_only_its_fields():
    fields = {f.name for f in dataclasses.fields(GameParts)}
    shown = keywords_of("GAME = GameParts")
    assert {"rules_for", "who_acts", "banker_actions"} <= shown <= fields, shown - fields


def test_every_attribute_of_game_is_described():
    names = {n for n in vars(Game) if not n.startswith("_")} | set(Game.__annotations__)
    for name in names:
        assert f"`{name}" in DOC, f"Game.{name} is not in docs/adding-a-game.md"


def test_every_folder_the_file_table_names_is_where_a_shipped_game_keeps_such_files():
    """A path of `mygame`'s in the table: its folder named by the key exists for a shipped
    game (referee/web/games/mygame/ -> referee/web/games/railbaron/)."""
    paths = re.findall(r"^\| (?:optional: )?`([^`]*mygame[^`]*)`", DOC, re.MULTILINE)
    folders = {p.split("mygame")[0] for p in paths if not p.startswith(("tests/", "docs/"))}
    assert {"referee/games/", "referee/web/games/", "templates/", "static/", "tables/"} <= folders
    for folder in folders:
        assert any((PROJECT_ROOT / folder / key).is_dir() for key in SHIPPED), folder
    for key in SHIPPED:
        assert (PROJECT_ROOT / "referee" / "games" / key / "game.py").is_file()
        assert "def rules_for" in (PROJECT_ROOT / "referee" / "games" / key / "game.py"
                                   ).read_text(encoding="utf-8"), key


def test_every_file_of_the_toy_race_is_in_the_file_table():
    """The toy race is the doc's whole example: each of its modules is a row of the table."""
    table = DOC[DOC.index("## The files you create"):DOC.index("## How the app finds it")]
    toy = PROJECT_ROOT / "tests" / "toy_game"
    modules = sorted(p.name for p in toy.glob("*.py") if p.name != "web.py")
    missing = [m for m in modules if f"`referee/games/mygame/{m}`" not in table]
    assert modules and missing == []
    assert "`referee/web/games/mygame/__init__.py`" in table  # the toy's web.py


def test_every_web_hook_is_in_the_doc():
    import dataclasses

    from referee.web.hooks import WebParts

    hooks = [field.name for field in dataclasses.fields(WebParts)]
    assert hooks
    for name in hooks:
        assert f"| `{name}(" in DOC or f"| `{name}`" in DOC or f", `{name}(" in DOC, name


def test_every_shipped_game_keeps_its_doc_tests_and_recorded_game_where_the_doc_says():
    from tests.recorded import recorded_games

    docs = PROJECT_ROOT / "docs"
    for key in SHIPPED:
        hyphen = key.replace("_", "-")
        pages = [p for p in docs.glob("*.md")
                 if p.stem in (key, hyphen) or p.stem.startswith((f"{key}-", f"{hyphen}-"))]
        assert pages, f"docs/{hyphen}.md"
        assert (PROJECT_ROOT / "tests" / key).is_dir(), f"tests/{key}/"
        assert (PROJECT_ROOT / "tests" / "web" / f"test_{key}_web.py").is_file(), key
        assert recorded_games(key), f"tests/fixtures/games/: a recorded game of {key}"
