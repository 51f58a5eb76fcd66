"""Typing a board in: every game's printed tables as grids shaped like the charts.

A game whose `Boards` carries `entry` (referee.games.grids.BoardEntry) gets these pages, at
`/entry/<game>`: its drafts, a new one, and one draft's grids. What the owner types is saved
as he types (static/grid.js posts each changed cell, htmx swaps the progress back), cleaned
(referee/web/cells.py) and kept in the instance folder (referee/web/drafts.py) until "Check
and save" writes the board folder through the game's own check, as an upload does
(referee/web/board_upload.py). A refused save keeps the draft as it was and lists every
problem; a stored board's draft is removed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, request, url_for

from referee.games import registry
from referee.games.contract import Boards, grids
from referee.web import drafts
from referee.web.board_upload import (
    KEY_RULE,
    Upload,
    UploadError,
    add_board,
    check_key,
    drop_pending,
    replace_board,
)
from referee.web.boards import board_folder
from referee.web.cells import clean_cell
from referee.web.render import page_or_fragment

bp = Blueprint("entry", __name__, url_prefix="/entry")
CHART, MARK, NUMBER, YESNO = grids.CHART, grids.MARK, grids.NUMBER, grids.YESNO
Grid, Sheet, split_cell = grids.Grid, grids.Sheet, grids.split_cell
DASHES = ("-", "–", "—")
MARKED = ("x", "yes", "y", "✓", "✔", "1", "true")


def entry_of(game: str) -> tuple[Boards, Any]:
    """The game's boards and their entry grids; 404 for a game without them."""
    boards = registry.game(game).boards if game in registry.GAMES else None
    entry = getattr(boards, "entry", None)
    if boards is None or entry is None:
        abort(404, "This game has no entry grids. The lobby lists every game.")
    return boards, entry


def entry_url(game: str) -> str | None:
    """The address of the game's entry grids, if it has them (for the boards pages)."""
    boards = registry.game(game).boards if game in registry.GAMES else None
    return url_for("entry.drafts_page", game=game) if getattr(boards, "entry", None) else None


@bp.app_context_processor
def links() -> dict[str, Any]:
    return {"entry_url": entry_url}


def _instance() -> Path:
    return Path(current_app.instance_path)


def _draft(game: str, draft_id: str) -> drafts.Draft:
    try:
        return drafts.load(_instance(), game, draft_id)
    except LookupError:
        abort(404, "There is no such draft: it was saved as a board or deleted. The "
                   "drafts page lists the others.")


def clean(grid: Grid, cell: str, text: str, choices: dict[str, tuple[str, ...]]) -> str:
    """The value a typed cell is kept as: cleaned by its kind, a choice spelt as listed."""
    row, column_id = split_cell(cell)
    column = grid.column(column_id)
    kind = column.kind if column else "text"
    value = clean_cell(text, "text").value
    if kind == MARK:
        return "x" if value.casefold() in MARKED else ""
    if kind == CHART:  # a figure as printed: 17, 3.5, with its money sign or without
        if value in DASHES:
            return "-"
        return clean_cell(value.strip("$£€ "), "number").value
    if kind in (NUMBER, YESNO):
        return clean_cell(value, "number" if kind == NUMBER else "flag").value
    listed = choices.get(column.choices, ()) if column and column.choices else ()
    folded = value.casefold()
    return next((c for c in listed if c.casefold() == folded), value)


def typed_name(sheet: Sheet, cells: dict[str, dict[str, str]]) -> str:
    """The board's name as typed: the `name` column of its first grid (every game's first grid
    is the board itself: its name, its money sign...), "" when none is typed yet."""
    first = sheet.grids[0] if sheet.grids else None
    return cells.get(first.id, {}).get("1|name", "") if first else ""


def progress(sheet: Sheet, cells: dict[str, dict[str, str]]) -> list[tuple[str, int, int]]:
    """(what, filled, of) for each kind of counted cell: "1,204 of 2,415 payoffs"."""
    counts: dict[str, list[int]] = {}
    for grid in sheet.grids:
        if not grid.counted:
            continue
        typed = cells.get(grid.id, {})
        ids = grid.cell_ids()
        count = counts.setdefault(grid.counted, [0, 0])
        count[0] += sum(1 for c in ids if typed.get(c))
        count[1] += len(ids)
    return [(what, filled, of) for what, (filled, of) in counts.items()]


