"""The `referee` command: each module in referee/commands adds its own sub-commands, and every
game named by META.commands adds its own (referee.games.contract)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

import referee.commands
from referee import __version__
from referee.games import registry


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="referee",
        description="Referee and bookkeeper for railroad board games played with real pieces.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(referee.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"referee.commands.{info.name}")
        module.register(subparsers)
    for meta in registry.GAMES.values():
        if meta.commands:
            importlib.import_module(meta.commands).register_commands(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
