"""The board at a glance: an SVG schematic of a map's rails, drawn from the route graph's
positions (no image of the board is shipped: the art is the publisher's).

Each railroad is coloured by its owner (the bank's grey, Public dashed); cities are labelled;
each player's home, destination and train are marked, declared players ringed. A railroad is a
link (`?rr=ABBR`) to its name, owner, price and cities; `?focus=REGION` zooms on a region so
the labels read on a phone. Sizes are in the drawing's own units, so a region seen on a 360 px
phone reads about as large as the whole map on a 1280 px screen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup, escape

from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.route_graph import CITY, DOT, RouteGraph
from referee.games.railbaron.state import State
from referee.web.names import seat_names

WIDTH = 1000.0
MARGIN = 24.0
BANK_GREY = "#9a9a9a"
ROUTE_COLOUR = "#ffb300"
LANE = 2.6  # gap between parallel railroads on one segment
FOCUS_MARGIN = 40.0
FONT = 11.0
LABEL_ROOM = 70.0  # beyond the easternmost city, for its name
WHOLE, ROUTE = "all", "route"  # focus on the whole map, on the route drawn


@dataclass(frozen=True)
class Marker:
    """A player's mark on a city: home, destination or train."""

    city: str
    kind: str  # home | destination | train
    colour: str
    name: str
    declared: bool


@dataclass(frozen=True)
class RailInfo:
    """What a tap on a railroad shows."""

    abbr: str
    name: str
    owner: str
    colour: str
    price: int
    public: bool
    cities: tuple[str, ...]


@dataclass(frozen=True)
class Focus:
    key: str
    label: str
    url: str
    on: bool


@dataclass(frozen=True)
class BoardPicture:
    """The board drawn as three pictures laid on one another (static/railbaron/
    railbaron_public.css): the rails, the players' markers, the city names. A move changes the
    markers alone, so the table view sends that layer again and not the map (web/parts.py)."""

    layers: tuple[Markup, Markup, Markup]  # rails, markers, names: painted in this order
    focus: tuple[Focus, ...]
    rail: RailInfo | None
    legend: tuple[tuple[str, str, bool], ...]  # (owner, colour, dashed)
    markers: tuple[Marker, ...]

    @property
    def svg(self) -> Markup:
        return Markup("".join(self.layers))


class Projection:
    """Latitude and longitude to drawing units: x east, y south, longitude shrunk by the
    cosine of the middle latitude."""

    def __init__(self, graph: RouteGraph) -> None:
        lats = [n.lat for n in graph.nodes.values()]
        lons = [n.lon for n in graph.nodes.values()]
        self.cos = math.cos(math.radians((min(lats) + max(lats)) / 2))
        self.west, self.north = min(lons), max(lats)
        span = (max(lons) - self.west) * self.cos or 1.0
        self.scale = (WIDTH - 2 * MARGIN) / span
        self.height = (self.north - min(lats)) * self.scale + 2 * MARGIN

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        return (round(MARGIN + (lon - self.west) * self.cos * self.scale, 1),
                round(MARGIN + (self.north - lat) * self.scale, 1))


def owner_colours(state: State, board: RailBaronMap,
                  colours: Mapping[str, str]) -> dict[str, tuple[str, bool]]:
    """Each railroad's (colour, dashed): its owner's colour, the bank's grey, Public dashed."""
    out = {}
    for rr, info in board.railroads.items():
        owner = state.owners.get(rr)
        colour = colours.get(owner, BANK_GREY) if owner and not info.public else BANK_GREY
        out[rr] = (colour, info.public)
    return out


def _query(base: Mapping[str, str], **changes: str | None) -> str:
    merged = {**base, **changes}
    return "?" + urlencode({k: v for k, v in merged.items() if v}) + "#board"


