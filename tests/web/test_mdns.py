"""The laptop's .local name (the mdns extra): what is published, and the QR codes that carry the
name with the laptop's plain address beside it. Publishing goes to the loopback interface only;
the published address is a documentation address (192.0.2.0/24) that nothing is sent to."""

from __future__ import annotations

import os
import re
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee import mdns
from referee.cli import build_parser
from referee.commands.serve import addresses
from referee.web import create_app
from referee.web.qr import qr_svg
from tests.web.conftest import Browser

LOOPBACK = ["127.0.0.1"]
ADDRESS = "192.0.2.10"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_service_description_names_the_host_its_address_and_port():
    info = mdns.service("Table-Two", ADDRESS, 8000).info()
    assert info.type == "_http._tcp.local."
    assert info.server == "table-two.local."
    assert info.parsed_addresses() == [ADDRESS]
    assert info.port == 8000
    assert info.properties == {b"path": b"/"}
    assert mdns.local_url("table-two", 8000) == "http://table-two.local:8000"
    assert mdns.local_url("referee.local", 80) == "http://referee.local"


@pytest.mark.parametrize("name", ["", "-table", "table-", "two words", "café", "a" * 64])
def test_a_name_that_cannot_be_a_dns_label_is_refused_with_the_reason(name):
    with pytest.raises(ValueError, match="cannot be a .local name"):
        mdns.host_label(name)


def test_no_name_is_published_on_loopback_with_a_public_url_or_when_told_not_to():
    parse = build_parser().parse_args
    assert addresses(parse(["serve", "--host", "127.0.0.1", "--port", "9000"])).public == (
        "http://127.0.0.1:9000")
    told = addresses(parse(["serve", "--host", ADDRESS, "--no-mdns"]))
    assert (told.public, told.fallback, told.publisher) == (f"http://{ADDRESS}:8000", None, None)
    given = addresses(parse(["serve", "--public-url", "http://hotspot.example:1/"]))
    assert (given.public, given.publisher) == ("http://hotspot.example:1", None)


def test_the_qr_code_carries_the_local_name_and_the_address_as_the_fallback(tmp_path):
    pytest.importorskip("zeroconf")
    # in a thread of its own, as under `referee serve`: zeroconf runs on the caller's asyncio
    # loop when one is running, and a browser test's Playwright leaves one in this process
    with ThreadPoolExecutor(1) as thread:
        thread.submit(publish_and_resolve, tmp_path).result()


def publish_and_resolve(tmp_path) -> None:
    from zeroconf import IPVersion, Zeroconf

    port = free_port()
    name = f"referee-test-{os.getpid()}"  # another run on this machine may announce its own
    args = build_parser().parse_args(["serve", "--host", ADDRESS, "--port", str(port),
                                      "--name", name])
    where = addresses(args, interfaces=LOOPBACK)
    try:
        assert where.publisher is not None, where.note
        assert where.public == f"http://{name}.local:{port}"
        assert where.fallback == f"http://{ADDRESS}:{port}"

        # another program on this machine resolves the published name (loopback only)
        looker = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
        try:
            found = looker.get_service_info(mdns.SERVICE_TYPE, where.publisher.service.instance,
                                            timeout=30_000)
        finally:
            looker.close()
        assert found is not None
        assert (found.server, found.parsed_addresses(), found.port) == (
            f"{name}.local.", [ADDRESS], port)

        app = create_app({"TESTING": True, "PUBLIC_URL": where.public,
                          "FALLBACK_URL": where.fallback}, instance_path=tmp_path / "instance")
        banker = Browser(app)
        game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us")
        console = banker.get(f"/g/{game_id}/banker").text
        path = re.search(rf'href="http://{name}\.local:\d+(/g/[^"]+/join\?k=[^"]+)"',
                         console).group(1)
        assert str(qr_svg(where.public + path)) in console
        assert str(qr_svg(where.fallback + path)) in console
        assert f'href="{where.fallback}{path}"' in console
    finally:
        where.close()
