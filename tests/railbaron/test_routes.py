"""Route hints on the US map: the fewest mileposts for every pair of cities, the open
questions read both ways, and fee-aware routes for a player under a small ownership."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

from referee.cli import main
from referee.games.railbaron.charts import load_map
from referee.games.railbaron.route_answer import answer_route
from referee.games.railbaron.route_hints import Rider, expected_roll, route_hints
from referee.games.railbaron.route_planner import plan_cities, within
from tests.railbaron.play import play


@pytest.fixture(scope="module")
def us():
    return load_map("us")


def fewest_between_all_cities(graph) -> dict[tuple[str, str], int]:
    """The planner's fewest mileposts for every pair of cities, one search per city."""
    out = {}
    for city, node in graph.city_nodes.items():
        reach = within(graph, node, 10**6)
        for other, onode in graph.city_nodes.items():
            if city < other:
                out[city, other] = reach[onode]
    return out


@pytest.mark.parametrize("readings", [{}, {"D11": "strict", "D12": "strict", "D13": "strict"}])
def test_every_city_pair_is_as_far_as_documented(us, readings):
    graph = us.route_graph.with_readings(readings)
    documented = graph.distances
    assert len(documented) == 2211 == len(list(combinations(us.cities, 2)))
    planned = fewest_between_all_cities(graph)
    assert {k: v for k, v in planned.items() if documented[k] != v} == {}


def test_a_planned_route_is_as_long_as_the_search_says(us):
    graph = us.route_graph
    for a, b in [("Seattle", "Miami"), ("Boston", "Los Angeles"), ("Chicago", "New York"),
                 ("Minneapolis", "St. Paul"), ("Oakland", "Reno")]:
        route = plan_cities(graph, a, b)
        assert route.dots == graph.distances[tuple(sorted((a, b)))]
        assert sum(graph.step_cost(x, y) for x, y, _rr in route.steps()) == route.dots
        assert graph.nodes[route.path[0]].city == a and graph.nodes[route.path[-1]].city == b


def test_the_railroads_serving_a_city_come_from_the_rails(us):
    graph = us.route_graph
    for city in us.cities:
        assert graph.railroads_at(city) == us.railroads_at(city), city


def test_the_twin_questions_read_strictly_drop_two_railroads(us):
    strict = us.route_graph.with_readings({"D12": "strict", "D13": "strict"})
    assert "WP" in us.route_graph.railroads_at("San Francisco")
    assert "WP" not in strict.railroads_at("San Francisco")
    assert "CRI&P" in us.route_graph.railroads_at("St. Paul")
    assert "CRI&P" not in strict.railroads_at("St. Paul")
    assert strict.railroads_at("Oakland") == us.route_graph.railroads_at("Oakland")


def test_the_acl_crossing_read_strictly_is_straight_through(us):
    graph = us.route_graph
    strict = graph.with_readings({"D11": "strict"})
    assert graph.may_pass("j12", "d308", "d248")
    assert not strict.may_pass("j12", "d308", "d248")
    assert strict.may_pass("j12", "d308", "d385") and strict.may_pass("j12", "d135", "d248")
    # turning at the crossing is shorter between two dots of different lines
    assert within(graph, "d308", 3)["d248"] < within(strict, "d308", 99)["d248"]


def test_the_engines_average_rolls():
    # two white dice average 7; the red bonus die adds 3.5 on double sixes (1 in 36), on any
    # doubles (1 in 6), or always (SuperChief)
    assert expected_roll("freight") == 7 + Fraction(7, 2) / 36
    assert expected_roll("express") == 7 + Fraction(7, 2) / 6
    assert expected_roll("superchief") == Fraction(21, 2)


# -- fee-aware routes, worked out by hand -------------------------------------------------


def table(**deeds):
    """A modern-rules game on the US map in which each player holds the deeds given."""
    game = play(board="us", settings={"edition": "modern"})
    for player, railroads in deeds.items():
        for rr in railroads:
            game.state.owners[rr] = player
    return game


def hints(game, rider, start, end):
    found = route_hints(game.board.route_graph, start, end,
                        Rider(game.state, game.board, game.rules.settings, rider))
    return {kind: h for h in found for kind in h.kinds}


def test_blue_avoids_reds_b_and_o_on_the_bank_c_and_o():
    # Red owns the B&O, the short line from Chicago to Washington (10 mileposts). Blue owns
    # nothing: on the B&O he pays Red $5,000 in each of his two turns; the bank's C&O is one
    # milepost longer and costs him $1,000 a turn.
    blue = hints(table(red=["B&O"]), "blue", "Chicago", "Washington")
    shortest, cheapest = blue["shortest"], blue["cheapest"]
    assert (shortest.route.dots, shortest.route.railroads) == (10, ("B&O",))
    assert shortest.turns == 2
    assert [f.payments for f in shortest.fees] == [(("red", 5000),), (("red", 5000),)]
    assert (cheapest.route.dots, cheapest.route.railroads) == (11, ("C&O",))
    assert [f.payments for f in cheapest.fees] == [(("bank", 1000),), (("bank", 1000),)]
    assert blue["fewest_opponents"] is cheapest
    assert "own" not in blue  # Blue has no railroad of his own


