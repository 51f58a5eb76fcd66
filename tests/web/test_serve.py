"""`referee serve`: its options and the addresses it announces."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
import sys

from referee.cli import build_parser
from referee.web.lan import base_url, lan_address


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
