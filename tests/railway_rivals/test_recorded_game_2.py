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

# From railway_rivals_game_2.md, worked by hand (Ann, Bob, Cy, Dee): after building (race 0),
# then each race after its fees, after its prizes and after its spending. Race 4 has a lone
# runner, whose fee and prize come in one step; race 9 ends the game before any spending.
LEDGER = {
    0: (None, None, (26, 28, 28, 23)),
    1: ((25, 27, 35, 18), (35, 27, 55, 18), (31, 27, 49, 18)),
    2: ((27, 28, 56, 14), (32, 48, 56, 19), (32, 38, 51, 19)),
    3: ((32, 45, 44, 19), (32, 65, 54, 19), (32, 59, 54, 19)),
    4: (None, (32, 77, 54, 21), (32, 77, 54, 21)),
    5: ((29, 88, 51, 16), (29, 108, 61, 16), (29, 108, 61, 16)),
    6: ((23, 126, 54, 11), (33, 146, 54, 11), (33, 146, 54, 11)),
    7: ((33, 153, 49, 9), (33, 153, 69, 19), (33, 153, 69, 19)),
    8: ((26, 169, 63, 16), (26, 189, 63, 26), (26, 189, 63, 26)),
    9: ((20, 207, 56, 21), (20, 227, 66, 21), None),
}
FINAL = {"ann": 20, "bob": 227, "cy": 66, "dee": 21}
COMPANIES = ("ann", "bob", "cy", "dee")


def money(state) -> tuple[int, ...]:
    return tuple(state.balance(c) for c in COMPANIES)


def ledger_of(game: Replayer) -> dict[int, tuple]:
    """The same figures read off the replay: after the fees (the race is on), after the
    prizes (the race is finished), after the spending (the next race's towns are awaited)."""
    fees, prizes, spent = {}, {}, {}
    finished = 0
    for frame in game.frames:
        state, race = frame.state, frame.state.race
        if race is not None and race.phase == "racing":
            fees.setdefault(race.number, money(state))
        if len(state.races) > finished:
            finished = len(state.races)
            prizes[finished] = money(state)
        if race is not None and race.phase == "towns":
            spent.setdefault(race.number - 1, money(state))
    return {n: (fees.get(n), prizes.get(n), spent.get(n)) for n in range(10)}


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
    assert ledger_of(replayed()) == LEDGER


def test_the_game_ends_at_the_target_with_the_winner_worked_by_hand():
    state = replayed().state
    assert state.stage == "ended" and len(state.races) == 9 and state.target == 225
    assert {c: state.balance(c) for c in state.companies} == FINAL
    assert state.winners == ["bob"]
    report = summary(state)
    assert report["winners"] == ["bob"] and report["spending"] is None
    assert [tuple(p["balances"].values()) for p in report["timeline"]] == [
        LEDGER[n][2] for n in range(9)] + [LEDGER[9][1]]
    assert report["sheet"]["ann"][2] == "Race 2 (Frome–Goole): 31 − 3 − 1 + 5 = 32"
    assert report["sheet"]["dee"][-1] == "Race 9 (Ely–Bury): 26 − 2 − 3 = 21"


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


def test_split_per_rival_the_odd_1s_move_but_the_end_is_the_same():
    """The house rule worked by hand too: race 2's 3 and 5 are split 2 + 1 and 3 + 2, so Ann pays
    5 and Dee 3; Ann stays 1 lower and Dee 1 higher until race 9, where Dee is the richer partner
    and pays the odd 1 of the 11; the final money is the same."""
    record = read_record(RECORD)
    record["settings"] = {**record["settings"], "joint_fees": "per_rival"}
    game = Replayer(rules_for(record), record["actions"])
    ledger = ledger_of(game)
    assert ledger[2][0] == (26, 28, 56, 15)
    assert ledger[8][2] == (25, 189, 63, 27)
    assert money(game.state) == LEDGER[9][1] and game.state.winners == ["bob"]
