"""referee: a companion referee and bookkeeper for railroad board games played with real pieces."""

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from referee.resources import data_folder

try:
    __version__ = version("referee")  # written once, in pyproject.toml
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"

PROJECT_ROOT = Path(__file__).resolve().parent.parent  # the checkout (tests and scripts only)
TEMPLATES_DIR = data_folder("templates")
STATIC_DIR = data_folder("static")
TABLES_DIR = data_folder("tables")
