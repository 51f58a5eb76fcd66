"""A whole recorded game, from the building stage to the target, replays to the ledger worked
out by hand beside it (railway_rivals_game_2.md)."""

import json
import subprocess
import sys
from pathlib import Path

from referee.engine import Replayer
from referee.engine.record import read_record
from referee.games.railway_rivals.game import rules_for
from referee.games.railway_rivals.views import summary

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
RECORD = GAMES / "railway_rivals_game_2.json"

# From railway_rivals_game_2.md: after building (0), then after each race and its spending.
BY_HAND = {
    0: {"ann": 26, "bob": 28, "cy": 28, "dee": 23},
    1: {"ann": 31, "bob": 27, "cy": 49, "dee": 18},
    2: {"ann": 32, "bob": 38, "cy": 51, "dee": 19},
    3: {"ann": 32, "bob": 59, "cy": 54, "dee": 19},
    4: {"ann": 32, "bob": 77, "cy": 54, "dee": 21},
    5: {"ann": 29, "bob": 108, "cy": 61, "dee": 16},
    6: {"ann": 33, "bob": 146, "cy": 54, "dee": 11},
    7: {"ann": 33, "bob": 153, "cy": 69, "dee": 19},
    8: {"ann": 26, "bob": 189, "cy": 63, "dee": 26},
}
AFTER_FEES = {  # each race's fees posted, before its throws
    1: {"ann": 25, "bob": 27, "cy": 35, "dee": 18},
    2: {"ann": 27, "bob": 28, "cy": 56, "dee": 14},
    3: {"ann": 32, "bob": 45, "cy": 44, "dee": 19},
    9: {"ann": 20, "bob": 207, "cy": 56, "dee": 21},
}
FINAL = {"ann": 20, "bob": 227, "cy": 66, "dee": 21}


def replayed() -> Replayer:
    record = read_record(RECORD)
    return Replayer(rules_for(record), record["actions"])


def test_the_record_is_the_one_its_script_writes(tmp_path):
    script = GAMES / "make_railway_rivals_game_2.py"
    copy = tmp_path / script.name
    copy.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    subprocess.run([sys.executable, str(copy)], check=True)
    assert json.loads((tmp_path / RECORD.name).read_text(encoding="utf-8")) == \
        json.loads(RECORD.read_text(encoding="utf-8"))
    assert (GAMES / "railway_rivals_game_2.md").is_file()


def test_every_race_ends_at_the_balances_worked_by_hand():
    game = replayed()
    after, fees = {}, {}
    for frame in game.frames:
        state, race = frame.state, frame.state.race
        if race is not None and race.phase == "towns" and race.number - 1 not in after:
            after[race.number - 1] = {c: state.balance(c) for c in state.companies}
        if race is not None and race.phase == "racing" and race.number not in fees:
            fees[race.number] = {c: state.balance(c) for c in state.companies}
    assert after == BY_HAND
    assert {n: fees[n] for n in AFTER_FEES} == AFTER_FEES


def test_the_game_ends_at_the_target_with_the_winner_worked_by_hand():
    state = replayed().state
    assert state.stage == "ended" and len(state.races) == 9 and state.target == 225
    assert {c: state.balance(c) for c in state.companies} == FINAL
    assert state.winners == ["bob"]
    report = summary(state)
    assert report["winners"] == ["bob"] and report["spending"] is None
    assert [p["balances"] for p in report["timeline"]] == [
        BY_HAND[n] for n in range(9)] + [FINAL]


def test_the_joint_trains_share_their_fees_on_the_total():
    races = {r.number: r for r in replayed().state.races}
    # Race 2: 3 to Bob and 5 to Cy, 8 in all: Ann and Dee pay 4 each.
    assert races[2].trains["ann"].members == ["ann", "dee"]
    assert sorted(races[2].fees) == sorted([("cy", "bob", 4), ("ann", "bob", 3),
                                            ("ann", "cy", 1), ("dee", "cy", 4),
                                            ("bob", "cy", 6)])
    # Race 9: 8 to Bob and 3 to Cy, 11 in all; Ann and Dee level on 26: Ann, seated first,
    # pays the odd 1 (6), Dee 5.
    assert sorted(races[9].fees) == sorted([("cy", "bob", 10), ("ann", "bob", 6),
                                            ("dee", "bob", 2), ("dee", "cy", 3)])


def test_running_powers_a_tie_a_lone_runner_and_a_key_read_from_the_map():
    state = replayed().state
    races = {r.number: r for r in state.races}
    assert races[1].declare_order == ["bob", "cy", "ann", "dee"]  # Bob and Cy on 28
    assert races[3].fees == [("cy", "bob", 7)]  # running powers 13 − 6
    assert races[3].towns == ["Goole", "Bury"] and state.learned == {65: "Goole"}
    assert races[4].lone and races[4].towns == ["Hull", "Carlow"]
    assert races[4].fees == [("bob", "dee", 2)]
    places = {n: {t: tr.place for t, tr in r.trains.items() if tr.place}
              for n, r in races.items()}
    assert places == {1: {"cy": 1, "ann": 2}, 2: {"bob": 1, "ann": 2}, 3: {"bob": 1, "cy": 2},
                      4: {"bob": 1}, 5: {"bob": 1, "cy": 2}, 6: {"bob": 1, "ann": 2},
                      7: {"cy": 1, "dee": 2}, 8: {"bob": 1, "dee": 2},
                      9: {"bob": 1, "cy": 2}}
