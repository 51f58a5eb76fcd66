"""Names people type or import: cleaned of invisible characters, and compared by how they look.

A name is NFC-normalised, stripped of control, format and other invisible characters, and its
runs of white space become one space. Two names "look the same" when their skeletons match: the
case folded, accents and compatibility forms undone, and letters of other scripts that are drawn
like Latin ones (Cyrillic А, Greek Ο) read as those. Seat ids keep to a safe alphabet.

`seat_names` gives every seat's name in force: as the lobby entered it, or as the banker corrected
it since (a `rename_player` action in force); pages, refusals and the Undo text all read it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from referee.engine.corrections import apply_renames
from referee.engine.replay import renaming_actions

SEAT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# default-ignorable characters of other categories (Unicode's DerivedCoreProperties): fillers,
# variation selectors, the combining grapheme joiner
IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef]"
)
# letters drawn like Latin ones (after case folding): Cyrillic, Greek, a few symbols and digits
LOOKALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ӏ": "l", "ь": "b", "г": "r", "п": "n",
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "u",
    "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
    "0": "o", "1": "l", "|": "l", "ı": "i", "ℓ": "l",
})


def clean_name(text: str) -> str:
    """`text` as a name: NFC, no invisible characters, single spaces, no space at either end."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in INVISIBLE_CATEGORIES)
    kept = IGNORABLE.sub("", kept)
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons are names a player could take for each other."""
    text = unicodedata.normalize("NFKD", clean_name(name).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.translate(LOOKALIKES).replace("rn", "m").replace("vv", "w")
    return "".join(text.split())


def has_surrogate(text: str) -> bool:
    """Whether `text` holds a lone surrogate (valid JSON, but not text any file can store)."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def name_problems(names: list[tuple[str, str]], most: int) -> list[str]:
    """Problems of a table's names, given as (label, cleaned name): empty, too long, or looking
    the same as an earlier one."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    for label, name in names:
        if not name:
            problems.append(f"{label}'s name is empty once invisible characters are removed.")
            continue
        if len(name) > most:
            problems.append(f"{label}'s name is longer than {most} characters.")
        look = skeleton(name)
        if look in seen:
            problems.append(f"{name!r} looks the same as {seen[look]!r}: give one another name.")
        seen.setdefault(look, name)
    return problems


def seat_names(players: Iterable[Mapping], frame: Any) -> dict[str, str]:
    """Each seat's name in force after `frame` (the latest frame in force): as entered at the
    lobby (`players`, the game's player objects), or as the banker corrected it since."""
    names = {str(p["id"]): str(p.get("name") or p["id"]) for p in players}
    return apply_renames(names, renaming_actions(frame))
