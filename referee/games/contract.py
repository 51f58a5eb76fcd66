"""The game contract: everything the app asks of a game, and how it finds one.

A game is a package. The app knows no game by name: it discovers them (see
`referee.games.registry`) and asks only what this module states.

What a game package provides
----------------------------
``<package>/meta.py`` defines ``META = GameMeta(...)``: the key, title, player range and setup
choices. It is data only and imports nothing of the rules, so the lobby lists games cheaply.
``META.game`` names (as a dotted string, not an import) the module that defines
``GAME``: an object with every attribute of :class:`Game` below (rules, who acts now, visible
cash, banker-only actions, history lines, summary and its text, the final figures the players
page counts, the game's boards).

The package imports neither Flask nor sqlite-utils nor another game; it may import
``referee.engine`` and this module. Optionally:

- ``META.web`` names the game's web module, whose ``WEB = WebParts(...)`` (see
  ``referee/web/hooks.py``) gives its own page context, pages and setup fields. Without one
  the generic pages serve the game.
- ``META.stylesheets`` name files in ``static/`` (the game's own under ``static/<key>/``); only
  this game's pages load them.
- ``META.commands`` names a module whose ``register_commands(subparsers)`` adds the game's own
  sub-commands to ``referee`` (``referee/cli.py``); every game's boards are checked and listed
  by the generic ``referee boards`` over ``Boards``.
- templates ``templates/<key>/_<page>.html`` replace the generic fragments of a page
  (``phone``, ``banker``, ``table``, ``history``; ``_setup.html`` adds lobby fields). They live
  in the project's ``templates/``, or in the package's own folder named by ``META.templates``.

How a game is discovered
------------------------
1. every subpackage of ``referee.games`` that has a ``meta`` module;
2. every package an installed distribution lists in the ``referee.games`` entry-point group
   (``[project.entry-points."referee.games"] mygame = "mygame_package"`` in its
   pyproject.toml): a game installed beside referee;
3. every package named in the ``REFEREE_GAMES`` environment variable (comma separated dotted
   names, e.g. ``tests.toy_game``): the same without installing it;
4. ``registry.register("dotted.package")`` at run time (a test's own game).

docs/adding-a-game.md walks through adding one; tests/toy_game/ is the smallest whole example.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from dataclasses import field as _field
from pathlib import Path
from string import Formatter
from typing import Any, Protocol

from referee.engine.record import RecordError
from referee.engine.rules import GameRules
from referee.games import grids  # noqa: F401  the entry grids' shapes (a board's `entry`)


@dataclass(frozen=True)
class Choice:
    """One choice of a setup field: the value stored in the record and the words shown."""

    key: str
    label: str


# Stored in the players' "colour" as #rrggbb; the lobby shows the name.
PIECE_COLOURS = (
    Choice("#d62828", "red"),
    Choice("#1d4ed8", "blue"),
    Choice("#15803d", "green"),
    Choice("#facc15", "yellow"),
    Choice("#111111", "black"),
    Choice("#ffffff", "white"),
)


@dataclass(frozen=True)
class GameMeta:
    """What the lobby needs to list and set up a game, without loading its rules.

    `editions` become the record's settings["edition"] (one of them, the first by default),
    `variants` its settings["variants"] (any of them). `uses_board`: the lobby asks for one of
    the game's boards (`Game.boards`) and stores its key as the record's "map".
    """

    key: str
    title: str
    min_players: int
    max_players: int
    game: str  # dotted name of the module that defines GAME
    editions: tuple[Choice, ...] = ()
    variants: tuple[Choice, ...] = ()
    colours: tuple[Choice, ...] = PIECE_COLOURS
    uses_board: bool = False
    web: str | None = None  # dotted name of the game's web module (its WEB), if it has one
    stylesheets: tuple[str, ...] = ()  # files in static/ loaded only by this game's pages
    lobby_order: int = 50  # where the lobby lists the game: smaller first, then by title
    templates: str | None = None  # a folder in the package with <key>/_<page>.html templates
    # dotted name of a module whose `register_commands(subparsers)` adds the game's own
    # sub-commands to `referee` (argparse sub-parsers; referee/cli.py calls it for every game)
    commands: str | None = None
    # the game's own name for `referee boards` with the game named (with "tables", `referee
    # tables check us` is `referee boards check <key> us`); None: none
    boards_alias: str | None = None

    @property
    def seats(self) -> range:
        """The player counts the game takes."""
        return range(self.min_players, self.max_players + 1)


ERROR = "error"  # a board with an error cannot be played as it is
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a board's files, located by file and (when known) line, and, where
    the game knows it, by the field an owner typed it in: table, row key and column.

    `cause` names the mistake a problem comes from ("city:Troy"): `fold` keeps the first problem
    of each cause and counts the rest in its `follows`, so one typo is one problem."""

    file: str
    line: int | None
    message: str
    severity: str = ERROR
    # where the owner typed it, and what it follows from; a problem is still equal to one
    # with the same file, line, message and severity (compare=False)
    table: str = _field(default="", compare=False)  # the table's part name (payoffs, towns)
    row: str = _field(default="", compare=False)  # the row's key in it ("23"); "" whole table
    column: str = _field(default="", compare=False)  # the column ("town"); "" whole row
    cause: str = _field(default="", compare=False)  # problems of one cause are folded
    follows: int = _field(default=0, compare=False)  # how many `fold` left out after this one

    @property
    def where(self) -> str:
        """The file and line, as uploads and the command line name them."""
        return self.file if self.line is None else f"{self.file} line {self.line}"

    @property
    def field(self) -> str:
        """The field, as the owner typed it: "key_numbers, row 23, town" ("" when unknown)."""
        parts = [self.table, f"row {self.row}" if self.row else "", self.column]
        return ", ".join(p for p in parts if p) if self.table else ""

    @property
    def more(self) -> str:
        """"3 more that follow from it", or "" when nothing was folded under it."""
        if not self.follows:
            return ""
        return f"{self.follows} more that follow{'s' if self.follows == 1 else ''} from it"

    def __str__(self) -> str:
        tail = f" (and {self.more})" if self.follows else ""
        return f"{self.where}: {self.message}{tail}"


