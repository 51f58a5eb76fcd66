"""Jinja filters and globals of the web app's templates."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from urllib.parse import parse_qsl

from flask import Flask
from markupsafe import Markup, escape

from referee.engine.words import counted, possessive
from referee.web.cue import cue
from referee.web.keys import new_client_id
from referee.web.money import named, tap_money
from referee.web.parts import key_digest, part_held
from referee.web.takeback import own_tap, takeback

HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
# Where Unicode puts the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
# Mandaic, their presentation forms, and the historic scripts of the SMP): every character
# whose bidirectional class is R or AL lies in these blocks (tests/web/test_isolate.py checks).
RTL_BLOCKS = ((0x0590, 0x08FF), (0x200F, 0x200F), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF),
              (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
# what may stand between two right-to-left letters of one run: spaces, an apostrophe or a
# hyphen inside a name, joiners; marks (class NSM) and Arabic digits (AN) are added below
GAP_CHARACTERS = " \u00a0'\u2019\u02bc\\-\u2010\u2011\u200c\u200d"


def _char_class(codes: Iterable[int]) -> str:
    """A regular expression character class of the code points `codes` (as ranges)."""
    ranges: list[list[int]] = []
    for code in sorted(codes):
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "")
                   for a, b in ranges)


def _rtl_run() -> re.Pattern[str]:
    """A run of right-to-left script: a letter, then marks, more letters and what lies between
    them (spaces, an apostrophe, a hyphen), ending on a letter or its marks."""
    by_class: dict[str, set[int]] = {"R": set(), "NSM": set(), "AN": set()}
    for first, last in (*RTL_BLOCKS, (0x0300, 0x036F)):
        for code in range(first, last + 1):
            kind = unicodedata.bidirectional(chr(code))
            by_class.get("R" if kind == "AL" else kind, set()).add(code)
    letter = f"[{_char_class(by_class['R'])}]"
    mark = f"[{_char_class(by_class['NSM'])}]"
    gap = f"[{GAP_CHARACTERS}{_char_class(by_class['NSM'] | by_class['AN'])}]"
    return re.compile(f"{letter}(?:{mark}|{gap}*{letter})*")


RTL_RUN = _rtl_run()
RTL_LETTERS = frozenset(chr(code) for first, last in RTL_BLOCKS for code in range(first, last + 1)
                        if unicodedata.bidirectional(chr(code)) in ("R", "AL"))


def whole(n: int) -> str:
    """12345 → "12,345"."""
    return f"{n:,}"


def hex_colour(value: object) -> str:
    """A player's colour fit for a style attribute: #rrggbb as stored, anything else hidden."""
    return value if isinstance(value, str) and HEX_COLOUR.fullmatch(value) else "transparent"


def bdi(name: object) -> Markup:
    """A name isolated from the text around it, so a right-to-left name keeps its place."""
    return Markup("<bdi>%s</bdi>") % escape(str(name))


def isolate(line: object) -> Markup:
    """A plain line (written by the rules, with names in it) as HTML: escaped, and each run of
    right-to-left script in it in a <bdi>, so that "דוד rolls 7" or "to سارة: 3" keeps its
    order in a left-to-right sentence. Markup is returned as it is (already HTML)."""
    if isinstance(line, Markup):
        return line
    text = str(line)
    if text.isascii() or RTL_LETTERS.isdisjoint(text):  # no right-to-left letter in it
        return escape(text)
    parts, done = [], 0
    for run in RTL_RUN.finditer(text):
        parts += [escape(text[done:run.start()]), Markup("<bdi>%s</bdi>") % run.group()]
        done = run.end()
    parts.append(escape(text[done:]))
    return Markup("").join(parts)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """The fields of a query string ("?s=3&red=4" → [("s", "3"), ("red", "4")]), in order: the
    hidden fields of a form that asks for the same page without scripts."""
    return parse_qsl(query.removeprefix("?"), keep_blank_values=True)


def init_app(app: Flask, htmx_script: str) -> None:
    app.jinja_env.filters.update(whole=whole, hex_colour=hex_colour, bdi=bdi,
                              isolate=isolate, possessive=possessive, query_pairs=query_pairs,
                              counted=counted)
    app.jinja_env.globals.update(htmx_script=htmx_script, new_client_id=new_client_id,
                                  takeback=takeback, own_tap=own_tap, cue=cue,
                                  tap_money=tap_money, money_named=named,
                                  part_key=key_digest, part_held=part_held)
