"""Rail Baron's entry grids: a map's charts laid out as printed, and the map folder they make.

The grids (referee.games.grids): the map's name; its regions and cities; the region table and
each region's city table with the dice values down the side (white sum 2 to 12) and the red
die's odd and even across, each cell picked from the regions or that region's cities; the
payoff chart as the printed triangle (a row and a column per city, a dash where a city meets
itself); the railroads with their price; and which railroads serve which city, ticked in a
city-by-railroad table. `files` writes the same CSV + TOML folder the loader reads
(charts/format.py), so the map goes through the same check as an upload.
"""

from __future__ import annotations

from pathlib import Path

from referee.games.contract import grids
from referee.games.railbaron.board import PARITIES, WHITE_SUMS, pair
from referee.games.railbaron.charts.format import (
    DEFAULT_FILE_NAMES,
    FIGURES,
    FIGURES_FULL,
    FIGURES_THOUSANDS,
    RAILROADS_NOT_TRANSCRIBED,
    RAILROADS_TRANSCRIBED,
    TABLE_FILES,
    UNKNOWN,
)
from referee.games.railbaron.charts.validate import THOUSAND, amount, odd_payoffs, unfit

CHART = grids.CHART
MARK = grids.MARK
NUMBER = grids.NUMBER
TEXT = grids.TEXT
YESNO = grids.YESNO
Cells = grids.Cells
Column = grids.Column
Grid = grids.Grid
Row = grids.Row
Sheet = grids.Sheet

DASH = "-"
EDITIONS = ("classic", "modern")
SOURCE = "Typed into referee's entry grids from the printed charts."
DICE_ROWS = tuple(Row(str(s), str(s)) for s in WHITE_SUMS)
DICE_COLUMNS = {"odd": "Odd (red 1, 3, 5)", "even": "Even (red 2, 4, 6)"}
FIGURES_CHOICES = {FIGURES_THOUSANDS: "thousands", FIGURES_FULL: "full"}
ABOUT = ("name", "money", "edition", "figures", "source")
RAILROAD_COLUMNS = ("abbr", "name", "price", "public", "colour")
LISTS = {"regions": ("code", "name"), "cities": ("city", "region"), "railroads": RAILROAD_COLUMNS}


_typed = grids.typed


def _about(cells: Cells) -> dict[str, str]:
    rows = grids.list_rows(_typed(cells, "map"), ABOUT)
    return rows[0] if rows else {}


def in_thousands(cells: Cells) -> bool:
    """Whether payoffs and prices are typed as printed, in thousands (unless the map's
    "Figures" says full)."""
    return _about(cells).get("figures", "").casefold() != FIGURES_FULL


def _listed(cells: Cells, grid: str, columns: tuple[str, ...], first: str = ""
            ) -> list[tuple[str, dict[str, str]]]:
    """A growing list's rows as typed, each (row id, cells), every one written to its file
    (a row typed twice too, so the check refuses it at its own row): the rows with `first`
    typed, or with anything typed when no `first` is given."""
    return [(row, values) for row, values in grids.numbered_rows(_typed(cells, grid), columns)
            if (values[first] if first else any(values.values()))]


def regions(cells: Cells) -> list[tuple[str, str]]:
    """(code, name) of the regions typed, in order, each code once."""
    out: dict[str, str] = {}
    for row in grids.list_rows(_typed(cells, "regions"), ("code", "name")):
        if row["code"] and row["code"] not in out:
            out[row["code"]] = row["name"]
    return list(out.items())


def cities(cells: Cells) -> list[tuple[str, str]]:
    """(city, region) of the cities typed, in order, each city once."""
    out: dict[str, str] = {}
    for row in grids.list_rows(_typed(cells, "cities"), ("city", "region")):
        if row["city"] and row["city"] not in out:
            out[row["city"]] = row["region"]
    return list(out.items())


def railroads(cells: Cells) -> list[dict[str, str]]:
    return [values for _, values in _listed(cells, "railroads", RAILROAD_COLUMNS)]


def _abbrs(cells: Cells) -> list[str]:
    seen: list[str] = []
    for row in railroads(cells):
        if row["abbr"] and row["abbr"] not in seen and "|" not in row["abbr"]:
            seen.append(row["abbr"])
    return seen


def _lower_triangle(names: list[str]):
    index = {name: n for n, name in enumerate(names)}

    def skip(row: str, column: str) -> bool:
        return not index.get(column, len(names)) < index.get(row, -1)

    def dash(row: str, column: str) -> bool:
        return row == column

    return skip, dash


