"""How the project installs: one version, `python -m referee`, the data the wheel carries, and
the licence and metadata pip shows."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import metadata

import referee
from referee import PROJECT_ROOT
from referee.resources import DATA_FOLDERS, data_folder

PYPROJECT = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once_and_read_from_the_installed_metadata():
    assert referee.__version__ == PYPROJECT["project"]["version"]
    init = (PROJECT_ROOT / "referee" / "__init__.py").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["version"] not in init


def test_python_dash_m_referee_is_the_referee_command():
    answer = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True,
                            text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip() == f"referee {referee.__version__}"


def test_the_wheel_maps_every_data_folder_into_the_package():
    mapped = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert mapped == {name: f"referee/{name}" for name in DATA_FOLDERS}


def test_a_checkout_reads_its_data_from_the_repository_root():
    for name in DATA_FOLDERS:
        assert data_folder(name) == PROJECT_ROOT / name
    assert (referee.TEMPLATES_DIR / "base.html").is_file()
    assert (referee.TABLES_DIR / "railbaron" / "us" / "map.toml").is_file()


def test_the_metadata_names_the_licence_and_carries_the_readme():
    meta = metadata("referee")
    assert meta["License-Expression"] == "AGPL-3.0-or-later"
    assert (PROJECT_ROOT / "LICENSE").read_text(encoding="utf-8").lstrip().startswith(
        "GNU AFFERO GENERAL PUBLIC LICENSE")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "Set up on a fresh machine" in meta.get_payload()
    assert any(c.startswith("Topic :: Games/Entertainment") for c in meta.get_all("Classifier"))


def test_every_static_file_the_wheel_carries_is_one_the_app_uses():
    """Test-only files (axe-core) stay with the tests: each file of static/ is named by a
    template, a module, a stylesheet or a script of the app (its VENDORED.md aside)."""
    users = [p.read_text(encoding="utf-8", errors="replace")
             for top in ("templates", "referee", "static")
             for p in (PROJECT_ROOT / top).rglob("*")
             if p.is_file() and p.suffix in (".html", ".py", ".css", ".js", ".json")]
    static = PROJECT_ROOT / "static"
    unused = [str(p.relative_to(static)) for p in static.rglob("*")
              if p.is_file() and p.name != "VENDORED.md"
              and not any(str(p.relative_to(static)) in text or p.name in text for text in users)]
    assert unused == []
