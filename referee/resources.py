"""The data the app reads at run time: its web pages, their static files and the printed tables.

A wheel carries them inside the package (referee/templates, referee/static, referee/tables) and
they are found through importlib.resources; a checkout, installed editable or not, keeps them at
the repository's root beside the package.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

DATA_FOLDERS = ("templates", "static", "tables")


def data_folder(name: str) -> Path:
    """The folder `name` (one of DATA_FOLDERS) as a real path on disk."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"unknown data folder {name!r} (one of {', '.join(DATA_FOLDERS)})")
    inside = files(__package__ or "referee") / name
    if isinstance(inside, Path) and inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / name
