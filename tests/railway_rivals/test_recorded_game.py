"""A whole recorded game replays to the balances worked out by hand beside it (the .md)."""

import json
import subprocess
import sys
from pathlib import Path

from referee.engine import Replayer
from referee.engine.record import read_record
from referee.games.railway_rivals.game import rules_for
from referee.games.railway_rivals.views import render, summary

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
RECORD = GAMES / "railway_rivals_game_1.json"

# From railway_rivals_game_1.md: after building, then after each race and its spending.
BY_HAND = {
    0: {"ann": 47, "bob": 63, "cy": 54, "dee": 36},
    1: {"ann": 58, "bob": 79, "cy": 45, "dee": 36},
    2: {"ann": 60, "bob": 79, "cy": 46, "dee": 53},
    3: {"ann": 69, "bob": 91, "cy": 46, "dee": 59},
    4: {"ann": 67, "bob": 91, "cy": 67, "dee": 59},
    5: {"ann": 69, "bob": 91, "cy": 85, "dee": 69},
    6: {"ann": 69, "bob": 108, "cy": 85, "dee": 72},
    7: {"ann": 78, "bob": 135, "cy": 77, "dee": 59},
    8: {"ann": 80, "bob": 135, "cy": 71, "dee": 70},
    9: {"ann": 78, "bob": 136, "cy": 106, "dee": 66},
    10: {"ann": 78, "bob": 147, "cy": 106, "dee": 85},
    11: {"ann": 97, "bob": 147, "cy": 112, "dee": 83},
    12: {"ann": 131, "bob": 138, "cy": 120, "dee": 80},
}


def replayed():
    record = read_record(RECORD)
    return record, Replayer(rules_for(record), record["actions"])


def test_the_record_is_the_one_its_script_writes(tmp_path):
    script = GAMES / "make_railway_rivals_game.py"
    text = script.read_text(encoding="utf-8")
    copy = tmp_path / script.name
    copy.write_text(text, encoding="utf-8")
    subprocess.run([sys.executable, str(copy)], check=True)
    assert json.loads((tmp_path / RECORD.name).read_text(encoding="utf-8")) == \
        json.loads(RECORD.read_text(encoding="utf-8"))
    assert (GAMES / "railway_rivals_game_1.md").is_file()


def test_every_race_ends_at_the_balances_worked_by_hand():
    _, game = replayed()
    seen = {}
    for frame in game.frames:
        state = frame.state
        race = state.race
        if race is not None and race.phase == "towns" and race.number - 1 not in seen:
            seen[race.number - 1] = {c: state.balance(c) for c in state.companies}
    assert seen == BY_HAND
    state = game.state
    assert state.stage == "operating" and len(state.races) == 12 and state.winners == []


def test_the_game_has_a_joint_train_running_powers_a_tie_and_a_lone_runner():
    _, game = replayed()
    races = {r.number: r for r in game.state.races}
    assert races[3].trains["ann"].members == ["ann", "dee"]
    assert races[8].trains["ann"].members == ["ann", "cy"]
    assert races[4].fees == [("ann", "cy", 8)]  # 19 − 11
    assert races[10].fees == [("bob", "dee", 9)]  # 12 − 3
    assert races[5].declare_order == ["ann", "cy", "dee"]  # Ann and Cy on 67: seat order
    assert races[6].lone and races[6].trains["bob"].place == 1
    assert races[7].towns == ["Wien", "Bischofshofen"] and races[7].keys == [12, 46]
    assert game.state.towns_first["Braunau"] == "dee"


def test_the_replay_summary_has_the_fields_of_the_interface():
    record, game = replayed()
    report = summary(game.state)
    assert report["stage"] == "operating" and report["mover"] is None
    assert report["target"] == 225 and report["winners"] == []
    assert report["race"]["number"] == 13 and report["race"]["towns"] == []
    assert report["last_race"]["towns"] == ["Wolfsberg", "Krems"]
    assert report["last_race"]["places"] == {"ann": 1, "cy": 2}
    assert report["unreached_towns"] == []
    bob = report["players"][1]
    assert bob["balance"] == 138 and bob["towns_first"] == [
        "Bad Ischl", "Bischofshofen", "Bad Gastein", "Kitzbühel", "Innsbruck", "Hall"]
    json.dumps(report)
    assert report["sheet"]["dee"][0] == \
        "Building: 20 + 5 + 5 + 5 + 1 + 1 − 5 + 5 + 5 − 1 − 1 − 4 = 36"
    assert report["sheet"]["ann"][4] == "Race 4 (Klagenfurt–Zwettl): 69 − 8 + 10 − 4 = 67"
    assert [p["balances"] for p in report["timeline"]] == [
        BY_HAND[n] for n in range(13)]  # race 13 waits for its towns: no entry yet
    text = render(report)
    assert "  Bob (bob): 138; first to Bad Ischl" in text


def test_a_record_cut_anywhere_replays_to_the_same_state_as_the_frames():
    record, game = replayed()
    for cut in (40, 150, 300):
        again = Replayer(rules_for(record), record["actions"][:cut])
        assert again.state == game.frames[cut].state
