"""Railroad Barons' entry grids: the printed values of a box, typed into tables shaped like it.

What the rulebook prints (the Holdings' names, colours, order and tokens; the Investors' values
and abilities) comes from the template folder and is not typed again: the owner types only what
the box prints (referee.games.grids). The grids: the box's name and note; the Holding cards'
(+) and (▼) circles; the Investors' bonuses; the share value track, one row per space, its
up and down spaces picked from the spaces typed; the railroad stack, top first, front and back;
and the obsolescence rules. `files` writes the folder `load_box_folder` reads.
"""

from __future__ import annotations

import csv
from pathlib import Path

from referee.games.contract import grids
from referee.games.railroad_barons.box import BOXES_DIR, DEFAULT_FILES, FILES, MANIFEST

NUMBER = grids.NUMBER
TEXT = grids.TEXT
YESNO = grids.YESNO
Cells = grids.Cells
Column = grids.Column
Grid = grids.Grid
Row = grids.Row
Sheet = grids.Sheet

TEMPLATE = BOXES_DIR / "_template"
NOTE = "Typed into referee's entry grids from the printed box."


def _template(part: str) -> list[dict[str, str]]:
    """The rows of a template table (what the rulebook prints, filled in already)."""
    path = Path(TEMPLATE) / DEFAULT_FILES[part]
    with path.open(encoding="utf-8", newline="") as handle:
        return [row for row in csv.DictReader(line for line in handle
                                              if not line.startswith("#"))]


_typed = grids.typed


def _list(cells: Cells, grid: str, part: str) -> list[dict[str, str]]:
    return grids.list_rows(_typed(cells, grid), FILES[part])


KEY_COLUMNS = {"track": "space", "railroads": "name", "obsolescence": "level"}  # names a row
BOX_COLUMNS = ("name", "investor_holding", "investor_railroad")


def cell_of(problem: object, cells: Cells) -> str | None:
    """The grid cell (`grid|row|column`) a problem of the box's check points at, if any: a
    Holding's or an Investor's by its row (the Holding, the value), a row of a list by the file
    line it went to, the $450 Investor's by the manifest's field."""
    table, row = getattr(problem, "table", ""), getattr(problem, "row", "")
    line, column = getattr(problem, "line", None), getattr(problem, "column", "")
    if getattr(problem, "file", "") == MANIFEST:
        return f"box|1|{column}" if column in BOX_COLUMNS else None
    if table == "holdings" and column in ("plus_circles", "down_circles"):
        known = {h["key"] for h in _template("holdings")}
        return f"holdings|{row}|{column}" if row in known else None
    if table == "investors" and column == "bonus":
        known = {r["value"] for r in _template("investors") if r["ability"] == "bonus"}
        return f"investors|{row}|bonus" if row in known else None
    if table not in KEY_COLUMNS or line is None:
        return None
    rows = grids.numbered_rows(_typed(cells, table), FILES[table])
    found = grids.file_lines([n for n, _ in rows]).get(line)
    return grids.cell_at(table, found, column, FILES[table], KEY_COLUMNS[table])


