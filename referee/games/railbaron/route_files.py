"""Read and check a map's route graph files (the `[route_graph]` table of map.toml).

The map loader hands over the manifest's table, the map's cities, railroads and twins, a way to
read a CSV file's rows and two ways to report a problem (file, line, message); this module
names every problem where it was found and builds the graph only when there was no error.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any

from referee.games.railbaron.route_graph import (
    CITY,
    NODE_KINDS,
    READINGS,
    Edge,
    Node,
    Question,
    RouteGraph,
)

GRAPH_FILES: dict[str, tuple[str, ...]] = {
    "nodes": ("node", "kind", "city", "lat", "lon"),
    "edges": ("node_a", "node_b", "railroad", "question"),
    "distances": ("city_a", "city_b", "dots"),
}
"""Each file of a route graph, by its key in `[route_graph]`, with its CSV header."""

SECTION = "route_graph"
Rows = Callable[[str, tuple[str, ...]], list[tuple[int, dict[str, str]]] | None]
Report = Callable[[str, int | None, str], None]


def read_route_graph(section: Any, cities: Collection[str], railroads: Collection[str],
                     twins: Collection[tuple[str, str]], rows: Rows, error: Report,
                     warn: Report, manifest: str = "map.toml") -> RouteGraph | None:
    """The graph the `[route_graph]` table describes, or None after reporting its errors."""
    reader = _GraphReader(cities, railroads, rows, error, warn, manifest)
    if not isinstance(section, dict):
        error(manifest, None, f"[{SECTION}] must be a table naming its files")
        return None
    return reader.read(section, frozenset(twins))


class _GraphReader:
    def __init__(self, cities: Collection[str], railroads: Collection[str], rows: Rows,
                 error: Report, warn: Report, manifest: str) -> None:
        self.cities, self.railroads = set(cities), set(railroads)
        self.rows, self.warn, self.manifest = rows, warn, manifest
        self.errors = 0
        self._error = error

    def error(self, file: str, line: int | None, message: str) -> None:
        self.errors += 1
        self._error(file, line, message)

    def read(self, section: dict, twins: frozenset[tuple[str, str]]) -> RouteGraph | None:
        names = {}
        for key in GRAPH_FILES:
            name = section.get(key)
            if name is None and key == "distances":
                continue
            if not isinstance(name, str) or not name or "/" in name or "\\" in name:
                self.error(self.manifest, None,
                           f"field '{SECTION}.{key}' must be a file name in the map folder")
                continue
            names[key] = name
        summary = section.get("summary", "")
        if not isinstance(summary, str):
            self.error(self.manifest, None, f"field '{SECTION}.summary' must be a string")
            summary = ""
        if "nodes" not in names or "edges" not in names:
            return None
        nodes = self.read_nodes(names["nodes"])
        questions = self.read_questions(section.get("questions", {}), nodes)
        edges = self.read_edges(names["edges"], nodes, questions)
        distances = self.read_distances(names["distances"]) if "distances" in names else {}
        if self.errors:
            return None
        graph = RouteGraph(nodes, edges, questions, twins, distances, summary.strip())
        self.check_reach(graph, names["nodes"])
        return graph

    def read_nodes(self, file: str) -> dict[str, Node]:
        nodes: dict[str, Node] = {}
        lines: dict[str, int] = {}
        city_lines: dict[str, int] = {}
        for line, row in self.rows(file, GRAPH_FILES["nodes"]) or []:
            node, kind, city = row["node"], row["kind"], row["city"]
            ok = True
            if not node:
                self.error(file, line, "empty node id")
                continue
            if node in lines:
                self.error(file, line, f"node {node} repeats line {lines[node]}")
                continue
            lines[node] = line
            if kind not in NODE_KINDS:
                self.error(file, line, f"kind {kind!r} is not {', '.join(NODE_KINDS)}")
                ok = False
            if kind == CITY:
                if city not in self.cities:
                    self.error(file, line, f"unknown city {city!r} (not in cities.csv)")
                    ok = False
                elif city in city_lines:
                    self.error(file, line, f"{city} repeats line {city_lines[city]}")
                    ok = False
                else:
                    city_lines[city] = line
            elif city:
                self.error(file, line, f"a {kind} names no city, found {city!r}")
                ok = False
            lat, lon = _number(row["lat"]), _number(row["lon"])
            if lat is None or not -90 <= lat <= 90:
                self.error(file, line, f"lat {row['lat']!r} is not a latitude")
                ok = False
            if lon is None or not -180 <= lon <= 180:
                self.error(file, line, f"lon {row['lon']!r} is not a longitude")
                ok = False
            if ok and lat is not None and lon is not None:
                nodes[node] = Node(node, kind, city, lat, lon)
        for city in sorted(self.cities - set(city_lines)):
            self.error(file, None, f"{city} has no node")
        return nodes

    def read_questions(self, table: Any, nodes: dict[str, Node]) -> dict[str, Question]:
        where = f"{SECTION}.questions"
        if not isinstance(table, dict):
            self.error(self.manifest, None, f"[{where}] must be a table of questions")
            return {}
        questions = {}
        for qid, q in table.items():
            if not isinstance(q, dict):
                self.error(self.manifest, None, f"[{where}.{qid}] must be a table")
                continue
            texts = {k: q.get(k) for k in ("about", "permissive", "strict")}
            bad = [k for k, v in texts.items() if not isinstance(v, str) or not v.strip()]
            for k in bad:
                self.error(self.manifest, None, f"field '{where}.{qid}.{k}' must be a "
                                                "non-empty string")
            reading = q.get("reading", READINGS[0])
            if reading not in READINGS:
                self.error(self.manifest, None, f"field '{where}.{qid}.reading' must be "
                                                f"{' or '.join(READINGS)}, not {reading!r}")
                bad.append("reading")
            junction, straight = q.get("junction", ""), q.get("straight", [])
            if junction and junction not in nodes:
                self.error(self.manifest, None, f"{where}.{qid}: unknown junction {junction!r}")
                bad.append("junction")
            pairs = []
            for entry in straight if isinstance(straight, list) else [straight]:
                if (not isinstance(entry, list) or len(entry) != 2
                        or not all(isinstance(n, str) and n in nodes for n in entry)):
                    self.error(self.manifest, None, f"{where}.{qid}: straight entry {entry!r} "
                                                    "is not a pair of known nodes")
                    bad.append("straight")
                    continue
                pairs.append((entry[0], entry[1]))
            if not bad:
                questions[qid] = Question(qid, texts["about"].strip(),
                                          texts["permissive"].strip(), texts["strict"].strip(),
                                          reading, junction, tuple(pairs))
        return questions

    def read_edges(self, file: str, nodes: dict[str, Node],
                   questions: dict[str, Question]) -> list[Edge]:
        edges = []
        seen: dict[tuple[str, str, str], int] = {}
        for line, row in self.rows(file, GRAPH_FILES["edges"]) or []:
            a, b, rr, question = row["node_a"], row["node_b"], row["railroad"], row["question"]
            ok = True
            for node in (a, b):
                if node not in nodes:
                    self.error(file, line, f"unknown node {node!r} (not in the nodes file)")
                    ok = False
            if ok and a == b:
                self.error(file, line, f"segment from {a} to itself")
                ok = False
            if rr not in self.railroads:
                self.error(file, line, f"unknown railroad {rr!r} (not in railroads.csv)")
                ok = False
            if question and question not in questions:
                self.error(file, line, f"question {question!r} is not in [{SECTION}.questions]")
                ok = False
            key = (*sorted((a, b)), rr)
            if ok and key in seen:
                self.error(file, line, f"{rr} {a}-{b} repeats line {seen[key]}")
                ok = False
            if ok:
                seen[key] = line
                edges.append(Edge(a, b, rr, question))
        return edges

    def read_distances(self, file: str) -> dict[tuple[str, str], int]:
        distances: dict[tuple[str, str], int] = {}
        lines: dict[tuple[str, str], int] = {}
        for line, row in self.rows(file, GRAPH_FILES["distances"]) or []:
            a, b, dots = row["city_a"], row["city_b"], row["dots"]
            ok = True
            for city in (a, b):
                if city not in self.cities:
                    self.error(file, line, f"unknown city {city!r} (not in cities.csv)")
                    ok = False
            if not (dots.isascii() and dots.isdigit()):
                self.error(file, line, f"dots {dots!r} is not a whole number")
                ok = False
            key = (a, b) if a <= b else (b, a)
            if ok and key in lines:
                self.error(file, line, f"{a}-{b} repeats line {lines[key]}")
                ok = False
            if ok:
                lines[key] = line
                distances[key] = int(dots)
        return distances

    def check_reach(self, graph: RouteGraph, file: str) -> None:
        """Warn about nodes no railroad reaches and railroads whose rails fall apart."""
        for node in graph.nodes:
            if not graph.neighbours(node):
                self.warn(file, None, f"node {node} has no railroad")
        by_rr: dict[str, list[Edge]] = {}
        for edge in graph.edges:
            by_rr.setdefault(edge.railroad, []).append(edge)
        for rr, edges in sorted(by_rr.items()):
            if _parts(edges) > 1:
                self.warn(file, None, f"the {rr} falls apart into {_parts(edges)} pieces")


def _parts(edges: list[Edge]) -> int:
    """How many separate pieces a set of segments forms."""
    parent: dict[str, str] = {}

    def root(n: str) -> str:
        while parent.setdefault(n, n) != n:
            n = parent[n]
        return n

    for e in edges:
        parent[root(e.a)] = root(e.b)
    return len({root(n) for n in parent})


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None
