"""Every derived figure's parts add up to the figure a page shows, after every action of every
recorded game: Railroad Barons' share values (par and each move of the marker) and revenues,
Prairie Railroads' auction bids, Rail Baron's established rates and auction bids."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games.explain import figure
from referee.games.registry import replay

GAMES = Path(__file__).resolve().parent / "fixtures" / "games"


def prefixes(name: str):
    """The game after each action of a recorded game (every 3rd, to stay quick)."""
    record = read_record(GAMES / name)
    for n in range(0, len(record["actions"]) + 1, 3):
        yield replay({**record, "actions": record["actions"][:n]})


def adds_up(found) -> bool:
    return sum(p.amount or 0 for p in found.parts) == found.amount


@pytest.mark.parametrize("name", ["barons_game_1.json", "barons_game_2.json"])
def test_a_share_value_is_its_par_and_every_move_of_its_marker(name):
    seen = 0
    for game in prefixes(name):
        state, rules = game.state, game.rules
        for key, h in state.holdings.items():
            found = figure("railroad_barons", rules, state, "share_value", key)
            if not h.started:
                assert found is None
                continue
            assert found.amount == rules.box.track[h.space].value and adds_up(found), key
            assert len([p for p in found.parts if p.amount is not None]) == 1 + len(h.moves)
            seen += len(h.moves)
            revenue = figure("railroad_barons", rules, state, "revenue", key)
            expected = sum(rules.box.card(c).sides[s].income for c, s in h.railroads) + (
                10 * h.network + sum(rules.box.investors[v].bonus for v in h.investors)
                if h.railroads else 0)
            assert revenue.amount == expected and adds_up(revenue)
            for card, side in h.railroads:
                income = figure("railroad_barons", rules, state, "railroad", f"{card}|{side}")
                assert income.amount == rules.box.card(card).sides[side].income
    assert seen, "some marker moved in the game"


def test_a_marker_move_says_its_round_and_why():
    game = replay(read_record(GAMES / "barons_game_1.json"))
    moves = [m for h in game.state.holdings.values() for m in h.moves]
    assert {m["why"] for m in moves} >= {"revenue paid out"}
    assert all(m["round"].startswith(("Stock Round", "Operating Round")) for m in moves)


def test_a_certificate_and_a_sale_price_are_tens_of_the_share_value():
    game = replay(read_record(GAMES / "barons_game_1.json"))
    state, rules = game.state, game.rules
    key, h = next((k, h) for k, h in state.holdings.items() if h.started)
    value = rules.box.track[h.space].value
    found = figure("railroad_barons", rules, state, "certificate", f"{key}|20")
    assert found.amount == 2 * value and adds_up(found)
    found = figure("railroad_barons", rules, state, "certificate", f"{key}|40|20")
    assert found.amount == 2 * value and adds_up(found)
    holder = next(p for p in state.players if h.share(p))
    found = figure("railroad_barons", rules, state, "sale", f"{holder}|{key}|10")
    assert found.amount in (value, rules.box.track[h.space].value) and adds_up(found)
    assert figure("railroad_barons", rules, state, "certificate", f"{key}|x") is None
    assert figure("railroad_barons", rules, state, "railroad", "Nowhere|0") is None


@pytest.mark.parametrize("name", ["prairie_game_1.json", "prairie_game_2.json"])
def test_prairie_auction_bids_add_up(name):
    seen = 0
    for game in prefixes(name):
        a = game.state.auction
        if a is None:
            assert figure("prairie_railroads", game.rules, game.state, "bid", "minimum") is None
            continue
        least = figure("prairie_railroads", game.rules, game.state, "bid", "minimum")
        assert least.amount == a.to_beat() and adds_up(least)
        high = figure("prairie_railroads", game.rules, game.state, "bid", "high")
        assert (high is None) == (a.high is None)
        seen += 1
    assert seen


@pytest.mark.parametrize("name", ["railbaron_game_1.json", "railbaron_game_2.json"])
def test_rail_baron_established_rates_and_bids_add_up(name):
    established = bids = 0
    for game in prefixes(name):
        state = game.state
        for pid, p in state.players.items():
            for rr, rate in p.established.items():
                found = figure("railbaron", game.rules, state, "established", f"{pid}|{rr}")
                assert found.amount == rate and adds_up(found)
                assert any(" since " in part.text for part in found.parts), found
                established += 1
        if state.auction is not None:
            least = figure("railbaron", game.rules, state, "bid", "minimum")
            assert least.amount == state.auction.minimum() and adds_up(least)
            bids += 1
    assert established and (bids or name.endswith("_1.json"))


def test_printed_figures_name_their_charts():
    game = replay(read_record(GAMES / "railway_rivals_game_1.json"))
    found = figure("railway_rivals", game.rules, game.state, "payment", "straight_alongside")
    assert found.amount == 5 and found.rule == "A4. Payments to rivals"
    prairie = replay(read_record(GAMES / "prairie_game_1.json"))
    cost = figure("prairie_railroads", prairie.rules, prairie.state, "segment_cost", "double")
    assert cost.amount == 15 and cost.rule == "Construct Track"
