"""Connections to a real `referee serve` (on loopback addresses only): idle and half-open sockets
cannot starve it, one device holding hundreds keeps no other phone waiting, an upload over the
limit is answered by the app's own page, and a phone's polls keep their connection."""

from __future__ import annotations

import http.client
import re
import socket
from pathlib import Path

import pytest

from referee.commands.serve import CONNECTION_LIMIT, WAITRESS_OPTIONS
from referee.web import MAX_UPLOAD
from referee.web.server import PER_ADDRESS
from tests.web.conftest import PHONE
from tests.web.long_game import long_game
from tests.web.loopback import HOST, TOKEN, Client, Server

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


HOG = 600  # more than the connection limit, from one device
OTHER_PHONE = "127.0.0.2"  # another address on the loopback interface


def closed_by_the_server(sock: socket.socket) -> bool:
    """Whether the server has closed `sock` (its end of the stream has arrived)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_a_device_holding_hundreds_of_idle_connections_keeps_no_other_phone_waiting(tmp_path):
    """Waitress alone stops accepting at its limit until idle sockets time out (30 s): every
    new phone waited that long. The answer must come before the phone's socket times out."""
    assert HOG > CONNECTION_LIMIT > PER_ADDRESS
    with Server(tmp_path / "instance", threads=2) as server:
        held: list[socket.socket] = []
        try:
            for i in range(HOG):
                sock = socket.create_connection((HOST, server.port), timeout=5)
                if i % 3 == 0:  # half a request, never finished
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(sock)
            phone = http.client.HTTPConnection(HOST, server.port, timeout=10,
                                               source_address=(OTHER_PHONE, 0))
            phone.request("GET", "/")
            answer = phone.getresponse()
            assert answer.status == 200 and b"Games on this laptop" in answer.read()
            phone.close()
            same = http.client.HTTPConnection(HOST, server.port, timeout=10)  # the device too
            same.request("GET", "/")
            assert same.getresponse().status == 200
            same.close()
            closed = sum(closed_by_the_server(sock) for sock in held)
            assert closed >= HOG - PER_ADDRESS  # its longest-idle ones made room
        finally:
            for sock in held:
                sock.close()


def multipart(token: str, size: int) -> tuple[bytes, str]:
    """An import form whose record file makes the body `size` bytes."""
    head = (f'--xx\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            '--xx\r\nContent-Disposition: form-data; name="record"; filename="big.json"\r\n'
            "Content-Type: application/json\r\n\r\n").encode()
    tail = b"\r\n--xx--\r\n"
    return head + b" " * (size - len(head) - len(tail)) + tail, "multipart/form-data; boundary=xx"


def upload(port: int, size: int, chunked: bool) -> tuple[int, str]:
    """An import of `size` bytes sent to a real server as a browser sends it: (status, page)."""
    person = Client(port)
    token = TOKEN.search(person.get("/").text).group(1)
    body, kind = multipart(token, size)
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Content-Type": kind,
               "Cookie": "; ".join(f"{k}={v}" for k, v in person.cookies.items())}
    if chunked:
        pieces = (body[i:i + 65536] for i in range(0, len(body), 65536))
        conn.request("POST", "/import", body=pieces, headers=headers, encode_chunked=True)
    else:
        conn.request("POST", "/import", body=body, headers=headers)
    answer = conn.getresponse()
    page = answer.read().decode()
    conn.close()
    assert "(imported)" not in person.get("/").text  # nothing was made of it
    person.close()
    return answer.status, page


@pytest.mark.parametrize("chunked", [False, True], ids=["with its length", "chunked"])
def test_an_upload_twice_the_limit_gets_the_app_s_own_page(tmp_path, chunked):
    """Waitress refused it with a bare "413" before reading it, or the browser's upload was
    reset; now the body is read and dropped, and the app says what happened."""
    with Server(tmp_path / "instance", threads=2) as server:
        status, page = upload(server.port, 2 * MAX_UPLOAD, chunked)
    assert status == 413
    assert "The upload is larger than 5 MB" in page and "<html" in page
    assert "(generated by waitress)" not in page


@pytest.mark.parametrize("chunked", [False, True], ids=["with its length", "chunked"])
def test_an_upload_at_the_limit_is_read_whole_or_refused_with_words(tmp_path, chunked):
    """One byte under the limit, the file (spaces) reaches the import whole and is refused for
    what it holds; at the limit itself the app's page says it is too large (Flask counts a
    body that reaches MAX_CONTENT_LENGTH from a server that ends the stream as too large)."""
    with Server(tmp_path / "instance", threads=2) as server:
        under = upload(server.port, MAX_UPLOAD - 1, chunked)
        at = upload(server.port, MAX_UPLOAD, chunked)
    assert under[0] == 422 and "big.json: line 1: not valid JSON" in under[1]
    assert at[0] == 413 and "The upload is larger than 5 MB" in at[1]


def test_a_large_post_anywhere_gets_the_app_s_own_words(tmp_path):
    with Server(tmp_path / "instance", threads=2) as server:
        conn = http.client.HTTPConnection(HOST, server.port, timeout=30)
        conn.request("POST", "/g/nothing/act", body=b"x" * (MAX_UPLOAD + 1),
                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = conn.getresponse()
        page = answer.read().decode()
        conn.close()
        assert answer.status == 413
        assert "larger than 5 MB, the most this laptop takes" in page


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
    # the live part itself stays: only its parts that changed were swapped in (docs/web.md)
    assert phone.evaluate("document.querySelector('.live').dataset.kept") == "yes"
    phone.screenshot(path=str(SCREENSHOTS / "poll-changed-phone.png"))
