"""The live part of a game page as parts: each with a stable id and a digest of its HTML.

A part is drawn by the `part` macro (templates/_macros.html) as
`<div class="part" id="part-NAME" data-digest="">HTML<!--/part:NAME--></div>`; a row of a list
whose rows come and go (the log, the announcements) by the `item` macro, as
`<li class="part item" id="part-LIST--KEY" …>`, inside the part named LIST. `mark` fills in
each digest, and the live section's own (its HTML with each part standing as its name alone).

A page tells what it holds in the `X-Parts-Held` header (`name:digest` pairs in the page's
order, comma separated, set by static/parts.js), and `answer` sends only what changed, as htmx
out-of-band swaps: a changed part whole; inside a part that is unchanged, its changed inner
parts, and its list's rows as they came and went (a row gone is deleted, a new row is put
after the one before it). A page that says nothing, holds another live section, or lacks a part
it should hold (a phone that slept through a change) gets the whole live part.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

HELD_HEADER = "X-Parts-Held"
REFUSAL_HEADER = "X-Refusal-Shown"  # the page shows a refusal beside its live part
ROOT = "live"  # the live section's own name in the header
LIVE = re.compile(r'<section class="live"(?P<attrs>[^>]*)>')
_ROW_LEFT = re.compile(r"\s*\0")
_SECTION = re.compile(r"<section\b|</section>")
_SEQ = re.compile(r' data-seq="[0-9]*"')  # the section's copy of the stamp's seq
_PAIR = re.compile(r"[a-z0-9_-]{1,60}:[0-9a-f]{1,32}")
MOST_HELD = 400  # parts a page can hold; a longer header is not a page of ours
NOSCRIPT = re.compile(r"<noscript>.*?</noscript>", re.DOTALL)


@dataclass(frozen=True)
class Part:
    """One part as drawn: its name, digest, whole element, the parts inside it and its list's
    rows. Its digest covers its own HTML, each inner part standing as its name alone and its
    rows left out, so a panel whose inner part or row changed is itself unchanged."""

    name: str
    digest: str
    html: str
    inner: tuple[Part, ...] = ()
    items: tuple[Part, ...] = ()
    item: bool = False
    keyed: bool = False  # its digest is its key's (`key_digest`): held, it is held whole

    def names(self) -> list[str]:
        return [self.name, *(n for p in (*self.inner, *self.items) for n in p.names())]


def digest_of(body: str) -> str:
    """A short digest of a part's HTML: the same HTML, the same digest. What a browser with
    scripts never reads (<noscript>: a form's seq and client id without scripts) is left out."""
    return hashlib.blake2s(NOSCRIPT.sub("", body).encode("utf-8"), digest_size=6).hexdigest()


_TOKEN = re.compile(
    r'<(?P<tag>div|span|li|p) class="part(?P<item> item)?" id="part-(?P<name>[a-z0-9_-]+)" '
    r'data-digest="(?P<given>[0-9a-f]{12})?"(?P<attrs>[^>]*)>'
    r'|<!--/part:(?P<closed>[a-z0-9_-]+)--></(?:div|span|li|p)>')
_WIDTH = 12  # the hex digits of a digest: every digest filled in moves what follows by this
_SALT = os.urandom(8)  # a keyed part's digest holds for this process only (its code may change)


def key_digest(name: str, keep: Any) -> str:
    """The digest of a keyed part: of its name and the values it is drawn from (`keep`), not of
    its HTML, so the server can tell a page already holds it without drawing it."""
    text = json.dumps([name, keep], sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.blake2s(_SALT + text.encode("utf-8"), digest_size=6).hexdigest()


@dataclass
class Holding:
    """What the page being answered holds (None: draw every part), and whether a keyed part it
    holds was left undrawn: then the drawing is no whole live part."""

    holds: dict[str, str] | None = None
    left_out: bool = False


_HOLDING: ContextVar[Holding | None] = ContextVar("parts_holding", default=None)


@contextmanager
def answering(holds: dict[str, str] | None) -> Iterator[Holding]:
    """While drawing an answer for a page holding `holds`: keyed parts it holds are left out."""
    holding = Holding(holds)
    token = _HOLDING.set(holding)
    try:
        yield holding
    finally:
        _HOLDING.reset(token)


def part_held(name: str, given: str) -> bool:
    """Whether the page being answered holds part `name` with digest `given` (the key's): it is
    then left out of the drawing (templates/_macros.html `part`)."""
    holding = _HOLDING.get()
    if holding is None or holding.holds is None or holding.holds.get(name) != given:
        return False
    holding.left_out = True
    return True


def _plain(value: Any) -> Any:
    """What a key holds besides JSON's own types: sets in order, dataclasses and the rest as
    their fields or their repr."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, dataclasses.astuple(value)]
    return repr(value)


@dataclass
class _Drawn:
    """A part as found in the HTML drawn: where it starts, where its body starts and ends,
    the parts inside it, and how many parts were opened before it and up to its end."""

    found: re.Match
    order: int
    inside: list[_Drawn]
    end: int = 0
    body_end: int = 0
    opened: int = 0


def _found(html: str) -> tuple[list[_Drawn], list[_Drawn]]:
    """The outermost parts of `html`, each with those inside it, and every part in the order
    it opens: one pass over the HTML."""
    top: list[_Drawn] = []
    opened: list[_Drawn] = []
    stack: list[_Drawn] = []
    for token in _TOKEN.finditer(html):
        if token["closed"] is None:
            drawn = _Drawn(token, len(opened), [])
            opened.append(drawn)
            (stack[-1].inside if stack else top).append(drawn)
            stack.append(drawn)
        elif not stack or stack[-1].found["name"] != token["closed"]:
            raise ValueError(f"part {token['closed']!r} closes where it did not open")
        else:
            drawn = stack.pop()
            drawn.body_end, drawn.end, drawn.opened = token.start(), token.end(), len(opened)
    if stack:
        raise ValueError(f"part {stack[-1].found['name']!r} is never closed")
    return top, opened


def _shell(html: str, start: int, end: int, inside: list[_Drawn]) -> str:
    """`html[start:end]` as its own digest sees it: each inner part as its name, each row left
    out with the blank before it (so a list of one row and of two are the same shell)."""
    pieces, at = [], start
    for drawn in inside:
        pieces += [html[at:drawn.found.start()],
                   "\0" if drawn.found["item"] else f"<part {drawn.found['name']}>"]
        at = drawn.end
    pieces.append(html[at:end])
    return _ROW_LEFT.sub("", "".join(pieces))


def _mark_parts(html: str) -> tuple[str, list[Part], list[_Drawn]]:
    """`html` with each part's digest filled in, its outermost parts and rows in order, and
    where they were found."""
    top, opened = _found(html)
    digests: dict[int, str] = {}

    def digest(drawn: _Drawn) -> None:
        for inner in drawn.inside:
            digest(inner)
        if drawn.found["given"]:  # a keyed part: its digest is its key's
            digests[drawn.order] = drawn.found["given"]
            return
        shell = _shell(html, drawn.found.end(), drawn.body_end, drawn.inside)
        digests[drawn.order] = digest_of(drawn.found["attrs"] + shell)

    for drawn in top:
        digest(drawn)
    pieces, at = [], 0
    shift = [0]  # how far each part's start moves as the digests before it are filled in
    for drawn in opened:
        if not drawn.found["given"]:
            blank = drawn.found.start("attrs") - 1  # between the quotes of data-digest=""
            pieces += [html[at:blank], digests[drawn.order]]
            at = blank
        shift.append(shift[-1] + (0 if drawn.found["given"] else _WIDTH))
    pieces.append(html[at:])
    marked = "".join(pieces)

    def part(drawn: _Drawn) -> Part:
        name = drawn.found["name"]
        inner = [part(d) for d in drawn.inside]
        items = tuple(p for p in inner if p.item)
        if any(not p.name.startswith(f"{name}--") for p in items):
            raise ValueError(f"a row of part {name!r} is named {name}--KEY")
        element = marked[drawn.found.start() + shift[drawn.order]:
                         drawn.end + shift[drawn.opened]]
        return Part(name, digests[drawn.order], element, tuple(p for p in inner if not p.item),
                    items, bool(drawn.found["item"]), bool(drawn.found["given"]))

    return marked, [part(d) for d in top], top


def mark(html: str) -> tuple[str, list[Part], str | None]:
    """`html` with each part's digest and the live section's filled in; its outermost parts in
    order; and the live section's digest (None: `html` has no live section)."""
    marked, parts, top = _mark_parts(html)
    names = [n for p in parts for n in p.names()]
    if len(names) != len(set(names)):
        raise ValueError(f"a part is drawn twice: {sorted(n for n in names if names.count(n) > 1)}")
    start = LIVE.search(html)
    end = _closing(html, start.end()) if start else None
    if start is None or end is None:
        return marked, parts, None
    inside = [d for d in top if start.end() <= d.found.start() and d.end <= end]
    root = digest_of(_SEQ.sub("", start["attrs"]) + _shell(html, start.end(), end, inside))
    at = LIVE.search(marked)
    tag = f'<section class="live" data-digest="{root}"{at["attrs"]}>'
    return marked[:at.start()] + tag + marked[at.end():], parts, root


def _closing(html: str, after: int) -> int | None:
    """Where the section opened just before `after` closes (sections nest: cards)."""
    depth = 1
    for tag in _SECTION.finditer(html, after):
        depth += -1 if tag[0] == "</section>" else 1
        if depth == 0:
            return tag.start()
    return None


def held(header: str | None) -> dict[str, str] | None:
    """The parts a page says it holds, by name, in its order; None when it says nothing
    readable."""
    if not header:
        return None
    pairs = [p.strip() for p in header.split(",") if p.strip()]
    if not pairs or len(pairs) > MOST_HELD or not all(_PAIR.fullmatch(p) for p in pairs):
        return None
    return dict(p.split(":", 1) for p in pairs)


def changed_only(parts: list[Part], holds: dict[str, str] | None,
                 root: str | None = None) -> str | None:
    """What a page holding `holds` lacks, as out-of-band swaps; None when the page must have
    the whole live part (it said nothing, holds another live section or lacks a part it
    should hold). `root`, when given, is the live section's digest the page must hold."""
    if holds is None or not parts or (root is not None and holds.get(ROOT) != root):
        return None
    sent: list[str] = []
    rows = _rows_held(holds)
    if not all(_changed(p, holds, rows, sent) for p in parts):
        return None
    return "".join(sent)


def _rows_held(holds: dict[str, str]) -> dict[str, list[str]]:
    """The rows a page holds (`LIST--KEY`), by list, in the page's order: found in one pass."""
    rows: dict[str, list[str]] = {}
    for name in holds:
        at = name.find("--")
        while at > 0:
            rows.setdefault(name[:at], []).append(name)
            at = name.find("--", at + 2)
    return rows


def _oob(html: str) -> str:
    return html.replace(' data-digest="', ' hx-swap-oob="true" data-digest="', 1)


def _changed(part: Part, holds: dict[str, str], rows: dict[str, list[str]],
             sent: list[str]) -> bool:
    """Adds to `sent` what `part` needs: itself whole if it changed, else its changed inner
    parts and rows; False when the page lacks it."""
    if part.name not in holds:
        return False
    if holds[part.name] != part.digest:
        return _whole(part, holds, rows, sent)
    if part.keyed:  # the page holds what this key draws, inner parts and rows too
        return True
    if _reordered(part, holds, rows.get(part.name, [])):
        return _whole(part, holds, rows, sent)
    if not all(_changed(p, holds, rows, sent) for p in part.inner):
        return False
    _rows(part, holds, rows.get(part.name, []), sent)
    return True


def _whole(part: Part, holds: dict[str, str], rows: dict[str, list[str]],
            sent: list[str]) -> bool:
    """Adds to `sent` `part` whole, but for the parts and rows inside it that the page holds as
    they are drawn now: each stands as an empty element marked `hx-preserve`, which htmx fills
    with the page's own (a panel's dice kept as a new panel comes around them; a field's text
    and a fold kept too), followed by what changed inside those. False: the page lacks a part
    inside one it holds."""
    at = len(sent)
    sent.append("")  # the part's own place: first, so that what follows finds its parts
    html, ok = _keeping(part, holds, rows, sent)
    sent[at] = _oob(html)
    return ok


def _keeping(part: Part, holds: dict[str, str], rows: dict[str, list[str]],
             sent: list[str]) -> tuple[str, bool]:
    """`part`'s element with what the page holds inside it as placeholders (`_whole`)."""
    html, ok = part.html, True
    for inner in (*part.inner, *part.items):
        if holds.get(inner.name) == inner.digest:
            tag = inner.html[1:inner.html.index(" ")]
            kept = (f'<{tag} class="part{" item" if inner.item else ""}" id="part-{inner.name}" '
                    f'data-digest="" hx-preserve="true"><!--/part:{inner.name}--></{tag}>')
            html = html.replace(inner.html, kept, 1)
            ok = _changed(inner, holds, rows, sent) and ok
        elif inner.inner or inner.items:
            drawn, inside_ok = _keeping(inner, holds, rows, sent)
            html, ok = html.replace(inner.html, drawn, 1), ok and inside_ok
    return html, ok


def _reordered(part: Part, holds: dict[str, str], had: list[str]) -> bool:
    """Whether the rows of `part` the page holds and keeps stand in another order now, or none
    is kept: then the part is sent whole (its rows held as they are drawn are kept)."""
    now = {p.name for p in part.items}
    kept = [p.name for p in part.items if p.name in holds]
    return [n for n in had if n in now] != kept or (not kept and bool(had or part.items))


def _rows(part: Part, holds: dict[str, str], had: list[str], sent: list[str]) -> None:
    """Adds to `sent` the rows of an unchanged `part` as they came and went: a row gone is
    deleted, a changed one swapped, a new one put after the row before it (`_reordered` parts
    are sent whole before this)."""
    now = {p.name for p in part.items}
    kept = [p.name for p in part.items if p.name in holds]
    sent.extend(f'<div id="part-{n}" hx-swap-oob="delete"></div>' for n in had if n not in now)
    before: str | None = None
    for row in part.items:
        if row.name in holds:
            if holds[row.name] != row.digest:
                sent.append(_oob(row.html))
        else:
            where = f"afterend:#part-{before}" if before else f"beforebegin:#part-{kept[0]}"
            sent.append(f'<div hx-swap-oob="{where}">{row.html}</div>')
        before = row.name


def answer(html: str, holds: dict[str, str] | None) -> str | None:
    """The answer to a page holding `holds`, from the live fragment `html` as drawn: what
    changed and whatever follows the live section (its own out-of-band boxes); None: the
    whole."""
    marked, parts, root = mark(html)
    if root is None:
        return None
    changed = changed_only(parts, holds, root)
    if changed is None:
        return None
    return changed + marked[_closing(marked, LIVE.search(marked).end()) + len("</section>"):]
