"""A Prairie Railroads board table: cities, segments, the growth chart and the Western Builds.

A board lives in tables/prairie_railroads/<key>/ as CSV files named by a TOML manifest
(board.toml); `load_board` reads and checks it, and every problem names its file and line.
tables/prairie_railroads/_template/HOWTO.md tells how to fill one in from the printed board.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee import TABLES_DIR
from referee.games.contract import Problem, locate
from referee.games.prairie_railroads.constants import (
    ALL_START_CITIES,
    FIRST_SEGMENT_ENDS,
    MAX_INCOME,
    RAILROADS,
    START_CITIES,
)

BOARDS_DIR = TABLES_DIR / "prairie_railroads"
MANIFEST = "board.toml"
WHOLE = re.compile(r"[0-9]{1,6}")
FILES = {
    "cities": ("city", "income", "grid", "start"),
    "segments": ("from", "to", "one_way"),
    "growth": ("roll", "primary", "secondary"),
    "western": ("box", "city", "from", "to"),
}
DEFAULT_FILES = {
    "cities": "cities.csv",
    "segments": "segments.csv",
    "growth": "growth.csv",
    "western": "western_builds.csv",
}
YES = {"yes", "y", "true", "1"}
NO = {"no", "n", "false", "0", ""}
ROLLS = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))


class BoardError(ValueError):
    """A board table that cannot be used, with every problem found (file and line each)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class City:
    name: str
    income: int  # base income, before growth (start cities: 0)
    grid: str = ""
    start: bool = False


@dataclass(frozen=True)
class Segment:
    a: str
    b: str
    one_way: bool = False  # when True, it may be built only from `a` to `b`

    @property
    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True)
class WesternBox:
    box: str
    city: str
    segment: tuple[str, str]  # the segment beside which it lies


