"""Read the charts for a roll: region, city, destination and payoff, with exact chances.

Chances are exact fractions. The red die picks the odd or even column (1/2 each) and the two
white dice pick the row (2..12, 1/36 to 6/36). A region's chance is the sum of its cells; a
city's chance is its region's chance times the share of that region's city table it fills.
Where a chart has unknown cells a chance is a range: `low` counts known cells only, `high`
assumes every unknown cell that could be this region or city is.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.games.railbaron.board import PARITIES, WHITE_SUMS, RailBaronMap, pair, parity_of

UNKNOWN_MESSAGE = "unknown in this chart: read it from the printed chart"


def check_die(value: Any, name: str = "die") -> int:
    """`value` if it is a die face 1..6; a ValueError that says so otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"{name} must be a whole number from 1 to 6, got {value!r}")
    return value


def white_sum_chance(white_sum: int) -> Fraction:
    """The chance that two white dice add up to `white_sum`."""
    if white_sum not in WHITE_SUMS:
        return Fraction(0)
    return Fraction(6 - abs(white_sum - 7), 36)


def cell_chance(white_sum: int) -> Fraction:
    """The chance of one cell of a region or city table: a parity and a white sum."""
    return Fraction(1, len(PARITIES)) * white_sum_chance(white_sum)


@dataclass(frozen=True)
class Chance:
    """An exact probability, or a range where unknown cells could add to it."""

    low: Fraction
    high: Fraction

    @property
    def exact(self) -> bool:
        return self.low == self.high

    def percent(self) -> str:
        if self.exact:
            return f"{float(self.low):.1%}"
        return f"{float(self.low):.1%} to {float(self.high):.1%} (some cells are unknown)"

    def as_dict(self) -> dict[str, Any]:
        return {"low": str(self.low), "high": str(self.high), "exact": self.exact,
                "percent": round(float(self.low) * 100, 2),
                "percent_high": round(float(self.high) * 100, 2)}


def _cells() -> list[tuple[str, int]]:
    return [(parity, white) for parity in PARITIES for white in WHITE_SUMS]


def region_chance(board: RailBaronMap, region: str) -> Chance:
    """How often a region roll lands on `region` (a code)."""
    known = unknown = Fraction(0)
    for parity, white in _cells():
        value = board.region_table.get((parity, white))
        if value == region:
            known += cell_chance(white)
        elif value is None:
            unknown += cell_chance(white)
    return Chance(known, known + unknown)


def city_share(board: RailBaronMap, city: str) -> Chance:
    """How often a city roll in `city`'s own region lands on it: its share of the region's table.

    This is the chance once the region is settled, e.g. picked under the same-region rule.
    """
    region = board.region_of(city)
    share = unknown = Fraction(0)
    for parity, white in _cells():
        value = board.city_table.get((region, parity, white))
        if value == city:
            share += cell_chance(white)
        elif value is None:
            unknown += cell_chance(white)
    return Chance(share, share + unknown)


def city_chance(board: RailBaronMap, city: str) -> Chance:
    """How often a destination roll (region, then city) lands on `city`."""
    share = city_share(board, city)
    chance = region_chance(board, board.region_of(city))
    return Chance(chance.low * share.low, chance.high * share.high)


@dataclass(frozen=True)
class Roll:
    """One throw of the red die and the two white dice."""

    red: int
    white: tuple[int, int]

    @property
    def parity(self) -> str:
        return parity_of(self.red)

    @property
    def white_sum(self) -> int:
        return sum(self.white)

    def describe(self) -> str:
        return (f"red {self.red} ({self.parity}), white {self.white[0]}+{self.white[1]} "
                f"= {self.white_sum}")

    def as_dict(self) -> dict[str, Any]:
        return {"red": self.red, "white": list(self.white), "parity": self.parity,
                "white_sum": self.white_sum}


def make_roll(red: Any, white1: Any, white2: Any) -> Roll:
    """A Roll from three die faces; a ValueError names the first bad one."""
    return Roll(check_die(red, "red die"),
                (check_die(white1, "first white die"), check_die(white2, "second white die")))


@dataclass(frozen=True)
class RegionLookup:
    map_key: str
    roll: Roll
    region: str | None
    region_name: str | None
    chance: Chance | None
    overridden: bool = False

    @property
    def known(self) -> bool:
        return self.region is not None

    def describe(self) -> str:
        if self.region is None:
            return f"{self.roll.describe()}: region {UNKNOWN_MESSAGE}"
        assert self.chance is not None
        rule = " (house rule)" if self.overridden else ""
        return (f"{self.roll.describe()}: {self.region_name} ({self.region}){rule}, "
                f"{self.chance.percent()} of region rolls")

    def as_dict(self) -> dict[str, Any]:
        return {
            "map": self.map_key,
            "roll": self.roll.as_dict(),
            "known": self.known,
            "region": None if self.region is None else {"code": self.region,
                                                         "name": self.region_name},
            "chance": None if self.chance is None else self.chance.as_dict(),
            "overridden": self.overridden,
            "message": self.describe(),
        }


