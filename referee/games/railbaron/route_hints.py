"""Route hints for a player: the shortest route and fee-aware alternatives under today's
ownership, each with its mileposts, railroads, turns at the engine's expected roll and the use
fees each of those turns would cost. The fees come from the rules' own fee code (fees.py);
establishment and how the dice really fall are left out, so every figure is "about".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.fees import full_rate, recipient
from referee.games.railbaron.route_graph import RouteGraph
from referee.games.railbaron.route_planner import (
    PLANS_KEPT,
    Route,
    Weigh,
    distance,
    fewest_changes,
    fewest_dots,
    remembered,
)
from referee.games.railbaron.settings import Settings
from referee.games.railbaron.state import State

SHORTEST = "shortest"
FEWEST_CHANGES = "fewest_changes"
OWN = "own"
FEWEST_OPPONENTS = "fewest_opponents"
CHEAPEST = "cheapest"
LABELS = {
    SHORTEST: "Fewest mileposts",
    FEWEST_CHANGES: "Fewest changes of railroad",
    OWN: "Own railroads where possible",
    FEWEST_OPPONENTS: "Fewest opponents, then fewest bank railroads",
    CHEAPEST: "Least in use fees",
}
# Penalties per milepost (opponent's, bank's) tried when looking for the route least in fees.
_FEE_WEIGHTS = ((1, 0), (2, 1), (4, 1), (8, 2), (16, 4), (64, 8))


@cache
def expected_roll(engine: str) -> Fraction:
    """The mileposts a turn moves on average with this engine, bonus die included."""
    total, cases = Fraction(0), 0
    for w1, w2, red in product(range(1, 7), repeat=3):
        bonus = (engine == "superchief" or (engine == "express" and w1 == w2)
                 or (engine == "freight" and w1 == w2 == 6))
        total += w1 + w2 + (red if bonus else 0)
        cases += 1
    return total / cases


@dataclass(frozen=True)
class TurnFee:
    """The use fees of one turn of a route: to whom, how much, for which railroads."""

    turn: int
    railroads: tuple[str, ...]
    payments: tuple[tuple[str, int], ...]  # (account, amount)

    @property
    def amount(self) -> int:
        return sum(a for _to, a in self.payments)


@dataclass(frozen=True)
class RouteHint:
    route: Route
    kinds: tuple[str, ...]  # SHORTEST, OWN, ... : what this route is best at
    owners: dict[str, str]  # railroad -> owner account ("" for the bank)
    turns: int
    fees: tuple[TurnFee, ...]

    @property
    def labels(self) -> list[str]:
        return [LABELS[k] for k in self.kinds]

    @property
    def fee_total(self) -> int:
        return sum(f.amount for f in self.fees)


@dataclass(frozen=True)
class Rider:
    """Whose fees a hint counts, in which game: the state supplies the ownership."""

    state: State
    board: RailBaronMap
    settings: Settings
    player: str

    @property
    def engine(self) -> str:
        return self.state.players[self.player].engine

    def owner(self, rr: str) -> str:
        """The rider himself, an opponent's id, or "" for the bank (Public railroads too)."""
        owner = self.state.owners.get(rr)
        return "" if self.board.railroads[rr].public or owner is None else owner

    def sides(self) -> tuple[tuple[str, str], ...]:
        """Each railroad as the rider sees it: his own, the bank's or an opponent's."""
        return tuple((rr, "own" if o == self.player else "bank" if o == "" else "opponent")
                     for rr in self.board.railroads for o in (self.owner(rr),))

    def weigh(self, kind: str, opponent: int = 0, bank: int = 0) -> Weigh:
        def by_owner(rr: str, dots: int, changed: bool) -> tuple[int, ...]:
            owner = self.owner(rr)
            opp = dots if owner not in ("", self.player) else 0
            bnk = dots if owner == "" else 0
            if kind == OWN:
                return (opp + bnk, opp, dots, int(changed))
            if kind == FEWEST_OPPONENTS:
                return (opp, bnk, dots, int(changed))
            return (dots + opponent * opp + bank * bnk, int(changed))

        return by_owner


def turn_fees(route: Route, rider: Rider, graph: RouteGraph) -> tuple[int, tuple[TurnFee, ...]]:
    """(turns, the fees of each turn) riding `route` at the engine's expected roll."""
    roll = expected_roll(rider.engine)
    turns = max(1, math.ceil(route.dots / roll))
    ridden: dict[int, list[str]] = {}
    done = 0
    for a, b, rr in route.steps():
        done += graph.step_cost(a, b)
        turn = max(1, math.ceil(done / roll))
        ridden.setdefault(turn, [])
        if rr not in ridden[turn]:
            ridden[turn].append(rr)
    fees = []
    for turn in range(1, turns + 1):
        groups: dict[str, int] = {}
        for rr in ridden.get(turn, []):
            to = recipient(rider.state, rider.board, rider.settings, rider.player, rr)
            if to:
                rate = full_rate(rider.state, rider.board, rider.settings, rider.player, rr)
                groups[to] = max(groups.get(to, 0), rate)
        fees.append(TurnFee(turn, tuple(ridden.get(turn, [])), tuple(groups.items())))
    return turns, tuple(fees)


