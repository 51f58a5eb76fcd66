"""A record is a trust boundary: a take-back of another seat's action, or of the banker's, is
refused in a replay, an import and a restored database as at the table, with the rule's words;
the recorded games of today, whose take-backs are all a seat's own, replay unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.engine.errors import IllegalAction
from referee.engine.replay import Replayer, ReplayError
from referee.games import registry
from tests.railbaron.play import play
from tests.recorded import recorded_games

RECORDS = Path(__file__).resolve().parent / "fixtures" / "games"
RULE = "takes back only his own latest action"


def last_seat(record: dict) -> tuple[str, str]:
    """The seat of the record's last action, and another seat of the game."""
    seat = registry.seat_of(record["game"])(record["actions"][-1])
    other = next(p["id"] for p in record["players"] if p["id"] != seat)
    return seat, other


def cut_after_a_seats_action(name: str) -> dict:
    """A recorded game cut, mid-game, just after an action taken for a seat."""
    record = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    seat_of = registry.seat_of(record["game"])
    actions = record["actions"]
    end = max(i for i, a in enumerate(actions[:len(actions) // 2])
              if seat_of(a) and a["type"] not in ("take_back", "redo"))
    return {**record, "actions": actions[:end + 1]}


@pytest.mark.parametrize("name", ["railbaron_game_1", "prairie_game_1"])
def test_a_record_where_one_seat_takes_back_anothers_action_is_refused(name):
    record = cut_after_a_seats_action(name)
    seat, other = last_seat(record)
    wrong = {**record, "actions": [*record["actions"], {"type": "take_back", "player": other}]}
    with pytest.raises(ReplayError) as refused:
        registry.replay(wrong)
    assert refused.value.position == len(record["actions"])
    assert RULE in refused.value.reason and other in refused.value.reason
    own = {**record, "actions": [*record["actions"], {"type": "take_back", "player": seat}]}
    assert registry.replay(own).seq == len(record["actions"]) + 1


def test_red_takes_back_nothing_of_blues_and_blue_nothing_of_the_bankers():
    t = play().set_up()
    t.roll_region(3, (3, 4))
    assert RULE in t.rejects("take_back", player="red")
    t.adjust("red", 1_000, "a missed payoff")  # the banker's own, about red
    assert RULE in t.rejects("take_back", player="red")
    assert "the banker's 'adjust_cash'" in t.rejects("take_back", player="red")


def test_a_take_back_after_the_end_is_refused_in_a_record():
    record = json.loads((RECORDS / "railbaron_game_1.json").read_text(encoding="utf-8"))
    replayer = registry.replay(record)
    assert replayer.state.over
    seat = registry.seat_of("railbaron")(record["actions"][-1])
    with pytest.raises(IllegalAction, match="The game is over"):
        replayer.submit({"type": "take_back", "player": seat})


def test_a_stored_log_that_holds_one_is_refused_when_it_is_restored():
    """A database's log is read back without replaying what a checkpoint holds: the take-back
    is checked from the log alone."""
    record = cut_after_a_seats_action("railbaron_game_1")
    _seat, other = last_seat(record)
    rules = registry.rules_for(record)
    log = [*record["actions"], {"type": "take_back", "player": other}]
    with pytest.raises(ReplayError, match=RULE):
        Replayer.restore(rules, log, seat_of=registry.seat_of("railbaron"))


def test_referee_replay_exits_1_naming_the_action_and_the_rule(tmp_path, capsys):
    record = cut_after_a_seats_action("railbaron_game_1")
    _seat, other = last_seat(record)
    record["actions"].append({"type": "take_back", "player": other})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"action {len(record['actions'])} ('take_back')" in err and RULE in err


@pytest.mark.parametrize("path", recorded_games(), ids=lambda p: p.stem)
def test_every_recorded_game_of_today_replays_unchanged(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert registry.replay(record).seq == len(record["actions"])
