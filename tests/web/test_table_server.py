"""The table's waitress server (referee/web/server.py) in this process, on loopback addresses:
a body kept only up to the app's limit, room made for a new connection by closing the
longest-idle one of its address (or of all), never a connection at work. A small WSGI app
stands in for the referee app so that a request can be held in service or an answer left
unread; tests/web/test_connections.py runs the same promises against a real `referee serve`."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from waitress import wasyncore
from waitress.channel import HTTPChannel

from referee import PROJECT_ROOT
from referee.web.server import PER_ADDRESS, CappedBody, TableServer, create_server

HOST = "127.0.0.1"
LIMIT = 1000  # the app's body limit in these tests
BIG = 32 * 1024 * 1024  # an answer larger than every socket buffer between the two ends
RELEASE = threading.Event()


def app(environ: dict, start_response: Any) -> list[bytes]:
    """/slow waits for RELEASE; /big answers BIG bytes; anything else says what body it read
    and the length it was told."""
    path = environ["PATH_INFO"]
    if path == "/slow":
        RELEASE.wait(20)
    if path == "/big":
        body = b"x" * BIG
    else:
        read = environ["wsgi.input"].read()
        body = f"{len(read)} {environ.get('CONTENT_LENGTH', '')}".encode()
    start_response("200 OK", [("Content-Length", str(len(body)))])
    return [body]


@contextmanager
def serving(**options: Any) -> Iterator[Any]:
    """The table's server for `app` in a thread of this process; `options` are waitress's."""
    options.setdefault("listen", f"{HOST}:0")
    options.setdefault("threads", 2)
    server = create_server(app, LIMIT, **options)
    socket_map = getattr(server, "map", None) or server._map
    stopping = threading.Event()

    def run() -> None:  # waitress's loop, one turn at a time, so that it can be stopped
        while not stopping.is_set():
            wasyncore.loop(timeout=0.05, map=socket_map, use_poll=True, count=1)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        RELEASE.set()
        stopping.set()
        thread.join(timeout=10)
        server.task_dispatcher.shutdown(timeout=5)
        for channel in [c for c in socket_map.values() if isinstance(c, HTTPChannel)]:
            channel.handle_close()  # its answer's buffers too (a temporary file)
        wasyncore.close_all(socket_map)
        RELEASE.clear()


def ask(port: int, path: str = "/", source: str | None = None, method: str = "GET",
        body: Any = None, chunked: bool = False, host: str = HOST) -> tuple[int, bytes]:
    """One request on a new connection (from `source`, a loopback address): status, body."""
    conn = http.client.HTTPConnection(host, port, timeout=10,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, body=body, encode_chunked=chunked)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def is_closed(sock: socket.socket) -> bool:
    """Whether the server has closed `sock`, waiting up to its timeout for the end to come."""
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def still_open(sock: socket.socket) -> bool:
    """Whether `sock` is open now (nothing arrived, not even its end)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except ConnectionResetError:
        return False


@contextmanager
def held(port: int, sources: list[str]) -> Iterator[list[socket.socket]]:
    """Idle connections, one from each of `sources` in turn; each accepted before the next
    (a request on another connection is answered only after every earlier accept)."""
    socks = []
    try:
        for source in sources:
            sock = socket.socket()
            sock.settimeout(10)
            sock.bind((source, 0))
            sock.connect((HOST, port))
            socks.append(sock)
        yield socks
    finally:
        for sock in socks:
            sock.close()


def port_of(server: Any) -> int:
    return int(server.effective_port)


@pytest.mark.parametrize("chunked", [False, True], ids=["with its length", "chunked"])
@pytest.mark.parametrize(("size", "read"), [(LIMIT - 1, LIMIT - 1), (LIMIT, LIMIT),
                                            (LIMIT + 1, 0), (5 * LIMIT, 0)])
