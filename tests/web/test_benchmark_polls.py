"""The benchmark's polls are a phone's: its browser's headers and the cookies it holds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from flask import request

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture
def benchmark():
    sys.path.insert(0, str(SCRIPTS))
    try:
        import benchmark
    finally:
        sys.path.remove(str(SCRIPTS))
    return benchmark


def test_a_benchmark_poll_carries_the_phones_cookies_to_the_server(benchmark, app, browser,
                                                                   live_url):
    seen: list[dict[str, str]] = []

    @app.before_request
    def record_cookies() -> None:
        if request.path.endswith("/version"):
            seen.append(dict(request.cookies))

    banker, phone = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    assert phone.join(banker.join_link(game_id), "p1").status_code == 303
    cookies = {c.key: c.value for c in phone.client._cookies.values()}
    assert len(cookies) >= 2  # the seat and the form token, as a phone holds them

    port = int(live_url.rsplit(":", 1)[1])
    seq = banker.seq(game_id)
    seen.clear()
    poller = benchmark.Poller(port)
    sent = benchmark.poll_request(port, game_id, seq, cookies)
    assert poller.get(sent) == 200  # nothing new: empty, and the connection stays open
    assert poller.get(benchmark.poll_request(port, game_id, seq - 1, cookies)) == 200
    assert poller.reconnects == 1
    poller.close()
    assert seen == [cookies, cookies]
    head = sent.decode()
    assert "HX-Request: true" in head and "Accept-Encoding: gzip" in head
    assert "Mobile Safari" in head and len(sent) > 600  # a phone's request, not 84 bytes
