"""Idle and half-open sockets cannot starve a real `referee serve` (on 127.0.0.1 only)."""

from __future__ import annotations

import socket

from referee.commands.serve import CONNECTION_LIMIT, WAITRESS_OPTIONS
from tests.web.loopback import HOST, Client, Server

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