@dataclass
class Board:
    key: str
    name: str
    cities: dict[str, City] = field(default_factory=dict)
    segments: list[Segment] = field(default_factory=list)
    growth: dict[int, tuple[str, str]] = field(default_factory=dict)
    western: dict[str, WesternBox] = field(default_factory=dict)

    def find_city(self, name: str) -> str | None:
        folded = name.strip().casefold()
        for city in self.cities:
            if city.casefold() == folded:
                return city
        return None

    def segment(self, x: str, y: str) -> Segment | None:
        key = frozenset((x, y))
        for seg in self.segments:
            if seg.key == key:
                return seg
        return None

    def primaries(self) -> list[str]:
        return list(dict.fromkeys(p for p, _ in (self.growth[r] for r in sorted(self.growth))))

    def secondaries(self) -> list[str]:
        return list(dict.fromkeys(s for _, s in (self.growth[r] for r in sorted(self.growth))))

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "cities": [[c.name, c.income, c.grid, c.start] for c in self.cities.values()],
            "segments": [[s.a, s.b, s.one_way] for s in self.segments],
            "growth": {str(r): list(pair) for r, pair in sorted(self.growth.items())},
            "western": [[w.box, w.city, *w.segment] for w in self.western.values()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        """A board given inline in a game record (the form of `to_dict`), checked like a folder."""
        rows = {
            "cities": [[str(c) for c in row] for row in data.get("cities", [])],
            "segments": [[str(c) for c in row] for row in data.get("segments", [])],
            "growth": [[r, *pair] for r, pair in data.get("growth", {}).items()],
            "western": [[str(c) for c in row] for row in data.get("western", [])],
        }
        for row in rows["cities"]:
            row[3] = "yes" if row[3] == "True" else "no" if row[3] == "False" else row[3]
        for row in rows["segments"]:
            row[2] = "yes" if row[2] == "True" else "no" if row[2] == "False" else row[2]
        named = {part: (f"map.{part}", [(i + 1, r) for i, r in enumerate(rows[part])])
                 for part in FILES}
        return _build(str(data.get("key", "inline")), str(data.get("name", "inline board")),
                      named)



def _say(problems: list[Problem], file: str, line: int | None, message: str,
         column: str = "", cause: str = "") -> None:
    problems.append(Problem(file, line, message, column=column, cause=cause))


def _unknown(problems: list[Problem], file: str, line: int, name: str, column: str) -> None:
    """A city the cities file lacks: every row naming it follows from one mistake."""
    _say(problems, file, line, f"unknown city {name!r} (not in the cities file)", column,
         cause=f"city:{name.strip().casefold()}")


def is_whole(text: str) -> bool:
    """Whether `text` is a whole number written in the digits 0-9 (and short)."""
    return WHOLE.fullmatch(text) is not None


def _read_csv(path: Path, header: tuple[str, ...],
              problems: list[Problem]) -> list[tuple[int, list]]:
    """(line number, cells) of each data row; a wrong header is one problem and no rows."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        _say(problems, path.name, None, f"cannot read ({err.strerror})")
        return []
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or [c.strip().lower() for c in rows[0]] != list(header):
        _say(problems, path.name, 1, f"the header must be {','.join(header)}")
        return []
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            _say(problems, path.name, number, f"{len(header)} cells expected, found {len(row)}")
            continue
        out.append((number, [cell.strip() for cell in row]))
    return out


def _flag(text: str) -> bool | None:
    low = text.lower()
    return True if low in YES else False if low in NO else None


def _build(key: str, name: str, parts: dict[str, tuple[str, Iterable[tuple[int, list]]]]) -> Board:
    """Check the rows of every part and make the board, or raise BoardError with them all."""
    problems: list[Problem] = []
    board = Board(key, name)

    file, rows = parts["cities"]
    for line, (city, income, grid, start) in rows:
        flag = _flag(start)
        if not city:
            _say(problems, file, line, "the city has no name")
            continue
        if board.find_city(city):
            _say(problems, file, line, f"{city!r} is listed twice")
            continue
        cause = f"city:{city.casefold()}"  # its segments and growth rows follow from this row
        if not is_whole(income) or int(income) > MAX_INCOME:
            _say(problems, file, line,
                 f"{city}'s income must be a whole number 0 to {MAX_INCOME}, not {income!r}",
                 "income", cause)
            continue
        if flag is None:
            _say(problems, file, line, f"start must be yes or no, not {start!r}", "start", cause)
            continue
        if flag and int(income) != 0:
            _say(problems, file, line, f"{city} is a start city: start cities give no income (0)",
                 "income", cause)
            continue
        board.cities[city] = City(city, int(income), grid, flag)
    if not board.cities:
        _say(problems, file, None, "no cities yet")
    for city in ALL_START_CITIES:
        found = board.find_city(city)
        if found is None:
            _say(problems, file, None, f"the rulebook's start city {city} is missing",
                 cause=f"city:{city.casefold()}")
        elif not board.cities[found].start:
            _say(problems, file, None, f"{city} is a start city in the rulebook: mark it start=yes")

    file, rows = parts["segments"]
    refused: dict[frozenset[str], str] = {}  # a segment refused for a city: the city
    for line, (a, b, one_way) in rows:
        ends = [board.find_city(a), board.find_city(b)]
        unknown = [(n, c) for n, c, f in zip((a, b), ("from", "to"), ends, strict=True)
                   if f is None]
        if unknown:
            _unknown(problems, file, line, *unknown[0])
            refused[frozenset((a.casefold(), b.casefold()))] = unknown[0][0].casefold()
            continue
        flag = _flag(one_way)
        if flag is None:
            _say(problems, file, line, f"one_way must be yes or no, not {one_way!r}")
            continue
        if ends[0] == ends[1]:
            _say(problems, file, line, "a segment joins two different cities")
            continue
        if board.segment(ends[0], ends[1]):  # type: ignore[arg-type]
            _say(problems, file, line, f"the segment {a}–{b} is listed twice")
            continue
        board.segments.append(Segment(ends[0], ends[1], flag))  # type: ignore[arg-type]
    if not board.segments:
        _say(problems, file, None, "no segments yet")

    file, rows = parts["growth"]
    given: set[int] = set()
    for line, (roll, primary, secondary) in rows:
        if not is_whole(str(roll)) or int(roll) not in ROLLS:
            _say(problems, file, line, f"the roll must be two dice read as 11 to 66, not {roll!r}")
            continue
        if int(roll) in board.growth or int(roll) in given:
            _say(problems, file, line, f"roll {roll} is listed twice")
            continue
        given.add(int(roll))  # a row refused below is a mistake of its own, not a missing roll
        found = [board.find_city(primary), board.find_city(secondary)]
        unknown = [(n, c) for n, c, f in zip((primary, secondary), ("primary", "secondary"),
                                              found, strict=True) if f is None]
        if unknown:
            _unknown(problems, file, line, *unknown[0])
            continue
        board.growth[int(roll)] = (found[0], found[1])  # type: ignore[assignment]
    missing = [str(r) for r in ROLLS if r not in given]
    if missing:
        _say(problems, file, None, f"rolls missing from the growth chart: {', '.join(missing)}")

    file, rows = parts["western"]
    for line, (box, city, a, b) in rows:
        found = board.find_city(city)
        seg = board.segment(board.find_city(a) or a, board.find_city(b) or b)
        if not box or box in board.western:
            _say(problems, file, line, "each Western Build box needs its own name")
        elif found is None:
            _unknown(problems, file, line, city, "city")
        elif seg is None:
            city_of = refused.get(frozenset((a.casefold(), b.casefold())))
            _say(problems, file, line, f"no segment {a}–{b} in the segments file",
                 cause=f"city:{city_of}" if city_of else "")
        elif found not in seg.key:
            _say(problems, file, line,
                 f"the box beside {found} must lie beside a segment of {found}, not {a}–{b}")
        else:
            board.western[box] = WesternBox(box, found, (seg.a, seg.b))
    problems.extend(first_moves(board, parts["segments"][0]))
    if problems:
        raise BoardError(locate(problems, _row_keys(parts)))
    return board


def first_moves(board: Board, file: str) -> list[Problem]:
    """The rulebook's free first segment of each railroad in the initial auctions, which the
    board must let be built, else the game stalls at its first move: CRIP's from Troy to
    Whiting or Marysville (both printed choices), ATSF's Atchison–Topeka, and for the others
    some segment from one of their start cities (enough of them for every railroad)."""
    problems: list[Problem] = []
    for railroad, ends in FIRST_SEGMENT_ENDS.items():
        (home,) = START_CITIES[railroad]
        for end in ends:
            a, b = board.find_city(home), board.find_city(end)
            if a is None or b is None:
                missing = home if a is None else end
                problems.append(Problem(
                    file, None, f"the rulebook's free first segment {home}–{end} of the "
                    f"{railroad} cannot be built: {missing} is not on the board",
                    cause=f"city:{missing.casefold()}"))
            elif (seg := board.segment(a, b)) is None:
                problems.append(Problem(
                    file, None, f"the rulebook's free first segment {home}–{end} of the "
                    f"{railroad} is missing: the game cannot start without it"))
            elif seg.one_way and seg.a != a:
                problems.append(Problem(
                    file, None, f"the rulebook's free first segment {home}–{end} of the "
                    f"{railroad} is one way towards {home}: it must be buildable from {home}"))
    if problems:
        return problems
    choices = {r: _first_choices(board, r) for r in RAILROADS if r not in FIRST_SEGMENT_ENDS}
    for railroad, segments in choices.items():
        if not segments:
            cities = " or ".join(START_CITIES[railroad])
            problems.append(Problem(file, None, f"the {railroad} has no segment to build for "
                                    f"free from {cities}: the game cannot start"))
    if not problems and not _all_can_build(board, choices):
        problems.append(Problem(file, None, "the start cities have too few segments for every "
                                "railroad's free first segment: the game cannot start"))
    return problems


def _first_choices(board: Board, railroad: str) -> list[frozenset[str]]:
    """The segments `railroad` may build for free: from one of its start cities."""
    homes = {board.find_city(c) for c in START_CITIES[railroad]} - {None}
    return [s.key for s in board.segments
            if (s.a in homes or (s.b in homes and not s.one_way))]


def _all_can_build(board: Board, choices: dict[str, list[frozenset[str]]]) -> bool:
    """Whether each railroad can have its own first segment, the fixed ones taken first."""
    taken = {frozenset((START_CITIES["ATSF"][0], FIRST_SEGMENT_ENDS["ATSF"][0]))}
    taken = {frozenset(board.find_city(c) for c in pair) for pair in taken}

    def fits(order: list[str], used: set[frozenset[str]]) -> bool:
        if not order:
            return True
        return any(fits(order[1:], used | {s}) for s in choices[order[0]] if s not in used)

    crip = [frozenset((board.find_city("Troy"), board.find_city(end)))
            for end in FIRST_SEGMENT_ENDS["CRIP"]]
    return any(fits(list(choices), taken | {c}) for c in crip)


def _row_keys(parts: dict[str, tuple[str, Iterable[tuple[int, list]]]]
              ) -> dict[str, tuple[str, dict[int, str]]]:
    """Each file's table and the key of each of its rows, as the owner sees them."""
    keyed = {"cities": lambda r: r[0], "segments": lambda r: f"{r[0]}–{r[1]}",
             "growth": lambda r: str(r[0]), "western": lambda r: r[0]}
    return {file: (part, {line: keyed[part](row) for line, row in rows if row})
            for part, (file, rows) in parts.items()}


def board_folder(key: str, root: Path | None = None) -> Path:
    if not key or key.startswith(("_", ".")) or "/" in key or "\\" in key:
        raise BoardError([Problem(str(key)[:40], None, "this is not a board key")])
    return (root or BOARDS_DIR) / key


def load_board(key: str, root: Path | None = None) -> Board:
    """The board of tables/prairie_railroads/<key>/ (or `root`/<key>), checked."""
    folder = board_folder(key, root)
    return load_board_folder(folder, key)


def load_board_folder(folder: Path, key: str | None = None) -> Board:
    manifest_path = folder / MANIFEST
    try:
        manifest = tomllib.loads(manifest_path.read_text(encoding="utf-8"))
    except OSError:
        raise BoardError([Problem(MANIFEST, None, "no board manifest here")]) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        raise BoardError([Problem(MANIFEST, None, f"not valid TOML ({err})")]) from None
    problems: list[Problem] = []
    name = manifest.get("name")
    if not isinstance(name, str) or not name.strip():
        _say(problems, MANIFEST, None, "'name' must be the board's name", "name")
    files = manifest.get("files", {})
    if not isinstance(files, dict):
        _say(problems, MANIFEST, None, "[files] must be a table")
        files = {}
    parts = {}
    for part, header in FILES.items():
        file = files.get(part, DEFAULT_FILES[part])
        if not isinstance(file, str) or "/" in file or "\\" in file:
            _say(problems, MANIFEST, None, f"files.{part} must be a file name in the folder")
            file = DEFAULT_FILES[part]
        parts[part] = (file, _read_csv(folder / file, header, problems))
    if problems:
        raise BoardError(problems)
    return _build(key or folder.name, name, parts)


def board_folders(root: Path | None = None) -> list[Path]:
    """The board folders under `root` (the template and hidden folders left out)."""
    base = root or BOARDS_DIR
    if not base.is_dir():
        return []
    return [f for f in sorted(base.iterdir())
            if f.is_dir() and not f.name.startswith(("_", "."))]


def board_name(folder: Path) -> str:
    """The name a board's manifest gives (its folder name when it cannot be read)."""
    try:
        name = tomllib.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("name")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError):
        return folder.name
    return name.strip() if isinstance(name, str) and name.strip() else folder.name


def list_boards(root: Path | None = None) -> list[tuple[str, str]]:
    """(key, name) of every board folder that loads; the template and broken boards are left out."""
    found = []
    for folder in board_folders(root):
        try:
            board = load_board_folder(folder)
        except BoardError:
            continue
        found.append((folder.name, board.name))
    return found