class MapEntry:
    """Rail Baron's `BoardEntry`: the grids of a map and the folder they make."""

    def sheet(self, cells: Cells) -> Sheet:
        region_codes = [code for code, _ in regions(cells)]
        city_list = cities(cells)
        names = [city for city, _ in city_list]
        abbrs = _abbrs(cells)
        choices = {"regions": tuple(region_codes), "cities": tuple(names),
                   "editions": EDITIONS, "figures": tuple(FIGURES_CHOICES.values())}
        money = _about(cells).get("money") or "$"
        scale = THOUSAND if in_thousands(cells) else 1
        out = [
            Grid("map", "The map", (Row("1", ""),), (
                Column("name", "Name", TEXT, width=24),
                Column("money", "Money sign", TEXT, width=3),
                Column("edition", "Rules edition", TEXT, "editions", width=8),
                Column("figures", "Payoffs and prices in", TEXT, "figures", width=9),
                Column("source", "Where the figures come from", TEXT, width=30),
            ), hint="The name players see in the lobby (at most 200 characters); the money sign "
                    "printed on the charts ($); classic or modern rules by default; thousands "
                    "(as the charts print them: 17 for $17,000) or full (17000), thousands "
                    "when left empty; and which printing you typed.",
                required=False),
            Grid("regions", "Regions", grids.free_rows(_typed(cells, "regions")), (
                Column("code", "Code", TEXT, width=4), Column("name", "Name", TEXT, width=16),
            ), hint="A short code of your choosing and the name printed on the chart.",
                free=True, required=False),
            Grid("cities", "Cities", grids.free_rows(_typed(cells, "cities")), (
                Column("city", "City", TEXT, width=16),
                Column("region", "Region", TEXT, "regions", width=5),
            ), hint="Every city, spelt as on the charts, with its region's code.",
                free=True, required=False),
            Grid("region_table", "Region table", DICE_ROWS,
                 tuple(Column(p, DICE_COLUMNS[p], TEXT, "regions", 5) for p in PARITIES),
                 hint="Down the side the two white dice; across the red die. Write ? for a "
                      "cell you cannot read.", order="down", counted="region cells"),
        ]
        for code, region_name in regions(cells):
            mine = tuple(city for city, region in city_list if region == code)
            choices[f"cities-{code}"] = mine
            title = f"City table: {region_name or code} ({code})"
            out.append(Grid(f"city_table-{code}", title, DICE_ROWS,
                            tuple(Column(p, DICE_COLUMNS[p], TEXT, f"cities-{code}", 12)
                                  for p in PARITIES),
                            hint="Picked from the region's cities.", order="down",
                            counted="city cells"))
        skip, dash = _lower_triangle(names)
        city_rows = tuple(Row(name, name) for name in names)
        figures = ("The figures as printed, in thousands: 17 for $17,000, 3.5 for $3,500"
                   if scale > 1 else "The full amounts: 17000 for $17,000")
        out.append(Grid("payoffs", "Payoff chart", city_rows,
                        tuple(Column(name, name, CHART, width=6, scale=scale, money=money)
                              for name in names),
                        hint=f"{figures} ($ and commas may stay: they are cleaned). Enter goes "
                             "to the next cell; a block copied from a spreadsheet pastes at the "
                             "cell you are in. ? for a cell you cannot read, - for twin cities.",
                        skip=skip, dash=dash, counted="payoffs"))
        price = "in thousands as printed (42 for $42,000)" if scale > 1 else "the full amount"
        out.append(Grid("railroads", "Railroads", grids.free_rows(_typed(cells, "railroads")), (
            Column("abbr", "Abbreviation", TEXT, width=6),
            Column("name", "Name", TEXT, width=20),
            Column("price", "Price", CHART if scale > 1 else NUMBER, width=7, scale=scale,
                   money=money),
            Column("public", "Public", YESNO, width=4),
            Column("colour", "Colour", TEXT, width=7),
        ), hint=f"Abbreviation and name once each; price {price}; public yes or no; a display "
                "colour #rrggbb of your choice.", free=True, required=False))
        if abbrs and names:
            out.append(Grid("service", "Cities each railroad serves", city_rows,
                            tuple(Column(a, a, MARK, width=3) for a in abbrs),
                            hint="Tick the railroads that reach each city.", required=False))
        return Sheet(tuple(out), choices)

    def cell_of(self, problem: object, cells: Cells) -> str | None:
        return cell_of(problem, cells)

    def say(self, problem: object, cells: Cells) -> str:
        """A problem of the check in the grids' words: a list's "repeats line 2" as "repeats
        row 1" (the row of the grid the first one was typed in)."""
        message = str(getattr(problem, "message", ""))
        table = getattr(problem, "table", "")
        if table not in LISTS:
            return message
        first = "city" if table == "cities" else ""
        return grids.in_rows(message, [row for row, _ in _listed(cells, table, LISTS[table],
                                                                   first)])

    def doubts(self, cells: Cells) -> dict[str, str]:
        """The payoff cells marked as they are typed: a figure that does not fit the chart's
        figures (17000 in thousands), or one ten times off the others of its row."""
        return doubts(cells)

    def cells(self, folder: Path) -> dict[str, dict[str, str]]:
        """A stored map folder as the cells of its grids (the inverse of `files`). Its notes,
        route graph and the manifest's other fields are not in the grids."""
        manifest = grids.read_manifest(folder, "map.toml")
        names = grids.file_names(manifest, DEFAULT_FILE_NAMES)

        def rows(part: str) -> list[dict[str, str]]:
            return grids.read_rows(folder, names[part])

        thousands = manifest.get(FIGURES) == FIGURES_THOUSANDS
        prices = [r.get("price", "") for r in rows("railroads")]
        figures = [r.get("payoff", "") for r in rows("payoffs")] + prices
        printed = thousands or all(  # in hundreds: 500 prints as 0.5
            f in ("", UNKNOWN, "0") or f.isdigit() and int(f) % 100 == 0 for f in figures)

        def figure(text: str) -> str:  # as printed: 3500 as 3.5
            return as_printed(int(text)) if printed and not thousands and text.isdigit() \
                else text

        about = {"name": grids.one_line(manifest.get("name")),
                 "money": grids.one_line(manifest.get("money_unit")),
                 "edition": grids.one_line(manifest.get("default_edition")),
                 "figures": FIGURES_THOUSANDS if printed else FIGURES_FULL,
                 "source": grids.provenance_summary(manifest)}
        out: dict[str, dict[str, str]] = {
            "map": {grids.cell_id("1", c): v for c, v in about.items() if v},
            "regions": grids.list_cells(rows("regions"), ("code", "name")),
            "cities": grids.list_cells(rows("cities"), ("city", "region")),
            "region_table": {grids.cell_id(r.get("white_sum", ""), r.get("parity", "")):
                             r["region"] for r in rows("region_table") if r.get("region")},
        }
        for r in rows("city_table"):
            if r.get("city") and r.get("region"):
                out.setdefault(f"city_table-{r['region']}", {})[
                    grids.cell_id(r.get("white_sum", ""), r.get("parity", ""))] = r["city"]
        order = {city: n for n, (city, _) in enumerate(cities(out))}
        listed = manifest.get("twins", [])
        twins = {frozenset(map(str, pair)) for pair in (listed if isinstance(listed, list) else [])
                 if isinstance(pair, list) and len(pair) == 2}
        payoffs: dict[str, str] = {}
        for r in rows("payoffs"):
            a, b = r.get("city_a", ""), r.get("city_b", "")
            if a in order and b in order and a != b and r.get("payoff"):
                low, high = sorted((a, b), key=order.__getitem__)
                payoffs[grids.cell_id(high, low)] = (DASH if frozenset((a, b)) in twins
                                                     else figure(r["payoff"]))
        out["payoffs"] = payoffs
        out["railroads"] = grids.list_cells(
            [{**r, "price": figure(r.get("price", ""))} for r in rows("railroads")],
            RAILROAD_COLUMNS)
        out["service"] = {grids.cell_id(r["city"], r["railroad"]): "x"
                          for r in rows("service") if r.get("city") and r.get("railroad")}
        return {grid: typed for grid, typed in out.items() if typed}

    def files(self, key: str, cells: Cells) -> dict[str, bytes]:
        about = _about(cells)
        city_list = cities(cells)
        names = [city for city, _ in city_list]
        region_list = regions(cells)
        rows: dict[str, list[list[str]]] = {name: [] for name in TABLE_FILES}
        rows["regions"] = [[v["code"], v["name"]]
                           for _, v in _listed(cells, "regions", ("code", "name"))]
        rows["cities"] = [[v["city"], v["region"]]
                          for _, v in _listed(cells, "cities", ("city", "region"), "city")]
        typed = _typed(cells, "region_table")
        rows["region_table"] = [[p, str(s), typed.get(grids.cell_id(str(s), p), "")]
                                for p in PARITIES for s in WHITE_SUMS]
        for code, _ in region_list:
            typed = _typed(cells, f"city_table-{code}")
            rows["city_table"] += [[code, p, str(s), typed.get(grids.cell_id(str(s), p), "")]
                                   for p in PARITIES for s in WHITE_SUMS]
        typed = _typed(cells, "payoffs")
        twins = []
        for n, a in enumerate(names):
            for b in names[:n]:
                value = typed.get(grids.cell_id(a, b), "")
                if value == DASH:
                    twins.append(sorted((a, b)))
                    value = "0"
                rows["payoffs"].append([min(a, b), max(a, b), value])
        listed = railroads(cells)
        rows["railroads"] = [[r["abbr"], r["name"], r["price"], r["public"] or "no",
                              r["colour"]] for r in listed]
        typed = _typed(cells, "service")
        abbrs = _abbrs(cells)
        rows["service"] = [[abbr, city] for abbr in abbrs for city in names
                           if typed.get(grids.cell_id(city, abbr))]
        out = {DEFAULT_FILE_NAMES[name]: grids.csv_file(TABLE_FILES[name], rows[name])
               for name in TABLE_FILES}
        out["map.toml"] = _manifest(key, about, twins, bool(listed), in_thousands(cells)).encode()
        return out


