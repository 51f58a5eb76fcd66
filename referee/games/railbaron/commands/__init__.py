"""Rail Baron's own sub-commands, registered by referee/cli.py through META.commands:
`referee lookup` (the charts and rails) and `referee convert-tables` (the shipped maps from the
public transcriptions). Its maps are checked and listed by `referee boards` (or `referee tables`,
its name for it: META.boards_alias)."""

from __future__ import annotations

import argparse

from referee.games.railbaron.commands import convert, lookup


def register_commands(subparsers: argparse._SubParsersAction) -> None:
    lookup.register(subparsers)
    convert.register(subparsers)