def fold(problems: Iterable[Problem]) -> list[Problem]:
    """The problems with each cause's knock-on ones folded under the first of that cause (its
    `follows` counts them); problems without a cause are kept as they are, in their order."""
    kept: list[Problem] = []
    first: dict[str, int] = {}
    for problem in problems:
        if problem.cause and problem.cause in first:
            at = first[problem.cause]
            kept[at] = replace(kept[at], follows=kept[at].follows + 1 + problem.follows)
            continue
        if problem.cause:
            first[problem.cause] = len(kept)
        kept.append(problem)
    return kept


def locate(problems: Iterable[Problem],
           rows: Mapping[str, tuple[str, Mapping[int, str]]]) -> list[Problem]:
    """The problems with their table and row key filled in from (file -> (table, line -> row
    key)); a problem of a whole file gets its table, one already located is kept."""
    out = []
    for p in problems:
        found = rows.get(p.file)
        if found is None or p.table:
            out.append(p)
            continue
        table, keys = found
        row = keys.get(p.line, "") if p.line is not None else ""
        out.append(replace(p, table=table, row=p.row or row))
    return out


@dataclass(frozen=True)
class BoardSummary:
    """One board as the lobby and the Maps page list it."""

    key: str
    name: str
    playable: bool = True
    shipped: bool = True  # False: uploaded into this laptop's instance folder
    note: str = ""
    problems: tuple[Problem, ...] = ()  # its validation report (file, line, message)
    unknown_cells: int = 0  # printed values not transcribed yet (the app asks at the table)

    @property
    def errors(self) -> int:
        """How many errors its report has (any: the board cannot be played)."""
        return sum(p.severity == ERROR for p in self.problems)

    @property
    def warnings(self) -> int:
        return sum(p.severity == WARNING for p in self.problems)


