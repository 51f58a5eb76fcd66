"""A game added by following docs/adding-a-game.md passes every game-wide test with no edit to
a shared file: the toy race (tests/toy_game/, its recorded game in tests/fixtures/games/) is
registered the way an outside game is ($REFEREE_GAMES) and every test that walks the games the
registry knows is run over it.

The game-wide tests read what they check from the games (their words, money fields, rulebook
headings, recorded games), never from a list of games of their own."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from referee import PROJECT_ROOT

TOY = "tests.toy_game"
KEY = "toy_race"
# the tests that walk every game the registry knows: each of its games is a case of theirs
GAME_WIDE = (
    "tests/test_architecture.py",
    "tests/test_explain.py",
    "tests/test_line_rules.py",
    "tests/test_refusal_sections.py",
    "tests/test_refusals_keep_cash_secret.py",
    "tests/test_take_back_in_records.py",
    "tests/test_transfer_kinds.py",
    "tests/web/test_keyed_parts.py",
    "tests/web/test_one_game_alone.py",
    "tests/web/test_panels_agree_with_the_post.py",
)
# a parametrize over the registry's games or their recorded games, or a module's list of them
WALKS_THE_GAMES = re.compile(r"(parametrize\(|^[A-Z_]+ = )[^\n]*"
                             r"(registry\.GAMES|recorded_games\(|registered_packages\()", re.M)


def test_every_test_that_walks_the_games_is_listed_here():
    walking = sorted(str(p.relative_to(PROJECT_ROOT)) for p in (PROJECT_ROOT / "tests").rglob(
        "test_*.py") if WALKS_THE_GAMES.search(p.read_text(encoding="utf-8")))
    assert walking == sorted(GAME_WIDE)


def test_the_toy_race_passes_every_game_wide_test():
    env = {**os.environ, "REFEREE_GAMES": TOY, "PYTHONPATH": str(PROJECT_ROOT)}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", KEY,
               *GAME_WIDE]
    run = subprocess.run(command, capture_output=True, text=True, cwd=PROJECT_ROOT, env=env,
                         timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", run.stdout).group(1))
    assert passed >= len(GAME_WIDE), run.stdout[-1000:]  # each file has cases of the toy's
    assert "failed" not in run.stdout and "error" not in run.stdout.lower()
