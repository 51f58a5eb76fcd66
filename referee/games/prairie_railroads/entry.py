"""Prairie Railroads' entry grids: a board's tables typed as printed.

The cities with their printed income; the track segments between them, both ends picked from
the cities typed; the City and Town Growth Chart, one row per roll 11 to 66 with its primary
and secondary city; the Western Build boxes. `files` writes the folder `load_board_folder`
reads (referee.games.grids has the shapes).
"""

from __future__ import annotations

from pathlib import Path

from referee.games.contract import grids
from referee.games.prairie_railroads.board import DEFAULT_FILES, FILES, MANIFEST, ROLLS

NUMBER = grids.NUMBER
TEXT = grids.TEXT
YESNO = grids.YESNO
Cells = grids.Cells
Column = grids.Column
Grid = grids.Grid
Row = grids.Row
Sheet = grids.Sheet

SUMMARY = "Typed into referee's entry grids from the printed board."
KEY_COLUMNS = {"cities": "city", "segments": "from", "western": "box"}  # what names a row


_typed = grids.typed


def _listed(cells: Cells, part: str) -> list[tuple[str, dict[str, str]]]:
    """(grid row id, row) of each row of a growing list as the file gets it, in order."""
    rows = grids.numbered_rows(_typed(cells, part), FILES[part])
    return [(n, r) for n, r in rows if r["city"]] if part == "cities" else rows


def cities(cells: Cells) -> list[dict[str, str]]:
    return [r for _, r in _listed(cells, "cities")]


def cell_of(problem: object, cells: Cells) -> str | None:
    """The grid cell (`grid|row|column`) a problem of the board's check points at, if any: by
    its table and row (a roll of the growth chart) or the file line its row was written to."""
    table, row = getattr(problem, "table", ""), getattr(problem, "row", "")
    line, column = getattr(problem, "line", None), getattr(problem, "column", "")
    if getattr(problem, "file", "") == MANIFEST and column == "name":
        return "board|1|name"
    if table == "growth":
        known = row if row in {str(r) for r in ROLLS} else None
        return grids.cell_at("growth", known, column, ("primary", "secondary"), "primary")
    if table not in KEY_COLUMNS or line is None:
        return None
    found = grids.file_lines([n for n, _ in _listed(cells, table)]).get(line)
    return grids.cell_at(table, found, column, FILES[table], KEY_COLUMNS[table])


class PrairieBoardEntry:
    """Prairie Railroads' `BoardEntry`: the grids of a board and the folder they make."""

    def sheet(self, cells: Cells) -> Sheet:
        names = tuple(r["city"] for r in cities(cells))
        choices = {"cities": names}
        out = (
            Grid("board", "The board", (Row("1", ""),), (
                Column("name", "Name", TEXT, width=24),
                Column("summary", "Who typed it, from which printing", TEXT, width=30),
            ), required=False),
            Grid("cities", "Cities and towns", grids.free_rows(_typed(cells, "cities"), least=8), (
                Column("city", "City", TEXT, width=14),
                Column("income", "Income", NUMBER, width=3),
                Column("grid", "Grid", TEXT, width=3),
                Column("start", "Start city", YESNO, width=3),
            ), hint="As printed; a start city's income is 0.", free=True, required=False),
            Grid("segments", "Track segments", grids.free_rows(_typed(cells, "segments"),
                                                                least=8), (
                Column("from", "From", TEXT, "cities", 14),
                Column("to", "To", TEXT, "cities", 14),
                Column("one_way", "Arrow", YESNO, width=3),
            ), hint="One row per black circle between two cities; Arrow yes for a one-way "
                    "segment, From the city the arrow comes from.", free=True, required=False),
            Grid("growth", "City and Town Growth Chart",
                 tuple(Row(str(r), str(r)) for r in ROLLS), (
                     Column("primary", "Primary", TEXT, "cities", 14),
                     Column("secondary", "Secondary", TEXT, "cities", 14),
                 ), hint="The two dice down the side, as the chart prints them.",
                 counted="growth chart cells"),
            Grid("western", "Western Build boxes", grids.free_rows(_typed(cells, "western"),
                                                                   least=2), (
                Column("box", "Box", TEXT, width=10),
                Column("city", "City", TEXT, "cities", 12),
                Column("from", "Segment from", TEXT, "cities", 12),
                Column("to", "Segment to", TEXT, "cities", 12),
            ), free=True, required=False),
        )
        return Sheet(out, choices)

    def cell_of(self, problem: object, cells: Cells) -> str | None:
        return cell_of(problem, cells)

    def cells(self, folder: Path) -> dict[str, dict[str, str]]:
        """A stored board folder as the cells of its grids (the inverse of `files`)."""
        manifest = grids.read_manifest(folder, MANIFEST)
        names = grids.file_names(manifest, DEFAULT_FILES)
        about = {"name": grids.one_line(manifest.get("name")),
                 "summary": grids.provenance_summary(manifest)}
        out = {"board": {grids.cell_id("1", c): v for c, v in about.items() if v}}
        for part in ("cities", "segments", "western"):
            out[part] = grids.list_cells(grids.read_rows(folder, names[part]), FILES[part])
        out["growth"] = {grids.cell_id(r["roll"], c): r[c]
                         for r in grids.read_rows(folder, names["growth"])
                         for c in ("primary", "secondary") if r.get("roll") and r.get(c)}
        return {grid: typed for grid, typed in out.items() if typed}

    def files(self, key: str, cells: Cells) -> dict[str, bytes]:
        typed = _typed(cells, "growth")
        rows = {
            "cities": [list(r.values()) for r in cities(cells)],
            "segments": [list(r.values()) for r in grids.list_rows(
                _typed(cells, "segments"), FILES["segments"])],
            "growth": [[str(r), typed.get(grids.cell_id(str(r), "primary"), ""),
                        typed.get(grids.cell_id(str(r), "secondary"), "")] for r in ROLLS],
            "western": [list(r.values()) for r in grids.list_rows(
                _typed(cells, "western"), FILES["western"])],
        }
        about = (grids.list_rows(_typed(cells, "board"), ("name", "summary")) or [{}])[0]
        out = {DEFAULT_FILES[part]: grids.csv_file(FILES[part], rows[part]) for part in FILES}
        out[MANIFEST] = "\n".join([
            "# A Prairie Railroads board, written by the entry grids.",
            f"key = {grids.toml_text(key)}",
            f"name = {grids.toml_text(about.get('name', ''))}",
            *grids.manifest_tail(DEFAULT_FILES, about.get("summary") or SUMMARY),
            "",
        ]).encode()
        return out
