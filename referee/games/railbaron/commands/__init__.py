"""Rail Baron's own sub-commands, registered by referee/cli.py through META.commands:
`referee lookup` (the charts and rails) and `referee tables` (its maps; `referee boards` checks
and lists every game's boards)."""

from __future__ import annotations

import argparse

from referee.games.railbaron.commands import lookup, tables


def register_commands(subparsers: argparse._SubParsersAction) -> None:
    lookup.register(subparsers)
    tables.register(subparsers)
