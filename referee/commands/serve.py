"""`referee serve`: run the web app for the table, reachable by every phone on the LAN."""

from __future__ import annotations

import argparse
import sqlite3
import sys

from referee.web.lan import LOOPBACK_NAMES, base_url
from referee.web.qr import print_qr


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the web app on this laptop's network",
        description="Serve the web app with waitress; phones join by scanning the QR code.",
    )
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--instance", default=None,
                        help="folder for the database and keys "
                             "(default $REFEREE_INSTANCE, else ./instance)")
    parser.add_argument("--public-url", default=None,
                        help="the address phones should use, if not http://<LAN address>:<port>")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    parser.set_defaults(handler=serve)


# Waitress's connection handling, sized for a table of tables: a few idle or half-open sockets
# (a phone gone to sleep, a stalled client) are closed after CHANNEL_TIMEOUT and cannot use up
# the connections; poll() has no 1,024-descriptor ceiling as select() has.
CONNECTION_LIMIT = 500
CHANNEL_TIMEOUT = 30  # seconds without a byte; a live page polls every 2 seconds
CLEANUP_INTERVAL = 5
WAITRESS_OPTIONS = {
    "connection_limit": CONNECTION_LIMIT,
    "channel_timeout": CHANNEL_TIMEOUT,
    "cleanup_interval": CLEANUP_INTERVAL,
    "asyncore_use_poll": True,
    "max_request_header_size": 64 * 1024,
    "max_request_body_size": 6 * 1024 * 1024,  # an upload is at most 5 MB (MAX_UPLOAD)
}


def serve(args: argparse.Namespace) -> int:
    from waitress import serve as waitress_serve

    from referee.web import create_app
    from referee.web.db import DamagedDatabase, DatabaseGone, write_problem

    loopback_only = args.host not in ("0.0.0.0", "", "::") and args.host in LOOPBACK_NAMES
    if args.public_url:
        public = args.public_url.rstrip("/")
    elif loopback_only:
        public = f"http://{args.host}:{args.port}"
    else:
        public = base_url(args.host, args.port).rstrip("/")
    try:
        app = create_app({"PUBLIC_URL": public}, instance_path=args.instance)
    except (DamagedDatabase, DatabaseGone) as err:
        print(f"Referee cannot start: {err}", file=sys.stderr)
        return 1
    except sqlite3.Error as err:
        print(f"Referee cannot start: the database cannot be opened ({err}).", file=sys.stderr)
        return 1
    if problem := write_problem(app.config["DATABASE"]):
        print(f"Warning: {problem}", file=sys.stderr)
    if loopback_only:
        print(f"Referee is running on {public}/ for this laptop only: phones cannot reach "
              "it (serve with --host 0.0.0.0 for them).")
    else:
        print(f"Referee is running. Open {public}/ on this laptop or on any phone at the "
              "table.")
    print(f"Games are kept in {app.instance_path}")
    print_qr(public + "/")
    print("Press Ctrl+C to stop.")
    waitress_serve(app, host=args.host, port=args.port, threads=args.threads,
                   **WAITRESS_OPTIONS)
    return 0
