"""Lenient reading of what spreadsheets write into a board's cells, said back to the owner.

`clean_cell(text, kind)` takes one cell as a spreadsheet exports or pastes it and gives the value
the game's tables expect, with a notice when it changed something the owner typed ("'20,000'
read as 20000"). Only what has one reading is cleaned: `$320`, `£320`, `20,000`, `20 000`,
`320.00`, `Yes`, `N`, `TRUE`, spaces around. Anything with two readings (`1.000`, `20,00`,
`3.5` as a whole number) is left exactly as typed, with a `doubt` saying why, so the game's own
check refuses it where it came from; nothing is guessed.

Kinds: "number" (a whole number; `?` for an unknown chart cell stays `?`), "flag" (yes/no),
"text" (spaces around taken off). `clean_csv` applies them to a whole CSV file by its header
(each game names the kind of its columns: `Boards.cell_kinds`, referee.games.contract).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass

NUMBER, FLAG, TEXT = "number", "flag", "text"
KINDS = (NUMBER, FLAG, TEXT)
CURRENCY = "$£€"
SPACES = "\u00a0\u2009\u202f"  # no-break and thin spaces a spreadsheet writes in 20 000
YES = {"yes", "y", "true"}
NO = {"no", "n", "false"}
_GROUPED = re.compile(r"[0-9]{1,3}(?:(?P<sep>[, ])[0-9]{3})(?:(?P=sep)[0-9]{3})*")
_DECIMAL_ZERO = re.compile(r"(?P<whole>[0-9][0-9, ]*)\.0{1,2}")  # cents, not 1.000
_DOT_GROUPED = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})+")
MAX_NOTICES = 20  # notices shown for one upload; the rest are counted


@dataclass(frozen=True)
class CleanedCell:
    """A cell as read: `value` for the tables, what was typed, and what the owner is told."""

    value: str
    typed: str
    doubt: str = ""  # why it was left as typed: it reads two ways (the check will say where)

    @property
    def changed(self) -> bool:
        """Whether the value differs from what was typed by more than spaces around it."""
        return self.value != self.typed.strip()

    @property
    def notice(self) -> str:
        """"'20,000' read as 20000", or "" when nothing but spaces was taken off."""
        return f"{self.typed.strip()!r} read as {self.value}" if self.changed else ""


def clean_cell(text: str, kind: str) -> CleanedCell:
    """The value of one spreadsheet cell of `kind` (number, flag or text): see the module."""
    if kind not in KINDS:
        raise ValueError(f"unknown cell kind {kind!r}: one of {', '.join(KINDS)}")
    typed = text if isinstance(text, str) else str(text)
    stripped = typed.strip().strip(SPACES).strip()
    if kind == FLAG:
        low = stripped.casefold()
        value = "yes" if low in YES else "no" if low in NO else stripped
        return CleanedCell(value, typed)
    if kind == TEXT:
        return CleanedCell(stripped, typed)
    return _number(stripped, typed)


def _number(stripped: str, typed: str) -> CleanedCell:
    text = stripped
    for sign in CURRENCY:
        if text.startswith(sign):
            text = text[1:].strip()
        elif text.endswith(sign):
            text = text[:-1].strip()
    for space in SPACES:
        text = text.replace(space, " ")
    if text.isascii() and text.isdigit():
        return CleanedCell(text, typed)
    zero = _DECIMAL_ZERO.fullmatch(text)
    if zero:  # 320.00: the cents of a whole amount
        text = zero["whole"]
        if text.isdigit():
            return CleanedCell(text, typed)
    if _GROUPED.fullmatch(text):
        return CleanedCell(text.replace(",", "").replace(" ", ""), typed)
    if _DOT_GROUPED.fullmatch(text):
        return CleanedCell(stripped, typed, f"{stripped!r} could be {text.replace('.', '')} "
                                            "or a number with decimals: type it without dots")
    if re.fullmatch(r"[0-9]+[.,][0-9]+", text):
        return CleanedCell(stripped, typed, f"{stripped!r} is not a whole number")
    return CleanedCell(stripped, typed)


@dataclass(frozen=True)
class CleanedFile:
    """A CSV file as cleaned: its text (unchanged when nothing was), and each change said."""

    text: str
    notices: tuple[str, ...] = ()  # "payoffs.csv line 4, payoff: '20,000' read as 20000"
    doubts: tuple[str, ...] = ()


def clean_csv(name: str, text: str, kinds: Mapping[str, str]) -> CleanedFile:
    """Clean each cell of a CSV file by the kind of its column (`kinds`: header -> kind; other
    columns are text). A file that cannot be read as CSV is returned as it is: the game's own
    check says what is wrong with it."""
    text = text.lstrip("\ufeff")
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error:
        return CleanedFile(text)
    if not rows:
        return CleanedFile(text)
    header = [c.strip().lower() for c in rows[0]]
    out = [[c.strip() for c in rows[0]]]
    notices: list[str] = []
    doubts: list[str] = []
    changed = out[0] != rows[0]
    for line, row in enumerate(rows[1:], start=2):
        cleaned_row = []
        for i, cell in enumerate(row):
            column = header[i] if i < len(header) else ""
            cleaned = clean_cell(cell, kinds.get(column, TEXT))
            cleaned_row.append(cleaned.value)
            where = f"{name} line {line}" + (f", {column}" if column else "")
            if cleaned.notice:
                notices.append(f"{where}: {cleaned.notice}")
            if cleaned.doubt:
                doubts.append(f"{where}: {cleaned.doubt}")
            changed = changed or cleaned.value != cell
        out.append(cleaned_row)
    if not changed:
        return CleanedFile(text, (), tuple(doubts))
    written = io.StringIO()
    csv.writer(written, lineterminator="\n").writerows(out)
    return CleanedFile(written.getvalue(), tuple(notices), tuple(doubts))


def shown(notices: list[str] | tuple[str, ...]) -> list[str]:
    """At most MAX_NOTICES notices, the rest counted in a last line."""
    if len(notices) <= MAX_NOTICES:
        return list(notices)
    return [*notices[:MAX_NOTICES], f"and {len(notices) - MAX_NOTICES} more cells cleaned "
                                     "the same way"]
