"""A route question answered in words and as plain data: `referee lookup route` and the phone."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.ledger import BANK, Ledger
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.fees import money
from referee.games.railbaron.route_graph import RouteGraph
from referee.games.railbaron.route_hints import Rider, RouteHint, expected_roll, route_hints
from referee.games.railbaron.settings import Settings
from referee.games.railbaron.state import ENGINES, Player, State

HINT = "A hint from the traced map: the board and the table decide."


class RouteError(ValueError):
    """A route question that cannot be answered (an unknown city, a map without rails)."""


@dataclass(frozen=True)
class RouteAnswer:
    start: str
    end: str
    hints: list[RouteHint]
    graph: RouteGraph
    names: dict[str, str] = field(default_factory=dict)  # account -> name, for the fee words
    rider: str = ""
    engine: str = ""

    @property
    def dots(self) -> int | None:
        return min((h.route.dots for h in self.hints), default=None)

    def place(self, node: str) -> str:
        return self.graph.nodes[node].label

    def cities_on(self, hint: RouteHint) -> list[str]:
        """The cities a route passes or ends in, in order."""
        return [self.graph.nodes[n].city for n in hint.route.path if self.graph.nodes[n].city]

    def owner_name(self, account: str) -> str:
        if account == "":
            return "the bank"
        if account == self.rider:
            return "yours"
        return self.names.get(account, account)

    def payee(self, account: str) -> str:
        """Who a use fee goes to, in words."""
        return "the bank" if account == BANK else self.names.get(account, account)

    def turns_words(self, hint: RouteHint) -> str:
        if not self.engine:
            return ""
        turns = "turn" if hint.turns == 1 else "turns"
        fees = [money(f.amount) for f in hint.fees]
        return (f"about {hint.turns} {turns} at a {self.engine.capitalize()}'s average roll of "
                f"{float(expected_roll(self.engine)):.1f}; use fees about "
                f"{', '.join(fees)} ({money(hint.fee_total)} in all)")

    def as_dict(self) -> dict[str, Any]:
        routes = []
        for hint in self.hints:
            route = hint.route
            routes.append({
                "dots": route.dots,
                "railroads": list(route.railroads),
                "path": [self.place(n) for n in route.path],
                "cities": self.cities_on(hint),
                "legs": [{"railroad": leg.railroad, "dots": leg.dots,
                          "from": self.place(leg.places[0]), "to": self.place(leg.places[-1])}
                         for leg in route.legs],
                "best_for": hint.labels,
                "owners": {rr: self.owner_name(o) for rr, o in hint.owners.items()}
                if self.rider else {},
                "turns": hint.turns if self.engine else None,
                "fees_per_turn": [
                    {"turn": f.turn, "railroads": list(f.railroads),
                     "pay": [{"to": self.payee(to), "amount": amount}
                             for to, amount in f.payments],
                     "amount": f.amount} for f in hint.fees],
            })
        return {
            "from": self.start, "to": self.end, "dots": self.dots, "routes": routes,
            "readings": {q.id: q.reading for q in self.graph.questions.values()},
            "hint": HINT,
        }

    def describe(self) -> str:
        if not self.hints:
            return f"No route from {self.start} to {self.end} along the rails."
        lines = [f"{self.start} to {self.end}: {self.dots} mileposts at the fewest. {HINT}"]
        for i, hint in enumerate(self.hints, 1):
            route = hint.route
            lines.append(f"{i}. {route.dots} mileposts on {', '.join(route.railroads)} "
                         f"({'; '.join(hint.labels)})")
            for leg in route.legs:
                lines.append(f"   {leg.railroad}: {self.place(leg.places[0])} to "
                             f"{self.place(leg.places[-1])}, {leg.dots} mileposts")
            if words := self.turns_words(hint):
                lines.append(f"   {words}")
        readings = [f"{q.id} {q.reading}" for q in self.graph.questions.values()]
        if readings:
            lines.append("Open questions read as: " + ", ".join(readings) + ".")
        return "\n".join(lines)


def answer_route(board: RailBaronMap, start: str, end: str, *, rider: Rider | None = None,
                 readings: dict[str, str] | None = None) -> RouteAnswer:
    """The routes between two cities of `board` (names matched case-insensitively)."""
    graph = board.route_graph
    if graph is None:
        raise RouteError(f"the {board.name} map has no route graph")
    if readings:
        graph = graph.with_readings(readings)
    a, b = board.find_city(start), board.find_city(end)
    for text, found in ((start, a), (end, b)):
        if found is None:
            raise RouteError(f"unknown city {text!r}")
    assert a is not None and b is not None
    if a == b:
        raise RouteError(f"{a} to {a}: the train is already there")
    names = {}
    if rider is not None:
        names = {pid: p.name for pid, p in rider.state.players.items()}
    return RouteAnswer(a, b, route_hints(graph, a, b, rider), graph, names,
                       rider.player if rider else "", rider.engine if rider else "")


def table_rider(board: RailBaronMap, player: str, owners: dict[str, str], engine: str = "freight",
                edition: str | None = None) -> Rider:
    """A rider outside any game: `player` with his engine, and who owns which railroad (by
    name; every other railroad is the bank's). For look-ups from the command line."""
    if engine not in ENGINES:
        raise RouteError(f"engine {engine!r} is not one of {', '.join(ENGINES)}")
    for rr in owners:
        if rr not in board.railroads:
            raise RouteError(f"unknown railroad {rr!r}")
    people = {name: Player(name, name) for name in [player, *owners.values()]}
    people[player].engine = engine
    state = State(ledger=Ledger(), players=people)
    state.owners = {rr: owners.get(rr) for rr in board.railroads}
    return Rider(state, board, Settings(edition=edition or board.default_edition), player)