def fee_view(rider: Rider | None) -> tuple:
    """Everything of a rider that his hints depend on: who he is, his engine, each railroad's
    owner as the fees see it, whether all are sold and the edition. Two positions with the same
    view have the same hints, whatever else happened between them (ownership changes seldom)."""
    if rider is None:
        return ()
    return (rider.player, rider.engine, tuple(rider.owner(rr) for rr in rider.board.railroads),
            rider.state.sold_out, rider.settings.classic)


def route_hints(graph: RouteGraph, start: str, end: str,
                rider: Rider | None = None) -> list[RouteHint]:
    """The routes worth showing from city `start` to city `end`, the shortest first.

    Without a rider: the fewest mileposts, and the fewest changes of railroad. With one: also
    his own railroads where possible, the fewest opponents (then the fewest bank railroads), and
    the least in use fees at his engine's expected roll. Equal routes are shown once.
    Remembered per (map, from, to) and the rider's `fee_view`: the arrival panel asks again
    after every action, and the answer changes only when the ownership or the engine does.
    """
    question = ("hints", start, end, fee_view(rider))  # kept on the graph: one per map
    found = graph.plans.get(question)
    if found is None:
        found = tuple(_work_out(graph, start, end, rider))
        if len(graph.plans) >= PLANS_KEPT:
            graph.plans.clear()
        graph.plans[question] = found
    return list(found)  # type: ignore[call-overload]


def _work_out(graph: RouteGraph, start: str, end: str, rider: Rider | None) -> list[RouteHint]:
    a, b = graph.city_nodes.get(start), graph.city_nodes.get(end)
    if a is None or b is None:
        return []
    found: list[tuple[str, Route]] = []

    sides = rider.sides() if rider is not None else ()

    def add(kind: str, weigh: Weigh, key: tuple) -> None:
        route = remembered(graph, a, b, key, weigh)
        if route is not None:
            found.append((kind, route))

    add(SHORTEST, fewest_dots, ("fewest_dots",))
    if rider is None:
        add(FEWEST_CHANGES, fewest_changes, ("fewest_changes",))
        return _merge(found, lambda route: (0, ()), {})
    if rider.state.owned_by(rider.player):
        add(OWN, rider.weigh(OWN), (OWN, sides))
    add(FEWEST_OPPONENTS, rider.weigh(FEWEST_OPPONENTS), (FEWEST_OPPONENTS, sides))
    cheap = [remembered(graph, a, b, (CHEAPEST, o, k, sides), rider.weigh(CHEAPEST, o, k))
             for o, k in _FEE_WEIGHTS]
    costed = [(sum(f.amount for f in turn_fees(r, rider, graph)[1]), r.dots, i, r)
              for i, r in enumerate(cheap) if r is not None]
    if costed:
        found.append((CHEAPEST, min(costed)[3]))
    owners = {rr: rider.owner(rr) for rr in rider.board.railroads}
    return _merge(found, lambda route: turn_fees(route, rider, graph), owners)


def _merge(found: list[tuple[str, Route]], fees, owners: dict[str, str]) -> list[RouteHint]:
    merged: dict[tuple, tuple[list[str], Route]] = {}
    for kind, route in found:
        key = tuple(route.steps())
        merged.setdefault(key, ([], route))[0].append(kind)
    hints = []
    for kinds, route in merged.values():
        turns, per_turn = fees(route)
        hints.append(RouteHint(route, tuple(kinds), {rr: owners.get(rr, "")
                                                     for rr in route.railroads},
                               turns, per_turn))
    return hints


def likely_railroads(graph: RouteGraph, state: State, board: RailBaronMap, settings: Settings,
                     player: str, start: str, end: str) -> list[str]:
    """The railroads of the routes a player likely rides from `start` to `end`: those of every
    route hint, shortest first, each once (the hints are remembered, see `route_hints`)."""
    if start == end:
        return []
    hints = route_hints(graph, start, end, Rider(state, board, settings, player))
    return list(dict.fromkeys(rr for h in hints for rr in h.route.railroads))


def reach(graph: RouteGraph, start: str, end: str) -> int | None:
    """Mileposts from city `start` to city `end` along the rails (0 in the same city): for a
    "within reach" hint, never a ruling."""
    return 0 if start == end else distance(graph, start, end)