def cell_of(problem: object, cells: Cells) -> str | None:
    """The grid cell (`grid|row|column`) a problem of the map's check points at, if any: the
    check names the table and the row as the files hold them ("payoffs", "Ashby|Corrin")."""
    table, row = getattr(problem, "table", ""), getattr(problem, "row", "")
    parts = row.split("|") if row else []
    names = [city for city, _ in cities(cells)]
    if table == "payoffs" and len(parts) == 2 and all(p in names for p in parts):
        a, b = sorted(parts, key=names.index)
        return f"payoffs|{b}|{a}"
    if table == "region_table" and len(parts) == 2:
        return f"region_table|{parts[1]}|{parts[0]}"
    if table == "city_table" and len(parts) == 3:
        return f"city_table-{parts[0]}|{parts[2]}|{parts[1]}"
    if table == "service" and len(parts) == 2:
        return f"service|{parts[1]}|{parts[0]}"
    line = getattr(problem, "line", None)
    if table in LISTS and line:
        columns = LISTS[table]
        first = "city" if table == "cities" else ""
        at = grids.file_lines([row for row, _ in _listed(cells, table, columns, first)])
        column = getattr(problem, "column", "")
        return grids.cell_at(table, at.get(line), column, columns, columns[0])
    return None


def as_printed(value: int) -> str:
    """A whole amount as the chart prints it, in thousands: 3500 as 3.5, 17000 as 17."""
    whole, part = divmod(value, THOUSAND)
    return f"{whole}.{part:03d}".rstrip("0") if part else str(whole)


