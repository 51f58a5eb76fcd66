"""Lenient cleaning of what a spreadsheet or a hurried owner types into one cell.

`clean_cell(text, kind)` gives the value a board's tables hold: `$320` and `20,000` become
whole numbers, `Yes`/`N` become `yes`/`no`, outer spaces go. What cannot be cleaned is given
back trimmed, for the board's check to name. Kinds: "text", "number", "yesno"
(referee.games.grids names them).
"""

from __future__ import annotations

import re

_MONEY = re.compile(r"^[£$€]?\s*(\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+|\d+)\s*[£$€]?$")
_YES = frozenset({"yes", "y", "true", "x", "1", "ja", "oui", "✓", "✔"})
_NO = frozenset({"no", "n", "false", "0", "nein", "non", "-", ""})


def clean_cell(text: str, kind: str = "text") -> str:
    """The cleaned value of one typed or pasted cell (see the module's words)."""
    value = " ".join(str(text).replace("\u00a0", " ").split())
    if kind == "number":
        found = _MONEY.match(value)
        if found:
            return str(int(re.sub(r"\D", "", found.group(1))))
        return value
    if kind == "yesno":
        folded = value.casefold()
        if folded in _YES:
            return "yes"
        if folded in _NO:
            return "no" if value else ""
        return value
    return value
