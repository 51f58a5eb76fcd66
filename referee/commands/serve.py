"""`referee serve`: run the web app for the table, reachable by every phone on the LAN."""

from __future__ import annotations

import argparse

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


def serve(args: argparse.Namespace) -> int:
    from waitress import serve as waitress_serve

    from referee.web import create_app

    loopback_only = args.host not in ("0.0.0.0", "", "::") and args.host in LOOPBACK_NAMES
    if args.public_url:
        public = args.public_url.rstrip("/")
    elif loopback_only:
        public = f"http://{args.host}:{args.port}"
    else:
        public = base_url(args.host, args.port).rstrip("/")
    app = create_app({"PUBLIC_URL": public}, instance_path=args.instance)
    if loopback_only:
        print(f"Referee is running on {public}/ for this laptop only: phones cannot reach "
              "it (serve with --host 0.0.0.0 for them).")
    else:
        print(f"Referee is running. Open {public}/ on this laptop or on any phone at the "
              "table.")
    print(f"Games are kept in {app.instance_path}")
    print_qr(public + "/")
    print("Press Ctrl+C to stop.")
    waitress_serve(app, host=args.host, port=args.port, threads=args.threads)
    return 0