class Boards(Protocol):
    """A game's printed data: the shipped folders tables/<game>/<board>/ and the laptop's own
    under <instance>/<folder>/. Every method takes the instance folder (None: shipped only)."""

    folder: str  # the instance sub-folder uploads go to
    # For the upload page (referee/web/boards.py; a game without them has no upload form):
    manifest: str  # the file every board folder has (map.toml, board.toml); it names the rest
    noun: str  # what the game's players call one: "map", "board"
    # and, where "s" will not do, `plural` ("boxes"; referee/web/boards.py, plural_of)
    template: Path | None  # the shipped folder a new board starts from (HOWTO.md inside)
    # Optional: `cell_kinds` {column: "number" | "flag"} (how spreadsheet cells are read,
    # referee/web/cells.py); `key_pattern` and `key_rule` where a board's key is written
    # otherwise than the upload's [a-z0-9_-] (Railroad Barons); docs/boards.md; `entry`: the
    # board's tables as grids to type in (grids.BoardEntry; referee/web/entry.py draws them)

    def list(self, instance_dir: Path | None) -> list[BoardSummary]:
        """Every board, shipped and uploaded, each with its report (a broken one unplayable)."""
        ...

    def load(self, key: str, instance_dir: Path | None) -> Any:
        """The board named `key` as the rules use it; raises LookupError or ValueError."""
        ...

    def check(self, folder: Path) -> list[Problem]:
        """The problems of one board folder (none: it loads)."""
        ...

    # Optional: `draft(state) -> {file name: text}`, a new board folder's files from what a game
    # played without one learned (`referee boards draft RECORD FOLDER`).


class FolderBoards:
    """The part of `Boards` every folder-kept game shares: where boards are looked for (the
    shipped `shipped` folder first, then <instance>/<folder>/; a shipped key hides a laptop's)
    and `check` (read one folder with `read_folder`; its `error` carries the problems). A game
    sets those four and writes `list` and `load` in its own words."""

    shipped: Path
    folder: str
    error: type[Exception]

    def read_folder(self, folder: Path) -> Any:
        """Read one board folder as the rules use it; raises `error` with its `problems`."""
        raise NotImplementedError

    def roots(self, instance_dir: Path | None) -> list[tuple[Path, bool]]:
        """(folder of boards, shipped?) in the order a key is looked up."""
        roots = [(self.shipped, True)]
        if instance_dir is not None:
            roots.append((Path(instance_dir) / self.folder, False))
        return roots

    def check(self, folder: Path) -> list[Problem]:
        try:
            self.read_folder(folder)
        except self.error as err:
            return fold(err.problems)  # type: ignore[attr-defined]
        return []


Resolver = Callable[[str], Any]  # board key -> the game's own board, loaded (bound to its game)