def picture(board: RailBaronMap, graph: RouteGraph, state: State, colours: Mapping[str, str],
            names: Mapping[str, str], *, focus: str = "", rail: str = "",
            route: Iterable[tuple[str, str, str]] = (),
            keep: Mapping[str, str] | None = None) -> BoardPicture:
    """The board as it stands: `colours` and `names` by player id; `route` (steps from,
    to, railroad) drawn on top; `keep` the other query arguments of the page's links."""
    keep = dict(keep or {})
    paint = owner_colours(state, board, colours)
    proj, pos, paths, dots = _drawing(graph)
    markers = _markers(state, colours, names)
    view = _view_box(board, graph, pos, proj, focus, route)
    # a region is drawn on a phone's width: its names grow with it, to read at about 12 px
    font = FONT if focus in ("", WHOLE) else round(max(FONT, float(view.split()[2]) / 28), 1)
    layer = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" '
             'class="rbb-svg rbb-layer" aria-hidden="true">')
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" class="rbb-svg" role="img" '
        f'aria-label="The board at a glance: {escape(board.name)}">',
        "<style>.rbb-hit{stroke:transparent;stroke-width:12;fill:none}"
        ".rbb-line{fill:none;stroke-width:2.2;stroke-linecap:round}"
        ".rbb-dash{stroke-dasharray:5 3}.rbb-faded{opacity:.25}"
        ".rbb-picked .rbb-line{stroke-width:4.5}"
        f".rbb-route{{fill:none;stroke:{ROUTE_COLOUR};stroke-width:9;stroke-linecap:round;"
        "stroke-linejoin:round;opacity:.75}"
        ".rbb-dots{stroke:#222;stroke-width:2.6;stroke-linecap:round;fill:none}"
        f".rbb-city text{{font:600 {font}px system-ui,sans-serif;fill:#111;paint-order:stroke;"
        "stroke:#fff;stroke-width:3px}"
        ".rbb-city rect{fill:#111}"
        "a:focus .rbb-line{stroke-width:4.5}</style>",
    ]
    route_d = "".join(f"M{pos[a][0]} {pos[a][1]}L{pos[b][0]} {pos[b][1]}" for a, b, _ in route)
    if route_d:
        parts.append(f'<path class="rbb-route" d="{route_d}"/>')
    for rr in sorted(paths):
        colour, dashed = paint.get(rr, (BANK_GREY, False))
        d = paths[rr]
        cls = "rbb-rail" + (" rbb-picked" if rr == rail else "")
        cls += " rbb-faded" if rail and rr != rail else ""
        title = f"{rr}: {board.railroads[rr].name}" if rr in board.railroads else rr
        parts.append(
            f'<a href="{escape(_query(keep, rr=rr))}" class="{cls}" data-rr="{escape(rr)}">'
            f"<title>{escape(title)}</title>"
            f'<path class="rbb-hit" d="{d}"/>'
            f'<path class="rbb-line{" rbb-dash" if dashed else ""}" stroke="{colour}" '
            f'd="{d}"/></a>')
    parts.append(f'<path class="rbb-dots" d="{dots}"/></svg>')
    marks = [layer, "<g>", *_marker_svg(graph, pos, markers), "</g></svg>"]
    names_ = [layer, '<g class="rbb-city">']
    for nid, (x, y, anchor, lx, ly) in _label_places(graph, pos, font).items():
        end = ' text-anchor="end"' if anchor == "end" else ""
        names_.append(f'<rect x="{x - 3.5}" y="{y - 3.5}" width="7" height="7"/>'
                      f'<text x="{lx}" y="{ly}"{end}>{escape(graph.nodes[nid].city)}</text>')
    names_.append("</g></svg>")
    return BoardPicture(
        layers=(Markup("".join(parts)), Markup("".join(marks)), Markup("".join(names_))),
        focus=_focus_links(board, keep, focus, bool(route_d)),
        rail=_rail_info(board, graph, state, names, rail, paint),
        legend=_legend(state, board, colours, names),
        markers=tuple(markers),
    )


_DRAWINGS: dict[int, tuple[RouteGraph, tuple]] = {}
_PLACES: dict[tuple[int, float], tuple[RouteGraph, dict]] = {}
Box = tuple[float, float, float, float]  # left, top, right, bottom


