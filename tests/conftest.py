"""Shared by every test: the user's data folder (where an installed app keeps its games) is a
temporary folder, so no test reads or writes the real one."""

from __future__ import annotations

import os
import tempfile

_DATA_HOME = tempfile.TemporaryDirectory(prefix="referee-data-home-")


def pytest_configure(config) -> None:
    os.environ["XDG_DATA_HOME"] = _DATA_HOME.name  # platformdirs' user data folder on Linux
    os.environ.pop("REFEREE_INSTANCE", None)


def pytest_unconfigure(config) -> None:
    _DATA_HOME.cleanup()
