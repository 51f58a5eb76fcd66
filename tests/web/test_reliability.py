"""No lost action: a real server killed mid-burst, racing phones, double taps, export and import.

These tests run `referee serve` as a child process on 127.0.0.1 and play Rail Baron on the
shipped US map with actions drawn from the legal ones (tests/web/long_game.py).
"""

from __future__ import annotations

import io
import json
import sqlite3
import threading
import time

import pytest

from referee.engine import Replayer
from referee.games import registry
from referee.games.railbaron.charts import load_map
from referee.web import create_app
from tests.web.conftest import Browser
from tests.web.long_game import long_game, rules_of
from tests.web.loopback import Client, Server, action_form

ACKNOWLEDGED_BEFORE_KILL = 40


def seat_clients(port: int, banker: Client, game_id: str, players: list[dict]) -> dict:
    """A joined phone per player, by player id."""
    link = banker.join_link(game_id)
    phones = {}
    for p in players:
        phone = Client(port)
        assert phone.join(link, p["id"]).status == 303
        phones[p["id"]] = phone
    return phones


def stored_log(client: Client, game_id: str) -> list[dict]:
    answer = client.get(f"/g/{game_id}/export.json")
    assert answer.status == 200, answer.text[:300]
    return json.loads(answer.body)["actions"]


def test_every_acknowledged_action_survives_a_sigkill_mid_burst(tmp_path):
    record, actions = long_game(600, seed=7)
    instance = tmp_path / "instance"
    acknowledged: dict[int, dict] = {}  # seq -> the action a client got a success answer for
    refused: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    server = Server(instance).start()
    banker, phones = Client(server.port), {}
    try:
        game_id = banker.import_record(record)
        phones = seat_clients(server.port, banker, game_id, record["players"])

        def play(me: str | None, client: Client) -> None:
            """Post every action that is this client's to post (the banker posts them all)."""
            while not stop.is_set():
                try:
                    seq = int(client.get(f"/g/{game_id}/version").text)
                    if seq >= len(actions):
                        return
                    action = actions[seq]
                    if me is not None and action.get("player") != me:
                        continue
                    answer = client.post(f"/g/{game_id}/act",
                                         action_form(action, seq, f"a{seq}"))
                except OSError:
                    return  # the server is gone
                if answer.status == 303:
                    with lock:
                        acknowledged[seq] = action
                elif answer.status != 409:
                    refused.append(f"{answer.status} at {seq}: {answer.text[:200]}")
                    return

        workers = [threading.Thread(target=play, args=(None, banker))]
        workers += [threading.Thread(target=play, args=(pid, phone))
                    for pid, phone in phones.items()]
        for w in workers:
            w.start()
        deadline = time.monotonic() + 20
        while len(acknowledged) < ACKNOWLEDGED_BEFORE_KILL and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()  # mid-burst: every worker is posting or about to
        stop.set()
        for w in workers:
            w.join(timeout=15)
    finally:
        server.stop()
        for client in (banker, *phones.values()):
            client.close()

    assert not refused, refused
    assert len(acknowledged) >= ACKNOWLEDGED_BEFORE_KILL

    with Server(instance) as again:
        banker_again = Client(again.port)
        banker_again.cookies = dict(banker.cookies)
        log = stored_log(banker_again, game_id)
        # every action that got a success answer is in the log, whole and in its place
        for seq, action in acknowledged.items():
            assert seq < len(log) and log[seq] == action
        # the log is exactly the actions posted, in order, with nothing half-written
        assert log == actions[:len(log)]
        assert banker_again.get(f"/g/{game_id}/banker").status == 200  # the game replays
        # and play goes on from where it stopped
        seq = len(log)
        answer = banker_again.post(f"/g/{game_id}/act", action_form(actions[seq], seq, "after"))
        assert answer.status == 303
        assert stored_log(banker_again, game_id) == actions[:seq + 1]
        join_key = banker_again.join_link(game_id).split("k=")[1]
        banker_again.close()
    # and nothing the server wrote (it keeps no access log) holds a secret
    written = b"".join(log.read_bytes() for log in tmp_path.glob("server-*.log"))
    assert written and b"Referee is running" in written
    secrets = [banker.cookies["banker"], *(p.cookies["seat"] for p in phones.values())]
    secrets.append(join_key)
    for secret in secrets:
        assert secret.encode() not in written
    replayed = registry.replay({**record, "actions": log},
                               lambda _game: load_map)
    assert replayed.state == Replayer(rules_of(record), actions[:len(log)]).state


