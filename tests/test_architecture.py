"""Rules stay apart from web and storage: engine and games import neither Flask nor sqlite-utils."""

import subprocess
import sys
from pathlib import Path

import referee

GAMES_DIR = Path(referee.__file__).parent / "games"
PURE = ["referee.engine", "referee.games", "referee.games.registry"]
PURE += [
    "referee.games." + ".".join(p.relative_to(GAMES_DIR).with_suffix("").parts).removesuffix(
        ".__init__")
    for p in GAMES_DIR.glob("*/*.py")
]


def test_engine_and_games_import_neither_flask_nor_sqlite_utils():
    code = (
        "import sys, importlib\n"
        f"for name in {PURE!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite_utils',"
        " 'werkzeug', 'sqlite3'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_module_of_engine_or_games_names_flask_or_sqlite_utils():
    root = Path(referee.__file__).parent
    for folder in ("engine", "games"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "import flask" not in text and "from flask" not in text, path
            assert "sqlite_utils" not in text, path
