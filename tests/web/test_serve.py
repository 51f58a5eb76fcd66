"""`referee serve`: its options and the addresses it announces."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
import sys
import time

from referee.cli import build_parser, own_module
from referee.web.lan import base_url, lan_address
from tests.web.loopback import Client, Server


def test_serve_listens_on_the_lan_by_default():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.instance, args.public_url) == ("0.0.0.0", 8000, None, None)
    assert (args.name, args.no_mdns) == ("referee", False)


def test_serve_options():
    args = build_parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", "9000", "--instance", "games",
         "--public-url", "http://table.local:9000"]
    )
    assert (args.host, args.port, args.instance, args.public_url) == (
        "127.0.0.1", 9000, "games", "http://table.local:9000")


def test_lan_address_is_an_ipv4_address():
    assert ipaddress.ip_address(lan_address()).version == 4


def test_base_url_replaces_a_wildcard_or_loopback_host_with_the_lan_address():
    lan = lan_address()
    assert base_url("0.0.0.0", 8000) == f"http://{lan}:8000"
    assert base_url("localhost", 80) == f"http://{lan}"
    assert base_url("192.168.1.20", 8000) == "http://192.168.1.20:8000"


def _serve(tmp_path, *options: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "referee", "serve", "--instance", str(tmp_path / "games"),
               *options]
    return subprocess.run(command, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)


def test_a_port_in_use_is_said_plainly(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        answer = _serve(tmp_path, "--host", "127.0.0.1", "--port", str(port))
    assert answer.returncode == 1
    assert f"port {port} is in use" in answer.stderr
    assert "Traceback" not in answer.stderr


def test_a_name_that_cannot_be_published_is_refused_before_starting(tmp_path):
    answer = _serve(tmp_path, "--host", "127.0.0.1", "--name", "two words")
    assert answer.returncode == 2
    assert "cannot be a .local name" in answer.stderr


def _modules_after(code: str) -> list[str]:
    """The modules of interest a fresh process has loaded after `code`."""
    probe = (f"import sys\n{code}\n"
             "print(sorted(m for m in sys.modules if m == 'qrcode' or m.endswith('.lookup')"
             " and '.commands.' in m))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    return eval(done.stdout.strip().splitlines()[-1])  # a list of names printed by the probe


def test_serve_loads_its_own_command_alone_and_answers_the_lobby_without_the_qr_library(
        tmp_path):
    assert own_module(["serve", "--port", "9000"]) == "serve"
    assert own_module(["lookup", "cities"]) is None  # a game's own command: every parser
    assert own_module(["--version"]) is None
    assert build_parser("serve").parse_args(["serve", "--port", "9"]).port == 9
    assert _modules_after("from referee.cli import build_parser\nbuild_parser()") == [
        "referee.games.railbaron.commands.lookup"]
    assert _modules_after(
        "from referee.cli import build_parser\nbuild_parser('serve')\n"
        "from referee.web import create_app\n"
        f"app = create_app(instance_path={str(tmp_path / 'games')!r})\n"
        "assert app.test_client().get('/').status_code == 200") == []


def test_serve_draws_its_qr_code_once_it_listens(tmp_path):
    with Server(tmp_path / "instance") as server:
        client = Client(server.port)
        assert client.get("/").status == 200
        client.close()
        deadline = time.monotonic() + 120  # a bound, not a figure: a busy machine is slow
        while time.monotonic() < deadline and b"Press Ctrl+C" not in server_log(tmp_path):
            time.sleep(0.1)
    written = server_log(tmp_path)
    assert b"Referee is running" in written and b"Press Ctrl+C to stop." in written
    assert written.index(b"Referee is running") < written.index(b"\xe2\x96\x88")  # the code


def server_log(folder) -> bytes:
    return b"".join(log.read_bytes() for log in folder.glob("server-*.log"))