@dataclass(frozen=True)
class CityLookup:
    map_key: str
    region: str
    region_name: str
    roll: Roll
    city: str | None
    chance: Chance | None
    overridden: bool = False

    @property
    def known(self) -> bool:
        return self.city is not None

    def describe(self) -> str:
        where = f"{self.roll.describe()} in {self.region_name} ({self.region})"
        if self.city is None:
            return f"{where}: city {UNKNOWN_MESSAGE}"
        assert self.chance is not None
        rule = " (house rule)" if self.overridden else ""
        return (f"{where}: {self.city}{rule}\n"
                f"{self.city}: {self.chance.percent()} of all destinations")

    def as_dict(self) -> dict[str, Any]:
        return {
            "map": self.map_key,
            "region": {"code": self.region, "name": self.region_name},
            "roll": self.roll.as_dict(),
            "known": self.known,
            "city": self.city,
            "chance": None if self.chance is None else self.chance.as_dict(),
            "overridden": self.overridden,
            "message": self.describe(),
        }


@dataclass(frozen=True)
class DestinationLookup:
    region: RegionLookup
    city: CityLookup | None  # None when the region cell is unknown

    @property
    def known(self) -> bool:
        return self.city is not None and self.city.known

    def describe(self) -> str:
        lines = [self.region.describe()]
        if self.city is not None:
            lines.append(self.city.describe())
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {"map": self.region.map_key, "known": self.known,
                "region": self.region.as_dict(),
                "city": None if self.city is None else self.city.as_dict(),
                "message": self.describe()}


@dataclass(frozen=True)
class PayoffLookup:
    map_key: str
    city_a: str
    city_b: str
    amount: int | None
    money_unit: str
    notes: tuple[str, ...] = ()
    overridden: bool = False
    money_note: str = ""

    @property
    def known(self) -> bool:
        return self.amount is not None

    def describe(self) -> str:
        head = f"{self.city_a} – {self.city_b}: "
        if self.amount is None:
            head += UNKNOWN_MESSAGE
        else:
            head += f"{self.money_unit}{self.amount:,}"
        extra = [f"  note: {note}" for note in self.notes]
        if self.money_note and self.amount is not None:
            extra.append(f"  unit: {self.money_note}")
        return "\n".join([head, *extra])

    def as_dict(self) -> dict[str, Any]:
        return {"map": self.map_key, "city_a": self.city_a, "city_b": self.city_b,
                "known": self.known, "payoff": self.amount, "money_unit": self.money_unit,
                "money_note": self.money_note, "notes": list(self.notes),
                "overridden": self.overridden, "message": self.describe()}


def resolve_region(board: RailBaronMap, text: str) -> str:
    """The region code for a code or name, case-insensitively; ValueError if none."""
    code = board.find_region(text)
    if code is None:
        known = ", ".join(f"{c} ({n})" for c, n in board.regions.items())
        raise ValueError(f"unknown region {text!r} on map {board.key} (known: {known})")
    return code


def resolve_city(board: RailBaronMap, text: str) -> str:
    """The city named `text`, case-insensitively; ValueError (with a suggestion) if none."""
    city = board.find_city(text)
    if city is None:
        close = difflib.get_close_matches(text, list(board.cities), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"unknown city {text!r} on map {board.key}{hint}")
    return city


def region_for(board: RailBaronMap, red: int, white1: int, white2: int) -> RegionLookup:
    """The region-table cell a roll lands on."""
    roll = make_roll(red, white1, white2)
    region = board.region_table.get((roll.parity, roll.white_sum))
    return RegionLookup(
        map_key=board.key,
        roll=roll,
        region=region,
        region_name=None if region is None else board.regions[region],
        chance=None if region is None else region_chance(board, region),
        overridden=("region", roll.parity, str(roll.white_sum)) in board.overridden,
    )


def city_for(board: RailBaronMap, region: str, red: int, white1: int,
             white2: int) -> CityLookup:
    """The cell of `region`'s city table a roll lands on; `region` is a code or a name."""
    code = resolve_region(board, region)
    roll = make_roll(red, white1, white2)
    city = board.city_table.get((code, roll.parity, roll.white_sum))
    return CityLookup(
        map_key=board.key,
        region=code,
        region_name=board.regions[code],
        roll=roll,
        city=city,
        chance=None if city is None else city_chance(board, city),
        overridden=("city", code, roll.parity, str(roll.white_sum)) in board.overridden,
    )


def destination(board: RailBaronMap, region_roll: tuple[int, int, int],
                city_roll: tuple[int, int, int]) -> DestinationLookup:
    """A whole destination: the region roll, then the city roll in that region."""
    found = region_for(board, *region_roll)
    make_roll(*city_roll)
    if found.region is None:
        return DestinationLookup(found, None)
    return DestinationLookup(found, city_for(board, found.region, *city_roll))


def payoff(board: RailBaronMap, a: str, b: str) -> PayoffLookup:
    """The payoff between two cities (names case-insensitive), with the chart's notes."""
    city_a, city_b = resolve_city(board, a), resolve_city(board, b)
    notes = tuple(n.text for n in board.notes_for(city_a, city_b))
    if city_a == city_b:
        notes = ("the same city: no trip", *notes)
    return PayoffLookup(
        map_key=board.key,
        city_a=city_a,
        city_b=city_b,
        amount=board.payoff(city_a, city_b),
        money_unit=board.money_unit,
        notes=notes,
        overridden=("payoff", *pair(city_a, city_b)) in board.overridden,
        money_note=getattr(board, "money_note", ""),
    )