@dataclass(frozen=True)
class Wording:
    """How one kind of transfer reads on a statement, and the rule that set it.

    `what` is a short phrase with the transfer's fields in braces ("use fee for the
    {railroads}"; a list field reads "B&O, PRR"); `rule` the rulebook section's name as
    printed ("USE FEES"); `reading` the app's reading or setting that applied, named as in the
    game's doc (empty: the rulebook alone). `more(fields)`, where given, adds a phrase some
    transfers of the kind carry (an established fee: since when, where and why) and, when it
    does, `more_rule` joins the rule ("USE FEES; ESTABLISHMENT"). `cite(fields)`, where given,
    names the sections and reading of one transfer where its fields decide them (a fee on the
    Honeymoon phantom's railroads: "HONEYMOON (2 PLAYER) RULES"), `more_rule` included where
    it applies; None keeps `rule`, `more_rule` and `reading`. Every transfer of the kind
    carries the fields `what` names and those of `fields`: the others the game's reports and
    figures read (tests/test_transfer_kinds.py holds every recorded game to both).
    """

    what: str
    rule: str
    reading: str = ""
    more: Callable[[Mapping[str, Any]], str] | None = None
    more_rule: str = ""
    cite: Callable[[Mapping[str, Any]], tuple[str, str] | None] | None = None
    fields: tuple[str, ...] = ()

    @property
    def carries(self) -> frozenset[str]:
        """The fields every transfer of the kind carries: those `what` names, and `fields`."""
        named = {name.split("[")[0].split(".")[0].split("!")[0].split(":")[0]
                 for _text, name, _spec, _conv in Formatter().parse(self.what) if name}
        return frozenset(named) | frozenset(self.fields)

    def cited(self, fields: Mapping[str, Any], more: bool = False) -> tuple[str, str]:
        """(sections, reading) of one transfer of this kind; `more`: its `more` phrase is
        said."""
        own = self.cite(fields) if self.cite is not None else None
        if own is not None:
            return own
        return (f"{self.rule}; {self.more_rule}" if more and self.more_rule else self.rule,
                self.reading)


@dataclass(frozen=True)
class OlderReading:
    """A setting a record may leave out, which it then plays under the reading from before the
    setting existed (so an older game keeps its figures): the setting's name and what that
    older reading means at the table."""

    setting: str
    meaning: str

    def __str__(self) -> str:
        return f"Played under the readings before {self.setting}: {self.meaning}"


def _no_company(account: str) -> str | None:
    return None


@dataclass(frozen=True)
class Part:
    """One part of a derived figure: its words and, where it is an amount, the amount."""

    text: str
    amount: int | None = None


@dataclass(frozen=True)
class DerivedFigure:
    """A derived amount a page shows (a share value, a dividend per share, a fee to pay): the
    parts that make it and the rule that says how. It must tell nothing the figure's own page
    does not (no secret cash)."""

    title: str  # "The B&O's share value"
    amount: int | None  # None: a list of printed values with no total (a price list)
    parts: tuple[Part, ...]
    rule: str


def _no_figure(rules: Any, state: Any, name: str, subject: str) -> DerivedFigure | None:
    return None


def _no_older_readings(rules: Any, settings: Mapping[str, Any]) -> tuple[OlderReading, ...]:
    return ()


@dataclass(frozen=True)
class RuleNames:
    """A game's words for its money and its rules (docs/explain.md): what each transfer kind
    says and which section sets it, the section each action type's refusal names, and which
    accounts are companies (a treasury: `companies(account)` gives its name, None for others).

    `figures` explains an amount a page derives rather than reads off the ledger.

    `secret_cash`: another seat and the table see of a player's statement only the lines of
    a `public` kind and those paid to or by the viewer; the total only where `visible_cash`
    shows it.

    `headings` are the rulebook's sections a refusal names that no action type and no transfer
    kind names ("SHORT GAME"); `numbered`, a regular expression of the rulebook's numbered
    rules a refusal may name ("B4"), for a rulebook that numbers them. Every section a refusal
    names is one of these (tests/test_refusal_sections.py).
    """

    money: Mapping[str, Wording]
    actions: Mapping[str, str]
    companies: Callable[[str], str | None] = _no_company
    secret_cash: bool = False
    public: frozenset[str] = frozenset()
    currency: str = "${:,}"  # how an amount is written: "${:,}" -> $5,000
    currency_one: str | None = None  # an amount of one, where its noun differs: "{:,} unit"
    # figures(rules, state, name, subject): a derived figure's parts ("dividend", "CRIP"), or
    # None where the game has no such figure now.
    figures: Callable[[Any, Any, str, str], DerivedFigure | None] = _no_figure
    headings: frozenset[str] = frozenset()
    numbered: str = ""
    # older_readings(rules, settings): the settings a record (its `settings`, played by
    # `rules`) leaves out and so plays under the readings from before them, where these differ
    # from what a new game is written with
    older_readings: Callable[[Any, Mapping[str, Any]], tuple[OlderReading, ...]] = \
        _no_older_readings

    def knows(self, section: str) -> bool:
        """Whether `section` is one of the game's own: an action type's, a transfer kind's, a
        heading, a numbered rule, or one of those with a number ("Short Game 4")."""
        sections = {*self.actions.values(), *(w.rule for w in self.money.values()),
                    *self.headings}
        if section in sections or (self.numbered and re.match(self.numbered, section)):
            return True
        return any(section.upper().startswith(s.upper() + " ") and section[len(s) + 1:].isdigit()
                   for s in sections)


