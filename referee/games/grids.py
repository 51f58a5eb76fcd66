"""The shapes of a game's entry grids: its printed tables as an owner types them.

A game's `Boards` (referee.games.contract) may carry `entry`, an object with
`grids(cells) -> list[Grid]` and `files(key, cells) -> dict[str, bytes]` (see `BoardEntry`).
The web core (referee/web/entry.py) draws the grids, keeps what is typed in a draft, and saves
the draft through the game's own check as the same folder an upload makes. A grid's shape may
depend on what is typed already (Rail Baron's city tables follow its regions, its payoff chart
its cities), so `grids` is asked again after every change.

`Cells` is the draft's typed values: grid id -> cell id (`"row|column"`) -> text, cleaned.
No Flask here: the shapes are plain data.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

Cells = Mapping[str, Mapping[str, str]]

TEXT = "text"  # kept as typed, outer spaces off
NUMBER = "number"  # a whole number: $, thousands separators and spaces go
YESNO = "yesno"  # yes or no (Yes, Y, true, x...)
CHART = "chart"  # a chart number, or ? for a cell that cannot be read, or - for a dash
MARK = "mark"  # a tick: the row and the column go together (a railroad serves a city)
KINDS = (TEXT, NUMBER, YESNO, CHART, MARK)
FREE_ROWS = 500  # the rows a growing list holds unless it says (a 150-city map has 150 cities)


@dataclass(frozen=True)
class Column:
    id: str
    label: str
    kind: str = TEXT
    choices: str = ""  # the name of a choice list (`Grid.choices`) the cell picks from
    width: int = 8  # characters, a hint for the input's width
    scale: int = 1  # a figure printed in thousands: 1000 (the page says 17 means $17,000)
    money: str = ""  # the money sign of the amount a scaled figure means


@dataclass(frozen=True)
class Row:
    id: str
    label: str


@dataclass(frozen=True)
class Grid:
    """One table as printed: rows down the side (dice values, cities, line numbers), columns
    across, and the cells that exist (`skip`: cells left out, like the upper half of a payoff
    triangle). `free` grids are lists that grow: the page keeps a few empty rows below."""

    id: str
    title: str
    rows: tuple[Row, ...]
    columns: tuple[Column, ...]
    hint: str = ""
    skip: Callable[[str, str], bool] | None = None  # (row id, column id) -> no cell there
    dash: Callable[[str, str], bool] | None = None  # a printed dash (a city with itself)
    free: bool = False
    order: str = "across"  # where Enter goes: "across" a row, or "down" a column
    counted: str = ""  # progress: what one filled cell counts as ("payoffs")
    required: bool = True  # an empty cell counts as missing in the progress
    most: int = 0  # the rows a free grid holds at most (0: FREE_ROWS)

    def has(self, row: str, column: str) -> bool:
        return self.skip is None or not self.skip(row, column)

    def is_dash(self, row: str, column: str) -> bool:
        return self.dash is not None and self.dash(row, column)

    def cell_ids(self) -> list[str]:
        return [cell_id(r.id, c.id) for r in self.rows for c in self.columns
                if self.has(r.id, c.id)]

    def column(self, column_id: str) -> Column | None:
        return next((c for c in self.columns if c.id == column_id), None)

    def row(self, row_id: str) -> Row | None:
        return next((r for r in self.rows if r.id == row_id), None)

    @property
    def limit(self) -> int:
        """The rows the grid holds: a free grid's most, else its printed rows."""
        return (self.most or FREE_ROWS) if self.free else len(self.rows)

    def where(self, row_id: str, column_id: str) -> str:
        """A cell in the grid's words: "Cities, row 3, City", "Payoff chart, Brill, Ashby"."""
        row, column = self.row(row_id), self.column(column_id)
        label = row.label if row else row_id
        parts = [self.title, f"row {label}" if label.isdigit() else label,
                 column.label if column else column_id]
        return ", ".join(p for p in parts if p)

    def shape(self) -> tuple:
        """What the page must draw again when it changes."""
        return (self.title, tuple(self.rows), tuple(self.columns), tuple(self.cell_ids()))


@dataclass(frozen=True)
class Sheet:
    """The grids of a board as they stand, with the choice lists their cells pick from."""

    grids: tuple[Grid, ...]
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def grid(self, grid_id: str) -> Grid | None:
        return next((g for g in self.grids if g.id == grid_id), None)


class BoardEntry(Protocol):
    """What a game supplies for its entry grids (the `entry` of its `Boards`)."""

    def sheet(self, cells: Cells) -> Sheet:
        """The grids for what is typed so far."""
        ...

    def files(self, key: str, cells: Cells) -> dict[str, bytes]:
        """The board folder's files (manifest and tables) made from the typed cells."""
        ...

    def cells(self, folder: Path) -> dict[str, dict[str, str]]:
        """The inverse of `files`: a stored board folder as the cells of its grids, so that
        `files(key, cells(folder))` checks as the folder does and holds the same tables."""
        ...


def cell_id(row: str, column: str) -> str:
    return f"{row}|{column}"


def split_cell(cell: str) -> tuple[str, str]:
    """(row id, column id) of a cell id; a column id may hold the separator, a row id not."""
    row, _, column = cell.partition("|")
    return row, column


def free_rows(typed: Mapping[str, str], spare: int = 3, least: int = 4) -> tuple[Row, ...]:
    """The rows of a growing list: up to the last row with something typed, then `spare`
    empty ones (at least `least` in all)."""
    used = [int(row) for row, _ in (split_cell(c) for c, text in typed.items() if text)
            if row.isdigit()]
    count = max(least, max(used, default=0) + spare)
    return tuple(Row(str(n), str(n)) for n in range(1, count + 1))


