"""Routes along a map's rails: the fewest mileposts between two places, or the least of any
other measure a caller weighs the railroads by. Hints only: the table rules.

A search state is (place, railroad ridden into it, and for a junction the place it came from):
a train keeps its railroad through a junction, changes only at a dot or a city, and passes a
junction only the ways the map's reading of its open question allows.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count

from referee.games.railbaron.route_graph import JUNCTION, RouteGraph

_BITS = 20
_NEVER = 1 << 200
Weigh = Callable[[str, int, bool], tuple[int, ...]]
"""The cost of one step: (railroad ridden, mileposts it counts, whether the railroad changed)."""


@dataclass(frozen=True)
class Leg:
    """A stretch on one railroad."""

    railroad: str
    places: tuple[str, ...]  # node ids, from where the leg starts to where it ends
    dots: int


@dataclass(frozen=True)
class Route:
    start: str
    end: str
    legs: tuple[Leg, ...]

    @property
    def dots(self) -> int:
        return sum(leg.dots for leg in self.legs)

    @property
    def railroads(self) -> tuple[str, ...]:
        """The railroads ridden, each once, in the order first ridden."""
        return tuple(dict.fromkeys(leg.railroad for leg in self.legs))

    @property
    def path(self) -> tuple[str, ...]:
        """Every place passed, node ids, from start to end."""
        if not self.legs:
            return ()
        places = [self.legs[0].places[0]]
        for leg in self.legs:
            places.extend(leg.places[1:])
        return tuple(places)

    def steps(self) -> list[tuple[str, str, str]]:
        """(from, to, railroad) for every segment ridden, in order."""
        return [(a, b, leg.railroad) for leg in self.legs
                for a, b in zip(leg.places, leg.places[1:], strict=False)]


def fewest_dots(rr: str, dots: int, changed: bool) -> tuple[int, ...]:
    """Fewest mileposts first, then fewest changes of railroad."""
    return (dots, int(changed))


def fewest_changes(rr: str, dots: int, changed: bool) -> tuple[int, ...]:
    """Fewest changes of railroad first, then fewest mileposts."""
    return (int(changed), dots)


def plan(graph: RouteGraph, start: str, end: str, weigh: Weigh = fewest_dots) -> Route | None:
    """The route of least weight from node `start` to node `end`, or None if none exists.

    The weights of `weigh` compare as tuples (the first part first); they are packed into one
    whole number for the search, each part below 2**20.
    """
    if start not in graph.nodes or end not in graph.nodes:
        return None
    packed: dict[tuple[str, int, bool], int] = {}

    def cost_of(rr: str, dots: int, changed: bool) -> int:
        key = (rr, dots, changed)
        found = packed.get(key)
        if found is None:
            found = 0
            for part in weigh(rr, dots, changed):
                found = (found << _BITS) + part
            packed[key] = found
        return found

    first = (start, "", "")
    best: dict[tuple[str, str, str], int] = {first: 0}
    came: dict[tuple[str, str, str], tuple[str, str, str]] = {}
    ties = count()
    heap: list = [(0, next(ties), first)]
    junction = graph.nodes[start].kind == JUNCTION
    while heap:
        cost, _tie, state = heapq.heappop(heap)
        if cost != best.get(state):
            continue
        node, rr, prev = state
        if node == end:
            return _route(graph, start, end, state, came)
        junction = graph.nodes[node].kind == JUNCTION
        for nxt, nrr, dots, into_junction in graph.steps[node]:
            if junction and (nrr != rr or not graph.may_pass(node, prev, nxt)):
                continue
            total = cost + cost_of(nrr, dots, bool(rr) and nrr != rr)
            after = (nxt, nrr, node if into_junction else "")
            if total < best.get(after, _NEVER):
                best[after] = total
                came[after] = state
                heapq.heappush(heap, (total, next(ties), after))
    return None


PLANS_KEPT = 2048


def remembered(graph: RouteGraph, start: str, end: str, key: tuple,
               weigh: Weigh = fewest_dots) -> Route | None:
    """`plan`, remembered on the graph under `key` (which must say everything `weigh` weighs:
    the same key, the same weights)."""
    question = (start, end, key)
    found = graph.plans.get(question, graph)
    if found is graph:
        found = plan(graph, start, end, weigh)
        if len(graph.plans) >= PLANS_KEPT:
            graph.plans.clear()
        graph.plans[question] = found
    return found  # type: ignore[return-value]


def plan_cities(graph: RouteGraph, start: str, end: str,
                weigh: Weigh = fewest_dots) -> Route | None:
    """`plan` between two cities named as in cities.csv."""
    a, b = graph.city_nodes.get(start), graph.city_nodes.get(end)
    if a is None or b is None:
        return None
    if weigh is fewest_dots:
        return remembered(graph, a, b, ("fewest_dots",))
    return plan(graph, a, b, weigh)


def distance(graph: RouteGraph, start: str, end: str) -> int | None:
    """The fewest mileposts between two cities along the rails."""
    route = plan_cities(graph, start, end)
    return None if route is None else route.dots


def within(graph: RouteGraph, start: str, limit: int) -> dict[str, int]:
    """Every place (node id) reachable from node `start` in at most `limit` mileposts."""
    found = {}
    first = (start, "", "")
    best = {first: 0}
    heap: list = [(0, next(count()), first)]
    ties = count(1)
    while heap:
        cost, _tie, state = heapq.heappop(heap)
        if cost != best.get(state):
            continue
        node, rr, prev = state
        found[node] = min(found.get(node, cost), cost)
        at_junction = graph.nodes[node].kind == JUNCTION
        for nxt, nrr in graph.neighbours(node):
            if at_junction and (nrr != rr or not graph.may_pass(node, prev, nxt)):
                continue
            total = cost + graph.step_cost(node, nxt)
            after = (nxt, nrr, node if graph.nodes[nxt].kind == JUNCTION else "")
            if total <= limit and (after not in best or total < best[after]):
                best[after] = total
                heapq.heappush(heap, (total, next(ties), after))
    return found


def _route(graph: RouteGraph, start: str, end: str, state: tuple[str, str, str],
           came: dict) -> Route:
    steps = []
    while state in came:
        before = came[state]
        steps.append((before[0], state[0], state[1]))
        state = before
    steps.reverse()
    legs: list[Leg] = []
    for a, b, rr in steps:
        dots = graph.step_cost(a, b)
        if legs and legs[-1].railroad == rr:
            last = legs[-1]
            legs[-1] = Leg(rr, (*last.places, b), last.dots + dots)
        else:
            legs.append(Leg(rr, (a, b), dots))
    return Route(start, end, tuple(legs))