def write_amount(words: RuleNames | None, amount: int) -> str:
    """An amount as the game writes it: "$5,000", "1 unit", "3 units"."""
    if words is None:
        return f"{amount:,}"
    one = words.currency_one if words.currency_one and abs(amount) == 1 else words.currency
    return one.format(amount)


@dataclass(frozen=True)
class AmountWriter:
    """`write_amount` for templates that write `currency.format(n)`."""

    words: RuleNames | None

    def format(self, amount: int) -> str:
        return write_amount(self.words, amount)


class Game(Protocol):
    """The rules side of a game, as the app, `referee replay` and the web pages use it."""

    banker_actions: frozenset[str]  # action types only the banker records (undo always is)
    boards: Boards | None  # None: the game has no printed data

    def rules_for(self, record: dict, resolve: Resolver | None = None) -> GameRules:
        """The rules of a game record (docs/game-record.md); raises RecordError for a bad one.
        A board named by key is loaded by `resolve(board_key)`, already bound to this game's
        boards (the registry binds it: the game never names itself to find its own)."""
        ...

    def to_act(self, state: Any) -> list[str]:
        """The one answer to "who acts now": the players who may act (mostly one; none when
        the banker records the next step or the game is over). The POST check and every page
        use this and nothing else; the game's own summary states the same. Several seats
        named together are asked together: an answer from a page drawn before the others'
        answers still counts while its seat stays named (referee/engine/questions.py)."""
        ...

    def acting_player(self, action: dict) -> str | None:
        """The seat an action is taken for (None: the banker's own)."""
        ...

    def visible_cash(self, state: Any, viewer: str | None, subject: str) -> int | None:
        """The cash of `subject` as `viewer` (a player id, "banker", or None for the table)
        may know it; None: hidden."""
        ...

    def history(self, frames: list[Any]) -> list[dict]:
        """The readable log from a replay's frames, oldest first: one entry per turn, each
        {"label": str, "turn": int, "lines": [str, ...]}, and optionally "frames" (the entry's
        frames: the web core's history folds sum their money) and "summary" (its own line)."""
        ...

    def summary(self, state: Any) -> dict:
        """The end-of-game (or current) summary: exact figures per player, winners, to_act."""
        ...

    def render(self, report: dict) -> str:
        """The text `referee replay` prints for a `summary`."""
        ...

    def final_figures(self, frames: Sequence[Any]) -> FinalFigures | None:
        """A finished game's figures per seat, its winners and places, from the frames in
        force (the last one's state is the final state; money figures come from the transfers'
        kinds); None while the game is not over."""
        ...

    # Optional: `rule_names: RuleNames` (see referee.games.explain), the words of its money
    # and the rulebook sections of its refusals; a game without it gets plain statements.


