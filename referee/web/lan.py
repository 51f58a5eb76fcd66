"""The address phones at the table use to reach this laptop."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from flask import current_app, request

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"})


def lan_address() -> str:
    """The machine's primary IPv4 address, or 127.0.0.1 when it has no network.

    Connecting a UDP socket picks the outgoing interface without sending a packet.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def base_url(host: str, port: int) -> str:
    """The URL of the app served on `host`:`port`, as a phone on the LAN would type it."""
    if host in LOOPBACK_NAMES or host == "":
        host = lan_address()
    return f"http://{host}:{port}" if port != 80 else f"http://{host}"


def public_base() -> str:
    """This app's address for QR codes: PUBLIC_URL if configured, else the LAN address."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/")
    parts = urlsplit(request.host_url)
    host = parts.hostname or ""
    if host in LOOPBACK_NAMES or host.startswith("127."):
        return base_url("localhost", parts.port or 80)
    return request.host_url.rstrip("/")


def public_url(path: str) -> str:
    """`path` (starting with '/') on the public base address."""
    return public_base() + path


def fallback_base() -> str | None:
    """The laptop's plain address, for phones that cannot resolve the published .local name
    (FALLBACK_URL, set by `referee serve` when it publishes one)."""
    configured = current_app.config.get("FALLBACK_URL")
    return str(configured).rstrip("/") if configured else None


def public_links(path: str) -> list[str]:
    """`path` on the public address and, when there is one, on the fallback address."""
    links = [public_url(path)]
    fallback = fallback_base()
    if fallback and fallback + path not in links:
        links.append(fallback + path)
    return links
