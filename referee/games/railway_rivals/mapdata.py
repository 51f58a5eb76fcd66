"""A Railway Rivals map: key numbers, towns (start, small) and town hexes that border each other.

A map lives in tables/railway_rivals/<key>/ as CSV files named by a TOML manifest (map.toml);
`load_map` reads and checks it, and every problem names its file and line.
tables/railway_rivals/_template/HOWTO.md tells how to enter a map from the printed board.
"""

from __future__ import annotations

import csv
import io
import re
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee import TABLES_DIR
from referee.games.contract import WARNING, Problem, fold, locate

MAPS_DIR = TABLES_DIR / "railway_rivals"
MANIFEST = "map.toml"
FILES = {
    "key_numbers": ("key", "town", "special"),
    "towns": ("town", "start", "small"),
    "neighbours": ("town", "neighbour"),
}
DEFAULT_FILES = {
    "key_numbers": "key_numbers.csv",
    "towns": "towns.csv",
    "neighbours": "town_neighbours.csv",
}
KEYS = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
KEY = re.compile(r"[1-6][1-6]")
YES, NO = {"yes", "y", "true"}, {"no", "n", "false"}
MAX_NAME = 40


class MapError(ValueError):
    """A map that cannot be used, with every problem found (the contract's Problem: file, line,
    message; line None for a problem of the whole file)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class Town:
    name: str
    start: bool | None = None  # None: the map data does not say
    small: bool | None = None


@dataclass
class RivalsMap:
    key: str
    name: str
    status: str = ""
    keys: dict[int, str] = field(default_factory=dict)  # key number -> town or special run
    special: set[str] = field(default_factory=set)  # destinations off the map edge
    towns: dict[str, Town] = field(default_factory=dict)
    neighbours: set[frozenset[str]] = field(default_factory=set)

    def find_town(self, name: object) -> str | None:
        """The town (or special run) as the map spells it, matched without regard to case."""
        if not isinstance(name, str):
            return None
        folded = name.strip().casefold()
        names = list(self.towns) + sorted(self.special)
        return next((t for t in names if t.casefold() == folded), None)

    def start_towns(self) -> list[str]:
        """The towns the map names as starts; empty when the map does not say."""
        return [t.name for t in self.towns.values() if t.start]

    def keys_of(self, town: str) -> list[int]:
        return sorted(k for k, t in self.keys.items() if t == town)

    def borders(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.neighbours

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "status": self.status,
            "key_numbers": [[k, t, t in self.special] for k, t in sorted(self.keys.items())],
            "towns": [[t.name, t.start, t.small] for t in self.towns.values()],
            "neighbours": sorted(sorted(pair) for pair in self.neighbours),
        }

    @classmethod
    def from_dict(cls, data: Any) -> RivalsMap:
        """A map given inline in a game record (the form of `to_dict`), checked like a folder."""
        if not isinstance(data, dict):
            raise MapError([Problem("map", None, "an inline map is an object")])

        def cell(v: object) -> str:
            return "" if v is None else "yes" if v is True else "no" if v is False else str(v)

        parts = {}
        for part in FILES:
            rows = data.get(part, [])
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise MapError([Problem(f"map.{part}", None, "must be a list of rows")])
            parts[part] = (f"map.{part}", [(i + 1, [cell(c) for c in r])
                                            for i, r in enumerate(rows)])
        for file, rows in parts.values():
            width = len(FILES[file.split(".")[1]])
            bad = [line for line, r in rows if len(r) != width]
            if bad:
                raise MapError([Problem(file, bad[0], f"{width} cells expected")])
        return _build(str(data.get("key", "inline")), str(data.get("name", "inline map")),
                      str(data.get("status", "")), parts)


def _read_csv(folder: Path, file: str, header: tuple[str, ...],
              problems: list[Problem]) -> list[tuple[int, list[str]]]:
    """(line number, cells) of each data row; a wrong header is one problem and no rows."""
    try:
        text = (folder / file).read_text(encoding="utf-8")
    except OSError as err:
        problems.append(Problem(file, None, f"cannot read ({err.strerror})"))
        return []
    except UnicodeDecodeError:
        problems.append(Problem(file, None, "not UTF-8 text (save it as CSV UTF-8)"))
        return []
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    if not rows or [c.strip().lower() for c in rows[0]] != list(header):
        problems.append(Problem(file, 1, f"the header must be {','.join(header)}"))
        return []
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(Problem(file, number, f"{len(header)} cells expected, found "
                                    f"{len(row)}"))
            continue
        out.append((number, [cell.strip() for cell in row]))
    return out


def _flag(text: str) -> tuple[bool, bool | None]:
    """(readable, value): yes/no, or empty for "not known"."""
    low = text.lower()
    if low in YES:
        return True, True
    if low in NO:
        return True, False
    return low == "", None


def _name_problem(name: str) -> str | None:
    if not name:
        return "the town has no name"
    if len(name) > MAX_NAME:
        return f"a town's name has at most {MAX_NAME} letters"
    return None


def _build(key: str, name: str, status: str,
           parts: dict[str, tuple[str, Iterable[tuple[int, list[str]]]]],
           problems: list[Problem] | None = None) -> RivalsMap:
    """Check the rows of every part and make the map, or raise MapError with all the problems
    (those found reading the files first)."""
    problems = list(problems or [])
    m = RivalsMap(key, name, status)

    file, rows = parts["towns"]
    for line, (town, start, small) in rows:
        if bad := _name_problem(town):
            problems.append(Problem(file, line, bad))
            continue
        if m.find_town(town):
            problems.append(Problem(file, line, f"{town!r} is listed twice"))
            continue
        ok_start, is_start = _flag(start)
        ok_small, is_small = _flag(small)
        if not ok_start or not ok_small:
            problems.append(Problem(file, line, "start and small must be yes, no or empty, not "
                                    f"{start if not ok_start else small!r}",
                                    column="start" if not ok_start else "small"))
            continue
        m.towns[town] = Town(town, is_start, is_small)
    if not m.towns:
        problems.append(Problem(file, None, "no towns yet"))

    file, rows = parts["key_numbers"]
    for line, (number, town, special) in rows:
        ok, is_special = _flag(special)
        if not KEY.fullmatch(number):
            problems.append(Problem(file, line, "a key number is two digits 1 to 6 (11 to 66), "
                                    f"not {number!r}"))
        elif int(number) in m.keys:
            problems.append(Problem(file, line, f"key {number} is listed twice"))
        elif bad := _name_problem(town):
            problems.append(Problem(file, line, bad))
        elif not ok or is_special is None:
            problems.append(Problem(file, line, f"special must be yes or no, not {special!r}"))
        elif is_special:
            if town in m.towns:
                problems.append(Problem(file, line, f"{town} is a town in the towns file, "
                                        "not a special run"))
                continue
            m.special.add(town)
            m.keys[int(number)] = town
        else:
            found = m.find_town(town)
            if found is None or found in m.special:
                problems.append(Problem(file, line, f"unknown town {town!r} (not in the towns "
                                        "file)", column="town", cause=f"town:{town.casefold()}"))
                continue
            m.keys[int(number)] = found
    if not m.keys:
        problems.append(Problem(file, None, "no key numbers yet"))

    file, rows = parts["neighbours"]
    for line, (a, b) in rows:
        ends = [m.find_town(a), m.find_town(b)]
        unknown = [n for n, f in zip((a, b), ends, strict=True) if f is None or f in m.special]
        if unknown:
            problems.append(Problem(file, line, f"unknown town {unknown[0]!r} (not in the towns "
                                    "file)", column="town" if unknown[0] == a else "neighbour",
                                    cause=f"town:{unknown[0].casefold()}"))
        elif ends[0] == ends[1]:
            problems.append(Problem(file, line, "a town does not border itself"))
        elif frozenset(ends) in m.neighbours:  # type: ignore[arg-type]
            problems.append(Problem(file, line, f"{a} and {b} are listed twice"))
        else:
            m.neighbours.add(frozenset(ends))  # type: ignore[arg-type]
    if problems:
        order = [MANIFEST] + [parts[p][0] for p in ("towns", "key_numbers", "neighbours")]
        problems.sort(key=lambda p: (order.index(p.file) if p.file in order else len(order),
                                     -1 if p.line is None else p.line))
        keyed = {"towns": 0, "key_numbers": 0, "neighbours": 0}
        rows = {file: (part, {line: row[keyed[part]] for line, row in parts[part][1]})
                for part, (file, _rows) in parts.items()}
        raise MapError(locate(problems, rows))
    return m


def map_warnings(m: RivalsMap, file: str = DEFAULT_FILES["key_numbers"]) -> list[Problem]:
    """What is likely a slip in a map that loads: a town under no key number (no race can go
    there), key numbers not entered yet (the game asks the table when one is thrown). A town
    under two key numbers is no warning: the printed maps give the big towns several (the
    Austria map gives Wien four)."""
    out = []
    unkeyed = [t for t in m.towns if not m.keys_of(t)]
    if unkeyed and len(m.keys) == len(KEYS):
        out.append(Problem(file, None, f"no key number names {', '.join(unkeyed)}: no race can "
                           "go there (a typo in a key's town?)", WARNING, table="key_numbers"))
    empty = [str(k) for k in KEYS if k not in m.keys]
    if empty:
        words = "key number names" if len(empty) == 1 else "key numbers name"
        out.append(Problem(file, None, f"{len(empty)} {words} no town yet ({', '.join(empty)})"
                           ": the game asks the table for the town when one is thrown",
                           WARNING, table="key_numbers"))
    return out


def map_folder(key: str, root: Path | None = None) -> Path:
    if not key or key.startswith(("_", ".")) or "/" in key or "\\" in key or ".." in key:
        raise MapError([Problem(MANIFEST, None, f"{key!r} is not a map key")])
    return (root or MAPS_DIR) / key


def load_map(key: str, root: Path | None = None) -> RivalsMap:
    """The map of tables/railway_rivals/<key>/ (or `root`/<key>), checked."""
    return load_map_folder(map_folder(key, root), key)


def load_map_folder(folder: Path, key: str | None = None) -> RivalsMap:
    try:
        manifest = tomllib.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except OSError:
        raise MapError([Problem(MANIFEST, None, "no map manifest here")]) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        raise MapError([Problem(MANIFEST, None, f"not valid TOML ({err})")]) from None
    problems: list[Problem] = []
    name = manifest.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(MANIFEST, None, "'name' must be the map's name", column="name"))
    status = manifest.get("status", "")
    if not isinstance(status, str):
        problems.append(Problem(MANIFEST, None, "'status' must be text"))
    files = manifest.get("files", {})
    if not isinstance(files, dict):
        problems.append(Problem(MANIFEST, None, "[files] must be a table"))
        files = {}
    parts = {}
    for part, header in FILES.items():
        file = files.get(part, DEFAULT_FILES[part])
        if not isinstance(file, str) or "/" in file or "\\" in file or file.startswith("."):
            problems.append(Problem(MANIFEST, None, f"files.{part} must be a file name in the "
                                    "folder"))
            file = DEFAULT_FILES[part]
        parts[part] = (file, _read_csv(folder, file, header, problems))
    unread = {p.file for p in problems if p.line in (None, 1)}  # a file unread or of wrong header
    if unread:
        raise MapError([p for p in problems if p.file in unread])
    return _build(key or folder.name, name, status, parts, problems)


def list_maps(root: Path | None = None) -> list[tuple[str, str]]:
    """(key, name) of every map folder that loads; the template and broken maps are left out."""
    base = root or MAPS_DIR
    if not base.is_dir():
        return []
    found = []
    for folder in sorted(base.iterdir()):
        if folder.is_dir() and not folder.name.startswith(("_", ".")):
            try:
                found.append((folder.name, load_map_folder(folder).name))
            except MapError:
                continue
    return found


def main(argv: list[str]) -> int:
    """Check map folders: every problem with its file and line, or what was read."""
    if not argv:
        print("usage: python -m referee.games.railway_rivals.mapdata FOLDER...", file=sys.stderr)
        return 2
    status = 0
    for arg in argv:
        try:
            m = load_map_folder(Path(arg))
        except MapError as err:
            status = 1
            for p in fold(err.problems):
                print(f"{arg}: {p}")
            continue
        missing = [k for k in KEYS if k not in m.keys]
        print(f"{arg}: ok: {m.name}: {len(m.keys)} key numbers, {len(m.towns)} towns, "
              f"{len(m.special)} special runs, {len(m.neighbours)} bordering town pairs"
              + (f"; no key number yet for {', '.join(map(str, missing))}" if missing else ""))
        if m.status:
            print(f"{arg}: status: {m.status}")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