@dataclass(frozen=True)
class Figure:
    """One figure a finished game gives each seat (a whole number), and how the players page
    totals it over a person's games: "sum", "mean" (shown rounded) or "max"."""

    key: str  # a Python name: the CSV column and, totalled, the key in `referee stats --json`
    label: str  # what one game's figure is called ("Final cash")
    total: str = "sum"
    total_label: str = ""  # what the total is called ("Average final cash"); default `label`
    prefix: str = ""  # written before a value ("$" for the games counted in dollars)

    def __post_init__(self) -> None:
        if self.total not in TOTALS:
            raise ValueError(f"figure {self.key!r}: total must be one of {', '.join(TOTALS)}")

    @property
    def total_key(self) -> str:
        """The key of the totalled figure: "average_<key>" for a mean, else the key."""
        return f"average_{self.key}" if self.total == "mean" else self.key

    @property
    def heading(self) -> str:
        return self.total_label or self.label


TOTALS = ("sum", "mean", "max")


@dataclass(frozen=True)
class FinalFigures:
    """A finished game as the players page counts it: every seat's figures, the winners (all
    of a tie), and each seat's place (1 for the winners; the game ranks the others)."""

    figures: tuple[Figure, ...]
    values: Mapping[str, Mapping[str, int]]  # seat id -> figure key -> value
    winners: tuple[str, ...]
    places: Mapping[str, int]
    score: str = ""  # the key of the figure that is the game's final score (the play's score)
    # each seat's start position (1 for the first player), where the game knows its turn order;
    # empty: the seat order
    starts: Mapping[str, int] = _field(default_factory=dict)


def ranked(values: Mapping[str, Mapping[str, int]], winners: Sequence[str],
           by: str) -> dict[str, int]:
    """Each seat's place: the winners share 1st; the others follow by the figure `by`, most
    first, seats with the same figure sharing a place (1, 1, 3, 4, 4 ...)."""
    places = dict.fromkeys(winners, 1)
    rest = sorted((pid for pid in values if pid not in places), key=lambda p: -values[p][by])
    for i, pid in enumerate(rest):
        if i and values[rest[i - 1]][by] == values[pid][by]:
            places[pid] = places[rest[i - 1]]
        else:
            places[pid] = len(winners) + i + 1
    return places


ErrorWords = tuple[type[Exception] | tuple[type[Exception], ...], str]


@contextmanager
def record_errors(*readings: ErrorWords) -> Iterator[None]:
    """What `rules_for` meets reading a record, said as a RecordError: the first (error types,
    words) that matches an error gives its message, `{err}` standing for the error's own; an
    error none matches goes on as it is.

    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        return Rules(board, record["players"], Settings.from_record(record["settings"]))
    """
    try:
        yield
    except Exception as err:
        for types, words in readings:
            if isinstance(err, types):
                raise RecordError(words.format(err=err)) from err
        raise


def player_field(action: dict) -> str | None:
    """The usual `acting_player`: the action's "player" field."""
    player = action.get("player")
    return player if isinstance(player, str) and player else None


@dataclass(frozen=True)
class GameParts:
    """A Game made of a game's own functions: the one way every game builds its GAME.

    Who acts comes from one of two: `who_acts` (the one player to act, or None) for a game
    where one hand moves at a time, or `seats_to_act` (every seat asked now) for a game that
    asks several at once."""

    banker_actions: frozenset[str]
    boards: Boards | None
    rules_for: Callable[..., GameRules]
    visible_cash: Callable[[Any, str | None, str], int | None]
    history: Callable[[list[Any]], list[dict]]
    summary: Callable[[Any], dict]
    render: Callable[[dict], str]
    final_figures: Callable[[Sequence[Any]], FinalFigures | None]
    who_acts: Callable[[Any], str | None] | None = None
    seats_to_act: Callable[[Any], list[str]] | None = None
    acting_player: Callable[[dict], str | None] = player_field
    rule_names: RuleNames | None = None

    def __post_init__(self) -> None:
        if (self.who_acts is None) == (self.seats_to_act is None):
            raise TypeError("a game names who acts by who_acts or by seats_to_act (one of them)")

    def to_act(self, state: Any) -> list[str]:
        if self.seats_to_act is not None:
            return list(self.seats_to_act(state))
        player = self.who_acts(state)  # type: ignore[misc]
        return [player] if player else []
