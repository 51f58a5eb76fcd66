"""The box data of Railroad Barons: share track, railroad stack, obsolescence, Investors, Holdings.

None of it is public, so the owner enters it once from the printed box. A box lives in
tables/railroad_barons/<key>/ as CSV files named by a TOML manifest (box.toml); `load_box_folder`
reads and checks it, and every problem names its file and line. The HOWTO beside the empty
template tells how to fill one in.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee import TABLES_DIR
from referee.games.contract import Problem, locate

BOXES_DIR = TABLES_DIR / "railroad_barons"
MANIFEST = "box.toml"
PARS = (70, 80, 90, 100)  # the starting share values the rulebook allows
ABILITIES = ("priority", "bonus", "msc")
WHOLE = re.compile(r"[0-9]{1,5}")
KEY = re.compile(r"[A-Za-z][A-Za-z0-9_&]{0,11}")
FILES = {
    "holdings": ("key", "name", "color", "order", "tokens", "plus_circles", "down_circles"),
    "track": ("space", "value", "up", "down", "par"),
    "railroads": ("name", "category", "level", "cost", "income",
                  "back_category", "back_level", "back_cost", "back_income", "removed_side"),
    "obsolescence": ("level", "category", "obsoletes"),
    "investors": ("value", "ability", "bonus"),
}
# Headers of an earlier format still read: obsolescence by level only (no category column).
OLDER_HEADERS = {"obsolescence": (("level", "obsoletes"),)}
DEFAULT_FILES = {
    "holdings": "holdings.csv",
    "track": "share_track.csv",
    "railroads": "railroads.csv",
    "obsolescence": "obsolescence.csv",
    "investors": "investors.csv",
}


class BoxError(ValueError):
    """A box that cannot be played, with every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class HoldingCard:
    key: str
    name: str
    color: str
    order: int  # operating order, 1 first
    tokens: int  # Operator tokens
    plus: int  # (+) circles on the card
    down: int  # (▼) circles on the card


@dataclass(frozen=True)
class Space:
    key: str
    value: int
    up: str  # the space one line up ("" : the marker stays, the top)
    down: str  # the space one line down ("" : the marker stays, the bottom)
    par: bool  # a starting space


@dataclass(frozen=True)
class Side:
    category: str
    level: int
    cost: int
    income: int


@dataclass(frozen=True)
class Card:
    """One railroad card of the stack; `sides[1]` is its back when it has one."""

    name: str
    sides: tuple[Side, ...]
    removed_side: int  # the side that counts when the card leaves the stack at the end of ORs

    @property
    def category(self) -> str:
        return self.sides[0].category


@dataclass(frozen=True)
class Obsolescence:
    """One row of the obsolescence table: which railroads make which lower levels obsolete.

    A railroad side triggers it when it is of `level` (None: any level) and of one of
    `categories` (empty: any category): "I and K ... Either will cause level 4 Railroads to
    become obsolete" is categories ("I", "K"); "the first level 4" is level 4.
    """

    level: int | None
    categories: tuple[str, ...]
    obsoletes: tuple[int, ...]

    def triggered_by(self, side: Side) -> bool:
        return ((self.level is None or side.level == self.level)
                and (not self.categories or side.category in self.categories))

    @property
    def first(self) -> str:
        """The railroad that triggers it, in words: "level 4", "I or K", "D at level 4"."""
        cats = " or ".join(self.categories)
        if not cats:
            return f"level {self.level}"
        return cats if self.level is None else f"{cats} at level {self.level}"

    def row(self) -> list:
        return ["" if self.level is None else self.level, " ".join(self.categories),
                " ".join(str(x) for x in self.obsoletes)]


@dataclass(frozen=True)
class Investor:
    value: int
    ability: str  # priority | bonus | msc
    bonus: int  # revenue bonus while assigned to a Holding with a railroad (bonus Investors)


