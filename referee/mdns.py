"""A name for the laptop that survives a new address: `referee serve` publishes `<name>.local`
over multicast DNS (the optional extra `referee[mdns]`, python-zeroconf), so the QR codes carry
a name rather than an address that the next network or DHCP lease changes.

Phones on Apple's systems, recent Android and desktops resolve `.local` names; the pages keep
the laptop's plain address beside it for a phone that does not.
"""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass
from typing import Any

SERVICE_TYPE = "_http._tcp.local."
DEFAULT_NAME = "referee"
LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")


class MdnsUnavailable(Exception):
    """The name cannot be published: zeroconf is missing, or the network refused it."""


def available() -> bool:
    """Whether the mdns extra (python-zeroconf) is installed."""
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


def host_label(name: str) -> str:
    """`name` as one DNS label (letters, digits and dashes), or ValueError saying why not."""
    label = name.strip().lower().removesuffix(".local")
    if not LABEL.fullmatch(label):
        raise ValueError(f"{name!r} cannot be a .local name: use letters, digits and dashes "
                         "(at most 63), not starting or ending with a dash")
    return label


def local_url(name: str, port: int) -> str:
    """The address phones open: http://<name>.local:<port> (no port for 80)."""
    host = f"{host_label(name)}.local"
    return f"http://{host}:{port}" if port != 80 else f"http://{host}"


@dataclass(frozen=True)
class Service:
    """What is published: the web app's service record and the name's address record."""

    name: str  # the .local host label
    address: str  # the IPv4 address the name resolves to
    port: int

    @property
    def server(self) -> str:
        return f"{self.name}.local."

    @property
    def instance(self) -> str:
        return f"Referee ({self.name}).{SERVICE_TYPE}"

    def info(self) -> Any:
        """The zeroconf ServiceInfo of this service."""
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE_TYPE, self.instance, port=self.port, server=self.server,
                           addresses=[socket.inet_aton(self.address)],
                           properties={"path": "/"})


def service(name: str, address: str, port: int) -> Service:
    return Service(host_label(name), str(address), int(port))


class Publisher:
    """Publishes a Service on the given interfaces (addresses) until closed."""

    def __init__(self, published: Service, interfaces: list[str]):
        if not available():
            raise MdnsUnavailable("the mdns extra is not installed: pip install 'referee[mdns]'")
        from zeroconf import IPVersion, Zeroconf

        self.service = published
        self._info = published.info()
        try:
            self._zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        except OSError as err:
            raise MdnsUnavailable(f"multicast DNS cannot start here ({err})") from err
        from zeroconf import EventLoopBlocked

        try:
            self._zeroconf.register_service(self._info)
        except EventLoopBlocked:  # its loop did not answer in time: say so, never "()"
            self._zeroconf.close()
            raise MdnsUnavailable(f"{published.server} cannot be published (the announcement "
                                  "did not finish in time)") from None
        except Exception as err:  # zeroconf's own errors (a name in use) and OSError
            self._zeroconf.close()
            why = str(err) or type(err).__name__
            raise MdnsUnavailable(f"{published.server} cannot be published ({why})") from err

    def close(self) -> None:
        try:
            self._zeroconf.unregister_service(self._info)
        finally:
            self._zeroconf.close()

    def __enter__(self) -> Publisher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