class BoxEntry:
    """Railroad Barons' `BoardEntry`: the grids of a box and the folder they make."""

    def sheet(self, cells: Cells) -> Sheet:
        holdings = _template("holdings")
        investors = _template("investors")
        spaces = tuple(r["space"] for r in _list(cells, "track", "track") if r["space"])
        names = tuple(r["name"] for r in _list(cells, "railroads", "railroads") if r["name"])
        bonus = {r["value"] for r in investors if r["ability"] == "bonus"}
        choices = {"holdings": tuple(h["key"] for h in holdings), "spaces": spaces,
                   "railroads": names, "sides": ("front", "back"),
                   "categories": tuple("ABCDEFGHIJK")}
        out = (
            Grid("box", "The box", (Row("1", ""),), (
                Column("name", "Name", TEXT, width=24),
                Column("note", "Who typed it, from which printing", TEXT, width=30),
                Column("investor_holding", "Holding on the $450 Investor", TEXT, "holdings", 5),
                Column("investor_railroad", "Railroad on the $450 Investor", TEXT, "railroads",
                       14),
            ), hint="The rulebook puts the MS&C Director and the Dominion Atlantic on the $450 "
                    "Investor.", required=False),
            Grid("holdings", "Holding cards", tuple(
                Row(h["key"], f"{h['key']} · {h['color']}") for h in holdings), (
                Column("plus_circles", "(+) circles", NUMBER, width=3),
                Column("down_circles", "(▼) circles", NUMBER, width=3),
            ), hint="How many circles each Holding card prints.", counted="circle counts"),
            Grid("investors", "Investors", tuple(
                Row(r["value"], f"${r['value']}") for r in investors),
                (Column("bonus", "Bonus income", NUMBER, width=4),),
                hint="The income each of the $40, $50 and $60 Investors adds.",
                skip=lambda row, _c: row not in bonus, counted="bonuses"),
            Grid("track", "Share value track", grids.free_rows(_typed(cells, "track"), least=6), (
                Column("space", "Space", TEXT, width=5),
                Column("value", "Value", NUMBER, width=4),
                Column("up", "Up to", TEXT, "spaces", 5),
                Column("down", "Down to", TEXT, "spaces", 5),
                Column("par", "Start", YESNO, width=3),
            ), hint="One row per space: a name you choose, the dollars printed, the space one "
                    "line up and one line down (empty where the marker stays), yes on the four "
                    "starting spaces.", free=True, required=False),
            Grid("railroads", "Railroad stack, top first",
                 grids.free_rows(_typed(cells, "railroads"), least=6), (
                     Column("name", "Name", TEXT, width=14),
                     Column("category", "Cat.", TEXT, "categories", 2),
                     Column("level", "Level", NUMBER, width=2),
                     Column("cost", "Cost", NUMBER, width=4),
                     Column("income", "Income", NUMBER, width=4),
                     Column("back_category", "Back cat.", TEXT, "categories", 2),
                     Column("back_level", "Back level", NUMBER, width=2),
                     Column("back_cost", "Back cost", NUMBER, width=4),
                     Column("back_income", "Back income", NUMBER, width=4),
                     Column("removed_side", "Counts when removed", TEXT, "sides", 5),
                 ), hint="Front, then the back of a two-sided card (empty for one side); the "
                         "side that counts when the card leaves the stack.", free=True,
                 required=False),
            Grid("obsolescence", "Obsolescence", grids.free_rows(_typed(cells, "obsolescence")), (
                Column("level", "Level", NUMBER, width=2),
                Column("category", "Categories", TEXT, width=5),
                Column("obsoletes", "Makes obsolete (levels)", TEXT, width=5),
            ), hint="As printed on the cards: a railroad of that level and/or category makes "
                    "these levels obsolete.", free=True, required=False),
        )
        return Sheet(out, choices)

    def cell_of(self, problem: object, cells: Cells) -> str | None:
        return cell_of(problem, cells)

    def say(self, problem: object, cells: Cells) -> str:
        """A problem of the check in the grids' words: "(line 3 too)" as "(row 2 too)"."""
        message, table = str(getattr(problem, "message", "")), getattr(problem, "table", "")
        if table not in KEY_COLUMNS:
            return message
        return grids.in_rows(message, [n for n, _ in grids.numbered_rows(_typed(cells, table),
                                                                        FILES[table])])

    def cells(self, folder: Path) -> dict[str, dict[str, str]]:
        """A stored box folder as the cells of its grids (the inverse of `files`): what the
        box prints; the rulebook's Holdings and Investors come from the template."""
        manifest = grids.read_manifest(folder, MANIFEST)
        names = grids.file_names(manifest, DEFAULT_FILES)

        def rows(part: str) -> list[dict[str, str]]:
            return grids.read_rows(folder, names[part])

        box = {c: grids.one_line(manifest.get(c)) for c in BOX_COLUMNS}
        box["note"] = grids.one_line(manifest.get("note"))
        holdings = {h["key"] for h in _template("holdings")}
        bonus = {r["value"] for r in _template("investors") if r["ability"] == "bonus"}
        out = {
            "box": {grids.cell_id("1", c): v for c, v in box.items() if v},
            "holdings": {grids.cell_id(r["key"], c): r[c] for r in rows("holdings")
                         for c in ("plus_circles", "down_circles")
                         if r.get("key") in holdings and r.get(c)},
            "investors": {grids.cell_id(r["value"], "bonus"): r["bonus"]
                          for r in rows("investors")
                          if r.get("value") in bonus and r.get("bonus")},
        }
        for part in ("track", "railroads", "obsolescence"):
            out[part] = grids.list_cells(rows(part), FILES[part])
        return {grid: typed for grid, typed in out.items() if typed}

    def files(self, key: str, cells: Cells) -> dict[str, bytes]:
        typed = _typed(cells, "holdings")
        holdings = [[*(h[c] for c in FILES["holdings"][:5]),
                     typed.get(grids.cell_id(h["key"], "plus_circles"), ""),
                     typed.get(grids.cell_id(h["key"], "down_circles"), "")]
                    for h in _template("holdings")]
        typed = _typed(cells, "investors")
        investors = [[r["value"], r["ability"],
                      typed.get(grids.cell_id(r["value"], "bonus"), "")]
                     for r in _template("investors")]
        rows = {"holdings": holdings, "investors": investors}
        for part in ("track", "railroads", "obsolescence"):
            rows[part] = [[row[c] for c in FILES[part]] for row in _list(cells, part, part)]
        box = (grids.list_rows(_typed(cells, "box"), (*BOX_COLUMNS, "note")) or [{}])[0]
        out = {DEFAULT_FILES[part]: grids.csv_file(FILES[part], rows[part]) for part in FILES}
        manifest = [
            "# Railroad Barons box, written by the entry grids.",
            f"name = {grids.toml_text(box.get('name') or key)}",
            f"note = {grids.toml_text(box.get('note') or NOTE)}",
            f"investor_holding = {grids.toml_text(box.get('investor_holding', ''))}",
            f"investor_railroad = {grids.toml_text(box.get('investor_railroad', ''))}",
            "",
        ]
        out[MANIFEST] = "\n".join(manifest).encode()
        return out
