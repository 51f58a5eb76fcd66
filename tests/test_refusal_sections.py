"""A test per game: every refusal names a rule section of that game's own words. A refusal
names its own section (`require(..., rule)`, `IllegalAction(reason, rule)`) or its action
type's (RuleNames.actions); each section it names by itself must be one the game's words know
(RuleNames.knows: an action type's or a transfer kind's section, one of its `headings`, or one
of its `numbered` rules)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

from referee.games import registry
from referee.games.explain import rule_names


def package_folder(key: str) -> Path:
    """The folder of a game's package, wherever the registry found it."""
    spec = importlib.util.find_spec(registry.PACKAGES[key])
    assert spec is not None and spec.submodule_search_locations, key
    return Path(next(iter(spec.submodule_search_locations)))


def constants(tree: ast.Module) -> dict[str, str]:
    """The module's names bound to a string (RULE = "Construct Track")."""
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def named_sections(key: str) -> list[tuple[str, int, str]]:
    """(file, line, section) of every refusal in the game's package that names its section."""
    out = []
    package = registry.PACKAGES[key]
    for path in sorted(package_folder(key).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", None))
            at = {"require": 2, "IllegalAction": 1}.get(called)
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if isinstance(arg, ast.Constant):
                out.append((path.name, node.lineno, arg.value))
            elif isinstance(arg, ast.Name) and arg.id in names:
                out.append((path.name, node.lineno, names[arg.id]))
            else:
                imported = getattr(importlib.import_module(
                    f"{package}.{path.stem}"), getattr(arg, "id", ""), None)
                assert isinstance(imported, str), (path.name, node.lineno, ast.unparse(arg))
                out.append((path.name, node.lineno, imported))
    return out


def known(key: str, section: str) -> bool:
    words = rule_names(key)
    return words is not None and words.knows(section)


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_section_a_refusal_names_is_the_games_own(key):
    found = named_sections(key)
    assert found, "the game's refusals name some sections of their own"
    strange = [f"{file}:{line}: {section!r}" for file, line, section in found
               if not known(key, section)]
    assert not strange, strange


def test_a_section_unknown_to_the_game_is_caught():
    assert not known("railroad_barons", "Certificate limit")
    assert not known("railbaron", "HONEYMOON")
    assert known("railbaron", "Short Game 4") and known("railway_rivals", "C5")


def test_the_sections_a_game_knows_are_its_words_headings_numbered_rules_and_numbers_of_them():
    from referee.games.contract import RuleNames, Wording

    words = RuleNames({"fee": Wording("a fee", "FEES")}, {"roll": "ROLLING"},
                      headings=frozenset({"SHORT GAME"}), numbered=r"^B\d$")
    assert all(words.knows(s) for s in ("FEES", "ROLLING", "SHORT GAME", "B4", "Short Game 2"))
    assert not any(words.knows(s) for s in ("B", "B44", "C4", "SHORT GAMX 2", "SHORT GAME x",
                                             "Short Game", "HONEYMOON"))
    assert not RuleNames({}, {}).knows("B4")  # no pattern: no numbered rule