def numbered_rows(typed: Mapping[str, str],
                  columns: tuple[str, ...]) -> list[tuple[str, dict[str, str]]]:
    """The filled rows of a growing list, in order, each as (row id, {column id: text})."""
    by_row: dict[int, dict[str, str]] = {}
    for cell, text in typed.items():
        row, column = split_cell(cell)
        if row.isdigit() and column in columns and text:
            by_row.setdefault(int(row), {})[column] = text
    return [(str(n), {c: by_row[n].get(c, "") for c in columns}) for n in sorted(by_row)]


def list_rows(typed: Mapping[str, str], columns: tuple[str, ...]) -> list[dict[str, str]]:
    """The filled rows of a growing list, in order, each as {column id: text}."""
    return [row for _, row in numbered_rows(typed, columns)]


def file_lines(row_ids: list[str]) -> dict[int, str]:
    """File line -> grid row id, for a CSV file written one row a line below its header."""
    return {n: row for n, row in enumerate(row_ids, start=2)}


_LINE = re.compile(r"\bline (\d+)\b")  # a check's words for a row of its file


def in_rows(message: str, row_ids: list[str]) -> str:
    """A check's message in the grid's words: each "line N" of the file its rows were written
    to (`row_ids`, in order, one a line below the header) as "row R" of the grid."""
    at = file_lines(row_ids)
    return _LINE.sub(lambda m: f"row {at.get(int(m.group(1)), m.group(1))}", message)


def cell_at(grid: str, row: str | None, column: str, columns: tuple[str, ...],
            default: str) -> str | None:
    """`grid|row|column` of a problem's cell: its own column where the grid has it, else the
    row's `default` column (the one that names the row); None without a row."""
    if not row:
        return None
    return f"{grid}|{row}|{column if column in columns else default}"


def read_manifest(folder: Path, name: str) -> dict[str, Any]:
    """A board folder's TOML manifest ({} when it cannot be read: its check says why)."""
    try:
        return tomllib.loads((Path(folder) / name).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def read_rows(folder: Path, file: str) -> list[dict[str, str]]:
    """The data rows of a board folder's CSV file, each {header: cell} (spaces around taken
    off, a header's case too); blank and `#` comment lines left out; [] for no such file."""
    try:
        text = (Path(folder) / file).read_text(encoding="utf-8").lstrip("\ufeff")
    except (OSError, UnicodeDecodeError):
        return []
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    header = [c.strip().lower() for c in rows[0]]
    return [{h: c.strip() for h, c in zip(header, row, strict=False)} for row in rows[1:]
            if any(c.strip() for c in row) and not row[0].lstrip().startswith("#")]


def file_names(manifest: Mapping[str, Any], defaults: Mapping[str, str]) -> dict[str, str]:
    """Each part's file as the manifest's [files] names it, else its default name."""
    given = manifest.get("files", {})
    given = given if isinstance(given, dict) else {}
    return {part: given[part] if isinstance(given.get(part), str) else name
            for part, name in defaults.items()}


def list_cells(rows: list[dict[str, str]], columns: tuple[str, ...]) -> dict[str, str]:
    """A growing list's cells (`row|column` -> text), row 1 first, from rows as read."""
    return {cell_id(str(n), c): row[c] for n, row in enumerate(rows, start=1)
            for c in columns if row.get(c)}


def one_line(text: object) -> str:
    """A manifest's text as one cell: its lines joined, runs of spaces as one."""
    return " ".join(str(text).split()) if isinstance(text, str) else ""


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table as a board folder keeps it: its header, then its rows, one line each."""
    data = io.StringIO()
    writer = csv.writer(data, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return data.getvalue()


def csv_file(header: tuple[str, ...], rows: list[list[str]]) -> bytes:
    """A CSV file of a table, as a board folder keeps it: its header, then its rows."""
    return csv_text(header, rows).encode()


# TOML's short escapes; every other control character (and DEL) is written \u00XX
TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
                "\r": "\\r"}


def _toml_char(char: str, keep: str = "") -> str:
    if char in keep:
        return char
    if char in TOML_ESCAPES:
        return TOML_ESCAPES[char]
    code = ord(char)
    if code < 0x20 or code == 0x7F:
        return f"\\u{code:04x}"
    if 0xD800 <= code <= 0xDFFF:  # half a surrogate pair is no character: TOML cannot hold it
        return "\ufffd"
    return char


def toml_text(text: str) -> str:
    """A TOML basic string holding `text`, whatever its characters: the one way every game
    writes a manifest's value (a name typed with a control character in it still loads)."""
    return '"' + "".join(_toml_char(c) for c in text) + '"'


def toml_block(text: str) -> str:
    """A TOML multi-line basic string holding `text` (its line breaks kept as lines)."""
    return '"""\n' + "".join(_toml_char(c, keep="\n") for c in text) + '"""'


def manifest_tail(files: Mapping[str, str], summary: str) -> list[str]:
    """The lines of a board manifest's `[files]` and `[provenance]` tables (its summary)."""
    return ["", "[files]", *(f"{part} = {toml_text(name)}" for part, name in files.items()),
            "", "[provenance]", f"summary = {toml_text(summary)}"]


def typed(cells: Cells, grid: str) -> dict[str, str]:
    """One grid's typed cells (cell id -> text), empty when nothing is typed there."""
    return dict(cells.get(grid, {}))


def provenance_summary(manifest: Mapping[str, object]) -> str:
    """A stored manifest's `[provenance]` summary as one cell (the reverse of manifest_tail)."""
    provenance = manifest.get("provenance", {})
    return one_line(provenance.get("summary") if isinstance(provenance, dict) else "")
