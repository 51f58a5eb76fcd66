"""Text on a terminal: a value from a record or a board file, shown as it is written.

A name, a correction's reason or a board's city may hold a line break or a terminal's control
codes (an imported record is anyone's file): printed raw, "\\n" starts a line of its own that
reads like the program's ("The bank pays Bob $50,000"), "\\r" and "\\x1b[2K" rub lines out.
`printable` writes each such character as a visible escape, the way Python writes it in a
string; every command that prints a value it did not write itself passes it through here.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields, is_dataclass, replace
from typing import Any

# C0 and C1 controls and DEL; the line and paragraph separators; the marks and embeddings that
# turn a line's order around (a "Trojan Source" line reads otherwise than it is stored).
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Those JSON leaves raw inside a string (it escapes every C0 control itself).
RAW_IN_JSON = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def escape(char: str) -> str:
    """One character as a visible escape: \\n, \\x1b, \\u202e."""
    if char in NAMED:
        return NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: object) -> str:
    """`value` as text whose every line break and control code is a visible escape."""
    return UNSAFE.sub(lambda m: escape(m.group()), str(value))


def printable_data(data: Any) -> Any:
    """The same data with every string in it (keys too) made `printable`: a report's values,
    before the words around them put them on lines of their own."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, dict):
        return {printable_data(k): printable_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return type(data)(printable_data(v) for v in data)
    if is_dataclass(data):  # a look-up's answer: the same answer, its words printable
        return replace(data, **{f.name: printable_data(getattr(data, f.name))
                                for f in fields(data) if f.init})
    return data


def printable_json(data: Any, indent: int = 1) -> str:
    """JSON for a terminal: the characters JSON leaves raw inside a string (DEL, C1, the
    separators and direction marks) written as \\u escapes, the same string to any reader."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