def said(entry: Any, problem: Any, cells: dict[str, dict[str, str]]) -> str:
    """A problem's message in the grid's words (its entry's optional `say(problem, cells)`:
    "repeats row 1" where the file says "repeats line 2")."""
    say = getattr(entry, "say", None)
    return say(problem, cells) if say else problem.message


def marked(entry: Any, problems: list[Any], cells: dict[str, dict[str, str]]) -> dict[str, str]:
    """The cells the check's problems point at (`grid|row|column` -> messages), where the game
    can say (its entry's optional `cell_of(problem, cells)`)."""
    cell_of = getattr(entry, "cell_of", None)
    out: dict[str, str] = {}
    for problem in problems if cell_of else ():
        cell = cell_of(problem, cells)
        if cell:
            out[cell] = (out[cell] + " · " if cell in out else "") + said(entry, problem, cells)
    return out


def described(entry: Any, problems: list[Any], cells: dict[str, dict[str, str]],
              sheet: Sheet) -> list[dict[str, str]]:
    """A refused save's problems as the grids name them: each with its grid, row and column
    ("Cities, row 5, City") where the game can say, never a file and line."""
    cell_of = getattr(entry, "cell_of", None)
    out = []
    for problem in problems:
        cell = cell_of(problem, cells) if cell_of else None
        grid_id, _, rest = (cell or "").partition("|")
        grid = sheet.grid(grid_id)
        where = grid.where(*split_cell(rest)) if grid else ""
        out.append({"severity": problem.severity, "where": where,
                    "message": said(entry, problem, cells), "more": problem.more})
    return out


def live_marks(entry: Any, draft: drafts.Draft) -> dict[str, str]:
    """The cells marked as the owner types (`grid|row|column` -> words): those refused, not
    kept until corrected, and those the game doubts (its entry's optional `doubts(cells)`: a
    payoff ten times the others of its row)."""
    doubts = getattr(entry, "doubts", None)
    out = {name: f"Not kept: {r['words']}" for name, r in draft.refused.items()}
    for name, words in (doubts(draft.cells) if doubts else {}).items():
        out.setdefault(name, words)
    return out


def _context(game: str, boards: Boards, draft: drafts.Draft, sheet: Sheet,
             **extra: Any) -> dict[str, Any]:
    entry = entry_of(game)[1]
    problems = getattr(extra.get("refused"), "problems", None)  # a refused save's report
    if problems is not None and "marks" not in extra:
        extra["marks"] = marked(entry, problems, draft.cells)
        extra["described"] = described(entry, problems, draft.cells, sheet)
    return {"game": game, "title": registry.GAMES[game].title, "boards": boards,
            "noun": boards.noun, "draft": draft, "sheet": sheet, "cells": draft.cells,
            "progress": progress(sheet, draft.cells),
            "key_rule": getattr(boards, "key_rule", KEY_RULE),
            "live": live_marks(entry, draft),
            "held": {name: r["text"] for name, r in draft.refused.items()}, **extra}


@bp.get("/<game>", endpoint="drafts_page")
def drafts_page(game: str) -> Response:
    """The game's drafts, each with its progress, and the button that starts one."""
    boards, entry = entry_of(game)
    found = [(d, progress(sheet, d.cells), typed_name(sheet, d.cells))
             for d in drafts.listed(_instance(), game)
             for sheet in (entry.sheet(d.cells),)]
    return page_or_fragment("entry/drafts.html", "entry/_drafts.html",
                            game=game, title=registry.GAMES[game].title, boards=boards,
                            noun=boards.noun, found=found)


@bp.post("/<game>", endpoint="start")
def start(game: str) -> Response:
    """A new empty draft, and its grids."""
    entry_of(game)
    draft = drafts.new(_instance(), game, request.form.get("key", "").strip()[:40])
    return redirect(url_for("entry.grids_page", game=game, draft_id=draft.id), 303)


