"""Benchmarks of the table app: server time per action, polling, page weight, quick lookup.

    .venv/bin/python scripts/benchmark.py                 # everything (about a minute)
    .venv/bin/python scripts/benchmark.py weight lookup   # some sections only

Sections: `actions` (server time per action at action 20 and at action 2,000 of a long Rail
Baron game), `polling` (unchanged-state polls from 50 tables x 8 devices against a real
`referee serve` process), `weight` (bytes of the phone view's first load and of one action's
answer), `lookup` (the quick lookup: the library call and the /railbaron/lookup route).
Everything runs on a fresh temporary instance folder and talks only to 127.0.0.1; each section
is bounded in count and time. Results are printed as Markdown; docs/benchmarks.md keeps the latest.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import platform
import random
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from referee.web import create_app  # noqa: E402
from tests.web.long_game import long_game  # noqa: E402
from tests.web.loopback import HOST, Server  # noqa: E402

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')

# -- measuring ---------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    rank = max(1, round(p / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


class Timed:
    """WSGI middleware: the server time of each request, from the call to the last byte."""

    def __init__(self, app: Callable):
        self.app = app
        self.last = 0.0

    def __call__(self, environ, start_response):
        start = time.perf_counter()
        body = b"".join(self.app(environ, start_response))
        self.last = time.perf_counter() - start
        return [body]


def timed_app(instance: Path) -> tuple[Flask, Timed]:
    app = create_app(instance_path=instance)
    timer = Timed(app.wsgi_app)
    app.wsgi_app = timer
    return app, timer


class Browser:
    """A Flask test client with its CSRF token, like a phone's browser."""

    def __init__(self, app: Flask):
        self.client: FlaskClient = app.test_client()
        self.token = TOKEN.search(self.client.get("/").text).group(1)

    def post(self, url: str, data, **kw):
        headers = {"X-CSRF-Token": self.token, **kw.pop("headers", {})}
        return self.client.post(url, data=data, headers=headers, **kw)

    def import_game(self, record: dict, actions: list[dict]) -> str:
        body = json.dumps({**record, "actions": actions}).encode()
        response = self.post("/import", {"record": (io.BytesIO(body), "game.json")},
                             content_type="multipart/form-data")
        assert response.status_code == 303, response.text[:300]
        return response.headers["Location"].split("/")[2]

    def join_all(self, app: Flask, game_id: str, players: list[dict]) -> dict[str, Browser]:
        page = self.client.get(f"/g/{game_id}/banker").text
        link = re.search(r'href="https?://[^/"]+(/g/[^"]+/join\?k=[^"]+)"', page).group(1)
        phones = {}
        for p in players:
            phone = Browser(app)
            answer = phone.post(f"/g/{game_id}/join", {"k": link.split("k=")[1],
                                                       "player": p["id"]})
            assert answer.status_code == 303
            phones[p["id"]] = phone
        return phones


# -- server time per action ---------------------------------------------------------------------

AT = (20, 2_000)
WINDOW = 50  # actions timed after each point
GAMES = 3  # seeds


def bench_actions() -> list[str]:
    samples: dict[int, list[float]] = {at: [] for at in AT}
    reads: dict[int, list[float]] = {at: [] for at in AT}
    sizes: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        app, timer = timed_app(Path(folder))
        for seed in range(1, GAMES + 1):
            record, actions = long_game(max(AT) + WINDOW, seed=seed)
            for at in AT:
                banker = Browser(app)
                game_id = banker.import_game(record, actions[:at])
                phones = banker.join_all(app, game_id, record["players"])
                banker.client.get(f"/g/{game_id}/banker")  # the server is warm, as at a table
                for seq in range(at, at + WINDOW):
                    action = actions[seq]
                    phone = phones.get(action.get("player"))
                    who, page = (phone, "phone") if phone else (banker, "banker")
                    form = {"json": json.dumps(action), "seq": str(seq), "page": page,
                            "client_id": f"b{seq}"}
                    answer = who.post(f"/g/{game_id}/act", form, headers={"HX-Request": "true"})
                    assert answer.status_code == 200, answer.text[:300]
                    samples[at].append(timer.last)
                    sizes.append(len(answer.data))
                    # another phone at the table reloads its view on the refresh trigger
                    other = phones["p1"] if who is not phones["p1"] else phones["p2"]
                    view = other.client.get(f"/g/{game_id}/me", headers={"HX-Request": "true"})
                    assert view.status_code == 200
                    reads[at].append(timer.last)
    lines = ["| at action | actions timed | POST p50 | POST p95 | phone view reload p50 | "
             "reload p95 |", "|---|---|---|---|---|---|"]
    for at in AT:
        lines.append(f"| {at:,} | {len(samples[at])} | {ms(percentile(samples[at], 50))} | "
                     f"{ms(percentile(samples[at], 95))} | {ms(percentile(reads[at], 50))} | "
                     f"{ms(percentile(reads[at], 95))} |")
    first, last = AT
    for name, data in (("POST", samples), ("reload", reads)):
        for p in (50, 95):
            ratio = percentile(data[last], p) / percentile(data[first], p)
            lines.append(f"\n{name} p{p} ratio (action {last:,} / action {first}): "
                         f"**{ratio:.2f}** (goal: at most 1.3)")
    lines.append(f"\nAction answers (htmx fragment): largest {max(sizes):,} bytes, "
                 f"median {int(statistics.median(sizes)):,} bytes.")
    return lines