@dataclass
class Box:
    key: str
    name: str
    investor_holding: str  # the Holding whose Director certificate rides on the msc Investor
    investor_railroad: str  # the level 2 railroad that rides with it
    end_value: int = 350
    holdings: dict[str, HoldingCard] = field(default_factory=dict)
    track: dict[str, Space] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)  # the stack, top first
    obsolescence: list[Obsolescence] = field(default_factory=list)
    investors: dict[int, Investor] = field(default_factory=dict)
    note: str = ""

    def par_space(self, value: int) -> str:
        return next(s.key for s in self.track.values() if s.par and s.value == value)

    def card(self, name: str) -> Card:
        return next(c for c in self.cards if c.name == name)

    def operating_order(self) -> list[str]:
        return sorted(self.holdings, key=lambda k: self.holdings[k].order)

    def to_dict(self) -> dict[str, Any]:
        """The whole box as plain data (kept inline in a game record)."""
        return {
            "key": self.key, "name": self.name, "note": self.note,
            "investor_holding": self.investor_holding,
            "investor_railroad": self.investor_railroad,
            "holdings": [[h.key, h.name, h.color, h.order, h.tokens, h.plus, h.down]
                         for h in self.holdings.values()],
            "track": [[s.key, s.value, s.up, s.down, "yes" if s.par else "no"]
                      for s in self.track.values()],
            "railroads": [_card_row(c) for c in self.cards],
            "obsolescence": [rule.row() for rule in self.obsolescence],
            "investors": [[i.value, i.ability, i.bonus if i.ability == "bonus" else ""]
                          for i in self.investors.values()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Box:
        """A box given inline in a game record (the form of `to_dict`), checked like a folder."""
        if not isinstance(data, dict):
            raise BoxError([Problem("map", None, "an inline box is an object")])
        parts = {}
        problems: list[Problem] = []
        for part, header in FILES.items():
            rows = data.get(part, [])
            if not isinstance(rows, list):
                rows = []
            cells = [(i + 1, _in_layout(part, ["" if c is None else str(c) for c in row]))
                     for i, row in enumerate(rows) if isinstance(row, list)]
            for i, row in cells:
                if len(row) != len(header):
                    problems.append(Problem(f"map.{part}", i, f"{len(header)} cells expected, "
                                            f"found {len(row)}"))
            parts[part] = (f"map.{part}", [(i, row) for i, row in cells
                                           if len(row) == len(header)])
        manifest = {k: data.get(k, "") for k in ("name", "note", "investor_holding",
                                                 "investor_railroad")}
        try:
            box = _build(str(data.get("key", "inline")), manifest, "map", parts)
        except BoxError as err:
            raise BoxError(problems + err.problems) from err
        if problems:
            raise BoxError(problems)
        return box


def _in_layout(part: str, row: list[str]) -> list[str]:
    """A row of an older layout (a record or file made before a column was added), put in the
    present one with the new columns empty; any other row as it is."""
    for older in OLDER_HEADERS.get(part, ()):
        if len(row) == len(older) != len(FILES[part]):
            by_name = dict(zip(older, row, strict=True))
            return [by_name.get(column, "") for column in FILES[part]]
    return row


def _card_row(card: Card) -> list:
    front = card.sides[0]
    back = card.sides[1] if len(card.sides) > 1 else None
    return [card.name, front.category, front.level, front.cost, front.income,
            back.category if back else "", back.level if back else "",
            back.cost if back else "", back.income if back else "",
            "back" if card.removed_side else "front"]


def load_box(key: str) -> Box:
    """A box shipped in the project's tables folder."""
    if not KEY.fullmatch(key or "") and key != "_template":
        raise BoxError([Problem(MANIFEST, None, f"{key!r} is not a box name")])
    return load_box_folder(BOXES_DIR / key)


def load_box_folder(folder: Path) -> Box:
    """Read and check one box folder; BoxError lists every problem with its file and line."""
    folder = Path(folder)
    path = folder / MANIFEST
    try:
        manifest = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BoxError([Problem(MANIFEST, None, f"cannot read ({err.strerror})")]) from err
    except tomllib.TOMLDecodeError as err:
        raise BoxError([Problem(MANIFEST, None, f"not valid TOML ({err})")]) from err
    files = dict(DEFAULT_FILES)
    problems: list[Problem] = []
    given = manifest.get("files", {})
    if isinstance(given, dict):
        for part, name in given.items():
            if part not in FILES:
                problems.append(Problem(MANIFEST, None, f"[files] has no part {part!r} "
                                        f"(the parts: {', '.join(FILES)})"))
            elif not isinstance(name, str) or "/" in name or "\\" in name or name.startswith("."):
                problems.append(Problem(MANIFEST, None, f"[files] {part} must be a file name "
                                        "in the box folder"))
            else:
                files[part] = name
    parts = {}
    for part, header in FILES.items():
        parts[part] = (files[part], _read_csv(folder / files[part], header, problems,
                                              OLDER_HEADERS.get(part, ())))
    try:
        box = _build(folder.name, manifest, MANIFEST, parts)
    except BoxError as err:
        raise BoxError(problems + err.problems) from err
    if problems:
        raise BoxError(problems)
    return box


def _read_csv(path: Path, header: tuple[str, ...], problems: list[Problem],
              older: tuple[tuple[str, ...], ...] = ()) -> list[tuple[int, list[str]]]:
    """(line number, cells) of each data row, in the layout of `header` (a file with one of
    the `older` headers is read too, its missing columns empty); a wrong header is one problem
    and no rows."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        problems.append(Problem(path.name, None, f"cannot read ({err.strerror})"))
        return []
    rows = list(csv.reader(io.StringIO(text)))
    found = tuple(c.strip().lower() for c in rows[0]) if rows else ()
    if found != header and found not in older:
        problems.append(Problem(path.name, 1, f"the header must be {','.join(header)}"))
        return []
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) != len(found):
            problems.append(Problem(path.name, number,
                                    f"{len(found)} cells expected, found {len(row)}"))
            continue
        cells = dict(zip(found, (cell.strip() for cell in row), strict=True))
        out.append((number, [cells.get(column, "") for column in header]))
    return out


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, line: int | None, message: str, column: str = "") -> None:
        self.problems.append(Problem(file, line, message, column=column))

    def whole(self, file: str, line: int, text: str, what: str, lo: int = 0,
              hi: int = 99_999, column: str = "") -> int | None:
        if not text:
            self.add(file, line, f"{what} is missing: enter it from the printed box", column)
            return None
        if not WHOLE.fullmatch(text) or not lo <= int(text) <= hi:
            self.add(file, line, f"{what} must be a whole number {lo} to {hi}, not {text!r}",
                     column)
            return None
        return int(text)


def _build(key: str, manifest: dict, manifest_file: str,
           parts: dict[str, tuple[str, list[tuple[int, list[str]]]]]) -> Box:
    """Check the rows of every part and make the box, or raise BoxError with them all."""
    c = _Checker()
    name = manifest.get("name")
    if not isinstance(name, str) or not name.strip():
        c.add(manifest_file, None, "name is missing: say which box this is", "name")
        name = key
    box = Box(key, name.strip(), str(manifest.get("investor_holding", "")).strip(),
              str(manifest.get("investor_railroad", "")).strip(),
              note=str(manifest.get("note", "")).strip())
    _holdings(c, box, *parts["holdings"])
    _track(c, box, *parts["track"])
    _railroads(c, box, *parts["railroads"])
    _obsolescence(c, box, *parts["obsolescence"])
    _investors(c, box, *parts["investors"])
    if box.holdings and box.investor_holding not in box.holdings:
        c.add(manifest_file, None, f"investor_holding must name the Holding whose Director "
              f"certificate comes with the $450 Investor (one of {', '.join(box.holdings)})",
              "investor_holding")
    names = [card.name for card in box.cards]
    if box.cards and box.investor_railroad not in names:
        c.add(manifest_file, None, "investor_railroad must name the level 2 railroad that comes "
              "with the $450 Investor, as written in the railroads file", "investor_railroad")
    if c.problems:
        raise BoxError(locate(c.problems, _row_keys(parts)))
    return box


def _row_keys(parts: dict[str, tuple[str, list[tuple[int, list[str]]]]]
              ) -> dict[str, tuple[str, dict[int, str]]]:
    """Each file's table and the key of each of its rows (a Holding, a space, a railroad, a
    level or categories, an Investor's value), as the owner sees them."""
    def key(part: str, row: list[str]) -> str:
        return " ".join(c for c in row[:2] if c) if part == "obsolescence" else row[0]
    return {file: (part, {line: key(part, row) for line, row in rows})
            for part, (file, rows) in parts.items()}


def _holdings(c: _Checker, box: Box, file: str, rows: list) -> None:
    orders: set[int] = set()
    for line, (key, name, color, order, tokens, plus, down) in rows:
        if not KEY.fullmatch(key):
            c.add(file, line, f"key must be a short name of letters and digits, not {key!r}")
            continue
        if key in box.holdings:
            c.add(file, line, f"the Holding {key} is listed twice")
            continue
        if not name or not color:
            c.add(file, line, f"{key} needs its name and its colour")
            continue
        n_order = c.whole(file, line, order, f"{key}'s operating order", 1, 9, "order")
        n_tokens = c.whole(file, line, tokens, f"{key}'s Operator tokens", 1, 12, "tokens")
        n_plus = c.whole(file, line, plus, f"{key}'s (+) circles", 0, 12, "plus_circles")
        n_down = c.whole(file, line, down, f"{key}'s (▼) circles", 0, 12, "down_circles")
        if None in (n_order, n_tokens, n_plus, n_down):
            continue
        if n_order in orders:
            c.add(file, line, f"two Holdings operate at place {n_order}")
            continue
        orders.add(n_order)  # type: ignore[arg-type]
        box.holdings[key] = HoldingCard(key, name, color, n_order, n_tokens,  # type: ignore
                                        n_plus, n_down)  # type: ignore[arg-type]
    if not rows:
        c.add(file, None, "no Holdings yet")


def _track(c: _Checker, box: Box, file: str, rows: list) -> None:
    lines = {}
    for line, (key, value, up, down, par) in rows:
        if not key or key in box.track:
            c.add(file, line, f"every space needs its own name, not {key!r}")
            continue
        n = c.whole(file, line, value, f"the value of space {key}", 1, 9999, "value")
        flag = par.lower() in ("yes", "y", "true", "1")
        if par.lower() not in ("yes", "y", "true", "1", "no", "n", "false", "0", ""):
            c.add(file, line, f"par must be yes or no, not {par!r}", "par")
            continue
        if n is None:
            continue
        box.track[key] = Space(key, n, up, down, flag)
        lines[key] = line
    for space in box.track.values():
        for way, target in (("up", space.up), ("down", space.down)):
            if target and target not in box.track:
                c.add(file, lines[space.key], f"space {space.key}: {way} names no space "
                      f"({target!r})", way)
            elif target == space.key:
                c.add(file, lines[space.key], f"space {space.key}: leave {way} empty where "
                      "the marker stays", way)
    if not rows:
        c.add(file, None, "no spaces yet")
    if not box.track:
        return
    for value in PARS:
        found = [s for s in box.track.values() if s.par and s.value == value]
        if len(found) != 1:
            c.add(file, None, f"exactly one starting space (par=yes) of value {value} is needed, "
                  f"found {len(found)}")
    extra = [s for s in box.track.values() if s.par and s.value not in PARS]
    for s in extra:
        c.add(file, lines[s.key], f"space {s.key}: a starting space is worth $70, $80, $90 "
              "or $100", "par")


def _railroads(c: _Checker, box: Box, file: str, rows: list) -> None:
    names: set[str] = set()
    for line, cells in rows:
        (name, cat, level, cost, income, bcat, blevel, bcost, bincome, removed) = cells
        if not name or name in names:
            c.add(file, line, f"every railroad needs its own name, not {name!r}")
            continue
        if not re.fullmatch(r"[A-Z]", cat.upper()):
            c.add(file, line, f"{name}: the category is one letter, not {cat!r}", "category")
            continue
        front = _side(c, file, line, name, cat.upper(), level, cost, income)
        sides = [front]
        if any((bcat, blevel, bcost, bincome)):
            if not re.fullmatch(r"[A-Z]", bcat.upper()):
                c.add(file, line, f"{name}: the back's category is one letter, not {bcat!r}",
                      "back_category")
                continue
            sides.append(_side(c, file, line, f"{name} (back)", bcat.upper(), blevel, bcost,
                               bincome, "back_"))
        if None in sides:
            continue
        if removed.lower() not in ("", "front", "back") or (removed.lower() == "back"
                                                           and len(sides) == 1):
            c.add(file, line, f"{name}: removed_side is front or back (a card with a back), "
                  f"not {removed!r}", "removed_side")
            continue
        names.add(name)
        box.cards.append(Card(name, tuple(sides), 1 if removed.lower() == "back" else 0))  # type: ignore[arg-type]
    if not rows:
        c.add(file, None, "no railroads yet")


def _side(c: _Checker, file: str, line: int, name: str, cat: str, level: str, cost: str,
          income: str, back: str = "") -> Side | None:
    n_level = c.whole(file, line, level, f"{name}'s level", 1, 20, f"{back}level")
    n_cost = c.whole(file, line, cost, f"{name}'s cost", 1, 9999, f"{back}cost")
    n_income = c.whole(file, line, income, f"{name}'s income", 0, 9999, f"{back}income")
    if None in (n_level, n_cost, n_income):
        return None
    return Side(cat, n_level, n_cost, n_income)  # type: ignore[arg-type]


def _obsolescence(c: _Checker, box: Box, file: str, rows: list) -> None:
    """Each row: a level, categories (one letter each, separated by spaces), or both; and the
    lower levels its first railroad makes obsolete."""
    sides = [s for card in box.cards for s in card.sides]
    seen: dict[tuple[int | None, str], int] = {}
    for line, (level, category, obsoletes) in rows:
        n = c.whole(file, line, level, "the level", 1, 20, "level") if level else None
        if level and n is None:
            continue
        cats = tuple(dict.fromkeys(category.upper().replace(",", " ").split()))
        if not all(re.fullmatch(r"[A-Z]", cat) for cat in cats):
            c.add(file, line, f"category lists railroad categories, one letter each, separated "
                  f"by spaces, not {category!r}", "category")
            continue
        if n is None and not cats:
            c.add(file, line, "say which railroads make levels obsolete: a level, a category "
                  "(or several), or both")
            continue
        rule = Obsolescence(n, cats, ())
        again = [seen[(n, cat)] for cat in cats or ("",) if (n, cat) in seen]
        if again:
            c.add(file, line, f"{rule.first} is listed twice (line {again[0]} too)")
            continue
        parts = obsoletes.replace(",", " ").split()
        if not parts or not all(WHOLE.fullmatch(p) for p in parts):
            c.add(file, line, f"obsoletes lists the levels made obsolete, separated by spaces, "
                  f"not {obsoletes!r}", "obsoletes")
            continue
        lost = tuple(int(p) for p in parts)
        triggers = [s for s in sides if rule.triggered_by(s)]
        if sides and not triggers:
            where = f"of level {n}" if not cats else f"of category {rule.first}"
            c.add(file, line, f"no railroad {where} is in the railroads file")
            continue
        low = min([s.level for s in triggers] + ([n] if n is not None else []), default=None)
        if low is not None and any(x >= low for x in lost):
            what = f"level {n}" if not cats else f"{rule.first} (level {low})"
            c.add(file, line, f"{what} can only make lower levels obsolete")
            continue
        for cat in cats or ("",):
            seen[(n, cat)] = line
        box.obsolescence.append(Obsolescence(n, cats, lost))


def _investors(c: _Checker, box: Box, file: str, rows: list) -> None:
    before = len(c.problems)
    for line, (value, ability, bonus) in rows:
        n = c.whole(file, line, value, "the Investor's value", 1, 9999, "value")
        if n is None:
            continue
        if n in box.investors:
            c.add(file, line, f"two Investors worth ${n}: each value names one Investor")
            continue
        if ability not in ABILITIES:
            c.add(file, line, f"ability must be one of {', '.join(ABILITIES)}, not {ability!r}",
                  "ability")
            continue
        n_bonus = 0
        if ability == "bonus":
            got = c.whole(file, line, bonus, f"the ${n} Investor's income bonus", 0, 9999,
                          "bonus")
            if got is None:
                continue
            n_bonus = got
        elif bonus:
            c.add(file, line, f"only an Investor assigned to Holdings has a bonus (${n})",
                  "bonus")
            continue
        box.investors[n] = Investor(n, ability, n_bonus)
    if len(c.problems) > before:
        return
    if box.investors and len(box.investors) != 5:
        c.add(file, None, f"the game has 5 Investors, not {len(box.investors)}")
    for ability, count in (("priority", 1), ("msc", 1)):
        if box.investors and sum(i.ability == ability for i in box.investors.values()) != count:
            c.add(file, None, f"exactly one Investor has the ability {ability}")
    if not box.investors:
        c.add(file, None, "no Investors yet")
