"""A laptop whose disk filled up, given a megabyte back, starts the app again: run as
`python -m tests.web.full_disk_restart FOLDER` inside a private mount namespace with a small
tmpfs mounted on FOLDER (tests/web/test_template_cache.py). Prints, as JSON, the answer to the
action posted after the restart and what the template cache holds."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

from sqlite_utils import Database

from referee.web import create_app
from referee.web.warm import warm_up
from tests.web.conftest import Browser
from tests.web.long_game import long_game
from tests.web.loopback import action_form

FREED = 1024 * 1024  # what the person deletes to get going again


def fill(path: Path) -> int:
    """Write zeros to `path` until the disk is full; the bytes written."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    written = 0
    try:
        while True:
            written += os.write(fd, b"\0" * 65536)
    except OSError:
        return written
    finally:
        os.close(fd)


def main(instance: Path) -> dict:
    record, actions = long_game(21, seed=9)
    first = Browser(create_app(instance_path=instance))
    answer = first.post("/import", {"record": (io.BytesIO(json.dumps(
        {**record, "actions": actions[:20]}).encode()), "game.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text
    game_id = answer.headers["Location"].split("/")[2]
    assert first.get(f"/g/{game_id}/banker").status_code == 200
    filler = instance / "filler"
    size = fill(filler)
    os.truncate(filler, max(size - FREED, 0))  # a megabyte given back, and the app started again
    app = create_app(instance_path=instance)
    warm_up(app)  # as referee serve does before it listens: tonight's game is ready
    banker = Browser(app)
    db = Database(instance / "referee.db")
    secret = db.execute("select banker_secret from games where id = ?", [game_id]).fetchone()[0]
    db.close()
    assert banker.get(f"/g/{game_id}/banker?k={secret}", follow_redirects=True).status_code == 200
    posted = banker.post(f"/g/{game_id}/act", action_form(actions[20], 20, "after"))
    cache = instance / "template-cache"
    return {"status": posted.status_code,
            "cached": sorted(p.name for p in cache.iterdir()) if cache.is_dir() else []}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