# -- polling ------------------------------------------------------------------------------------

TABLES = 50
DEVICES = 8
INTERVAL = 2.0


class Poller:
    """One device's connection: kept alive while the server allows, else opened again (as a
    browser does); answers are read with the least work so the client stays cheap."""

    def __init__(self, port: int):
        self.port = port
        self.sock: socket.socket | None = None
        self.reconnects = 0

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def get(self, request: bytes) -> int:
        if self.sock is None:
            self.sock = socket.create_connection((HOST, self.port))
            self.reconnects += 1
        self.sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed before answering")
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length:\s*(\d+)", head)
        need = int(length.group(1)) if length else 0
        while len(body) < need:
            body += self.sock.recv(4096)
        if re.search(rb"(?i)connection:\s*close", head):
            self.close()
        return int(head.split(b" ", 2)[1])


def poll_request(port: int, game_id: str, seq: int, cookies: dict[str, str]) -> bytes:
    """One poll as a phone's browser sends it: its headers, its cookies, htmx's own headers."""
    page = f"http://{HOST}:{port}/g/{game_id}/me"
    headers = {"Host": f"{HOST}:{port}", "Connection": "keep-alive", **PHONE,
               "HX-Request": "true", "HX-Current-URL": page, "Referer": page}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return f"GET /g/{game_id}/version?seq={seq} HTTP/1.1\r\n{head}\r\n".encode()


def poll_requests(port: int, games: dict[str, tuple[int, dict[str, str]]]) -> list[bytes]:
    """Every game's poll: `games` maps a game to the seq its phone shows and the phone's cookies."""
    return [poll_request(port, gid, seq, cookies) for gid, (seq, cookies) in games.items()]


def closed_loop(port: int, requests: list[bytes], connections: int, seconds: float):
    """`connections` clients polling back to back: the most the server answers."""
    latencies: list[float] = []
    reconnects: list[int] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def run(i: int) -> None:
        mine, codes = [], {}
        poller = Poller(port)
        n = i
        while time.perf_counter() < stop:
            start = time.perf_counter()
            code = poller.get(requests[n % len(requests)])
            mine.append(time.perf_counter() - start)
            codes[code] = codes.get(code, 0) + 1
            n += connections
        poller.close()
        reconnects.append(poller.reconnects)
        with lock:
            latencies.extend(mine)
            for code, count in codes.items():
                statuses[code] = statuses.get(code, 0) + count

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, statuses, sum(reconnects)


