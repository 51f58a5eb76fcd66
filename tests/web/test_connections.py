"""Connections to a real `referee serve` (on 127.0.0.1 only): idle and half-open sockets cannot
starve it, and a phone's polls keep their connection."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest

from referee.commands.serve import CONNECTION_LIMIT, WAITRESS_OPTIONS
from tests.web.conftest import PHONE
from tests.web.long_game import long_game
from tests.web.loopback import HOST, Client, Server

SCREENSHOTS = Path(__file__).parents[1] / "screenshots"

HELD = 200  # twice waitress's default limit of 100 connections


def test_idle_and_half_open_sockets_leave_room_for_the_phones(tmp_path):
    assert HELD < CONNECTION_LIMIT and WAITRESS_OPTIONS["asyncore_use_poll"]
    with Server(tmp_path / "instance", threads=2) as server:
        held: list[socket.socket] = []
        try:
            for i in range(HELD):
                sock = socket.create_connection((HOST, server.port), timeout=5)
                if i % 2:  # half a request, never finished
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(sock)
            phone = Client(server.port, timeout=10)
            for _ in range(3):
                answer = phone.get("/")
                assert answer.status == 200
                assert b"Games on this laptop" in answer.body
            phone.close()
        finally:
            for sock in held:
                sock.close()


def answers(sock: socket.socket, count: int) -> list[tuple[bytes, bytes]]:
    """`count` answers (head, body) read off one connection, each by its Content-Length."""
    data, found = b"", []
    while len(found) < count:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            assert chunk, f"the server closed the connection after {len(found)} answers"
            data += chunk
        head, _, data = data.partition(b"\r\n\r\n")
        length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
        assert length, head
        while len(data) < int(length.group(1)):
            data += sock.recv(4096)
        found.append((head, data[:int(length.group(1))]))
        data = data[int(length.group(1)):]
    return found


def test_a_phone_polling_keeps_one_connection_whether_or_not_the_game_moved(tmp_path):
    record, actions = long_game(6, seed=3)
    with Server(tmp_path / "instance", threads=2) as server:
        banker = Client(server.port)
        game_id = banker.import_record({**record, "actions": actions})
        banker.close()
        poll = ("GET /g/{game}/version?seq={seq} HTTP/1.1\r\nHost: {host}\r\nHX-Request: true\r\n"
                "Accept-Encoding: gzip, deflate\r\n\r\n")
        with socket.create_connection((HOST, server.port), timeout=10) as sock:
            for seq in (6, 6, 5, 6):  # unchanged, unchanged, behind, unchanged
                sock.sendall(poll.format(game=game_id, seq=seq, host=HOST).encode())
            found = answers(sock, 4)
    for (head, body), seq in zip(found, (6, 6, 5, 6), strict=True):
        assert head.startswith(b"HTTP/1.1 200 ") and b"connection: close" not in head.lower()
        if seq == 6:  # nothing new: nothing to swap, nothing to trigger
            assert body == b"" and b"hx-reswap: none" in head.lower()
            assert b"hx-trigger" not in head.lower()
        else:
            assert body == b"6" and b"hx-trigger: refresh" in head.lower()


@pytest.mark.browser
def test_a_phone_polling_an_unchanged_game_swaps_nothing_and_still_learns_of_a_change(
        live_url, chromium, browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"])
    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(live_url + banker.join_link(game_id))
    phone.click("button:has-text('Ann')")
    phone.wait_for_url("**/me")
    title = phone.title()
    phone.evaluate("document.querySelector('.live').dataset.kept = 'yes'")
    for _ in range(2):  # two polls of the unchanged game, every 2 s
        with phone.expect_response(lambda r: "/version?seq=0" in r.url, timeout=8000) as poll:
            pass
        assert poll.value.status == 200 and poll.value.body() == b""
    assert phone.evaluate("document.querySelector('.live').dataset.kept") == "yes"
    assert phone.evaluate("document.querySelector('.poll').innerHTML") == ""
    assert phone.title() == title
    phone.screenshot(path=str(SCREENSHOTS / "poll-unchanged-phone.png"))

    assert banker.act(game_id, type="add", player="p1", **{"n:int": "3"}).status_code == 303
    phone.wait_for_selector(".live[data-seq='1']", timeout=8000)
    assert "p1 adds 3." in phone.text_content(".live")
    assert phone.evaluate("document.querySelector('.live').dataset.kept") is None
    phone.screenshot(path=str(SCREENSHOTS / "poll-changed-phone.png"))
