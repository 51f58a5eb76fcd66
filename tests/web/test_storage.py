"""The database file: readable by its owner only, damaged rows that disable one game alone, a
damaged file that stops the server with one sentence, and a client_id reused for another
action."""

from __future__ import annotations

import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from referee import PROJECT_ROOT
from referee.web import create_app
from referee.web.db import DamagedDatabase
from tests.web.loopback import free_port


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_and_its_wal_files_are_the_owners_alone(app, table):
    banker, ann, _bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    database = Path(app.config["DATABASE"])
    files = [database, database.with_name("referee.db-wal"), database.with_name("referee.db-shm")]
    for file in files:
        assert file.exists(), file.name
        assert mode(file) == 0o600, (file.name, oct(mode(file)))


def test_an_older_world_readable_database_is_made_private_on_start(tmp_path, counter_game):
    instance = tmp_path / "instance"
    create_app({"TESTING": True}, instance_path=instance)
    database = instance / "referee.db"
    database.chmod(0o644)
    create_app({"TESTING": True}, instance_path=instance)
    assert mode(database) == 0o600


def raw(app):
    return closing(sqlite3.connect(app.config["DATABASE"]))


DAMAGE = {
    "players": "update games set players = '[{\"id\": ' where id = ?",
    "players of the wrong shape": "update games set players = '{\"p1\": 1}' where id = ?",
    "settings": "update games set settings = 'not json' where id = ?",
    "map": "update games set map = '{' where id = ?",
    "an action": "update actions set action = '{\"type\": ' where game_id = ?",
    "an action of the wrong shape": "update actions set action = '[1, 2]' where game_id = ?",
}


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_damaged_row_disables_its_game_alone(app, table, what):
    banker, ann, _bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    other = banker.create_game(["Cy", "Di"])
    with raw(app) as db:
        db.execute(DAMAGE[what], [game_id])
        db.commit()
    app.extensions["referee.replayers"].evict(game_id)  # as after a restart
    lobby = banker.get("/")
    assert lobby.status_code == 200
    assert "<bdi>Cy</bdi>, <bdi>Di</bdi>" in lobby.text  # every other game is listed as before
    for page in ("banker", "table", "history", "export.json"):
        response = banker.get(f"/g/{game_id}/{page}")
        assert response.status_code == 503, (page, response.status_code)
        assert "This game cannot be opened" in response.text
        assert "Other games are fine" in response.text or "replays" in response.text
    answer = ann.act(game_id, htmx=True, type="add", player="p1", **{"n:int": "1"})
    assert answer.status_code in (503, 403) and "cannot be opened" in answer.text
    assert banker.get(f"/g/{other}/banker").status_code == 200
    assert banker.act(other, type="reset").status_code == 303


def test_the_lobby_says_which_game_cannot_be_opened(app, table):
    banker, *_, game_id = table
    with raw(app) as db:
        db.execute(DAMAGE["players"], [game_id])
        db.commit()
    lobby = banker.get("/").text
    assert "This game cannot be opened: its record on this laptop is damaged." in lobby


def damage_the_header(database: Path) -> None:
    data = bytearray(database.read_bytes())
    data[:16] = b"not a database!!"
    database.write_bytes(bytes(data))
    for side in ("-wal", "-shm"):
        database.with_name(database.name + side).unlink(missing_ok=True)


def test_a_damaged_database_file_is_refused_with_one_sentence(tmp_path, counter_game):
    instance = tmp_path / "instance"
    app = create_app({"TESTING": True}, instance_path=instance)
    app.extensions["referee.db"].close()
    damage_the_header(instance / "referee.db")
    with pytest.raises(DamagedDatabase, match="is damaged"):
        create_app({"TESTING": True}, instance_path=instance)

    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "serve", "--host", "127.0.0.1",
         "--port", str(free_port()), "--instance", str(instance)],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr  # one sentence, no traceback
    assert lines[0].startswith("Referee cannot start: The database ") and "damaged" in lines[0]
    assert "Traceback" not in done.stdout + done.stderr


# -- a client_id sent again -------------------------------------------------------------------

def test_a_client_id_reused_for_another_action_is_a_409(table):
    banker, ann, _bob, game_id = table
    first = ann.act(game_id, type="add", player="p1", client_id="tap-1", **{"n:int": "2"})
    assert first.status_code == 303
    again = ann.act(game_id, seq=0, type="add", player="p1", client_id="tap-1", **{"n:int": "2"})
    assert again.status_code == 303  # the same action: answered as accepted, applied once
    other = ann.act(game_id, type="add", player="p1", client_id="tap-1", page="phone",
                    **{"n:int": "9"})
    assert other.status_code == 409
    assert "already sent with another action" in other.text
    assert banker.seq(game_id) == 1


def test_a_roll_for_me_sent_again_is_the_same_action(table):
    banker, ann, _bob, game_id = table
    fields = {"type": "add", "player": "p1", "client_id": "roll-1", "n:roll": "1"}
    assert ann.act(game_id, seq=0, **fields).status_code == 303
    assert ann.act(game_id, seq=0, **fields).status_code == 303  # other dice, the same tap
    assert banker.seq(game_id) == 1