def paced(port: int, requests: list[bytes], devices: int, interval: float, seconds: float):
    """Every device polls once per `interval` on its own kept-alive connection, as htmx does."""
    latencies: list[float] = []
    reconnects: list[int] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    workers = 16
    stop = time.perf_counter() + seconds

    def run(w: int) -> None:
        mine, codes = [], {}
        socks = {d: Poller(port) for d in range(w, devices, workers)}
        offsets = {d: random.Random(d).uniform(0, interval) for d in socks}
        begin = time.perf_counter()
        due = sorted((begin + offsets[d], d) for d in socks)
        try:
            while due and due[0][0] < stop:
                when, d = due.pop(0)
                time.sleep(max(0.0, when - time.perf_counter()))
                start = time.perf_counter()
                code = socks[d].get(requests[d % len(requests)])
                mine.append(time.perf_counter() - start)
                codes[code] = codes.get(code, 0) + 1
                due.append((when + interval, d))
                due.sort()
        finally:
            for poller in socks.values():
                poller.close()
                reconnects.append(poller.reconnects)
        with lock:
            latencies.extend(mine)
            for code, count in codes.items():
                statuses[code] = statuses.get(code, 0) + count

    threads = [threading.Thread(target=run, args=(w,)) for w in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, statuses, sum(reconnects)


def bench_polling(seconds: float = 8.0) -> list[str]:
    record, actions = long_game(40, seed=9)
    lines = []
    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "instance", threads=8) as server:
        banker = Phone(server.port)
        games = {}
        for t in range(TABLES):
            n = random.Random(t).randint(0, 40)
            game_id = banker.import_record({**record, "actions": actions[:n]})
            phone = seat_phones(server, banker, game_id, record["players"][:1])["p1"]
            phone.get(f"/g/{game_id}/me")  # a phone's cookies, as its browser holds them
            games[game_id] = (n, dict(phone.cookies))
            phone.close()
        banker.close()
        requests = poll_requests(server.port, games)
        closed_loop(server.port, requests, 8, 1.0)  # warm every game's cache
        devices = TABLES * DEVICES
        lat, codes, opened = paced(server.port, requests, devices, INTERVAL, seconds)
        lines += [
            "| load | requests | answers | connections opened | requests/s | p50 | p95 | "
            "p99 |", "|---|---|---|---|---|---|---|---|",
            f"| {TABLES} tables x {DEVICES} devices, one poll each per {INTERVAL:g} s, "
            f"{seconds:g} s | {len(lat):,} | {codes} | {opened:,} | "
            f"{len(lat) / seconds:,.0f} | "
            f"{ms(percentile(lat, 50))} | {ms(percentile(lat, 95))} | "
            f"{ms(percentile(lat, 99))} |",
        ]
        sizes = sorted(len(r) for r in requests)
        cookies = sorted(len(c) for _, c in games.values())
        note = (f"\nEach poll is a phone's: its browser's headers, htmx's, and its "
                f"{cookies[0]} to {cookies[-1]} cookies; {sizes[0]} to {sizes[-1]} bytes "
                "a request.")
        for connections in (8, 32):
            lat, codes, opened = closed_loop(server.port, requests, connections, seconds / 2)
            lines.append(
                f"| {connections} clients polling back to back, {seconds / 2:g} s | "
                f"{len(lat):,} | {codes} | {opened:,} | "
                f"**{len(lat) / (seconds / 2):,.0f}** | "
                f"{ms(percentile(lat, 50))} | {ms(percentile(lat, 95))} | "
                f"{ms(percentile(lat, 99))} |")
    return [*lines, note]


# -- page weight --------------------------------------------------------------------------------

PHONE_LIMIT = 120 * 1024
ACTION_LIMIT = 8 * 1024


GZIP = {"Accept-Encoding": "gzip, deflate"}  # what every phone browser sends


def bench_weight() -> list[str]:
    record, actions = long_game(120, seed=4)
    with tempfile.TemporaryDirectory() as folder:
        app, _timer = timed_app(Path(folder))
        banker = Browser(app)
        game_id = banker.import_game(record, actions[:100])
        phones = banker.join_all(app, game_id, record["players"])
        lines = ["| what | bytes | limit |", "|---|---|---|"]
        pid = actions[100].get("player") or "p1"
        phone = phones[pid]
        page = phone.client.get(f"/g/{game_id}/me")
        wire = phone.client.get(f"/g/{game_id}/me", headers=GZIP)
        assets = re.findall(r'<(?:link[^>]+href|script[^>]+src)="(/static/[^"]+)"', page.text)
        lines.append(f"| phone page (HTML) before gzip | {len(page.data):,} | |")
        sizes = {"phone page (HTML), gzip as a phone's browser asks": len(wire.data)}
        for url in assets:
            with phone.client.get(url) as asset:
                sizes[url] = len(asset.data)
        total = sum(sizes.values())
        for name, size in sizes.items():
            lines.append(f"| {name} | {size:,} | |")
        lines.append(f"| **phone view, first load** | **{total:,}** | {PHONE_LIMIT:,} |")
        largest = largest_raw = 0
        for seq in range(100, 120):
            action = actions[seq]
            who = phones.get(action.get("player")) or banker
            page_name = "phone" if who is not banker else "banker"
            form = {"json": json.dumps(action), "seq": str(seq), "page": page_name}
            answer = who.post(f"/g/{game_id}/act", form,
                              headers={"HX-Request": "true", **GZIP})
            if page_name == "phone":
                largest = max(largest, len(answer.data))
                body = (gzip.decompress(answer.data)
                        if answer.headers.get("Content-Encoding") == "gzip" else answer.data)
                largest_raw = max(largest_raw, len(body))
        lines.append(f"| one action's answer before gzip (htmx, largest of 20) | "
                     f"{largest_raw:,} | |")
        lines.append(f"| **one action's answer** (htmx, gzip, largest of 20) | **{largest:,}** | "
                     f"{ACTION_LIMIT:,} |")
    return lines