def test_a_body_is_kept_up_to_the_limit_and_only_counted_past_it(size, read, chunked):
    with serving(inbuf_overflow=LIMIT // 2) as server:  # past half: a temporary file
        pieces = [b"y" * 100] * (size // 100) + [b"y" * (size % 100)]
        status, body = ask(port_of(server), "/length", method="POST",
                           body=iter(pieces) if chunked else b"".join(pieces), chunked=chunked)
    assert status == 200 and body == f"{read} {size}".encode()


def test_a_capped_body_dropped_past_its_limit_reads_as_empty_and_keeps_its_length():
    body = CappedBody(overflow=4, limit=10)
    body.append(b"abcdefgh")  # past the overflow: in a temporary file
    assert len(body) == 8 and body.getfile().read() == b"abcdefgh"
    body.append(b"ij")  # the limit itself: still kept
    assert len(body) == 10 and body.getfile().read() == b"ij"  # read on from where it was
    body.append(b"k")
    assert len(body) == 11 and body.getfile().read() == b""
    body.append(b"l")
    assert len(body) == 12 and body.getfile().read() == b""
    body.close()


def test_a_device_past_its_limit_closes_its_own_longest_idle_connections():
    with serving() as server:
        port = port_of(server)
        with held(port, ["127.0.0.2"]) as other, held(port, [HOST] * (PER_ADDRESS + 36)) as mine:
            assert ask(port, source="127.0.0.3") == (200, b"0 ")  # another phone, at once
            assert all(is_closed(sock) for sock in mine[:36])  # the device's oldest
            assert all(still_open(sock) for sock in mine[36:])
            assert still_open(other[0])


def test_past_the_connection_limit_the_longest_idle_of_all_makes_room():
    with serving(connection_limit=10) as server:
        port = port_of(server)
        with held(port, [f"127.0.0.{i}" for i in range(2, 12)]) as ten:
            assert ask(port, source="127.0.0.20") == (200, b"0 ")
            assert is_closed(ten[0])
            assert all(still_open(sock) for sock in ten[1:])


def test_a_connection_being_served_is_never_the_one_closed():
    with serving() as server:
        port = port_of(server)
        slow = http.client.HTTPConnection(HOST, port, timeout=10)
        slow.request("GET", "/slow")  # held in service until RELEASE
        with held(port, [HOST] * (PER_ADDRESS + 5)) as mine:
            assert ask(port, source="127.0.0.3") == (200, b"0 ")
            assert is_closed(mine[0])
            RELEASE.set()
            answer = slow.getresponse()
            assert answer.status == 200 and answer.read() == b"0 "
        slow.close()


def test_a_connection_with_an_answer_still_to_send_is_never_closed():
    with serving() as server:
        port = port_of(server)
        big = socket.create_connection((HOST, port), timeout=10)
        big.sendall(b"GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        big.recv(1)  # its answer has begun: the rest waits in the server, unread
        time.sleep(0.5)  # the buffers between fill up and the server stops sending: this
        # connection is then the longest without a byte moved, and still it must stay
        with held(port, [HOST] * (PER_ADDRESS + 5)) as mine:
            assert ask(port, source="127.0.0.3") == (200, b"0 ")
            assert is_closed(mine[0])
            received = 1
            while chunk := big.recv(1 << 20):
                received += len(chunk)
                if received > BIG:  # the whole body (and the head before it)
                    break
            assert received > BIG
        big.close()


def test_when_every_other_connection_of_the_device_is_at_work_none_is_closed():
    with serving(threads=PER_ADDRESS + 4) as server:
        port = port_of(server)
        slow = []
        for _ in range(PER_ADDRESS):  # each asks, and is held in service
            conn = http.client.HTTPConnection(HOST, port, timeout=10)
            conn.request("GET", "/slow")
            slow.append(conn)
        assert ask(port, source="127.0.0.3") == (200, b"0 ")  # every request above is read
        late = http.client.HTTPConnection(HOST, port, timeout=10)
        late.request("GET", "/")  # past the limit, and nothing idle to close: it stays
        assert late.getresponse().read() == b"0 "
        assert ask(port, source="127.0.0.4") == (200, b"0 ")  # and the server goes on
        RELEASE.set()
        late.close()
        for conn in slow:
            answer = conn.getresponse()
            assert answer.status == 200 and answer.read() == b"0 "
            conn.close()


def test_an_idle_connection_is_closed_after_the_channel_timeout():
    with serving(channel_timeout=1, cleanup_interval=1) as server, \
            held(port_of(server), [HOST]) as (sock,):
        assert is_closed(sock)  # within its 10 s socket timeout


def test_every_address_it_listens_on_is_served_by_the_table_s_server():
    with serving(listen=f"{HOST}:0 127.0.0.2:0") as server:
        listening = [d for d in server.map.values() if isinstance(d, TableServer)]
        assert len(listening) == 2
        for each in listening:
            assert ask(port_of(each), host=each.effective_host) == (200, b"0 ")


def test_the_docs_give_the_limit_per_address_the_server_uses():
    text = (PROJECT_ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert f"no address holds more than {PER_ADDRESS}\n  connections (`PER_ADDRESS`" in text
