"""The rails of a Rail Baron map: every city, dot and junction, and which railroad runs where.

A map may carry a route graph (docs/railbaron-routes.md). It gives hints only: the table rules,
and the app never refuses a move because of the graph. Cost model: entering a dot or a city costs
one milepost, entering a junction nothing, the step between twin cities nothing; a train changes
railroad only at a dot or a city, never at a junction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

CITY, DOT, JUNCTION = "city", "dot", "junction"
NODE_KINDS = (CITY, DOT, JUNCTION)
PERMISSIVE, STRICT = "permissive", "strict"
READINGS = (PERMISSIVE, STRICT)


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    city: str  # "" for a dot or a junction
    lat: float
    lon: float

    @property
    def label(self) -> str:
        """How a route names the place: the city, or the node id of a dot."""
        return self.city or self.id


@dataclass(frozen=True)
class Edge:
    """One railroad on one segment; `question` names the open question it depends on."""

    a: str
    b: str
    railroad: str
    question: str = ""


@dataclass(frozen=True)
class Question:
    """An open question of the tracing, with both readings and the one this map plays."""

    id: str
    about: str
    permissive: str
    strict: str
    reading: str = PERMISSIVE
    junction: str = ""  # a junction whose passages the strict reading limits
    straight: tuple[tuple[str, str], ...] = ()  # the passages the strict reading keeps


@dataclass
class RouteGraph:
    """A map's rails under one reading of each open question."""

    nodes: dict[str, Node]
    edges: list[Edge]
    questions: dict[str, Question] = field(default_factory=dict)
    twins: frozenset[tuple[str, str]] = frozenset()
    distances: dict[tuple[str, str], int] = field(default_factory=dict)  # documented, by city
    summary: str = ""

    def __post_init__(self) -> None:
        self.city_nodes = {n.city: n.id for n in self.nodes.values() if n.kind == CITY}
        self._adjacency: dict[str, list[tuple[str, str]]] = {}
        for edge in self.active_edges():
            self._adjacency.setdefault(edge.a, []).append((edge.b, edge.railroad))
            self._adjacency.setdefault(edge.b, []).append((edge.a, edge.railroad))
        self.steps = {
            node: [(nxt, rr, self.step_cost(node, nxt), self.nodes[nxt].kind == JUNCTION)
                   for nxt, rr in self._adjacency.get(node, [])]
            for node in self.nodes
        }
        """(next node, railroad, mileposts counted, whether the next node is a junction)."""
        self.plans: dict[tuple, object] = {}  # route searches already made, by question

    def reading(self, question: str) -> str:
        found = self.questions.get(question)
        return found.reading if found else PERMISSIVE

    def active_edges(self) -> Iterable[Edge]:
        """The edges under this map's readings: a question's rows only when read permissively."""
        return (e for e in self.edges if not e.question or self.reading(e.question) == PERMISSIVE)

    def with_readings(self, readings: Mapping[str, str]) -> RouteGraph:
        """The same rails with some open questions read otherwise (unknown ids are ignored)."""
        questions = {
            qid: Question(q.id, q.about, q.permissive, q.strict,
                          readings.get(qid, q.reading), q.junction, q.straight)
            for qid, q in self.questions.items()
        }
        return RouteGraph(self.nodes, self.edges, questions, self.twins, self.distances,
                          self.summary)

    def neighbours(self, node: str) -> list[tuple[str, str]]:
        """(next node, railroad) for every railroad segment at `node`."""
        return self._adjacency.get(node, [])

    def step_cost(self, a: str, b: str) -> int:
        """Mileposts counted for moving from `a` to the neighbouring `b`."""
        na, nb = self.nodes[a], self.nodes[b]
        if nb.kind == JUNCTION:
            return 0
        if na.kind == CITY and nb.kind == CITY and _pair(na.city, nb.city) in self.twins:
            return 0
        return 1

    def may_pass(self, junction: str, came_from: str, going_to: str) -> bool:
        """Whether a train may go on from `came_from` through `junction` to `going_to`."""
        if came_from == going_to:
            return False
        for q in self.questions.values():
            if q.junction == junction and q.reading == STRICT:
                return (came_from, going_to) in q.straight or (going_to, came_from) in q.straight
        return True

    def railroads_at(self, city: str) -> frozenset[str]:
        """The railroads serving a city, by the rails that reach its square."""
        node = self.city_nodes.get(city)
        return frozenset(rr for _n, rr in self.neighbours(node)) if node else frozenset()

    def railroad_cities(self, railroad: str) -> list[str]:
        """The cities a railroad serves, by name."""
        return sorted(c for c, node in self.city_nodes.items()
                      if any(rr == railroad for _n, rr in self.neighbours(node)))

    def disputed(self, city: str) -> frozenset[str]:
        """Railroads at a city that depend on an open question (shown with a note)."""
        node = self.city_nodes.get(city)
        return frozenset(e.railroad for e in self.edges
                         if e.question and node in (e.a, e.b))


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)
