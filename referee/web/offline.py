"""The app's instance database opened from the command line (`referee stats`, `referee
export`, `referee gather`): the folder `referee serve` keeps its games in, migrated as the app
would, and its finished games read."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from referee.games import registry
from referee.web import INSTANCE_ENV
from referee.web.db import DATABASE_FILE, DamagedDatabase, migrate, open_database
from referee.web.results import Results, ResultsCache, replayed_frames


class NoInstance(Exception):
    """No usable database in the folder; the message says why."""


@dataclass
class Instance:
    folder: Path
    db: Database

    def results(self) -> Results:
        """The finished games, seat by seat (a whole replay of each log)."""
        return ResultsCache().results(self.db, replayed_frames(registry.resolver(self.folder)))

    def resolve_map(self) -> object:
        return registry.resolver(self.folder)


def open_instance(folder: Path | None) -> Instance:
    """The instance in `folder` (default $REFEREE_INSTANCE, else the user's data folder), its
    database migrated; NoInstance when there is none or it cannot be read."""
    from referee.web import default_instance

    # the folder referee serve keeps its games in (without making one where there is none)
    folder = folder or Path(os.environ.get(INSTANCE_ENV) or default_instance())
    path = folder / DATABASE_FILE
    if not path.is_file():
        raise NoInstance(f"{path}: no database here (is {folder} the app's instance folder?)")
    try:
        migrate(path)  # an older database gains the newer tables, as the app would
        return Instance(folder, open_database(path))
    except (DamagedDatabase, sqlite3.Error) as err:
        raise NoInstance(f"{path}: {err}") from err


def run_on_instance(folder: Path | None, work: Callable[[Instance], int]) -> int:
    """A command's exit status: `work` done on the instance in `folder` (closed after), or 2
    with the reason on standard error when there is none to open."""
    try:
        instance = open_instance(folder)
    except NoInstance as err:
        print(err, file=sys.stderr)
        return 2
    try:
        return work(instance)
    finally:
        instance.db.close()
