"""Drafts of boards typed into the entry grids, kept in the instance folder until saved.

One JSON file per draft, `<instance>/drafts/<game>/<id>.json`: the board key the owner chose
and every typed cell (grid id -> cell id -> text). Each change is written whole to a new file
that then replaces the old one, so a pulled plug leaves the last complete draft; a refused save
leaves the draft as it was. No Flask here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FOLDER = "drafts"
DRAFT_ID = re.compile(r"[a-z0-9]{12}")
MAX_CELLS = 40_000  # a 150-city payoff triangle holds 11,175
MAX_TEXT = 200
MAX_REFUSED = 1_000  # characters of a refused cell kept to show it as typed
_locks: dict[str, threading.Lock] = {}
_guard = threading.Lock()


class DraftError(ValueError):
    """A change a draft cannot take (too many cells, a cell too long)."""


@dataclass
class Draft:
    id: str
    game: str
    key: str = ""
    cells: dict[str, dict[str, str]] = field(default_factory=dict)
    updated: str = ""
    opened: dict[str, Any] = field(default_factory=dict)  # the stored board it was opened from
    # cells typed but refused ("grid|row|column" -> {"text": as typed, "words": why}): shown
    # as typed and marked until corrected; the board is not saved while there is one
    refused: dict[str, dict[str, str]] = field(default_factory=dict)

    def as_json(self) -> str:
        return json.dumps({"id": self.id, "game": self.game, "key": self.key,
                           "cells": self.cells, "updated": self.updated,
                           "opened": self.opened, "refused": self.refused},
                          ensure_ascii=False, sort_keys=True)


def _lock(path: Path) -> threading.Lock:
    with _guard:
        return _locks.setdefault(str(path), threading.Lock())


def folder(instance: Path, game: str) -> Path:
    return Path(instance) / FOLDER / game


def _path(instance: Path, game: str, draft_id: str) -> Path:
    if not DRAFT_ID.fullmatch(draft_id):
        raise LookupError(draft_id)
    return folder(instance, game) / f"{draft_id}.json"


def new(instance: Path, game: str, key: str = "",
        cells: Mapping[str, Mapping[str, str]] | None = None,
        opened: Mapping[str, Any] | None = None) -> Draft:
    """A new draft, stored at once (`opened`: the stored board its cells were read from)."""
    draft = Draft(secrets.token_hex(6), game, key,
                  {g: dict(c) for g, c in (cells or {}).items()}, opened=dict(opened or {}))
    _write(instance, draft)
    return draft


def load(instance: Path, game: str, draft_id: str) -> Draft:
    """The stored draft; LookupError when there is none (or it cannot be read)."""
    path = _path(instance, game, draft_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cells = {str(g): {str(c): str(t) for c, t in typed.items()}
                 for g, typed in data["cells"].items()}
        opened = data.get("opened") or {}
        refused = {str(name): {"text": str(r.get("text", "")), "words": str(r.get("words", ""))}
                   for name, r in (data.get("refused") or {}).items() if isinstance(r, dict)}
        return Draft(draft_id, game, str(data.get("key", "")), cells,
                     str(data.get("updated", "")), dict(opened) if isinstance(opened, dict) else {},
                     refused)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise LookupError(draft_id) from err


def listed(instance: Path, game: str) -> list[Draft]:
    """Every draft of the game, the latest changed first."""
    out = []
    place = folder(instance, game)
    for path in place.glob("*.json") if place.is_dir() else ():
        try:
            out.append(load(instance, game, path.stem))
        except LookupError:
            continue
    return sorted(out, key=lambda d: d.updated, reverse=True)


def change(instance: Path, game: str, draft_id: str, cells: Mapping[str, str],
           key: str | None = None,
           refused: Mapping[str, tuple[str, str]] | None = None) -> Draft:
    """Put the typed cells (`"grid|row|column"` -> text, empty text clears) into the draft, and
    the `refused` ones (name -> (text as typed, why)) beside them: a cell kept clears its own
    refusal, a refused one keeps the cell's last good value until it is corrected."""
    path = _path(instance, game, draft_id)
    with _lock(path):
        draft = load(instance, game, draft_id)
        for name, (text, words) in (refused or {}).items():
            draft.refused[name] = {"text": text[:MAX_REFUSED], "words": words}
        for name in cells:
            draft.refused.pop(name, None)
        for name, text in cells.items():
            grid, _, cell = name.partition("|")
            if not grid or not cell:
                raise DraftError(f"{name!r} is not a cell of a grid.")
            if len(text) > MAX_TEXT:
                raise DraftError(f"A cell holds at most {MAX_TEXT} characters.")
            typed = draft.cells.setdefault(grid, {})
            if text:
                typed[cell] = text
            else:
                typed.pop(cell, None)
        if sum(len(t) for t in draft.cells.values()) > MAX_CELLS:
            raise DraftError(f"A draft holds at most {MAX_CELLS:,} cells.")
        if key is not None:
            draft.key = key
        _write(instance, draft)
        return draft


def remove(instance: Path, game: str, draft_id: str) -> None:
    path = _path(instance, game, draft_id)
    with _lock(path):
        path.unlink(missing_ok=True)


def _write(instance: Path, draft: Draft) -> None:
    draft.updated = datetime.now(UTC).isoformat(timespec="seconds")
    place = folder(instance, draft.game)
    place.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=".draft-", dir=place)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(draft.as_json())
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, place / f"{draft.id}.json")
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
