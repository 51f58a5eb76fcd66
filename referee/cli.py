"""The `referee` command: each module in referee/commands adds its own sub-commands, and every
game named by META.commands adds its own (referee.games.contract)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

import referee.commands
from referee import __version__


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every command's parser; with `only`, the name of a module of referee/commands, that
    module's commands alone (`referee serve` starts without loading the code of every other
    command and of every game's own)."""
    parser = argparse.ArgumentParser(
        prog="referee",
        description="Referee and bookkeeper for railroad board games played with real pieces.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(referee.commands.__path__), key=lambda m: m.name):
        if only is None or info.name == only:
            module = importlib.import_module(f"referee.commands.{info.name}")
            module.register(subparsers)
    if only is None:
        from referee.games import registry

        for meta in registry.GAMES.values():
            if meta.commands:
                importlib.import_module(meta.commands).register_commands(subparsers)
    return parser


def own_module(argv: list[str]) -> str | None:
    """The module of referee/commands named by the command line's first word, if one is."""
    if not argv or argv[0].startswith("-"):
        return None
    names = {info.name for info in pkgutil.iter_modules(referee.commands.__path__)}
    return argv[0] if argv[0] in names else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(own_module(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
