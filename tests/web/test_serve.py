"""`referee serve`: its options and the addresses it announces."""

from __future__ import annotations

import ipaddress

from referee.cli import build_parser
from referee.web.lan import base_url, lan_address


def test_serve_listens_on_the_lan_by_default():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.instance, args.public_url) == ("0.0.0.0", 8000, None, None)


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
