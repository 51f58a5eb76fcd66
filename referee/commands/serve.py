"""`referee serve`: run the web app for the table, reachable by every phone on the LAN."""

from __future__ import annotations

import argparse
import errno
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from referee import mdns
from referee.web.lan import LOOPBACK_NAMES, base_url, lan_address


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the web app on this laptop's network",
        description="Serve the web app with waitress; phones join by scanning the QR code.",
    )
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port (default {DEFAULT_PORT}, the same on every start so a "
                             "phone's bookmark keeps working)")
    parser.add_argument("--instance", default=None,
                        help="folder for the games, maps and keys (default $REFEREE_INSTANCE, "
                             "else the user's data folder; scripts/serve uses ./instance)")
    parser.add_argument("--public-url", default=None,
                        help="the address phones should use, if not http://<LAN address>:<port>")
    parser.add_argument("--name", default=mdns.DEFAULT_NAME,
                        help="with the mdns extra (pip install 'referee[mdns]'), phones reach "
                             "the laptop as <name>.local whatever its address "
                             f"(default {mdns.DEFAULT_NAME})")
    parser.add_argument("--no-mdns", action="store_true",
                        help="do not publish <name>.local: the QR codes carry the address")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    parser.set_defaults(handler=serve)


DEFAULT_PORT = 8000


# Waitress's connection handling, sized for a table of tables: a few idle or half-open sockets
# (a phone gone to sleep, a stalled client) are closed after CHANNEL_TIMEOUT, and past
# PER_ADDRESS connections from one device or CONNECTION_LIMIT in all a new connection closes
# the longest-idle one (referee/web/server.py); poll() has no 1,024-descriptor ceiling as
# select() has.
CONNECTION_LIMIT = 500
CHANNEL_TIMEOUT = 30  # seconds without a byte; a live page polls every 2 seconds
CLEANUP_INTERVAL = 5
# A body is read to its end up to this size, and kept only up to the app's MAX_CONTENT_LENGTH
# (5 MB): the browser that sent a photo by mistake gets the app's own 413 page, not a reset.
DRAIN_LIMIT = 1024 * 1024 * 1024
WAITRESS_OPTIONS = {
    "connection_limit": CONNECTION_LIMIT,
    "channel_timeout": CHANNEL_TIMEOUT,
    "cleanup_interval": CLEANUP_INTERVAL,
    "asyncore_use_poll": True,
    "max_request_header_size": 64 * 1024,
    "max_request_body_size": DRAIN_LIMIT,
}


@dataclass
class Addresses:
    """Where phones reach the app: `public` goes into the QR codes; `fallback`, the laptop's
    plain address, sits beside it when `public` is a published .local name."""

    public: str
    fallback: str | None = None
    publisher: mdns.Publisher | None = None
    note: str | None = None  # why no .local name is published, when that is worth saying

    def close(self) -> None:
        if self.publisher is not None:
            self.publisher.close()


def addresses(args: argparse.Namespace, interfaces: list[str] | None = None) -> Addresses:
    """The public address, publishing `<name>.local` when the mdns extra is installed and the
    app is served to the network without --public-url or --no-mdns. `interfaces`: where to
    publish (default: the interface of the laptop's LAN address)."""
    loopback_only = args.host not in ("0.0.0.0", "", "::") and args.host in LOOPBACK_NAMES
    if args.public_url:
        return Addresses(args.public_url.rstrip("/"))
    if loopback_only:
        return Addresses(f"http://{args.host}:{args.port}")
    plain = base_url(args.host, args.port).rstrip("/")
    if args.no_mdns:
        return Addresses(plain)
    if not mdns.available():
        return Addresses(plain, note="Install the mdns extra (pip install 'referee[mdns]') to "
                                     "give the table a name that survives a new address.")
    address = lan_address() if args.host in ("0.0.0.0", "", "::") else args.host
    if address.startswith("127."):
        return Addresses(plain, note="The laptop is on no network, so no .local name is "
                                     "published: start again once it is on the table's.")
    try:
        publisher = mdns.Publisher(mdns.service(args.name, address, args.port),
                                   interfaces if interfaces is not None else [address])
    except mdns.MdnsUnavailable as err:
        return Addresses(plain, note=f"No .local name: {err}.")
    return Addresses(mdns.local_url(args.name, args.port), fallback=plain, publisher=publisher)


def serve(args: argparse.Namespace) -> int:
    from referee.web import create_app
    from referee.web.db import LOST, DamagedDatabase, DatabaseGone, write_problem
    from referee.web.server import create_server

    try:
        mdns.host_label(args.name)
    except ValueError as err:
        print(f"Referee cannot start: --name {err}.", file=sys.stderr)
        return 2
    try:
        app = create_app(instance_path=args.instance)
    except (DamagedDatabase, DatabaseGone) as err:
        print(f"Referee cannot start: {err}", file=sys.stderr)
        return 1
    except sqlite3.Error as err:
        print(f"Referee cannot start: the database cannot be opened ({err}).", file=sys.stderr)
        return 1
    if problem := write_problem(app.config["DATABASE"]):
        print(f"Warning: {problem}", file=sys.stderr)
    for lost in app.extensions[LOST]:  # fewer actions than the last run acknowledged
        print(f"Warning: actions were lost. {lost}", file=sys.stderr)
    try:
        server = create_server(app, app.config["MAX_CONTENT_LENGTH"], host=args.host,
                               port=args.port, threads=args.threads, **WAITRESS_OPTIONS)
    except OSError as err:
        if err.errno != errno.EADDRINUSE:
            raise
        print(f"Referee cannot start: port {args.port} is in use. Is referee already running? "
              "Stop it, or choose another port with --port (the phones' bookmarks then "
              "change).", file=sys.stderr)
        return 1
    where = addresses(args)
    app.config.update(PUBLIC_URL=where.public, FALLBACK_URL=where.fallback)
    from referee.web.warm import RECENT_HOURS, first_answer, warm_in_background

    def said(ready: list[str]) -> None:
        if ready:
            print(f"{len(ready)} game{'s' if len(ready) != 1 else ''} played in the last "
                  f"{RECENT_HOURS} hours {'are' if len(ready) != 1 else 'is'} loaded and "
                  "ready.", flush=True)

    def qr_code() -> None:
        from referee.web.qr import print_qr

        print_qr(where.public + "/")
        print("Press Ctrl+C to stop.", flush=True)

    # the QR code, then tonight's games, the latest first, once the first answer is sent
    warm_in_background(app, said, after=first_answer(app), first=qr_code)
    try:
        _announce(args, where, app.instance_path)
        server.run()
    except KeyboardInterrupt:
        print("Referee stopped.")
    finally:
        where.close()
    return 0


def _announce(args: argparse.Namespace, where: Addresses, instance: str) -> None:
    public = where.public
    if args.host in LOOPBACK_NAMES and args.host not in ("0.0.0.0", "", "::") \
            and not args.public_url:
        print(f"Referee is running on {public}/ for this laptop only: phones cannot reach "
              "it (serve with --host 0.0.0.0 for them).")
    else:
        print(f"Referee is running. Open {public}/ on this laptop or on any phone at the "
              "table.")
    if where.fallback:
        print(f"A phone that cannot open {public}/ uses {where.fallback}/ instead.")
    if where.note:
        print(where.note)
    print(f"Games are kept in {instance}")
    here = Path("instance").resolve()
    if here != Path(instance) and (here / "referee.db").is_file():
        print(f"{here} holds games too: --instance {here} (or bash scripts/serve in a "
              "checkout) opens them.", flush=True)
