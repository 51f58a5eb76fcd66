"""Read a map folder and check it cell by cell; every problem names its file and line."""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from itertools import combinations
from pathlib import Path
from typing import Any

from referee.games.contract import ERROR, WARNING, Problem, fold, locate
from referee.games.railbaron.board import PARITIES, WHITE_SUMS, ChartNote, Railroad, pair
from referee.games.railbaron.charts.format import (
    DEFAULT_FILE_NAMES,
    FIGURES,
    FIGURES_FULL,
    FIGURES_THOUSANDS,
    KEY_SEPARATOR,
    MANIFEST,
    RAILROAD_STATUSES,
    RAILROADS_NOT_TRANSCRIBED,
    RAILROADS_TRANSCRIBED,
    REQUIRED_FIELDS,
    TABLE_FILES,
    UNKNOWN,
)
from referee.games.railbaron.route_files import SECTION as ROUTE_GRAPH
from referee.games.railbaron.route_files import read_route_graph

_OPTIONAL_FIELDS = ("twins", "money_note", "files", "provenance", FIGURES, ROUTE_GRAPH)
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_BAD: Any = object()  # a cell whose text could not be read (already reported)
# the columns that name a row of each table, as the owner finds it ("Atlanta|Casper")
ROW_KEYS = {"regions": ("code",), "region_table": ("parity", "white_sum"),
            "city_table": ("region", "parity", "white_sum"), "cities": ("city",),
            "payoffs": ("city_a", "city_b"), "railroads": ("abbr",),
            "service": ("railroad", "city"), "notes": ("city_a", "city_b")}
TRIANGLE_SLACK = 2  # a payoff over twice the way round by a third city: surely a typo
NEIGHBOURS_FACTOR = 10  # a payoff ten times its row's others: surely a typo
SHORT_FACTOR = 100  # a payoff a hundredth of its row's others: typed in thousands (close
# cities pay a tenth of the others: Richmond–Washington 1,000 among 11,500)
THOUSAND = 1000
_FIGURE = re.compile(r"[0-9]+(?:\.[0-9]{1,3})?")  # a figure in thousands: 17, 3.5, 12.25


@dataclass
class MapData:
    """The parsed content of a map folder; None marks a cell that is unknown in the chart."""

    folder: Path
    manifest: dict[str, Any] = field(default_factory=dict)
    regions: dict[str, str] = field(default_factory=dict)
    region_table: dict[tuple[str, int], str | None] = field(default_factory=dict)
    city_table: dict[tuple[str, str, int], str | None] = field(default_factory=dict)
    cities: dict[str, str] = field(default_factory=dict)
    payoffs: dict[tuple[str, str], int | None] = field(default_factory=dict)
    railroads: dict[str, Railroad] = field(default_factory=dict)
    service: dict[str, set[str]] = field(default_factory=dict)
    notes: list[ChartNote] = field(default_factory=list)
    twins: set[tuple[str, str]] = field(default_factory=set)
    route_graph: Any = None  # a RouteGraph when the map has one (docs/railbaron-routes.md)


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)


def count_unknown(data: Any) -> int:
    """Chart cells (region, city, payoff) marked unknown in a MapData or RailBaronMap."""
    tables = (data.region_table, data.city_table, data.payoffs)
    return sum(1 for table in tables for value in table.values() if value is None)


def read_map_dir(path: Path) -> tuple[MapData, list[Problem]]:
    """Parse a map folder; the data is trustworthy only when no problem is an error."""
    reader = _Reader(Path(path))
    reader.read()
    return reader.data, locate(reader.problems, reader.row_keys)


def check_map_dir(path: Path) -> list[Problem]:
    """Every problem of a map folder, errors and warnings, in reading order, the knock-on ones
    folded under their cause."""
    return fold(read_map_dir(path)[1])


Report = Callable[[str, int | None, str], None]


