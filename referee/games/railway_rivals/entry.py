"""Railway Rivals' entry grids: a map's key-number table as the board prints it.

The key numbers are two dice read as tens and units (11 to 66): the grid puts the first die
down the side and the second across, 36 cells, each a town picked from the towns typed (or a
special run off the map edge, listed apart). Then the towns with start and small, and the town
hexes that border each other. `files` writes the folder `load_map_folder` reads
(referee.games.grids has the shapes).
"""

from __future__ import annotations

from pathlib import Path

from referee.games.contract import grids
from referee.games.railway_rivals.mapdata import DEFAULT_FILES, FILES, MANIFEST

TEXT = grids.TEXT
YESNO = grids.YESNO
Cells = grids.Cells
Column = grids.Column
Grid = grids.Grid
Row = grids.Row
Sheet = grids.Sheet

DIE = tuple(str(n) for n in range(1, 7))
STATUS = "typed into referee's entry grids from the printed map"
SUMMARY = "Typed into referee's entry grids from the printed map."


_typed = grids.typed


def _town_rows(cells: Cells) -> list[tuple[str, dict[str, str]]]:
    return [(n, r) for n, r in grids.numbered_rows(_typed(cells, "towns"), FILES["towns"])
            if r["town"]]


def towns(cells: Cells) -> list[dict[str, str]]:
    return [r for _, r in _town_rows(cells)]


def cell_of(problem: object, cells: Cells) -> str | None:
    """The grid cell (`grid|row|column`) a problem of the map's check points at, if any: a key
    number's cell by its row (the key, "23"), a town or a border by the file line it went to."""
    table, row = getattr(problem, "table", ""), getattr(problem, "row", "")
    line, column = getattr(problem, "line", None), getattr(problem, "column", "")
    if getattr(problem, "file", "") == MANIFEST and column == "name":
        return "map|1|name"
    if table == "key_numbers":
        ok = len(row) == 2 and row[0] in DIE and row[1] in DIE
        return f"keys|{row[0]}|{row[1]}" if ok else None
    if line is None:
        return None
    if table == "towns":
        found = grids.file_lines([n for n, _ in _town_rows(cells)]).get(line)
        return grids.cell_at("towns", found, column, FILES["towns"], "town")
    if table == "neighbours":
        rows = grids.numbered_rows(_typed(cells, "neighbours"), FILES["neighbours"])
        found = grids.file_lines([n for n, _ in rows]).get(line)
        return grids.cell_at("neighbours", found, column, FILES["neighbours"], "town")
    return None


def specials(cells: Cells) -> list[str]:
    return [r["name"] for r in grids.list_rows(_typed(cells, "specials"), ("name",))]


class RivalsMapEntry:
    """Railway Rivals' `BoardEntry`: the grids of a map and the folder they make."""

    def sheet(self, cells: Cells) -> Sheet:
        names = tuple(r["town"] for r in towns(cells))
        choices = {"towns": names, "keyed": names + tuple(specials(cells))}
        out = (
            Grid("map", "The map", (Row("1", ""),), (
                Column("name", "Name", TEXT, width=24),
                Column("status", "How it was checked", TEXT, width=24),
                Column("summary", "Who typed it, from which printing", TEXT, width=30),
            ), required=False),
            Grid("towns", "Towns", grids.free_rows(_typed(cells, "towns"), least=6), (
                Column("town", "Town", TEXT, width=16),
                Column("start", "Start town", YESNO, width=4),
                Column("small", "Small town", YESNO, width=4),
            ), hint="Every town on the map, spelt as printed; start and small yes, no, or "
                    "empty when you do not know.", free=True, required=False),
            Grid("specials", "Special runs off the map edge",
                 grids.free_rows(_typed(cells, "specials"), least=2, spare=1),
                 (Column("name", "Destination", TEXT, width=16),),
                 hint="Only if the board prints special runs.", free=True, required=False),
            Grid("keys", "Key numbers", tuple(Row(d, f"{d}…") for d in DIE),
                 tuple(Column(d, f"…{d}", TEXT, "keyed", 12) for d in DIE),
                 hint="The first die down the side, the second across: the cell of 4… and …3 "
                      "is key number 43. A town with several numbers is typed in each. Leave "
                      "a number you cannot read empty: the table is asked when it is thrown.",
                 counted="key numbers"),
            Grid("neighbours", "Town hexes that border each other",
                 grids.free_rows(_typed(cells, "neighbours"), least=2, spare=1), (
                     Column("town", "Town", TEXT, "towns", 16),
                     Column("neighbour", "Borders", TEXT, "towns", 16),
                 ), hint="Leave empty when the map has none or you do not know.", free=True,
                 required=False),
        )
        return Sheet(out, choices)

    def cell_of(self, problem: object, cells: Cells) -> str | None:
        return cell_of(problem, cells)

    def cells(self, folder: Path) -> dict[str, dict[str, str]]:
        """A stored map folder as the cells of its grids (the inverse of `files`)."""
        manifest = grids.read_manifest(folder, MANIFEST)
        names = grids.file_names(manifest, DEFAULT_FILES)
        about = {"name": grids.one_line(manifest.get("name")),
                 "status": grids.one_line(manifest.get("status")),
                 "summary": grids.provenance_summary(manifest)}
        keys = grids.read_rows(folder, names["key_numbers"])
        special = list(dict.fromkeys(r["town"] for r in keys if r.get("town") and
                                     r.get("special", "").lower() in ("yes", "y", "true")))
        out = {
            "map": {grids.cell_id("1", c): v for c, v in about.items() if v},
            "towns": grids.list_cells(grids.read_rows(folder, names["towns"]), FILES["towns"]),
            "specials": grids.list_cells([{"name": n} for n in special], ("name",)),
            "keys": {grids.cell_id(r["key"][0], r["key"][1]): r["town"] for r in keys
                     if len(r.get("key", "")) == 2 and r.get("town")},
            "neighbours": grids.list_cells(grids.read_rows(folder, names["neighbours"]),
                                           FILES["neighbours"]),
        }
        return {grid: typed for grid, typed in out.items() if typed}

    def files(self, key: str, cells: Cells) -> dict[str, bytes]:
        special = set(specials(cells))
        typed = _typed(cells, "keys")
        keys = [[f"{a}{b}", typed[grids.cell_id(a, b)],
                 "yes" if typed[grids.cell_id(a, b)] in special else "no"]
                for a in DIE for b in DIE if typed.get(grids.cell_id(a, b))]
        rows = {
            "key_numbers": keys,
            "towns": [[r["town"], r["start"], r["small"]] for r in towns(cells)],
            "neighbours": [[r["town"], r["neighbour"]] for r in grids.list_rows(
                _typed(cells, "neighbours"), FILES["neighbours"])],
        }
        about = (grids.list_rows(_typed(cells, "map"), ("name", "status", "summary"))
                 or [{}])[0]
        out = {DEFAULT_FILES[part]: grids.csv_file(FILES[part], rows[part]) for part in FILES}
        out[MANIFEST] = "\n".join([
            "# A Railway Rivals map, written by the entry grids.",
            f"name = {grids.toml_text(about.get('name', ''))}",
            f"status = {grids.toml_text(about.get('status') or STATUS)}",
            *grids.manifest_tail(DEFAULT_FILES, about.get("summary") or SUMMARY),
            "",
        ]).encode()
        return out