def doubts(cells: Cells) -> dict[str, str]:
    """The payoff cells (`payoffs|row|column` -> words) whose figure does not fit the chart's
    figures or is ten times off the others of its row (the check's own plausibility)."""
    thousands = in_thousands(cells)
    names = [city for city, _ in cities(cells)]
    known = set(names)
    out: dict[str, str] = {}
    values: dict[tuple[str, str], int] = {}
    where: dict[tuple[str, str], str] = {}
    for cell, text in _typed(cells, "payoffs").items():
        row, column = grids.split_cell(cell)
        if row not in known or column not in known or text in (UNKNOWN, DASH):
            continue
        name = f"payoffs|{cell}"
        wrong = unfit(text, thousands, "payoff", 17)
        if wrong:
            out[name] = f"Payoff chart, {row}, {column}: {wrong}"
            continue
        value = amount(text, thousands)
        if value:
            values[pair(row, column)] = value
            where[pair(row, column)] = name
    for key, words in odd_payoffs(values).items():
        out[where[key]] = f"Payoff chart, {key[0]}–{key[1]}: {words}"
    return out


def _manifest(key: str, about: dict[str, str], twins: list[list[str]], has_railroads: bool,
              thousands: bool) -> str:
    status = RAILROADS_TRANSCRIBED if has_railroads else RAILROADS_NOT_TRANSCRIBED
    lines = [
        "# Rail Baron map manifest (format: docs/railbaron-tables.md), written by the entry grids.",
        f"key = {grids.toml_text(key)}",
        f"name = {grids.toml_text(about.get('name', ''))}",
        f"money_unit = {grids.toml_text(about.get('money') or '$')}",
        f"default_edition = {grids.toml_text(about.get('edition') or 'classic')}",
        f"{FIGURES} = {grids.toml_text(FIGURES_THOUSANDS if thousands else FIGURES_FULL)}",
        f"railroads = {grids.toml_text(status)}",
        "twins = [" + ", ".join(f"[{grids.toml_text(a)}, {grids.toml_text(b)}]"
                                for a, b in twins) + "]",
        *grids.manifest_tail(DEFAULT_FILE_NAMES, about.get("source") or SOURCE),
        "missing = []",
        "",
    ]
    return "\n".join(lines)