@bp.post("/<game>/open/<key>", endpoint="open_board")
def open_board(game: str, key: str) -> Response:
    """A stored board back in the grids, as a new draft to correct and save through the same
    check: a laptop's own under its key (saving it asks first before replacing the board), a
    shipped one under no key (it is never changed: the correction is the owner's own copy,
    saved under a key of his choosing)."""
    boards, entry = entry_of(game)
    summary = next((b for b in boards.list(_instance()) if b.key == key), None)
    if summary is None:
        abort(404, f"There is no {boards.noun} {key[:40]!r} to open.")
    folder = board_folder(boards, summary)
    try:
        cells = entry.cells(folder)
        made = entry.files(summary.key, cells)
        left = sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix == ".csv"
                      and grids.read_rows(folder, p.name)  # rows the grids do not carry
                      and not made.get(p.name, b"").strip().count(b"\n"))
    except OSError as err:
        current_app.logger.exception("reading a board into the grids failed")
        abort(503, f"The {boards.noun} {key!r} could not be read on this laptop "
                   f"({err.strerror or err}).")
    draft = drafts.new(_instance(), game, "" if summary.shipped else summary.key, cells,
                       {"key": summary.key, "name": summary.name, "shipped": summary.shipped,
                        "left": left})
    return redirect(url_for("entry.grids_page", game=game, draft_id=draft.id), 303)


@bp.get("/<game>/<draft_id>", endpoint="grids_page")
def grids_page(game: str, draft_id: str) -> Response:
    """One draft's grids, as typed so far."""
    boards, entry = entry_of(game)
    draft = _draft(game, draft_id)
    return page_or_fragment("entry/grids.html", "entry/_grids.html",
                            **_context(game, boards, draft, entry.sheet(draft.cells)))


@bp.post("/<game>/<draft_id>/cells", endpoint="cells")
def cells(game: str, draft_id: str) -> Response:
    """Keep the cells sent (`cell:<grid>|<row>|<column>`); answer with the progress, the
    cleaned values, and the grids whose shape the change altered (the one typed in stays)."""
    boards, entry = entry_of(game)
    draft = _draft(game, draft_id)
    sent, before, refused = _sent(entry, draft.cells)
    key = request.form.get("key")
    try:
        draft = drafts.change(_instance(), game, draft_id, sent,
                              None if key is None else key.strip()[:40], refused)
    except drafts.DraftError as err:
        return page_or_fragment("entry/_saved.html", "entry/_saved.html", 422,
                                **_context(game, boards, draft, before, refused=str(err),
                                           cleaned={}, reshaped=[]))
    except LookupError:
        abort(404, "This draft is gone (saved as a board or deleted).")
    after = entry.sheet(draft.cells)
    typed_in = {name.partition("|")[0] for name in sent}
    old = {g.id: g.shape() for g in before.grids}
    reshaped = [g for g in after.grids if old.get(g.id) != g.shape()
                and (g.id not in typed_in or g.id not in old)]
    gone = [gid for gid in old if after.grid(gid) is None]
    return page_or_fragment("entry/_saved.html", "entry/_saved.html",
                            **_context(game, boards, draft, after, cleaned=sent,
                                       reshaped=reshaped, gone=gone, order=_order(after),
                                       previous=set(old)))


def _sent(entry: Any, typed: dict[str, dict[str, str]]
          ) -> tuple[dict[str, str], Sheet, dict[str, tuple[str, str]]]:
    """The cells the request sends (`cell:<grid>|<row>|<column>`), cleaned, the sheet as it
    stood before them, and the cells refused (name -> (text as typed, why, in the grid's
    words)). A cell of a grid that the other cells sent bring about (a region's city table) is
    taken too; one of a grid that does not exist is dropped."""
    given: dict[str, tuple[str, str, str]] = {}
    for name, text in request.form.items(multi=False):
        grid_id, _, cell = name.removeprefix("cell:").partition("|")
        if name.startswith("cell:") and grid_id and cell:
            given[f"{grid_id}|{cell}"] = (grid_id, cell, text)
    before = sheet = entry.sheet(typed)
    grids: dict[str, Grid] = {}
    merged = {g: dict(c) for g, c in typed.items()}
    while given:
        taken = {name: parts for name, parts in given.items() if sheet.grid(parts[0])}
        if not taken:
            break
        for name, (grid_id, cell, text) in taken.items():
            grids[name] = sheet.grid(grid_id)
            merged.setdefault(grid_id, {})[cell] = clean_cell(text, "text").value
            del given[name]
        sheet = entry.sheet(merged)
    sent: dict[str, str] = {}
    refused: dict[str, tuple[str, str]] = {}
    for name, grid in grids.items():
        grid_id, _, cell = name.partition("|")
        text = request.form[f"cell:{name}"]
        grid = sheet.grid(grid_id) or grid
        value = clean(grid, cell, text, sheet.choices)
        why = refusal(grid, cell, value)
        if why:
            refused[name] = (text, why)
        else:
            sent[name] = value
    return sent, before, refused


