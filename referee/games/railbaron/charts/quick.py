"""The quick look-up: one destination roll and its payoff, as a person at the table asks for it.

Pure Python. `read_query(args)` turns a form's text fields into a QuickQuery and the problems
of each field; `answer(board, query)` reads the charts. The answer follows the rulebook's CITY
LOOKUP: the region roll (red die: odd or even column; the two white dice: the row), then the
city roll in that region; when the region rolled is the one the train is in, the player may
pick any region. An unknown chart cell stays unknown: the answer says so and uses only a value
the person types from the printed chart, for this one look-up.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts.lookup import (
    Chance,
    CityLookup,
    PayoffLookup,
    RegionLookup,
    city_chance,
    city_for,
    city_share,
    payoff,
    region_chance,
    region_for,
    resolve_city,
)
from referee.games.railbaron.charts.overrides import override_note
from referee.games.railbaron.charts.validate import in_thousands

Dice = tuple[int, int, int]

REGION_DICE = ("r", "w1", "w2")
CITY_DICE = ("cr", "cw1", "cw2")
DIE_NAMES = {"r": "red die", "w1": "first white die", "w2": "second white die",
             "cr": "red die", "cw1": "first white die", "cw2": "second white die"}
TEXT_FIELDS = ("from", "pick", "printed_region", "printed_city", "printed_payoff")
MAX_TEXT = 80
MAX_PRINTED_PAYOFF = 10_000_000
_DIE = re.compile(r"[1-6]")
_AMOUNT = re.compile(r"[0-9]{1,3}(,?[0-9]{3})*")

CHART = "chart"
PRINTED = "printed"  # typed from the printed chart for this look-up
PICKED = "picked"  # chosen by the player under the same-region rule


def roll_dice() -> Dice:
    """Three fair dice (red, white, white) from the operating system's random source."""
    red, white1, white2 = (secrets.randbelow(6) + 1 for _ in range(3))
    return red, white1, white2


@dataclass(frozen=True)
class QuickQuery:
    """What the look-up form holds: the map, the dice tapped so far and the typed fields."""

    map_key: str = ""
    faces: Mapping[str, int] = field(default_factory=dict)  # die field -> face, as tapped
    start: str = ""  # where the train is (departure of the payoff), as typed
    pick: str = ""  # a region picked under the same-region rule
    printed_region: str = ""
    printed_city: str = ""
    printed_payoff: str = ""
    rolled: str = ""  # "region" or "city" when the app has just rolled those dice

    def dice(self, names: tuple[str, str, str]) -> Dice | None:
        faces = [self.faces.get(name) for name in names]
        if any(face is None for face in faces):
            return None
        red, white1, white2 = faces
        return red, white1, white2  # type: ignore[return-value]

    @property
    def region_dice(self) -> Dice | None:
        return self.dice(REGION_DICE)

    @property
    def city_dice(self) -> Dice | None:
        return self.dice(CITY_DICE)

    def args(self) -> dict[str, str]:
        """The query as form fields, without the empty ones: the address of this look-up."""
        out = {"map": self.map_key} if self.map_key else {}
        out |= {name: str(self.faces[name]) for name in (*REGION_DICE, *CITY_DICE)
                if name in self.faces}
        texts = {"from": self.start, "pick": self.pick, "printed_region": self.printed_region,
                 "printed_city": self.printed_city, "printed_payoff": self.printed_payoff}
        out |= {name: value for name, value in texts.items() if value}
        return out


def read_query(args: Mapping[str, str],
               roller: Callable[[], Dice] = roll_dice) -> tuple[QuickQuery, dict[str, str]]:
    """The query a form sent, and a message for each field that cannot be read.

    A die not tapped yet is simply absent. `roll=region` or `roll=city` rolls those dice with
    `roller`; a new region roll clears what followed from the old one. When `shown` (the map
    the form was drawn for) differs from `map`, the cities typed for the old map are dropped.
    """
    problems: dict[str, str] = {}
    faces: dict[str, int] = {}
    for name in (*REGION_DICE, *CITY_DICE):
        text = str(args.get(name, "")).strip()
        if not text:
            continue
        if _DIE.fullmatch(text):
            faces[name] = int(text)
        else:
            problems[name] = f"The {DIE_NAMES[name]} shows 1 to 6, not {text[:10]!r}."
    texts = {}
    for name in TEXT_FIELDS:
        text = " ".join(str(args.get(name, "")).split())
        if len(text) > MAX_TEXT:
            problems[name] = f"At most {MAX_TEXT} characters."
            text = text[:MAX_TEXT]
        texts[name] = text
    query = QuickQuery(
        map_key=str(args.get("map", "")).strip()[:MAX_TEXT], faces=faces, start=texts["from"],
        pick=texts["pick"], printed_region=texts["printed_region"],
        printed_city=texts["printed_city"], printed_payoff=texts["printed_payoff"],
    )
    shown = str(args.get("shown", "")).strip()
    if shown and shown != query.map_key:
        query = replace(query, start="", pick="", printed_region="", printed_city="",
                        printed_payoff="")
        problems = {k: v for k, v in problems.items() if k not in TEXT_FIELDS}
    roll = args.get("roll", "")
    if roll in ("region", "city"):
        names = REGION_DICE if roll == "region" else CITY_DICE
        kept = {k: v for k, v in faces.items() if k not in names}
        if roll == "region":
            kept = {k: v for k, v in kept.items() if k not in CITY_DICE}
        kept |= dict(zip(names, roller(), strict=True))
        cleared = {"printed_city": "", "printed_payoff": ""}
        if roll == "region":
            cleared |= {"pick": "", "printed_region": ""}
        query = replace(query, faces=kept, rolled=roll, **cleared)
        problems = {k: v for k, v in problems.items() if k not in (*names, *cleared)}
        if roll == "region":
            problems = {k: v for k, v in problems.items() if k not in CITY_DICE}
    return query, problems