def _label_places(graph: RouteGraph, pos: Mapping[str, tuple[float, float]],
                  font: float) -> dict[str, tuple[float, float, str, float, float]]:
    """Where each city's name goes, by node: (x, y, anchor, text x, text y). Beside its square,
    up right first (up left for the western one of twin cities), else the first of the other
    corners and sides that overlaps no name placed before nor a city's square, else the one
    that overlaps least: Indianapolis, Columbus and Cincinnati each read on their own."""
    key = (id(graph), font)
    if key in _PLACES and _PLACES[key][0] is graph:
        return _PLACES[key][1]
    cities = [nid for nid, node in graph.nodes.items() if node.kind == CITY]
    west_twins = {min(pair, key=lambda c: pos[graph.city_nodes[c]][0]) for pair in graph.twins
                  if all(c in graph.city_nodes for c in pair)}
    pad = 3.5 + 2  # a name kept clear of other cities' squares, so it is not read as theirs
    squares = {n: (pos[n][0] - pad, pos[n][1] - pad, pos[n][0] + pad, pos[n][1] + pad)
               for n in cities}
    placed: list[Box] = []
    out: dict[str, tuple[float, float, str, float, float]] = {}
    up, down, mid = -5.0, 5.0 + 0.8 * font, 0.35 * font
    for nid in sorted(cities, key=lambda n: (pos[n][1], pos[n][0])):
        x, y = pos[nid]
        width = 0.64 * font * len(graph.nodes[nid].city) + 3
        tries = [("start", up), ("end", up), ("start", down), ("end", down), ("start", mid),
                 ("end", mid)]
        if graph.nodes[nid].city in west_twins:
            tries = [("end", up), ("end", mid), ("end", down)] + tries
        best: tuple[float, tuple[str, float, float, Box]] | None = None
        for anchor, dy in tries:
            lx = x - 6 if anchor == "end" else x + 6
            left = lx - width if anchor == "end" else lx
            box = (left, y + dy - 0.9 * font, left + width, y + dy + 0.3 * font)
            cost = sum(_overlap(box, other) for other in placed)
            cost += sum(_overlap(box, sq) for n, sq in squares.items() if n != nid)
            if best is None or cost < best[0]:
                best = (cost, (anchor, lx, y + dy, box))
            if cost == 0:
                break
        assert best is not None
        anchor, lx, ly, box = best[1]
        placed.append(box)
        out[nid] = (x, y, anchor, round(lx, 1), round(ly, 1))
    _PLACES[key] = (graph, out)
    return out


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _drawing(graph: RouteGraph) -> tuple[Projection, dict[str, tuple[float, float]],
                                         dict[str, str], str]:
    """(projection, position of each node, each railroad's path, the dots' path) of a graph,
    worked out once per loaded graph."""
    kept = _DRAWINGS.get(id(graph))
    if kept is not None and kept[0] is graph:
        return kept[1]
    proj = Projection(graph)
    pos = {nid: proj.xy(n.lat, n.lon) for nid, n in graph.nodes.items()}
    segments: dict[tuple[str, str], list[str]] = {}
    for edge in graph.active_edges():
        segments.setdefault(tuple(sorted((edge.a, edge.b))), []).append(edge.railroad)
    pieces: dict[str, list[str]] = {}
    for (a, b), rails in segments.items():
        (x1, y1), (x2, y2) = pos[a], pos[b]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        for i, rr in enumerate(sorted(rails)):
            off = (i - (len(rails) - 1) / 2) * LANE
            pieces.setdefault(rr, []).append(
                f"M{x1 + nx * off:.1f} {y1 + ny * off:.1f}L{x2 + nx * off:.1f} {y2 + ny * off:.1f}")
    dots = "".join(f"M{x} {y}h0" for nid, (x, y) in pos.items()
                   if graph.nodes[nid].kind == DOT)
    drawing = (proj, pos, {rr: "".join(p) for rr, p in pieces.items()}, dots)
    if len(_DRAWINGS) >= 16:
        _DRAWINGS.clear()
    _DRAWINGS[id(graph)] = (graph, drawing)
    return drawing


def _markers(state: State, colours: Mapping[str, str],
             names: Mapping[str, str]) -> list[Marker]:
    out = []
    for pid, p in state.players.items():
        if p.bankrupt:
            continue
        colour = colours.get(pid, "#444444")
        name = names.get(pid, p.name)
        if p.home:
            out.append(Marker(p.home, "home", colour, name, p.declared))
        if p.destination and p.destination != p.home:
            out.append(Marker(p.destination, "destination", colour, name, p.declared))
        if p.city:
            out.append(Marker(p.city, "train", colour, name, p.declared))
    return out


def _marker_svg(graph: RouteGraph, pos: Mapping[str, tuple[float, float]],
                markers: list[Marker]) -> list[str]:
    parts = []
    rings: dict[str, int] = {}
    for m in markers:
        node = graph.city_nodes.get(m.city)
        if node is None:
            continue
        x, y = pos[node]
        n = rings.get(m.city, 0)
        rings[m.city] = n + 1
        who = escape(f"{m.name}'s {m.kind}" + (" (declared)" if m.declared else ""))
        if m.kind == "home":
            r = 7 + 3.5 * n
            width = 4 if m.declared else 2.2
            glow = (f'<circle cx="{x}" cy="{y}" r="{r + 3}" fill="none" stroke="#ffd400" '
                    'stroke-width="4" opacity=".9"/>' if m.declared else "")
            parts.append(f'<g class="rbb-home"><title>{who}</title>{glow}<circle cx="{x}" '
                         f'cy="{y}" r="{r}" fill="none" stroke="{m.colour}" '
                         f'stroke-width="{width}"/></g>')
        elif m.kind == "destination":
            s = 7 + 3 * n
            parts.append(f'<g class="rbb-destination"><title>{who}</title><path d="M{x} '
                         f'{y - s}L{x + s} {y}L{x} {y + s}L{x - s} {y}Z" fill="none" '
                         f'stroke="{m.colour}" stroke-width="2.2"/></g>')
        else:
            parts.append(f'<g class="rbb-train"><title>{who}</title><circle cx="{x + 5}" '
                         f'cy="{y + 5 + 3 * n}" r="3.6" fill="{m.colour}" stroke="#fff" '
                         'stroke-width="1"/></g>')
    return parts