def read_csv(path: Path, label: str, header: tuple[str, ...],
             report: Report) -> list[tuple[int, dict[str, str]]] | None:
    """The data rows of a CSV file as (line number, cells), or None if the file is unreadable.

    `report(file, line, message)` hears about a missing file, a wrong header and bad rows.
    """
    if not path.is_file():
        report(label, None, "file is missing")
        return None
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        report(label, None, "not UTF-8 text")
        return None
    reader = csv.reader(io.StringIO(text, newline=""))
    first = next(reader, None)
    if first is None:
        report(label, None, f"empty file: the first line must be {','.join(header)}")
        return None
    if tuple(cell.strip() for cell in first) != header:
        report(label, 1, f"expected header {','.join(header)}, found {','.join(first)}")
        return None
    rows = []
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(header):
                report(label, reader.line_num, f"expected {len(header)} fields, found {len(row)}")
                continue
            cells = dict(zip(header, (c.strip() for c in row), strict=True))
            rows.append((reader.line_num, cells))
    except csv.Error as exc:
        report(label, reader.line_num, f"not readable as CSV ({exc})")
    return rows


def positive_int(text: str) -> int | None:
    """The value of a positive whole number written in digits, else None."""
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def _show(value: int | None) -> str:
    return UNKNOWN if value is None else str(value)


def in_thousands(text: str) -> int | None:
    """The whole amount of a positive figure printed in thousands ('17' is 17000, '3.5' is
    3500), else None: at most three decimals, so the amount is a whole number."""
    if not _FIGURE.fullmatch(text):
        return None
    try:
        amount = Decimal(text) * THOUSAND
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        return None
    return int(amount) if amount > 0 and amount == amount.to_integral_value() else None


