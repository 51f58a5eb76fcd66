"""The compiled-template cache never takes the room a full disk needs to recover: it keeps a
template only while the disk keeps a reserve free after it, and stays within its cap."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import namedtuple
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


def test_the_docs_give_the_reserve_and_the_cap_the_code_uses():
    text = (PROJECT_ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    reserve, cap = template_cache.RESERVE, template_cache.CAP
    assert reserve % 2**20 == 0 and cap % 2**20 == 0
    assert f"keeps {reserve // 2**20} MB free after each one" in text
    assert f"the folder stays within {cap // 2**20} MB" in text
    assert reserve >= 32 * 2**20 and cap <= 16 * 2**20  # room to recover, and a small cache


def bytecode_size(tmp_path: Path) -> int:
    """The size of base.html's compiled form, as the cache writes it."""
    app = create_app({"TESTING": True}, instance_path=tmp_path / "measure")
    app.jinja_env.get_template("base.html")
    (kept,) = (Path(app.instance_path) / FOLDER).iterdir()
    return kept.stat().st_size


def base_kept(tmp_path: Path, name: str, **config: int) -> bool:
    """Whether base.html is kept by a new app over its own folder with these settings."""
    app = create_app({"TESTING": True, **config}, instance_path=tmp_path / name)
    app.jinja_env.get_template("base.html")
    return any((Path(app.instance_path) / FOLDER).iterdir())


def test_a_template_is_kept_exactly_while_it_fits_the_cap(tmp_path):
    size = bytecode_size(tmp_path)
    assert base_kept(tmp_path, "fits", TEMPLATE_CACHE_CAP=size)
    assert not base_kept(tmp_path, "one-byte-short", TEMPLATE_CACHE_CAP=size - 1)


Usage = namedtuple("Usage", "total used free")


class Disk:
    """What `shutil.disk_usage` answers for a disk with `free` bytes free."""

    def __init__(self, free: int):
        self.free = free

    def __call__(self, _path: object) -> Usage:
        return Usage(10 * self.free, 9 * self.free, self.free)


def test_a_template_is_kept_exactly_while_the_reserve_stays_free(tmp_path, monkeypatch):
    """The disk's free space fixed (other programs write to a real one meanwhile)."""
    size = bytecode_size(tmp_path)
    monkeypatch.setattr(template_cache.shutil, "disk_usage", Disk(100 * 2**20))
    assert base_kept(tmp_path, "leaves-the-reserve", TEMPLATE_CACHE_RESERVE=100 * 2**20 - size)
    assert not base_kept(tmp_path, "one-byte-into-it",
                         TEMPLATE_CACHE_RESERVE=100 * 2**20 - size + 1)


def test_a_template_written_again_counts_once_and_no_folder_counts(tmp_path):
    """A template compiled again (its source changed) replaces its own file: the old file is
    not counted against the cap, nor is a folder someone made inside the cache."""
    size = bytecode_size(tmp_path)
    app = create_app({"TESTING": True, "TEMPLATE_CACHE_CAP": size},
                     instance_path=tmp_path / "again")
    folder = Path(app.instance_path) / FOLDER
    (folder / "a folder").mkdir()
    app.jinja_env.get_template("base.html")
    (kept,) = (p for p in folder.iterdir() if p.is_file())
    good = kept.read_bytes()
    kept.write_bytes(b"\0" * size)  # as if an older compilation of the same template
    cache = app.jinja_env.bytecode_cache
    source, filename, _ = app.jinja_env.loader.get_source(app.jinja_env, "base.html")
    bucket = cache.get_bucket(app.jinja_env, "base.html", filename, source)
    bucket.code = app.jinja_env.compile(source, "base.html", filename)
    cache.dump_bytecode(bucket)
    assert kept.read_bytes() == good


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