def read_amount(text: str) -> int | None:
    """A positive whole number as printed (commas allowed), or None."""
    text = text.strip().removeprefix("$").removeprefix("£").strip()
    if not _AMOUNT.fullmatch(text):
        return None
    amount = int(text.replace(",", ""))
    return amount if 0 < amount <= MAX_PRINTED_PAYOFF else None


def read_printed(board: RailBaronMap, text: str) -> int | None:
    """The amount a payoff read off the printed chart means: the figure in thousands on a map
    whose charts print thousands (26 is 26,000), else the whole amount as read_amount takes it."""
    if not board.thousands:
        return read_amount(text)
    amount = in_thousands(text.strip().strip("$£€").strip())
    return amount if amount is not None and amount <= MAX_PRINTED_PAYOFF else None


@dataclass(frozen=True)
class QuickAnswer:
    """The look-up as far as the query goes; each value says where it came from."""

    query: QuickQuery
    start: str | None = None  # the train's city, as the chart spells it
    region: RegionLookup | None = None  # the region-table cell of the region roll
    region_code: str | None = None  # the region the city roll reads
    region_source: str = ""  # CHART, PRINTED or PICKED
    region_chance: Chance | None = None  # of region_code on a region roll, from the chart
    region_note: str | None = None  # the house rule when the region cell is overridden
    may_pick: bool = False  # the region rolled is the train's: any region may be picked
    city: CityLookup | None = None  # the cell of region_code's city table the city roll reads
    city_note: str | None = None
    destination: str | None = None
    destination_source: str = ""  # CHART or PRINTED
    destination_chance: Chance | None = None  # of all destinations
    destination_share: Chance | None = None  # of its region's city table
    payoff: PayoffLookup | None = None
    payoff_amount: int | None = None
    payoff_source: str = ""  # CHART or PRINTED
    problems: dict[str, str] = field(default_factory=dict)

    @property
    def stays(self) -> bool:
        """The destination is where the train already is: the rest of the turn is lost."""
        return self.start is not None and self.start == self.destination


def answer(board: RailBaronMap, query: QuickQuery) -> QuickAnswer:
    """Read the charts of `board` for `query`; problems name the field they belong to."""
    problems: dict[str, str] = {}
    found: dict = {}

    start = None
    if query.start:
        try:
            start = resolve_city(board, query.start)
        except ValueError as err:
            problems["from"] = _sentence(err)
    found["start"] = start

    code, source = _region(board, query, problems, found)
    if code is not None and start is not None and board.region_of(start) == code:
        found["may_pick"] = True
        if query.pick:
            picked = board.find_region(query.pick)
            if picked is None:
                problems["pick"] = f"Unknown region {query.pick!r}."
            elif picked != code:
                code, source = picked, PICKED
    if code is not None:
        found |= {"region_code": code, "region_source": source,
                  "region_chance": region_chance(board, code)}
        _destination(board, query, code, problems, found)

    destination = found.get("destination")
    if start is not None and destination is not None:
        found["payoff"] = chart = payoff(board, start, destination)
        if chart.amount is not None:
            found |= {"payoff_amount": chart.amount, "payoff_source": CHART}
        elif query.printed_payoff:
            amount = read_printed(board, query.printed_payoff)
            if amount is None:
                problems["printed_payoff"] = (
                    "Type the figure printed on the chart, in thousands (26 or 3.5), "
                    f"not {query.printed_payoff!r}." if board.thousands else
                    f"Type the payoff as a whole number from 1 to {MAX_PRINTED_PAYOFF:,}, "
                    f"not {query.printed_payoff!r}.")
            else:
                found |= {"payoff_amount": amount, "payoff_source": PRINTED}
    return QuickAnswer(query=query, problems=problems, **found)


def _region(board: RailBaronMap, query: QuickQuery, problems: dict[str, str],
            found: dict) -> tuple[str | None, str]:
    """The region the region roll gives: from the chart, or as printed when the cell is unknown."""
    dice = query.region_dice
    if dice is None:
        return None, ""
    found["region"] = cell = region_for(board, *dice)
    if cell.region is not None:
        if cell.overridden:
            found["region_note"] = override_note(
                board, ("region", cell.roll.parity, str(cell.roll.white_sum)))
        return cell.region, CHART
    if not query.printed_region:
        return None, ""
    code = board.find_region(query.printed_region)
    if code is None:
        problems["printed_region"] = f"Unknown region {query.printed_region!r}."
        return None, ""
    return code, PRINTED


def _destination(board: RailBaronMap, query: QuickQuery, code: str, problems: dict[str, str],
                 found: dict) -> None:
    """The city the city roll gives in region `code`, with its chances."""
    dice = query.city_dice
    if dice is None:
        return
    found["city"] = cell = city_for(board, code, *dice)
    city = cell.city
    if city is not None:
        found["destination_source"] = CHART
        if cell.overridden:
            found["city_note"] = override_note(
                board, ("city", code, cell.roll.parity, str(cell.roll.white_sum)))
    elif query.printed_city:
        city = board.find_city(query.printed_city)
        if city is None or board.region_of(city) != code:
            where = "" if city is None else f" (it is in {board.regions[board.region_of(city)]})"
            problems["printed_city"] = (f"{query.printed_city!r} is not a city of "
                                        f"{board.regions[code]}{where}.")
            return
        found["destination_source"] = PRINTED
    if city is None:
        return
    found |= {"destination": city, "destination_chance": city_chance(board, city),
              "destination_share": city_share(board, city)}


def _sentence(err: ValueError) -> str:
    text = str(err)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
