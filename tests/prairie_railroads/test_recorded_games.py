"""Two complete recorded games replay to the standings worked out by hand beside them."""

from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games.prairie_railroads.constants import treasury
from referee.games.registry import replay, summary

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"


@pytest.mark.parametrize("name, cash, winners, treasuries_back", [
    ("prairie_game_1", {"ann": 105, "bob": 112, "cy": 130}, ["cy"],
     {"CRIP": 5, "ATSF": 7, "KP": 10, "MKT": 0, "SLSF": 5, "MP": 12}),
    ("prairie_game_2", {"ann": 115, "bob": 87, "cy": 69, "dee": 95}, ["ann"],
     {"CRIP": 10, "ATSF": 5, "KP": 4, "MKT": 10, "SLSF": 5, "MP": 12}),
])
def test_recorded_game_replays_to_the_hand_worked_standings(name, cash, winners, treasuries_back):
    record = read_record(GAMES / f"{name}.json")
    assert (GAMES / f"{name}.md").is_file()
    game = replay(record)
    state = game.state
    assert state.over
    assert {pid: state.cash(pid) for pid in state.players} == cash
    assert state.winners == winners
    assert all(state.cash(treasury(rr)) == 0 for rr in state.railroads)
    back = {}
    for t in game.transfers():
        if t.kind == "treasury_return":
            back[t.source.split(":")[1]] = t.amount
    assert {rr: back.get(rr, 0) for rr in treasuries_back} == treasuries_back
    assert state.dividends_paid == 8
    assert summary(record, state)["winners"] == winners


def test_game_1_passes_through_the_rulebook_income_example():
    game = replay(read_record(GAMES / "prairie_game_1.json"))
    crip = game.state.railroads["CRIP"]
    assert crip.track == [("Troy", "Marysville"), ("Marysville", "Cuba"), ("Cuba", "Concordia")]
    assert crip.income == 9 and crip.value == 15


def test_game_2_learned_its_cities_and_a_western_build():
    state = replay(read_record(GAMES / "prairie_game_2.json")).state
    assert state.cities["Gum"].income == 2 and state.cities["Fir"].income == 1
    assert state.railroads["MKT"].western == "Fir" and state.railroads["MKT"].value == 35
    assert state.grown == ["Lawrence", "Topeka", "Whiting", "Fir"]


def test_the_replay_report_reads_as_text():
    from referee.games.prairie_railroads.views import render

    record = read_record(GAMES / "prairie_game_1.json")
    text = render(summary(record, replay(record).state))
    assert "After turn 12 (over), Pay Dividends played 8 of 8:" in text
    assert "  Cy (cy): $130; ATSF ×1, KP ×1, MKT ×1" in text
    assert text.endswith("Winner: Cy")
