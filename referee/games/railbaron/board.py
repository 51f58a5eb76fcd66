"""The chart data of one Rail Baron map, as the rules engine sees it.

Every chart cell may be *unknown* (None): a map transcribed from a partial source keeps the
gap visible instead of guessing, and the rules ask the table for the printed value when a
roll lands on one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.railbaron.route_graph import RouteGraph

PARITIES = ("odd", "even")
WHITE_SUMS = tuple(range(2, 13))


@dataclass(frozen=True)
class Railroad:
    abbr: str
    name: str
    price: int
    public: bool = False
    colour: str = ""


@dataclass(frozen=True)
class ChartNote:
    """A remark shown beside a payoff (a suspect cell, a house-rule override)."""

    city_a: str
    city_b: str
    text: str


def parity_of(red: int) -> str:
    """The column of the region and city tables that the red die selects."""
    return "odd" if red % 2 else "even"


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass
class RailBaronMap:
    key: str
    name: str
    regions: dict[str, str]  # code -> name
    region_table: dict[tuple[str, int], str | None]  # (parity, white sum) -> region code
    city_table: dict[tuple[str, str, int], str | None]  # (region, parity, white sum) -> city
    cities: dict[str, str]  # city -> region code
    payoffs: dict[tuple[str, str], int | None]  # sorted city pair -> payoff
    railroads: dict[str, Railroad]
    service: dict[str, frozenset[str]]  # railroad abbr -> cities it serves
    money_unit: str = "$"
    default_edition: str = "modern"
    notes: list[ChartNote] = field(default_factory=list)
    overridden: set[tuple[str, ...]] = field(default_factory=set)
    route_graph: RouteGraph | None = None  # the rails, when the map has them (hints only)
    thousands: bool = False  # its charts print payoffs in thousands (amounts here are whole)

    def region_at(self, red: int, white_sum: int) -> str | None:
        return self.region_table.get((parity_of(red), white_sum))

    def city_at(self, region: str, red: int, white_sum: int) -> str | None:
        return self.city_table.get((region, parity_of(red), white_sum))

    def region_of(self, city: str) -> str:
        return self.cities[city]

    def payoff(self, a: str, b: str) -> int | None:
        if a == b:
            return 0
        return self.payoffs.get(pair(a, b))

    def railroads_at(self, city: str) -> frozenset[str]:
        return frozenset(rr for rr, served in self.service.items() if city in served)

    def notes_for(self, a: str, b: str) -> list[ChartNote]:
        key = pair(a, b)
        return [n for n in self.notes if pair(n.city_a, n.city_b) == key]

    def find_city(self, text: str) -> str | None:
        """The city named `text`, case-insensitively."""
        folded = text.strip().casefold()
        return next((c for c in self.cities if c.casefold() == folded), None)

    def find_region(self, text: str) -> str | None:
        """The region code for a code or a name, case-insensitively."""
        folded = text.strip().casefold()
        for code, name in self.regions.items():
            if folded in (code.casefold(), name.casefold()):
                return code
        return None

    def non_public(self) -> list[str]:
        return [rr for rr, r in self.railroads.items() if not r.public]

    @classmethod
    def from_dict(cls, data: Mapping) -> RailBaronMap:
        """Build a map from its plain-data form (the inline map of a game record)."""
        region_table = {
            (row["parity"], int(row["white_sum"])): row.get("region")
            for row in data["region_table"]
        }
        city_table = {
            (row["region"], row["parity"], int(row["white_sum"])): row.get("city")
            for row in data["city_table"]
        }
        payoffs = {
            pair(row["a"], row["b"]): (None if row.get("payoff") is None else int(row["payoff"]))
            for row in data["payoffs"]
        }
        railroads = {
            r["abbr"]: Railroad(
                r["abbr"], r["name"], int(r["price"]), bool(r.get("public", False)),
                r.get("colour", ""),
            )
            for r in data["railroads"]
        }
        service = {rr: frozenset(cities) for rr, cities in data["service"].items()}
        notes = [ChartNote(n["a"], n["b"], n["text"]) for n in data.get("notes", [])]
        return cls(
            key=data["key"],
            name=data["name"],
            regions=dict(data["regions"]),
            region_table=region_table,
            city_table=city_table,
            cities=dict(data["cities"]),
            payoffs=payoffs,
            railroads=railroads,
            service=service,
            money_unit=data.get("money_unit", "$"),
            default_edition=data.get("default_edition", "modern"),
            notes=notes,
            thousands=data.get("thousands") is True,
        )

    def to_dict(self) -> dict:
        """The plain-data form, the inverse of :meth:`from_dict`."""
        return {
            "key": self.key,
            "name": self.name,
            "money_unit": self.money_unit,
            "default_edition": self.default_edition,
            "regions": dict(self.regions),
            "region_table": [
                {"parity": p, "white_sum": s, "region": r}
                for (p, s), r in sorted(self.region_table.items())
            ],
            "city_table": [
                {"region": g, "parity": p, "white_sum": s, "city": c}
                for (g, p, s), c in sorted(self.city_table.items())
            ],
            "cities": dict(self.cities),
            "payoffs": [
                {"a": a, "b": b, "payoff": v} for (a, b), v in sorted(self.payoffs.items())
            ],
            "railroads": [
                {"abbr": r.abbr, "name": r.name, "price": r.price, "public": r.public,
                 "colour": r.colour}
                for r in self.railroads.values()
            ],
            "service": {rr: sorted(c) for rr, c in self.service.items()},
            "notes": [{"a": n.city_a, "b": n.city_b, "text": n.text} for n in self.notes],
            **({"thousands": True} if self.thousands else {}),  # unknown cells typed so
        }