def refusal(grid: Grid, cell: str, value: str) -> str:
    """Why a cell cannot be kept, in the grid's words ("" when it can): too long, or a row
    past the most a growing list holds."""
    row, column = split_cell(cell)
    where = grid.where(row, column)
    if len(value) > drafts.MAX_TEXT:
        return (f"{where}: a cell holds at most {drafts.MAX_TEXT} characters, this one has "
                f"{len(value):,}")
    if grid.free and row.isdigit() and int(row) > grid.limit:
        return f"{where}: the {grid.title} grid holds at most {grid.limit:,} rows"
    return ""


def _order(sheet: Sheet) -> dict[str, str | None]:
    """Each grid's predecessor on the page, so a grid that appears lands in its place."""
    ids = [g.id for g in sheet.grids]
    return {gid: (ids[n - 1] if n else None) for n, gid in enumerate(ids)}


@bp.post("/<game>/<draft_id>/save", endpoint="save")
def save(game: str, draft_id: str) -> Response:
    """Check the draft as a board folder; store it, or show every problem (422)."""
    boards, entry = entry_of(game)
    draft = _draft(game, draft_id)
    key = request.form.get("key", draft.key).strip()[:40]
    sent, _, refused = _sent(entry, draft.cells)
    try:
        draft = drafts.change(_instance(), game, draft_id, sent, key, refused)
    except drafts.DraftError as err:
        sheet = entry.sheet(draft.cells)
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 422,
                                **_context(game, boards, draft, sheet, refused_lines=[str(err)]))
    sheet = entry.sheet(draft.cells)
    if draft.refused:  # what is seen is what is saved: a cell on screen not kept stops it
        count = len(draft.refused)
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 422, **_context(
            game, boards, draft, sheet, refused_lines=[
                f"Not saved: {count} cell{'s are' if count != 1 else ' is'} not kept (marked in "
                "red): correct {0} and save again.".format("them" if count != 1 else "it"),
                *(r["words"] for r in draft.refused.values())]))
    try:
        if not key:
            raise UploadError([f"Give the {boards.noun} a key: a short name for its folder, "
                               "e.g. southeast."])
        check_key(key, boards)
        files = entry.files(key, draft.cells)
        shipped = {b.key for b in boards.list(None)}
        added = add_board(Upload(boards, files), key, _instance(), shipped)
    except UploadError as err:
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 422,
                                **_context(game, boards, draft, sheet, refused_lines=err.problems))
    except OSError as err:
        current_app.logger.exception("storing a typed board failed")
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 503, **_context(
            game, boards, draft, sheet, refused_lines=[
                f"The {boards.noun} could not be stored on this laptop "
                f"({err.strerror or err}); the draft is kept."]))
    if added.pending:  # a board of this key is on the laptop: replace it? (asked first)
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 409,
                                **_context(game, boards, draft, sheet, waiting=added))
    if not added.stored:
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 422,
                                **_context(game, boards, draft, sheet, refused=added))
    drafts.remove(_instance(), game, draft_id)
    return redirect(url_for("boards.report", game=game, key=added.key, added="1",
                            _anchor="map-report"), 303)


@bp.post("/<game>/<draft_id>/replace", endpoint="replace")
def replace(game: str, draft_id: str) -> Response:
    """The owner's answer to "replace the board of this key?": the draft's board in its place
    (the draft then goes), or back to the draft with the board left as it was."""
    boards, entry = entry_of(game)
    draft = _draft(game, draft_id)
    key, token = draft.key, request.form.get("token", "")
    shipped = {b.key for b in boards.list(None)}
    if request.form.get("answer") != "replace":
        drop_pending(boards, key, token, _instance())
        return redirect(url_for("entry.grids_page", game=game, draft_id=draft_id), 303)
    if not replace_board(boards, key, token, _instance(), shipped):
        return page_or_fragment("entry/grids.html", "entry/_grids.html", 409, **_context(
            game, boards, draft, entry.sheet(draft.cells), refused_lines=[
                "That save is no longer waiting (answered already, or older than a day): "
                "save again."]))
    drafts.remove(_instance(), game, draft_id)
    return redirect(url_for("boards.report", game=game, key=key, replaced="grids",
                            _anchor="map-report"), 303)


@bp.post("/<game>/<draft_id>/delete", endpoint="delete")
def delete(game: str, draft_id: str) -> Response:
    """Throw a draft away (the page asks first)."""
    entry_of(game)
    _draft(game, draft_id)
    drafts.remove(_instance(), game, draft_id)
    return redirect(url_for("entry.drafts_page", game=game), 303)