def odd_payoffs(payoffs: dict[tuple[str, str], int]) -> dict[tuple[str, str], str]:
    """The payoffs out of line with their rows (the two cities' other payoffs), each with what
    is odd about it: ten times the others (a digit too many), or not a hundredth of them (typed
    in thousands among full amounts). Close cities pay a tenth of the others, so that is not
    odd (Richmond–Washington 1,000 among 11,500)."""
    by_city: dict[str, list[int]] = {}
    for (a, b), value in payoffs.items():
        by_city.setdefault(a, []).append(value)
        by_city.setdefault(b, []).append(value)
    out: dict[tuple[str, str], str] = {}
    for (a, b), value in sorted(payoffs.items()):
        row = sorted(by_city[a] + by_city[b])
        row.remove(value)
        row.remove(value)
        if len(row) < 4:
            continue
        middle = row[len(row) // 2]
        if value >= NEIGHBOURS_FACTOR * middle:
            out[a, b] = (f"{a}–{b} is {dollars(value)}, ten times the payoffs around it "
                         f"(about {dollars(middle)}): a digit too many?")
        elif SHORT_FACTOR * value <= middle:
            out[a, b] = (f"{a}–{b} is {dollars(value)}, not a hundredth of the payoffs around "
                         f"it (about {dollars(middle)}): typed in thousands among full amounts "
                         f"({value * THOUSAND})?")
    return out


def amount(text: str, thousands: bool) -> int | None:
    """The whole amount a payoff or price cell means: as printed in thousands, or in full."""
    return in_thousands(text) if thousands else positive_int(text)


def unfit(text: str, thousands: bool, what: str, example: int) -> str:
    """Why a figure does not fit its map's figures ("" when it does): in thousands, a figure of
    a thousand or more was typed in full (17000 for 17); any, not a positive number."""
    if thousands and _FIGURE.fullmatch(text) and Decimal(text) >= THOUSAND:
        verb = "pay" if what == "payoff" else "cost"
        return (f"{what} {text} does not fit figures printed in thousands (it would {verb} "
                f"{dollars(in_thousands(text) or 0)}): type the printed figure, {example} for "
                f"{dollars(example * THOUSAND)}")
    if amount(text, thousands) is None:
        kind = (f"a positive number in thousands ({example} or 3.5)" if thousands
                else "a positive whole number")
        return f"{what} {text!r} is not {kind}"
    return ""


def dollars(value: int) -> str:
    """An amount as the charts' words say it: 17000 as 17,000."""
    return f"{value:,}"


class _Reader:
    """Reads the files of one map folder in dependency order, collecting problems."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = MapData(folder)
        self.problems: list[Problem] = []
        self.names = dict(DEFAULT_FILE_NAMES)
        self.city_lines: dict[str, int] = {}
        self.railroad_lines: dict[str, int] = {}
        self.region_lines: dict[str, int] = {}
        self.city_names: set[str] = set()  # every city named in cities.csv, valid or not
        self.unreadable: set[str] = set()  # tables whose file could not be read at all
        self.railroads_status = RAILROADS_TRANSCRIBED
        self.row_keys: dict[str, tuple[str, dict[int, str]]] = {}  # file -> (table, line -> key)

    def error(self, file: str, line: int | None, message: str, cause: str = "",
              column: str = "") -> None:
        self.problems.append(Problem(file, line, message, ERROR, cause=cause, column=column))

    def warn(self, file: str, line: int | None, message: str, column: str = "") -> None:
        self.problems.append(Problem(file, line, message, WARNING, column=column))

    @property
    def thousands(self) -> bool:
        """Whether payoffs and prices are written as printed, in thousands (map.toml's
        `figures = "thousands"`)."""
        return self.data.manifest.get(FIGURES) == FIGURES_THOUSANDS

    def amount(self, text: str) -> int | None:
        """The whole amount a payoff or price cell means, in the map's figures; else None."""
        return amount(text, self.thousands)

    def read(self) -> None:
        self.read_manifest()
        self.read_regions()
        self.read_cities()
        self.read_twins()
        self.read_region_table()
        self.read_city_table()
        self.read_payoffs()
        self.read_railroads()
        self.read_service()
        self.read_notes()
        self.read_route_graph()

    # -- plumbing --------------------------------------------------------------------------

    def rows(self, key: str) -> list[tuple[int, dict[str, str]]]:
        """The data rows of one table as (line number, cells), after checking its header."""
        name = self.names[key]
        rows = read_csv(self.folder / name, name, TABLE_FILES[key], self.error)
        if rows is None:
            self.unreadable.add(key)
        keyed = ROW_KEYS.get(key, ())
        self.row_keys[name] = (key, {line: KEY_SEPARATOR.join(cells[c] for c in keyed)
                                     for line, cells in rows or []})
        return rows or []

    def cell(self, file: str, line: int, parity: str, white: str) -> tuple[str, int] | None:
        """The (parity, white sum) a table row addresses, or None after reporting it."""
        ok = True
        if parity not in PARITIES:
            self.error(file, line, f"parity {parity!r} is not odd or even")
            ok = False
        if positive_int(white) not in WHITE_SUMS:
            self.error(file, line, f"white sum {white!r} is not a whole number from 2 to 12")
            ok = False
        return (parity, int(white)) if ok else None

    def known_city(self, file: str, line: int, city: str) -> bool:
        """Whether `city` is a valid city; reports it only if cities.csv does not name it."""
        if city in self.data.cities:
            return True
        if city not in self.city_names and "cities" not in self.unreadable:
            self.error(file, line, f"unknown city {city!r} (not in cities.csv)",
                       cause=f"city:{city}")
        return False

    def known_region(self, file: str, line: int, code: str, column: str = "") -> bool:
        """Whether `code` is a region code; reports it unless regions.csv was unreadable."""
        if code in self.data.regions:
            return True
        if "regions" not in self.unreadable:
            self.error(file, line, f"unknown region {code!r} (not a code in regions.csv)",
                       cause=f"region:{code}", column=column)
        return False

    # -- manifest --------------------------------------------------------------------------

    def read_manifest(self) -> None:
        path = self.folder / MANIFEST
        if not path.is_file():
            self.error(MANIFEST, None, "file is missing")
            return
        try:
            manifest = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as exc:
            self.error(MANIFEST, None, f"not valid TOML: {exc}")
            return
        self.data.manifest = manifest
        for name in REQUIRED_FIELDS:
            if name not in manifest:
                self.error(MANIFEST, None, f"missing field {name!r}")
            elif not isinstance(manifest[name], str) or not manifest[name].strip():
                self.error(MANIFEST, None, f"field {name!r} must be a non-empty string")
        for name in manifest:
            if name not in REQUIRED_FIELDS + _OPTIONAL_FIELDS:
                self.warn(MANIFEST, None, f"unknown field {name!r}")
        key = manifest.get("key")
        if isinstance(key, str) and key and key != self.folder.name:
            self.error(MANIFEST, None, f"key {key!r} does not match the folder name "
                                       f"{self.folder.name!r}")
        status = manifest.get("railroads")
        if isinstance(status, str) and status:
            if status in RAILROAD_STATUSES:
                self.railroads_status = status
            else:
                self.error(MANIFEST, None, f"railroads must be {RAILROADS_TRANSCRIBED!r} or "
                                           f"{RAILROADS_NOT_TRANSCRIBED!r}, not {status!r}")
        self.read_file_names(manifest.get("files"))
        provenance = manifest.get("provenance")
        summary = provenance.get("summary") if isinstance(provenance, dict) else None
        if not isinstance(summary, str) or not summary.strip():
            self.error(MANIFEST, None, "missing field 'provenance.summary'")
        missing = provenance.get("missing", []) if isinstance(provenance, dict) else []
        if not isinstance(missing, list) or not all(isinstance(m, str) for m in missing):
            self.error(MANIFEST, None, "field 'provenance.missing' must be a list of strings")
        note = manifest.get("money_note", "")
        if not isinstance(note, str):
            self.error(MANIFEST, None, "field 'money_note' must be a string")
        figures = manifest.get(FIGURES, FIGURES_FULL)
        if figures not in (FIGURES_FULL, FIGURES_THOUSANDS):
            self.error(MANIFEST, None, f"field {FIGURES!r} must be {FIGURES_THOUSANDS!r} (payoffs "
                       f"and prices as printed, 17 for 17,000) or {FIGURES_FULL!r}, not "
                       f"{figures!r}")

    def read_file_names(self, files: object) -> None:
        if not isinstance(files, dict):
            self.error(MANIFEST, None, "missing table [files]")
            return
        for key in TABLE_FILES:
            name = files.get(key)
            if name is None:
                self.error(MANIFEST, None, f"missing field 'files.{key}'")
            elif not isinstance(name, str) or not name or Path(name).name != name:
                self.error(MANIFEST, None, f"field 'files.{key}' must be a file name in the "
                                           "map folder")
            else:
                self.names[key] = name

    def read_twins(self) -> None:
        twins = self.data.manifest.get("twins", [])
        if not isinstance(twins, list):
            self.error(MANIFEST, None, "field 'twins' must be a list of city pairs")
            return
        for entry in twins:
            if (not isinstance(entry, list) or len(entry) != 2
                    or not all(isinstance(c, str) for c in entry) or entry[0] == entry[1]):
                self.error(MANIFEST, None, f"twins entry {entry!r} is not a pair of two cities")
                continue
            unknown = [c for c in entry if c not in self.data.cities]
            for city in unknown:
                self.error(MANIFEST, None, f"twins entry {entry!r} names unknown city {city!r}")
            if not unknown:
                self.data.twins.add(pair(entry[0], entry[1]))

    # -- regions and cities -----------------------------------------------------------------

    def read_regions(self) -> None:
        file = self.names["regions"]
        codes: dict[str, int] = {}
        names: dict[str, int] = {}
        for line, row in self.rows("regions"):
            code, name = row["code"], row["name"]
            ok = True
            if not code or code == UNKNOWN or KEY_SEPARATOR in code:
                self.error(file, line, f"{code!r} cannot be a region code", column="code")
                ok = False
            elif code.casefold() in codes:
                self.error(file, line, f"code {code} repeats line {codes[code.casefold()]}",
                           column="code")
                ok = False
            else:
                codes[code.casefold()] = line
            if not name:
                self.error(file, line, "empty region name", column="name")
                ok = False
            elif name.casefold() in names:
                self.error(file, line, f"name {name!r} repeats line {names[name.casefold()]}",
                           column="name")
                ok = False
            else:
                names[name.casefold()] = line
            if ok:
                self.data.regions[code] = name
        self.region_lines = {code: codes[code.casefold()] for code in self.data.regions}
        if not codes and "regions" not in self.unreadable:
            self.error(file, None, "no regions")

    def region_code(self, file: str, line: int, text: str, what: str) -> Any:
        """A region cell's value: a code, None for unknown, or _BAD after reporting it."""
        if not text:
            self.error(file, line, f"empty {what} cell (write ? if the chart cell is unknown)")
            return _BAD
        if text == UNKNOWN:
            return None
        if not self.known_region(file, line, text):
            return _BAD
        return text

    def read_cities(self) -> None:
        file = self.names["cities"]
        seen: dict[str, int] = {}
        for line, row in self.rows("cities"):
            city, region = row["city"], row["region"]
            if not city or city == UNKNOWN or KEY_SEPARATOR in city:
                self.error(file, line, f"{city!r} cannot be a city name", column="city")
                continue
            if city.casefold() in seen:
                self.error(file, line, f"city {city} repeats line {seen[city.casefold()]}",
                           column="city")
                continue
            seen[city.casefold()] = line
            self.city_names.add(city)
            if not self.known_region(file, line, region, "region"):
                continue
            self.data.cities[city] = region
            self.city_lines[city] = line
        if not seen and "cities" not in self.unreadable:
            self.error(file, None, "no cities")

    def read_region_table(self) -> None:
        file = self.names["region_table"]
        seen: dict[tuple[str, int], int] = {}
        for line, row in self.rows("region_table"):
            cell = self.cell(file, line, row["parity"], row["white_sum"])
            value = self.region_code(file, line, row["region"], "region")
            if cell is None:
                continue
            if cell in seen:
                self.error(file, line, f"cell {cell[0]} {cell[1]} repeats line {seen[cell]}")
                continue
            seen[cell] = line
            if value is not _BAD:
                self.data.region_table[cell] = value
        for parity in PARITIES:
            for white in WHITE_SUMS:
                if (parity, white) not in seen:
                    self.error(file, None, f"missing cell {parity} {white}")
        used = set(self.data.region_table.values())
        for code in self.data.regions:
            if code not in used:
                self.warn(self.names["regions"], self.region_lines[code],
                          f"region {code} appears in no region-table cell")

    def read_city_table(self) -> None:
        file = self.names["city_table"]
        seen: dict[tuple[str, str, int], int] = {}
        for line, row in self.rows("city_table"):
            region, city = row["region"], row["city"]
            region_ok = self.known_region(file, line, region)
            cell = self.cell(file, line, row["parity"], row["white_sum"])
            value = self.city_value(file, line, city, region if region_ok else None)
            if cell is None or not region_ok:
                continue
            key = (region, *cell)
            if key in seen:
                self.error(file, line,
                           f"cell {region} {cell[0]} {cell[1]} repeats line {seen[key]}")
                continue
            seen[key] = line
            if value is not _BAD:
                self.data.city_table[key] = value
        for code in self.data.regions:
            have = {(p, s) for (r, p, s) in seen if r == code}
            if not have:
                self.error(file, None, f"region {code} has no city cells (22 needed)")
                continue
            for parity in PARITIES:
                for white in WHITE_SUMS:
                    if (parity, white) not in have:
                        self.error(file, None, f"region {code}: missing cell {parity} {white}")
        used = set(self.data.city_table.values())
        for city, line in self.city_lines.items():
            if city not in used:
                self.warn(self.names["cities"], line, f"{city} appears in no city-table cell")

    def city_value(self, file: str, line: int, city: str, region: str | None) -> Any:
        """A city cell's value: a city, None for unknown, or _BAD after reporting it."""
        if not city:
            self.error(file, line, "empty city cell (write ? if the chart cell is unknown)")
            return _BAD
        if city == UNKNOWN:
            return None
        if not self.known_city(file, line, city):
            return _BAD
        home = self.data.cities[city]
        if region is not None and home != region:
            self.error(file, line, f"{city} is in region {home} in cities.csv, not {region}")
            return _BAD
        return city

    # -- payoffs ---------------------------------------------------------------------------

    def read_payoffs(self) -> None:
        file = self.names["payoffs"]
        seen: dict[tuple[str, str], tuple[int, Any]] = {}
        for line, row in self.rows("payoffs"):
            a, b = row["city_a"], row["city_b"]
            ok = all([self.known_city(file, line, a), self.known_city(file, line, b)])
            if ok and a == b:
                self.error(file, line, f"{a} is paired with itself")
                ok = False
            value = self.payoff_value(file, line, row["payoff"], pair(a, b))
            if not ok:
                continue
            key = pair(a, b)
            if key in seen:
                first_line, first = seen[key]
                if value is _BAD or first is _BAD:
                    continue
                if value == first:
                    self.error(file, line, f"{a}–{b} repeats line {first_line}")
                else:
                    self.error(file, line, f"{a}–{b} is {_show(value)} here but {_show(first)} "
                                           f"on line {first_line} (keep one row per pair)")
                continue
            seen[key] = (line, value)
            if value is not _BAD:
                self.data.payoffs[key] = value
        self.check_payoffs_complete(file, set(seen))
        self.check_payoffs_plausible(file, {k: line for k, (line, _v) in seen.items()})

    def check_payoffs_plausible(self, file: str, lines: dict[tuple[str, str], int]) -> None:
        """Warnings for the usual typo: a payoff ten times the others of its city's row, or one
        far over the way round by a third city (the triangle inequality broken by far)."""
        payoffs = {k: v for k, v in self.data.payoffs.items() if v}
        flagged = odd_payoffs(payoffs)
        for (a, b), message in flagged.items():
            self.warn(file, lines.get((a, b)), message, column="payoff")
        self.check_unit(file, payoffs)
        cities = sorted({c for pair_ in payoffs for c in pair_})
        if len(cities) > 60:  # the full check is cubic: a large chart is checked by its rows
            return
        for (a, b), value in sorted(payoffs.items()):
            if (a, b) in flagged:
                continue
            for c in cities:
                ac, cb = payoffs.get(pair(a, c)), payoffs.get(pair(c, b))
                if c in (a, b) or not ac or not cb or {pair(a, c), pair(c, b)} & flagged.keys():
                    continue  # a leg warned of already says nothing about this pair
                if value > TRIANGLE_SLACK * (ac + cb):
                    self.warn(file, lines.get((a, b)), f"{a}–{b} is {dollars(value)}, more than "
                              f"twice {a}–{c}–{b} ({dollars(ac)} + {dollars(cb)}): a typo?",
                              column="payoff")
                    break

    def check_unit(self, file: str, payoffs: dict[tuple[str, str], int]) -> None:
        """An error for a chart typed in thousands without saying so: every payoff under 1,000
        in a map of full amounts (the rulebook prints payoffs "in thousands"): its games would
        pay 17 for 17,000."""
        if self.thousands or len(payoffs) < 2 or max(payoffs.values()) >= THOUSAND:
            return
        top = max(payoffs.values())
        full = dollars(top * THOUSAND)
        self.error(file, None, f"every payoff is under 1,000 (the largest is {top}): the chart "
                  f"prints them in thousands, so a game would pay {top} for {full}. Write "
                  f'figures = "thousands" in {MANIFEST} if they are typed as printed, or the '
                  f"full amounts ({top * THOUSAND} for {top}).", column="payoff")

    def payoff_value(self, file: str, line: int, text: str, key: tuple[str, str]) -> Any:
        if not text:
            self.error(file, line, "empty payoff cell (write ? if the chart cell is unknown)",
                       column="payoff")
            return _BAD
        if text == UNKNOWN:
            return None
        if text == "0":
            if key in self.data.twins:
                return 0
            self.error(file, line, "payoff 0 is only for twin cities (list them as twins in "
                                   "map.toml)", column="payoff")
            return _BAD
        wrong = unfit(text, self.thousands, "payoff", 17)
        if wrong:
            self.error(file, line, wrong if "fit" in wrong else f"{wrong} or ?", column="payoff")
            return _BAD
        return self.amount(text)

    def check_payoffs_complete(self, file: str, present: set[tuple[str, str]]) -> None:
        partners = {city: 0 for city in self.data.cities}
        for a, b in present:
            partners[a] += 1
            partners[b] += 1
        absent = {city for city, n in partners.items() if n == 0 and len(partners) > 1}
        for city in sorted(absent):
            self.error(file, None, f"{city} has no payoff at all "
                                   f"({len(partners) - 1} pairs missing)")
        for a, b in combinations(sorted(self.data.cities), 2):
            if a not in absent and b not in absent and (a, b) not in present:
                self.error(file, None, f"missing pair {a}–{b}")

    # -- railroads and service ---------------------------------------------------------------

    def read_railroads(self) -> None:
        file = self.names["railroads"]
        names: dict[str, int] = {}
        colours: dict[str, int] = {}
        rows = 0
        for line, row in self.rows("railroads"):
            rows += 1
            abbr, name = row["abbr"], row["name"]
            ok = True
            if not abbr:
                self.error(file, line, "empty abbreviation", column="abbr")
                ok = False
            elif abbr.casefold() in self.railroad_lines:
                self.error(file, line, f"abbreviation {abbr} repeats line "
                                       f"{self.railroad_lines[abbr.casefold()]}", column="abbr")
                ok = False
            else:
                self.railroad_lines[abbr.casefold()] = line
            if not name:
                self.error(file, line, "empty name", column="name")
                ok = False
            elif name.casefold() in names:
                self.error(file, line, f"name {name!r} repeats line {names[name.casefold()]}",
                           column="name")
                ok = False
            else:
                names[name.casefold()] = line
            price = self.price(file, line, row["price"])
            ok = ok and price is not None
            if row["public"] not in ("yes", "no"):
                self.error(file, line, f"public {row['public']!r} is not yes or no",
                           column="public")
                ok = False
            ok = self.check_colour(file, line, row["colour"], colours) and ok
            if ok and price is not None:
                self.data.railroads[abbr] = Railroad(abbr, name, price, row["public"] == "yes",
                                                     row["colour"].lower())
        if rows and self.railroads_status == RAILROADS_NOT_TRANSCRIBED:
            self.error(file, None, "map.toml says railroads are not transcribed, but this file "
                                   "has rows")
        if not rows and self.railroads_status == RAILROADS_TRANSCRIBED:
            self.error(file, None, "no railroads (if they are not transcribed yet, write "
                                   'railroads = "not transcribed" in map.toml)')

    def price(self, file: str, line: int, text: str) -> int | None:
        """A railroad's price as a whole amount, or None after reporting it at its column."""
        wrong = unfit(text, self.thousands, "price", 42)
        if wrong:
            self.error(file, line, wrong, column="price")
            return None
        return self.amount(text)

    def check_colour(self, file: str, line: int, colour: str, seen: dict[str, int]) -> bool:
        if not colour:
            self.warn(file, line, "no display colour", column="colour")
            return True
        if not _COLOUR.fullmatch(colour):
            self.error(file, line, f"colour {colour!r} is not #rrggbb", column="colour")
            return False
        if colour.lower() in seen:
            self.warn(file, line, f"colour {colour} repeats line {seen[colour.lower()]}",
                      column="colour")
        else:
            seen[colour.lower()] = line
        return True

    def read_service(self) -> None:
        file = self.names["service"]
        seen: dict[tuple[str, str], int] = {}
        refused: set[str] = set()  # cities of railroads whose own row has an error
        rows = 0
        for line, row in self.rows("service"):
            rows += 1
            railroad, city = row["railroad"], row["city"]
            ok = True
            if railroad.casefold() not in self.railroad_lines:
                self.error(file, line, f"unknown railroad {railroad!r} (not in railroads.csv)")
                ok = False
            ok = self.known_city(file, line, city) and ok
            if not ok:
                continue
            if (railroad, city) in seen:
                self.warn(file, line, f"{railroad} at {city} repeats line {seen[railroad, city]}")
                continue
            seen[railroad, city] = line
            if railroad in self.data.railroads:
                self.data.service.setdefault(railroad, set()).add(city)
            else:  # a railroad row refused above: its cities are served, once it is fixed
                refused.add(city)
        if self.railroads_status == RAILROADS_NOT_TRANSCRIBED:
            if rows:
                self.error(file, None, "map.toml says railroads are not transcribed, but this "
                                       "file has rows")
            return
        for abbr in self.data.railroads:
            if abbr not in self.data.service:
                self.warn(self.names["railroads"], self.railroad_lines[abbr.casefold()],
                          f"{abbr} serves no city (no row in {file})")
        if "service" in self.unreadable or "railroads" in self.unreadable:
            return  # the file's own problem says it all
        served = {city for cities in self.data.service.values() for city in cities}
        for city, line in self.city_lines.items():
            if self.data.railroads and city not in served and city not in refused:
                # no train can get there: a game stalls the first time it is a destination
                self.error(self.names["cities"], line, f"{city} is served by no railroad: no "
                           "train could reach it (add its railroads to service.csv)")
        self.check_reachable(served)

    def check_reachable(self, served: set[str]) -> None:
        """Every served city reachable from every other by the railroads (changing railroads
        where two serve one city): a map of two islands stalls the first trip between them."""
        if not served or has_errors(self.problems):
            return
        links: dict[str, set[str]] = {city: set() for city in served}
        for cities in self.data.service.values():
            for city in cities:
                links[city] |= cities
        start = min(served)
        reached, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()] - reached:
                reached.add(other)
                todo.append(other)
        for city in sorted(served - reached):
            self.error(self.names["service"], None, f"{city} cannot be reached from {start} by "
                       "any railroad: the railroads that serve it meet no other railroad")

    def read_route_graph(self) -> None:
        section = self.data.manifest.get(ROUTE_GRAPH)
        if section is None:
            return
        self.data.route_graph = read_route_graph(
            section, self.data.cities, self.data.railroads, self.data.twins,
            lambda name, header: read_csv(self.folder / name, name, header, self.error),
            self.error, self.warn, MANIFEST)

    # -- notes -----------------------------------------------------------------------------

    def read_notes(self) -> None:
        file = self.names["notes"]
        for line, row in self.rows("notes"):
            a, b, note = row["city_a"], row["city_b"], row["note"]
            ok = all([self.known_city(file, line, a), self.known_city(file, line, b)])
            if not note:
                self.error(file, line, "empty note")
                ok = False
            if ok:
                self.data.notes.append(ChartNote(a, b, note))
