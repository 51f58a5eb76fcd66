"""A database that cannot be written: a real `referee serve` on a full disk (a small tmpfs) and on
a read-only database file (a read-only bind mount), each in a private mount namespace of its
own, so nothing is mounted outside the test. Every write answers 503 with what to do, reads go
on, the server warns on start, and nothing half-written remains."""

from __future__ import annotations

import re
import shutil
import subprocess
from json import loads

import pytest

from tests.web.long_game import long_game
from tests.web.loopback import Client, Server, action_form

CANNOT_SAVE = "The laptop&#39;s disk is full or its database cannot be written"


def private_mounts_work() -> bool:
    if shutil.which("unshare") is None:
        return False
    done = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return done.returncode == 0


pytestmark = pytest.mark.skipif(not private_mounts_work(),
                                reason="needs unshare -m (a private mount namespace)")


def in_namespace(script: str, argument: str) -> list[str]:
    """A prefix that runs the server after `script` in its own mount namespace ($0 is
    `argument`)."""
    return ["unshare", "-m", "sh", "-c", f'{script} && exec "$@"', argument]


def server_output(server: Server) -> str:
    return (server.instance.parent / f"server-{server.port}.log").read_text(errors="replace")


def test_a_full_disk_answers_503_and_keeps_every_acknowledged_action(tmp_path):
    record, actions = long_game(300, seed=9)
    instance = tmp_path / "instance"
    instance.mkdir()
    full = in_namespace('mount -t tmpfs -o size=320k tmpfs "$0"', str(instance))
    with Server(instance, threads=2, prefix=full) as server:
        banker = Client(server.port)
        game_id = banker.import_record(record)
        acknowledged, answer = 0, None
        for seq, action in enumerate(actions):  # bounded: the disk fills long before the end
            answer = banker.post(f"/g/{game_id}/act", action_form(action, seq, f"c{seq}"))
            if answer.status != 303:
                break
            acknowledged += 1
        assert answer is not None and answer.status == 503, (acknowledged, answer.status)
        assert 0 < acknowledged < len(actions)
        assert CANNOT_SAVE in answer.text and "free space" in answer.text
        again = banker.post(f"/g/{game_id}/act",
                            action_form(actions[acknowledged], acknowledged, "again"), htmx=True)
        assert again.status == 503
        assert 'class="live card error-box"' in again.text  # the fragment the phone swaps in
        assert CANNOT_SAVE in again.text
        # reads go on, and the log is exactly what was acknowledged: nothing half-written
        assert banker.get(f"/g/{game_id}/banker").status == 200
        assert banker.get(f"/g/{game_id}/version").text == str(acknowledged)
        exported = banker.get(f"/g/{game_id}/export.json")
        assert exported.status == 200
        assert loads(exported.body)["actions"] == actions[:acknowledged]
        banker.close()
    assert "Traceback" not in server_output(server)


def test_a_read_only_database_warns_on_start_and_answers_every_write_with_503(tmp_path):
    record, actions = long_game(21, seed=9)
    instance = tmp_path / "instance"
    with Server(instance, threads=2) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions[:20]})
        link = banker.join_link(game_id)
        cookies, token = dict(banker.cookies), banker.token
        banker.close()
    database = instance / "referee.db"
    before = database.read_bytes()

    read_only = in_namespace('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0"',
                             str(database))
    with Server(instance, threads=2, prefix=read_only) as server:
        banker, phone = Client(server.port), Client(server.port)
        banker.cookies, banker.token = cookies, token
        assert banker.get(f"/g/{game_id}/banker").status == 200  # reading works
        answers = {
            "act": banker.post(f"/g/{game_id}/act", action_form(actions[20], 20, "x")),
            "act (htmx)": banker.post(f"/g/{game_id}/act", action_form(actions[20], 20, "y"),
                                      htmx=True),
            "join": phone.join(link, "p1"),
            "new game": banker.post("/new", {"game": "railbaron", "map": "us",
                                             "name_1": "Ann", "colour_1": "#d62828",
                                             "seat_1": "1", "name_2": "Bob",
                                             "colour_2": "#1d4ed8", "seat_2": "2",
                                             "banker": ""}),
        }
        try:
            banker.import_record(record)
        except AssertionError as err:
            answers["import"] = err
        for what, answer in answers.items():
            text = answer.text if hasattr(answer, "text") else str(answer)
            status = answer.status if hasattr(answer, "status") else int(
                re.search(r"\((\d{3})\)", text).group(1))
            assert status == 503, (what, status, text[:300])
            if hasattr(answer, "text"):
                assert CANNOT_SAVE in text, what
        banker.close()
        phone.close()
    output = server_output(server)
    assert "Warning: the database" in output and "cannot be written" in output
    assert "Traceback" not in output
    assert database.read_bytes() == before  # nothing written, nothing half-written


FULL_FOLDERS = ("maps", "railroad_barons_boxes", "railway_rivals_maps")


def test_a_full_disk_answers_every_board_and_box_save_with_503_and_words(tmp_path):
    """Each folder an upload or a save writes to sits on a full tmpfs: every form answers 503
    saying the laptop could not store it, never 500, and stores nothing."""
    instance = tmp_path / "instance"
    instance.mkdir()
    fill = " && ".join(
        f'mkdir -p "$0/{folder}" && mount -t tmpfs -o size=4k tmpfs "$0/{folder}" && '
        f'(head -c 65536 /dev/zero > "$0/{folder}/fill" 2>/dev/null || true)'
        for folder in FULL_FOLDERS)
    with Server(instance, threads=2, prefix=in_namespace(fill, str(instance))) as server:
        owner = Client(server.port)
        owner.token = re.search(r'name="csrf_token" value="([^"]+)"', owner.get("/").text)[1]
        answers = {
            "Railroad Barons box": owner.post("/railroad_barons/boxes",
                                              {"key": "mybox", "name": "Mine"}),
            "Railway Rivals map": owner.post("/railway_rivals/maps/entry", {
                "key": "mine", "name": "Mine", "towns": "Aton, 1, no\nBton, 2, no"}),
            "Rail Baron map": owner.request(
                "POST", "/railbaron/maps", body=maps_upload(owner.token),
                content_type="multipart/form-data; boundary=xx"),
        }
        owner.close()
    for what, answer in answers.items():
        assert answer.status == 503, (what, answer.status, answer.text[:300])
        assert "could not be stored" in answer.text and "Internal Server Error" not in answer.text
    assert "Exception on " not in server_output(server)  # Flask's line for an answer of 500
    assert not any((instance / folder).exists() and [p for p in (instance / folder).iterdir()
                                                      if p.name != "fill"]
                   for folder in FULL_FOLDERS)


def maps_upload(csrf: str) -> bytes:
    from tests.web.test_railbaron_maps_page import multipart, tiny_files

    return multipart({"csrf_token": csrf, "key": "tiny"}, tiny_files())