@pytest.fixture
def live_game(tmp_path):
    """A Rail Baron game on a real server: (server, banker, phones by player id, id, actions)."""
    record, actions = long_game(200, seed=11)
    with Server(tmp_path / "instance", threads=4) as server:
        banker = Client(server.port)
        game_id = banker.import_record(record)
        phones = seat_clients(server.port, banker, game_id, record["players"])
        yield server, banker, phones, game_id, actions
        for client in (banker, *phones.values()):
            client.close()


def race(*posts):
    """Run the posts at the same moment; their answers in the same order."""
    barrier = threading.Barrier(len(posts))
    answers: list = [None] * len(posts)

    def run(i, post):
        barrier.wait()
        answers[i] = post()

    threads = [threading.Thread(target=run, args=(i, p)) for i, p in enumerate(posts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=20)
    return answers


def test_two_devices_acting_at_once_apply_exactly_one_action(live_game):
    _server, banker, phones, game_id, actions = live_game
    rules = rules_of({**json.loads(banker.get(f"/g/{game_id}/export.json").body)})
    game = Replayer(rules)
    applied: list[dict] = []
    console = Client(banker.port)  # a second device of the banker's (the laptop, say)
    console.cookies, console.token = dict(banker.cookies), banker.token
    url = f"/g/{game_id}/act"
    for seq in range(30):
        action = actions[seq]
        phone = phones.get(action.get("player")) or banker
        # the banker's console records the same move with a note: two different actions
        other = dict(action, note=f"banker {seq}")
        mine, theirs = race(
            lambda d=phone, a=action, s=seq: d.post(url, action_form(a, s)),
            lambda a=other, s=seq: console.post(url, action_form(a, s)),
        )
        assert sorted([mine.status, theirs.status]) == [303, 409], seq
        winner, loser = (action, theirs) if mine.status == 303 else (other, mine)
        assert "Someone acted first" in loser.text
        assert f'data-seq="{seq + 1}"' in loser.text  # the fresh state comes with it
        applied.append(winner)
        game.submit(winner)
    console.close()
    log = stored_log(banker, game_id)
    assert log == applied


def test_the_same_action_submitted_twice_applies_once(live_game):
    _server, banker, phones, game_id, actions = live_game
    first = actions[0]
    console = Client(banker.port)
    console.cookies, console.token = dict(banker.cookies), banker.token
    answers = race(*(lambda c=c: c.post(f"/g/{game_id}/act", action_form(first, 0, "tap"))
                     for c in (banker, console)))
    console.close()
    assert [a.status for a in answers] == [303, 303]
    # sent again later (a retry after a lost answer): the same answer, nothing applied twice
    assert banker.post(f"/g/{game_id}/act", action_form(first, 0, "tap")).status == 303
    assert stored_log(banker, game_id) == [first]


def test_an_exported_game_imports_into_a_fresh_instance_and_replays_to_the_same_state(
        tmp_path, counter_game):
    record, actions = long_game(300, seed=3)
    first = create_app({"TESTING": True}, instance_path=tmp_path / "first")
    banker = Browser(first)
    upload = {"record": (io.BytesIO(json.dumps({**record, "actions": actions[:250]}).encode()),
                         "friday.json")}
    response = banker.post("/import", upload, content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    for seq in range(250, 300):  # and the game goes on at the table
        form = action_form(actions[seq], seq, f"c{seq}")
        assert banker.post(f"/g/{game_id}/act", form).status_code == 303
    exported = banker.get(f"/g/{game_id}/export.json")
    assert exported.status_code == 200
    assert json.loads(exported.data)["actions"] == actions

    second = create_app({"TESTING": True}, instance_path=tmp_path / "second")
    other = Browser(second)
    response = other.post("/import", {"record": (io.BytesIO(exported.data), "friday.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    copy_id = response.headers["Location"].split("/")[2]
    again = other.get(f"/g/{copy_id}/export.json")
    assert json.loads(again.data)["actions"] == actions
    states = []
    for app, gid in ((first, game_id), (second, copy_id)):
        fresh = create_app({"TESTING": True}, instance_path=app.instance_path)  # cold cache
        with fresh.app_context():
            from referee.web.db import get_db
            from referee.web.render import replayers
            from referee.web.store import get_game

            states.append(replayers().snapshot(get_db(), get_game(get_db(), gid)).state)
    assert states[0] == states[1] == Replayer(rules_of(record), actions).state
    assert other.get(f"/g/{copy_id}/banker").status_code == 200


def test_two_server_processes_on_one_database_apply_exactly_one_action_per_seq(tmp_path):
    """Only SQLite's write lock (BEGIN IMMEDIATE) orders two processes: each in-process game
    lock knows nothing of the other process. A deferred BEGIN would read, then fail to take
    the lock it needs to write ("database is locked")."""
    record, actions = long_game(40, seed=13)
    instance = tmp_path / "instance"
    with Server(instance, threads=4) as one:
        banker = Client(one.port)
        game_id = banker.import_record(record)
        with Server(instance, threads=4) as two:
            other = Client(two.port)
            other.cookies, other.token = dict(banker.cookies), banker.token
            url = f"/g/{game_id}/act"
            applied = []
            for seq in range(25):
                action = actions[seq]
                noted = dict(action, note=f"second laptop {seq}")
                mine, theirs = race(
                    lambda a=action, s=seq: banker.post(url, action_form(a, s)),
                    lambda a=noted, s=seq: other.post(url, action_form(a, s)),
                )
                assert sorted([mine.status, theirs.status]) == [303, 409], (
                    seq, mine.status, theirs.status, (mine.text + theirs.text)[:300])
                applied.append(action if mine.status == 303 else noted)
            other.close()
        assert stored_log(banker, game_id) == applied
        banker.close()


def test_a_write_ahead_log_deleted_under_a_running_server_loses_no_acknowledged_action(
        tmp_path):
    """A clean-up tool deletes referee.db-wal while the table plays; another program then
    opens the database, which makes a new, empty -wal at the same path. Every action after
    the deletion is refused (503, in words), none is answered as saved; the first refusal
    moves what the deleted log held into the database file; a SIGKILL and a restart find
    every action acknowledged, and say nothing was lost."""
    record, actions = long_game(30, seed=5)
    instance = tmp_path / "instance"
    wal = instance / "referee.db-wal"
    server = Server(instance, threads=4).start()
    banker = Client(server.port)
    acknowledged, after_deletion = 10, []
    try:
        game_id = banker.import_record({**record, "actions": actions[:5]})
        for seq in range(5, acknowledged):
            answer = banker.post(f"/g/{game_id}/act", action_form(actions[seq], seq, f"a{seq}"))
            assert answer.status == 303, answer.text[:300]
        wal.unlink()
        for attempt in range(6):
            if attempt == 3:
                wal.touch()  # the name is back: another file
            seq = acknowledged
            answer = banker.post(f"/g/{game_id}/act",
                                 action_form(actions[seq], seq, f"d{attempt}"))
            after_deletion.append(answer.status)
            assert "The game file has gone: restart the server" in answer.text
        page = banker.get(f"/g/{game_id}/banker")  # a page: as it was, or the same words
        assert page.status == 200 or "The game file has gone" in page.text, page.status
        server.kill()
    finally:
        server.stop()
        banker.close()
    assert after_deletion == [503] * 6  # none acknowledged after the deletion

    with Server(instance) as again:
        banker_again = Client(again.port)
        banker_again.cookies = dict(banker.cookies)
        assert stored_log(banker_again, game_id) == actions[:acknowledged]
        assert "Actions were lost" not in banker_again.get("/").text
        banker_again.close()
    first = (tmp_path / f"server-{server.port}.log").read_text()
    assert "has another write-ahead log (-wal) than the one opened" in first
    assert "has lost its write-ahead log (-wal)" in first
    assert "actions were lost" not in (tmp_path / f"server-{again.port}.log").read_text()


def test_a_restart_that_finds_fewer_actions_than_were_acknowledged_says_so(tmp_path):
    """An older copy of the database put back after a crash (or a log lost with the
    process): the console and the lobby say which game lost how many acknowledged actions."""
    record, actions = long_game(20, seed=6)
    instance = tmp_path / "instance"
    older = tmp_path / "older.db"
    with Server(instance, threads=2) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions[:12]})
        source, copy = sqlite3.connect(instance / "referee.db"), sqlite3.connect(older)
        try:
            source.backup(copy)
        finally:
            source.close()
            copy.close()
        for seq in range(12, 20):
            answer = banker.post(f"/g/{game_id}/act", action_form(actions[seq], seq, f"a{seq}"))
            assert answer.status == 303, answer.text[:300]
        server.kill()
        banker.close()
    for side in ("-wal", "-shm"):
        (instance / f"referee.db{side}").unlink(missing_ok=True)
    (instance / "referee.db").write_bytes(older.read_bytes())

    with Server(instance) as again:
        visitor = Client(again.port)
        lobby = visitor.get("/").text
        visitor.close()
    said = (tmp_path / f"server-{again.port}.log").read_text()
    lost = "holds 12 of the 20 actions the server acknowledged: the last 8 are lost."
    assert "Warning: actions were lost. The game " in said and lost in said, said[-600:]
    assert "Actions were lost" in lobby and lost in lobby
