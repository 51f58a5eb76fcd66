"""A map's route graph files: checked on load like every table, each problem with file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.games.railbaron.charts import MapError, check_map_dir, load_map_dir
from referee.games.railbaron.route_planner import distance

FIXTURE = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"

NODES = """node,kind,city,lat,lon
a,city,Alpha,40,-100
b,city,Bravo,40,-98
c,city,Charlie,38,-98
d,city,Delta,38,-100
e,city,Echo,36,-99
d1,dot,,40,-99
d2,dot,,39,-98
j1,junction,,38,-99
"""
EDGES = """node_a,node_b,railroad,question
a,d1,AA,
d1,b,AA,
b,d2,BB,
d2,c,BB,
c,j1,CC,
j1,d,CC,
j1,e,CC,
d,a,BB,Q1
b,j1,BB,
"""
SECTION = """
[route_graph]
nodes = "route_nodes.csv"
edges = "route_edges.csv"
summary = "Made up for the tests."

[route_graph.questions.Q1]
about = "Does the BB reach Alpha from Delta?"
permissive = "Yes."
strict = "No."
reading = "permissive"
"""


@pytest.fixture
def railed(tmp_path: Path) -> Path:
    """The tiny fixture map with a small route graph."""
    folder = Path(shutil.copytree(FIXTURE, tmp_path / "tiny"))
    (folder / "route_nodes.csv").write_text(NODES, encoding="utf-8")
    (folder / "route_edges.csv").write_text(EDGES, encoding="utf-8")
    with (folder / "map.toml").open("a", encoding="utf-8") as handle:
        handle.write(SECTION)
    return folder


def errors(folder: Path) -> list[str]:
    return [str(p) for p in check_map_dir(folder) if p.severity == "error"]


def test_a_map_without_a_graph_has_none():
    assert load_map_dir(FIXTURE).route_graph is None


def test_the_graph_loads_with_its_cost_model(railed):
    assert errors(railed) == []
    graph = load_map_dir(railed).route_graph
    assert graph is not None
    # Alpha-d1-Bravo-d2-Charlie is 4; Alpha-Delta (BB), then CC through j1 is 2: a junction
    # counts nothing
    assert distance(graph, "Alpha", "Charlie") == 2
    assert distance(graph, "Alpha", "Echo") == 2
    # Bravo-j1-Echo would be 1, but the BB and the CC meet at a junction, where no train
    # changes railroad: Bravo-d2-Charlie, then the CC through j1
    assert distance(graph, "Bravo", "Echo") == 3
    assert sorted(graph.railroads_at("Alpha")) == ["AA", "BB"]


def test_the_strict_reading_drops_the_questions_rows(railed):
    graph = load_map_dir(railed).route_graph.with_readings({"Q1": "strict"})
    assert sorted(graph.railroads_at("Alpha")) == ["AA"]
    assert distance(graph, "Alpha", "Delta") == 5


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("route_edges.csv", "d2,c,BB,", "d2,zz,BB,",
     "route_edges.csv line 5: unknown node 'zz' (not in the nodes file)"),
    ("route_edges.csv", "d2,c,BB,", "d2,c,XX,",
     "route_edges.csv line 5: unknown railroad 'XX' (not in railroads.csv)"),
    ("route_edges.csv", "d,a,BB,Q1", "d,a,BB,Q9",
     "route_edges.csv line 9: question 'Q9' is not in [route_graph.questions]"),
    ("route_edges.csv", "d,a,BB,Q1", "d2,b,BB,",
     "route_edges.csv line 9: BB d2-b repeats line 4"),
    ("route_nodes.csv", "e,city,Echo,36,-99", "e,city,Eco,36,-99",
     "route_nodes.csv line 6: unknown city 'Eco' (not in cities.csv)"),
    ("route_nodes.csv", "d2,dot,,39,-98", "d2,dot,,north,-98",
     "route_nodes.csv line 8: lat 'north' is not a latitude"),
    ("route_nodes.csv", "d2,dot,,39,-98", "d2,stop,,39,-98",
     "route_nodes.csv line 8: kind 'stop' is not city, dot, junction"),
    ("map.toml", 'reading = "permissive"', 'reading = "maybe"',
     "map.toml: field 'route_graph.questions.Q1.reading' must be permissive or strict, "
     "not 'maybe'"),
    ("map.toml", 'edges = "route_edges.csv"', 'edges = "gone.csv"', "gone.csv: file is missing"),
])
def test_a_broken_graph_is_reported_where_it_is_broken(railed, file, old, new, message):
    path = railed / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    found = errors(railed)
    assert message in found, found


def test_a_city_without_a_node_is_an_error(railed):
    path = railed / "route_nodes.csv"
    path.write_text(NODES.replace("e,city,Echo,36,-99\n", ""), encoding="utf-8")
    assert "route_nodes.csv: Echo has no node" in errors(railed)


def test_a_house_reads_an_open_question_strictly_by_an_override(railed, tmp_path):
    overrides = tmp_path / "overrides"
    overrides.mkdir()
    (overrides / "tiny.csv").write_text(
        "table,key,value,reason\nroute,Q1,strict,our board shows no BB into Alpha\n",
        encoding="utf-8")
    board = load_map_dir(railed, overrides_file=overrides / "tiny.csv")
    assert board.route_graph.reading("Q1") == "strict"
    assert sorted(board.route_graph.railroads_at("Alpha")) == ["AA"]
    assert ("route", "Q1") in board.overridden


@pytest.mark.parametrize(("row", "message"), [
    ("route,Q9,strict,why", "no open question 'Q9'"),
    ("route,Q1,sometimes,why", "value 'sometimes' is not permissive or strict"),
])
def test_a_bad_route_override_names_its_line(railed, tmp_path, row, message):
    overrides = tmp_path / "overrides"
    overrides.mkdir()
    (overrides / "tiny.csv").write_text(f"table,key,value,reason\n{row}\n", encoding="utf-8")
    with pytest.raises(MapError) as err:
        load_map_dir(railed, overrides_file=overrides / "tiny.csv")
    assert f"overrides/tiny.csv line 2: {message}" in str(err.value)
