"""Three whole recorded games replay to the final figures worked out by hand.

The records are tests/fixtures/games/railbaron_game_{1,2,3}.json, written by
make_railbaron_games.py beside them; railbaron_games.md there is the hand-worked ledger, turn by
turn, that the literal figures below come from.
"""

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.engine.ledger import BANK
from referee.engine.record import dump_record, read_record
from referee.games.registry import replay
from tests.fixtures.games.make_railbaron_games import GAMES

GAMES_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "games"

# Per game: the last turn, then per player: cash, railroads, engine, declared, bankrupt; winners.
EXPECTED = {
    "railbaron_game_1.json": {
        "turn": 34,
        "players": {
            "blue": (344_000, ["CG", "LN", "SAL"], "superchief", True, False),
            "red": (202_000, ["SOU"], "express", False, False),
            "green": (215_000, ["ACL"], "superchief", False, False),
        },
        "winners": ["blue"],
    },
    "railbaron_game_2.json": {
        "turn": 31,
        "players": {
            "blue": (214_000, ["CG", "X1"], "express", False, False),
            "red": (243_000, ["ACL", "LN", "SOU"], "express", False, False),
            "green": (244_000, ["SAL", "X2"], "express", True, False),
            "yellow": (0, [], "superchief", False, True),
        },
        "winners": ["green"],
    },
    "railbaron_game_3.json": {
        "turn": 31,
        "players": {
            "green": (242_750, ["CG", "LN", "SOU"], "superchief", False, False),
            "yellow": (294_000, ["ACL", "SAL"], "superchief", True, False),
            "red": (76_250, [], "superchief", False, False),
        },
        "winners": ["yellow"],
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_recorded_game_replays_to_the_hand_worked_figures(name):
    expected = EXPECTED[name]
    state = replay(read_record(GAMES_DIR / name)).state
    assert state.stage == "over"
    assert state.turn.number == expected["turn"]
    for pid, (cash, railroads, engine, declared, bankrupt) in expected["players"].items():
        player = state.players[pid]
        assert state.cash(pid) == cash, pid
        assert sorted(state.owned_by(pid)) == railroads, pid
        assert player.engine == engine, pid
        assert player.declared is declared, pid
        assert player.bankrupt is bankrupt, pid
    assert set(state.players) == set(expected["players"])
    assert state.winners == expected["winners"]
    assert state.cash(BANK) == -sum(state.cash(pid) for pid in state.players)


def test_the_three_games_cover_both_editions_and_three_or_four_players():
    records = {name: read_record(GAMES_DIR / name) for name in EXPECTED}
    assert {r["settings"]["edition"] for r in records.values()} == {"modern", "classic"}
    assert all(len(r["players"]) in (3, 4) for r in records.values())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_replay_command_prints_the_same_final_cash(name, capsys):
    assert main(["replay", str(GAMES_DIR / name), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = EXPECTED[name]
    assert {pid: p["cash"] for pid, p in report["players"].items()} == {
        pid: figures[0] for pid, figures in expected["players"].items()
    }
    assert report["winners"] == expected["winners"]
    assert report["stage"] == "over"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_record_files_are_what_the_script_writes(name):
    written = (GAMES_DIR / name).read_text(encoding="utf-8")
    assert written == dump_record(GAMES[name]()), "run make_railbaron_games.py again"


def test_a_classic_record_written_before_the_editions_own_rules_replays_as_played_with_them():
    """Game 2 as recorded before the classic establishment (Yellow rode the SOU and the SAL on
    turn 7, Green Red's SOU on turn 22), with the two readings it was played under named in its
    settings, replays to its old hand-worked finals (docs/railbaron-actions.md)."""
    record = read_record(GAMES_DIR / "railbaron_game_2.json")
    actions = record["actions"]
    turn_7 = actions.index({"type": "arrive", "player": "yellow", "ridden": ["SOU"]})
    turn_22 = actions.index({"type": "arrive", "player": "green", "ridden": ["SAL", "X2", "PUB"]})
    actions[turn_7]["ridden"] = ["SOU", "SAL"]
    actions[turn_22]["ridden"] = ["SOU"]
    record["settings"] |= {"establishment": "every_railroad", "undeclare": "use_fees"}
    state = replay(record).state
    assert state.winners == ["green"]
    assert {pid: state.cash(pid) for pid in state.players} == {
        "blue": 250_000, "red": 209_000, "green": 244_000, "yellow": 0}
    assert state.cash(BANK) == -703_000