def _view_box(board: RailBaronMap, graph: RouteGraph, pos: Mapping[str, tuple[float, float]],
              proj: Projection, focus: str, route: Iterable[tuple[str, str, str]]) -> str:
    points = []
    if focus in board.regions:
        points = [pos[graph.city_nodes[c]] for c, r in board.cities.items()
                  if r == focus and c in graph.city_nodes]
    elif focus == ROUTE:
        points = [pos[n] for step in route for n in step[:2]]
    if not points:
        return f"{-LABEL_ROOM:.0f} 0 {WIDTH + 2 * LABEL_ROOM:.0f} {proj.height:.0f}"
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = min(xs) - FOCUS_MARGIN, min(ys) - FOCUS_MARGIN
    width = max(max(xs) - min(xs) + 2 * FOCUS_MARGIN + 60, 240.0)
    height = max(max(ys) - min(ys) + 2 * FOCUS_MARGIN, 0.8 * width)
    top -= (height - (max(ys) - min(ys) + 2 * FOCUS_MARGIN)) / 2
    return f"{left:.0f} {top:.0f} {width:.0f} {height:.0f}"


def _focus_links(board: RailBaronMap, keep: Mapping[str, str], focus: str,
                 route: bool) -> tuple[Focus, ...]:
    links = [Focus(WHOLE, "Whole map", _query(keep, focus=WHOLE), focus in ("", WHOLE))]
    if route:
        links.append(Focus(ROUTE, "The route", _query(keep, focus=ROUTE), focus == ROUTE))
    links += [Focus(code, name, _query(keep, focus=code), focus == code)
              for code, name in board.regions.items()]
    return tuple(links)


def _owner_name(state: State, board: RailBaronMap, names: Mapping[str, str], rr: str) -> str:
    if board.railroads[rr].public:
        return "Public (anyone rides it, the bank collects)"
    owner = state.owners.get(rr)
    return names.get(owner, owner) if owner else "the bank (for sale)"


def _rail_info(board: RailBaronMap, graph: RouteGraph, state: State,
               names: Mapping[str, str], rail: str,
               paint: Mapping[str, tuple[str, bool]]) -> RailInfo | None:
    if rail not in board.railroads:
        return None
    info = board.railroads[rail]
    return RailInfo(rail, info.name, _owner_name(state, board, names, rail),
                    paint[rail][0], info.price, info.public,
                    tuple(graph.railroad_cities(rail)))


def _legend(state: State, board: RailBaronMap, colours: Mapping[str, str],
            names: Mapping[str, str]) -> tuple[tuple[str, str, bool], ...]:
    rows = [(names.get(pid, p.name), colours.get(pid, "#444444"), False)
            for pid, p in state.players.items() if state.owned_by(pid)]
    rows.append(("The bank", BANK_GREY, False))
    if any(r.public for r in board.railroads.values()):
        rows.append(("Public", BANK_GREY, True))
    return tuple(rows)


def player_colours(players: Iterable[Mapping], frame: Any) -> tuple[dict[str, str],
                                                                   dict[str, str]]:
    """(colours, names) by player id from a game's players, the names in force after `frame`
    (a banker's correction included); a colour that is not #rrggbb is drawn dark grey."""
    players = list(players)
    colours = {}
    for p in players:
        colour = str(p.get("colour") or "")
        ok = len(colour) == 7 and colour[0] == "#" and all(
            c in "0123456789abcdefABCDEF" for c in colour[1:])
        colours[p["id"]] = colour if ok else "#444444"
    return colours, seat_names(players, frame)


def board_args(args: Mapping[str, str], board: RailBaronMap) -> dict[str, str]:
    """The focus and railroad a page's query asks for, when they name one of this map's."""
    focus = args.get("focus", "")
    rail = args.get("rr", "")
    return {"focus": focus if focus in board.regions or focus in (WHOLE, ROUTE) else "",
            "rr": rail if rail in board.railroads else ""}
