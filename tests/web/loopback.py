"""A real `referee serve` process on 127.0.0.1 and plain HTTP clients that talk to it.

Used by the reliability tests (crash and restart) and by scripts/benchmark.py. Nothing here
leaves the loopback interface.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from referee import PROJECT_ROOT

HOST = "127.0.0.1"
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """`referee serve --host 127.0.0.1` on a free port over `instance`, as a child process."""

    def __init__(self, instance: Path, threads: int = 8, port: int | None = None,
                 prefix: list[str] | None = None, root: Path | None = None):
        self.instance = Path(instance)
        self.root = Path(root or PROJECT_ROOT)  # the checkout whose code serves
        self.threads = threads
        self.port = port or free_port()
        self.prefix = list(prefix or [])  # e.g. a private mount namespace to run it in
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, timeout: float = 20.0) -> Server:
        command = [*self.prefix, sys.executable, "-m", "referee.cli", "serve", "--host", HOST,
                   "--port", str(self.port), "--instance", str(self.instance),
                   "--threads", str(self.threads), "--public-url", self.url]
        self.log = (self.instance.parent / f"server-{self.port}.log").open("ab")
        self.process = subprocess.Popen(command, cwd=self.root, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                socket.create_connection((HOST, self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not start listening")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, nothing is flushed by the app."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if getattr(self, "log", None):
            self.log.close()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_exc) -> None:
        self.stop()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Client:
    """One browser: its own cookies and a kept-alive connection."""

    def __init__(self, port: int, timeout: float = 10.0):
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.token: str | None = None
        self._conn: http.client.HTTPConnection | None = None

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            self._conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def request(self, method: str, path: str, form: dict | list | None = None,
                headers: dict[str, str] | None = None, body: bytes | None = None,
                content_type: str | None = None) -> Answer:
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form is not None:
            body = urlencode(form, doseq=True).encode()
            content_type = "application/x-www-form-urlencoded"
        if content_type:
            sent["Content-Type"] = content_type
        conn = self._connection()
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            data = response.read()
        except (http.client.HTTPException, OSError) as err:
            self.close()  # the server went away mid-answer: no answer, so nothing acknowledged
            raise ConnectionError(f"{method} {path}: {err!r}") from err
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                for morsel in SimpleCookie(value).values():
                    self.cookies[morsel.key] = morsel.value
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)

    def get(self, path: str, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path: str, form: dict | list, htmx: bool = False, **kw) -> Answer:
        if self.token is None:
            self.token = TOKEN.search(self.get("/").text).group(1)
        form = dict(form) if isinstance(form, dict) else list(form)
        headers = {"X-CSRF-Token": self.token}
        if htmx:
            headers["HX-Request"] = "true"
        return self.request("POST", path, form=form, headers=headers, **kw)

    def import_record(self, record: dict, filename: str = "game.json") -> str:
        """Upload a game record to the lobby; return the new game's id (this client banks)."""
        if self.token is None:
            self.token = TOKEN.search(self.get("/").text).group(1)
        boundary = "referee-boundary-7f3a"
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{self.token}\r\n",
            f'--{boundary}\r\nContent-Disposition: form-data; name="record"; '
            f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'
            f"{json.dumps(record)}\r\n",
            f"--{boundary}--\r\n",
        ]
        answer = self.request("POST", "/import", body="".join(parts).encode(),
                              content_type=f"multipart/form-data; boundary={boundary}")
        if answer.status != 303:
            raise AssertionError(f"import refused ({answer.status}): {answer.text[:300]}")
        return answer.headers["location"].split("/")[2]

    def join_link(self, game_id: str) -> str:
        page = self.get(f"/g/{game_id}/banker").text
        return re.search(r'href="https?://[^/"]+(/g/[^"]+/join\?k=[^"]+)"', page).group(1)

    def join(self, link: str, player_id: str) -> Answer:
        game_id, key = link.split("/")[2], link.split("k=", 1)[1]
        return self.post(f"/g/{game_id}/join", {"k": key, "player": player_id})


def action_form(action: dict, seq: int, client_id: str | None = None,
                page: str = "phone") -> dict:
    """The POST form of one action: its JSON, the seq the client saw and its client id."""
    form = {"json": json.dumps(action), "seq": str(seq), "page": page}
    if client_id:
        form["client_id"] = client_id
    return form