def test_blue_rides_his_own_pa_and_pays_nothing():
    # Blue owns the PA and the NYC, Red the B&O, Green the C&O: the PA takes Blue from Chicago
    # to Washington in 11 mileposts, all his own, two turns without a fee.
    blue = hints(table(blue=["PA", "NYC"], red=["B&O"], green=["C&O"]), "blue",
                 "Chicago", "Washington")
    own = blue["own"]
    assert (own.route.dots, own.route.railroads, own.turns) == (11, ("PA",), 2)
    assert own.fee_total == 0
    assert blue["cheapest"] is own and blue["fewest_opponents"] is own
    assert blue["shortest"].route.railroads == ("B&O",)
    assert blue["shortest"].fee_total == 10_000


def test_a_superchief_covers_the_b_and_o_in_one_turn_and_pays_once():
    game = table(red=["B&O"])
    game.state.players["blue"].engine = "superchief"
    shortest = hints(game, "blue", "Chicago", "Washington")["shortest"]
    assert shortest.turns == 1 and shortest.fee_total == 5000


def test_once_the_railroads_are_sold_out_an_opponent_charges_10000():
    game = table(red=["B&O"])
    game.state.sold_out = True
    shortest = hints(game, "blue", "Chicago", "Washington")["shortest"]
    assert [f.amount for f in shortest.fees] == [10_000, 10_000]


def test_under_the_classic_rules_his_own_railroad_costs_1000_to_the_bank():
    game = play(board="us", settings={"edition": "classic"})
    game.state.owners["PA"] = "blue"
    own = hints(game, "blue", "Chicago", "Washington")["own"]
    assert own.route.railroads == ("PA",)
    assert [f.payments for f in own.fees] == [(("bank", 1000),), (("bank", 1000),)]


def test_the_answer_names_the_owners_and_says_it_is_a_hint():
    game = table(red=["B&O"])
    answer = answer_route(game.board, "chicago", "WASHINGTON",
                          rider=Rider(game.state, game.board, game.rules.settings, "blue"))
    data = answer.as_dict()
    assert data["from"] == "Chicago" and data["to"] == "Washington" and data["dots"] == 10
    first = data["routes"][0]
    assert first["owners"] == {"B&O": "Red"}
    assert first["fees_per_turn"][0]["pay"] == [{"to": "Red", "amount": 5000}]
    assert "about 2 turns" in answer.describe()
    assert "hint" in answer.describe()


# -- referee lookup route -----------------------------------------------------------------


def test_lookup_route_json(capsys):
    assert main(["lookup", "route", "--map", "us", "Chicago", "New York", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"from", "to", "dots", "routes"} <= set(data)
    assert data["dots"] == 11
    route = data["routes"][0]
    assert {"dots", "railroads", "path"} <= set(route)
    assert route["path"][0] == "Chicago" and route["path"][-1] == "New York"
    assert data["readings"] == {"D11": "permissive", "D12": "permissive", "D13": "permissive"}


def test_lookup_route_fee_aware_in_words(capsys):
    assert main(["lookup", "route", "Chicago", "Washington", "--player", "Ann",
                 "--owner", "B&O=Bob", "--edition", "modern"]) == 0
    out = capsys.readouterr().out
    assert "10 mileposts on B&O (Fewest mileposts)" in out
    assert "use fees about $5,000, $5,000 ($10,000 in all)" in out
    assert "11 mileposts on C&O" in out


@pytest.mark.parametrize(("args", "message"), [
    (["Chicago", "Atlantis"], "unknown city 'Atlantis'"),
    (["Chicago", "Chicago"], "already there"),
    (["Chicago", "Boston", "--reading", "D99=strict"], "no open question 'D99'"),
    (["Chicago", "Boston", "--reading", "D12=sometimes"], "reading 'sometimes'"),
    (["Chicago", "Boston", "--owner", "B&O=Bob"], "--owner needs --player"),
    (["Chicago", "Boston", "--player", "Ann", "--owner", "XYZ=Bob"], "unknown railroad 'XYZ'"),
    (["--map", "gb", "London", "Leeds"], "has no route graph"),
])
def test_lookup_route_refuses_with_a_reason(capsys, args, message):
    assert main(["lookup", "route", *args]) == 2
    assert message in capsys.readouterr().err


def test_hints_are_worked_out_once_per_ownership_and_again_when_a_railroad_is_bought():
    game = table()
    before = hints(game, "blue", "Chicago", "Washington")
    assert hints(game, "blue", "Chicago", "Washington")["shortest"] is before["shortest"]
    assert [f.payments for f in before["shortest"].fees] == [(("bank", 1000),)] * 2
    game.state.owners["B&O"] = "red"  # Red buys the B&O: Blue's fees on it go to Red
    after = hints(game, "blue", "Chicago", "Washington")
    assert [f.payments for f in after["shortest"].fees] == [(("red", 5000),)] * 2
    assert after["cheapest"].route.railroads == ("C&O",)
    assert hints(game, "red", "Chicago", "Washington")["own"].route.railroads == ("B&O",)
