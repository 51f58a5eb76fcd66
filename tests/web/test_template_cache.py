"""The compiled-template cache never takes the room a full disk needs to recover: it keeps a
template only while the disk keeps a reserve free after it, and stays within its cap."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee import PROJECT_ROOT
from referee.web import create_app, template_cache
from referee.web.template_cache import FOLDER

TEMPLATES = ("base.html", "error.html", "_error.html", "_macros.html")


def compiled(app) -> list[Path]:
    """Compile some templates; the files of the cache."""
    for name in TEMPLATES:
        app.jinja_env.get_template(name)
    return sorted((Path(app.instance_path) / FOLDER).iterdir())


def test_a_compiled_template_is_kept_for_the_next_start(tmp_path):
    app = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    assert len(compiled(app)) == len(TEMPLATES)
    assert app.test_client().get("/").status_code == 200


def test_no_template_is_kept_when_the_disk_would_keep_less_than_the_reserve(tmp_path):
    free = shutil.disk_usage(tmp_path).free
    app = create_app({"TESTING": True, "TEMPLATE_CACHE_RESERVE": free + 2**30},
                     instance_path=tmp_path / "instance")
    assert compiled(app) == []
    assert app.test_client().get("/").status_code == 200  # compiled, kept in memory only


def test_the_cache_stays_within_its_cap(tmp_path):
    app = create_app({"TESTING": True, "TEMPLATE_CACHE_CAP": 20_000},
                     instance_path=tmp_path / "instance")
    kept = compiled(app)
    assert 0 < len(kept) < len(TEMPLATES)
    assert sum(p.stat().st_size for p in kept) <= 20_000


def test_the_defaults_leave_a_full_disk_room_to_recover():
    assert template_cache.RESERVE >= 32 * 2**20 and template_cache.CAP <= 16 * 2**20


def private_mounts_work() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not private_mounts_work(), reason="needs unshare -m (a private mount "
                    "namespace)")
def test_after_a_full_disk_a_restart_leaves_the_freed_room_to_the_games(tmp_path):
    """The disk (an 8 MB tmpfs) fills up, a megabyte is freed, the app starts again and warms
    up: the next action is recorded, and the cache took none of the freed room."""
    instance = tmp_path / "instance"
    instance.mkdir()
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", 'mount -t tmpfs -o size=8m tmpfs "$0" && exec "$@"',
         str(instance), sys.executable, "-m", "tests.web.full_disk_restart", str(instance)],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result == {"status": 303, "cached": []}
