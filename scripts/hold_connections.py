"""How long a new phone waits while one device holds many idle connections to `referee serve`.

    .venv/bin/python scripts/hold_connections.py                  # 600 held, this checkout
    .venv/bin/python scripts/hold_connections.py --held 600 --root OTHER_CHECKOUT

After a first lobby page, one device (127.0.0.1) opens `--held` connections and leaves them
idle (every third with half a request); then another phone (127.0.0.2, another loopback
address) and the same device each ask for the lobby on a new connection. Printed: the seconds
each waited for its answer, over a fresh temporary folder; `--root` serves another checkout's
code (an older commit, to compare).
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.loopback import HOST, Server  # noqa: E402

OTHER_PHONE = "127.0.0.2"


def waited(port: int, source: str | None, timeout: float) -> float:
    """Seconds from connecting to the lobby's whole answer (the timeout if none came)."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request("GET", "/")
        answer = conn.getresponse()
        answer.read()
        if answer.status != 200:
            raise SystemExit(f"the lobby answered {answer.status}")
    except OSError:
        return timeout
    finally:
        conn.close()
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held", type=int, default=600)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code serves")
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "instance", threads=2, root=args.root) as server:
        waited(server.port, None, args.timeout)  # the lobby's first page compiles templates
        held = []
        try:
            for i in range(args.held):
                sock = socket.create_connection((HOST, server.port), timeout=5)
                if i % 3 == 0:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(sock)
            other = waited(server.port, OTHER_PHONE, args.timeout)
            same = waited(server.port, None, args.timeout)
        finally:
            for sock in held:
                sock.close()
    print(f"{args.held} idle connections held: another phone waited {other:.3f} s, "
          f"the same device {same:.3f} s (timeout {args.timeout:g} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