# -- quick lookup -------------------------------------------------------------------------------

LOOKUPS = 2_000


def bench_lookup() -> list[str]:
    from referee.games.railbaron.charts import load_map
    from referee.games.railbaron.charts.lookup import destination, payoff

    board = load_map("us")
    rng = random.Random(1)
    cities = sorted(board.cities)
    library = []
    for _ in range(LOOKUPS):
        dice = [tuple(rng.randint(1, 6) for _ in range(3)) for _ in range(2)]
        start = time.perf_counter()
        found = destination(board, dice[0], dice[1])
        city = getattr(getattr(found, "city", None), "city", None) or rng.choice(cities)
        payoff(board, rng.choice(cities), city if city in board.cities else rng.choice(cities))
        library.append(time.perf_counter() - start)
    lines = ["| what | lookups | p50 | p95 | goal |", "|---|---|---|---|---|",
             "| `referee.games.railbaron.charts.lookup`: destination + payoff "
             "(US map loaded once) | "
             f"{len(library):,} | {ms(percentile(library, 50))} | "
             f"{ms(percentile(library, 95))} | p95 at most 5 ms |"]
    with tempfile.TemporaryDirectory() as folder:
        app, timer = timed_app(Path(folder))
        rules = {rule.rule for rule in app.url_map.iter_rules()}
        path = next((p for p in ("/railbaron/lookup", "/lookup") if p in rules), None)
        if path is not None:  # the quick lookup's address in this version of the app
            client = app.test_client()
            route = []
            for i in range(300):
                r, w1, w2, cr, cw1, cw2 = (rng.randint(1, 6) for _ in range(6))
                query = {"map": "us", "r": r, "w1": w1, "w2": w2, "cr": cr, "cw1": cw1,
                         "cw2": cw2, "from": rng.choice(cities)}
                answer = client.get(path, query_string=query,
                                    headers={"HX-Request": "true"})
                assert answer.status_code in (200, 422), answer.status_code
                if i >= 10:  # after warming up
                    route.append(timer.last)
            lines.append(f"| `GET /railbaron/lookup` (htmx, all six dice and a start city) | "
                         f"{len(route):,} | {ms(percentile(route, 50))} | "
                         f"{ms(percentile(route, 95))} | p95 at most 5 ms |")
        else:
            lines.append("| `GET /railbaron/lookup` | not in this version of the app | | | |")
    return lines


SECTIONS = {"actions": bench_actions, "polling": bench_polling, "weight": bench_weight,
            "lookup": bench_lookup}
sys.path.insert(0, str(ROOT / "scripts"))
from bench_answers import SECTIONS as ANSWERS  # noqa: E402
from bench_table import PHONE, Phone, seat_phones  # noqa: E402
from bench_table import SECTIONS as TABLE_SECTIONS  # noqa: E402
from benchmark_four_games import SECTIONS as FOUR_GAMES  # noqa: E402

SECTIONS |= TABLE_SECTIONS | FOUR_GAMES | ANSWERS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sections", nargs="*", metavar="SECTION",
                        help=f"sections to run: {', '.join(SECTIONS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.sections if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r} (choose from {', '.join(SECTIONS)})")
    print(f"Machine: {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {platform.system()} {platform.machine()}; "
          f"{time.strftime('%Y-%m-%d')}\n")
    for name in args.sections or list(SECTIONS):
        began = time.perf_counter()
        print(f"## {name}\n")
        print("\n".join(SECTIONS[name]()))
        print(f"\n({time.perf_counter() - began:.0f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
