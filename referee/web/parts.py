"""The live part of a game page as parts: each with a stable id and a digest of its HTML.

A part is drawn by the `part` macro (templates/_macros.html) as
`<div class="part" id="part-NAME" data-digest="">HTML<!--/part:NAME--></div>`; `mark` fills in
each digest. A page tells what it holds in the `X-Parts-Held` header (`name:digest` pairs,
comma separated, set by static/parts.js), and `changed_only` answers with the parts whose
digest differs, as htmx out-of-band swaps; a page that says nothing, or holds another set of
parts (an older page, a phone that slept through a new panel), gets the whole live part.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

HELD_HEADER = "X-Parts-Held"
PART = re.compile(
    r'<div class="part" id="part-(?P<name>[a-z0-9_-]+)" data-digest="">'
    r"(?P<body>.*?)<!--/part:(?P=name)--></div>",
    re.DOTALL,
)
_PAIR = re.compile(r"[a-z0-9_-]{1,40}:[0-9a-f]{1,32}")
MOST_HELD = 64  # parts a page can hold; a longer header is not a page of ours


@dataclass(frozen=True)
class Part:
    """One part of the live section as drawn: its name, digest, whole element and the parts
    inside it. Its digest covers its own HTML, each inner part standing as its name alone, so
    a panel whose inner part changed is itself unchanged."""

    name: str
    digest: str
    html: str
    inner: tuple[Part, ...] = ()

    def names(self) -> list[str]:
        return [self.name, *(n for p in self.inner for n in p.names())]


NOSCRIPT = re.compile(r"<noscript>.*?</noscript>", re.DOTALL)


def digest_of(body: str) -> str:
    """A short digest of a part's HTML: the same HTML, the same digest. What a browser with
    scripts never reads (<noscript>: a form's seq and client id without scripts) is left out."""
    return hashlib.blake2s(NOSCRIPT.sub("", body).encode("utf-8"), digest_size=8).hexdigest()


def mark(html: str) -> tuple[str, list[Part]]:
    """`html` with each part's digest filled in, and its outermost parts in order."""
    parts: list[Part] = []

    def fill(found: re.Match) -> str:
        name = found["name"]
        body, inner = mark(found["body"])
        own = PART.sub(lambda p: f"<part {p['name']}>", _unmarked(body))
        digest = digest_of(own)
        element = (f'<div class="part" id="part-{name}" data-digest="{digest}">'
                   f"{body}<!--/part:{name}--></div>")
        parts.append(Part(name, digest, element, tuple(inner)))
        return element

    return PART.sub(fill, html), parts


_DIGEST = re.compile(r'(<div class="part" id="part-[a-z0-9_-]+" data-digest=")[0-9a-f]+"')


def _unmarked(html: str) -> str:
    """`html` with its parts' digests emptied again, to be found by PART."""
    return _DIGEST.sub(r'\1"', html)


def held(header: str | None) -> dict[str, str] | None:
    """The parts a page says it holds, by name; None when it says nothing readable."""
    if not header:
        return None
    pairs = [p.strip() for p in header.split(",") if p.strip()]
    if not pairs or len(pairs) > MOST_HELD or not all(_PAIR.fullmatch(p) for p in pairs):
        return None
    return dict(p.split(":", 1) for p in pairs)


def changed_only(parts: list[Part], holds: dict[str, str] | None) -> str | None:
    """The parts `holds` lacks or holds otherwise, each as an out-of-band swap; None when the
    page must have the whole live part (it said nothing, or holds another set of parts)."""
    if holds is None or not parts or set(holds) != {n for p in parts for n in p.names()}:
        return None
    return "".join(_changed(p, holds) for p in parts)


def _changed(part: Part, holds: dict[str, str]) -> str:
    """`part` whole if it changed, else those of its inner parts that did."""
    if holds[part.name] != part.digest:
        return part.html.replace(' data-digest="', ' hx-swap-oob="true" data-digest="', 1)
    return "".join(_changed(p, holds) for p in part.inner)


def answer(html: str, holds: dict[str, str] | None) -> str | None:
    """The answer to a page holding `holds`, from the live fragment `html` as drawn: its changed
    parts and whatever follows the live section (its own out-of-band boxes); None: the whole."""
    marked, parts = mark(html)
    changed = changed_only(parts, holds)
    if changed is None:
        return None
    return changed + marked.rpartition("</section>")[2]
