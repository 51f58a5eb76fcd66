"""Railway Rivals through the game contract: the registry, maps as boards, history, replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from referee.cli import main
from referee.engine.record import read_record
from referee.games import registry
from referee.games.contract import Problem
from referee.games.railway_rivals.game import GAME, MAPS_FOLDER
from tests.railway_rivals.play import TEST_MAP, Table

RECORD = Path(__file__).resolve().parent.parent / "fixtures" / "games" / \
    "railway_rivals_game_1.json"


def test_the_registry_finds_the_game_and_its_austria_map():
    meta = registry.GAMES["railway_rivals"]
    assert (meta.title, meta.min_players, meta.max_players, meta.uses_board) == \
        ("Railway Rivals", 2, 6, True)
    (austria,) = GAME.boards.list(None)
    assert (austria.key, austria.shipped, austria.note) == \
        ("austria", True, "single source, check against your map")
    assert registry.banker_actions("railway_rivals") >= {"undo", "correction", "close_spending"}


def test_a_laptops_own_map_is_listed_and_loaded_from_its_instance_folder(tmp_path):
    shutil.copytree(TEST_MAP, tmp_path / MAPS_FOLDER / "testmap")
    keys = {(b.key, b.shipped) for b in GAME.boards.list(tmp_path)}
    assert keys == {("austria", True), ("testmap", False)}
    assert GAME.boards.load("testmap", tmp_path).special == {"Wales"}
    record = dict(Table().record, map="testmap")
    rules = registry.rules_for(record, registry.resolver(tmp_path))
    assert rules.map.key == "testmap"


def test_check_names_file_and_line_and_never_line_0(tmp_path):
    folder = tmp_path / "broken"
    shutil.copytree(TEST_MAP, folder)
    (folder / "towns.csv").write_text("town,start,small\n", encoding="utf-8")
    (folder / "key_numbers.csv").write_text("key,town,special\n70,Aston,no\n", encoding="utf-8")
    problems = GAME.boards.check(folder)
    assert problems[0] == Problem("towns.csv", None, "no towns yet", table="towns")
    assert Problem("key_numbers.csv", 2, "a key number is two digits 1 to 6 (11 to 66), not "
                   "'70'", table="key_numbers", row="70") in problems
    assert all(isinstance(p, Problem) for p in problems)
    assert not any("line 0" in str(p) for p in problems)
    (folder / "map.toml").unlink()
    assert [str(p) for p in GAME.boards.check(folder)] == ["map.toml: no map manifest here"]
    assert [str(p) for p in GAME.boards.check(TEST_MAP)] == [  # it loads: a warning only
        "key_numbers.csv: 1 key number names no town yet (65): the game asks the table for the "
        "town when one is thrown"]


def test_money_is_public_and_start_towns_are_named_in_any_order():
    t = Table(3)
    assert GAME.to_act(t.state) == ["ann", "bob", "cy"]
    t.start(cy="Hull")
    assert GAME.to_act(t.state) == ["ann", "bob"]
    t.start(ann="Aston", bob="Bury")
    assert GAME.to_act(t.state) == ["ann"]
    t.throw(4).pays("join", "bob")
    assert [GAME.visible_cash(t.state, viewer, "ann") for viewer in ("bob", None)] == [19, 19]
    assert GAME.acting_player({"type": "end_turn", "company": "ann"}) == "ann"


def test_every_company_answers_a_race_at_once_then_the_throwing_train_acts():
    t = Table(3)
    t.start(ann="Aston", bob="Bury", cy="Hull")
    t.throw(1)
    for town in list(t.state.unreached()):
        t.reaches(town)  # Ann is first everywhere, so the richest
    t.done()
    assert t.state.stage == "operating"
    t.do("key_throw", dice=[1, 1]).do("key_throw", dice=[2, 1]).do("run_length", ok=True)
    assert GAME.to_act(t.state) == ["ann", "bob", "cy"]
    t.do("enter", company="bob", partner="cy")
    assert GAME.to_act(t.state) == ["ann"]
    t.do("enter", company="ann")
    assert GAME.to_act(t.state) == ["ann"]  # routes richest first
    t.do("route", company="ann", hexes={}, length=6)
    assert GAME.to_act(t.state) == ["bob", "cy"]  # either partner of the joint train
    # the report names the one train's mover apart from every company that may act
    assert (t.report()["mover"], t.report()["to_act"]) == ("bob", ["bob", "cy"])


def test_history_is_told_in_words_by_stage_and_race():
    record = read_record(RECORD)
    game = registry.replay(record)
    entries = GAME.history(game.frames)
    labels = [e["label"] for e in entries]
    assert labels[:3] == ["The start", "Start towns", "Building stage"]
    assert labels[3] == "Race 1: Wien – Salzburg" and labels[-1].startswith("Race 12: ")
    assert "Ann starts at Wien." in entries[1]["lines"]
    assert any("St. Pölten" in line for line in entries[2]["lines"])


def test_replay_json_prints_the_report_through_the_contract(capsys):
    assert main(["replay", str(RECORD), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["stage"] == "operating" and report["target"] == 225
    assert report["mover"] is None and report["to_act"] == []
    assert [p["balance"] for p in report["players"]] == [131, 138, 120, 80]
    assert report["unreached_towns"] == [] and report["winners"] == []
    assert report["last_race"]["towns"] and "race" in report
    assert main(["replay", str(RECORD)]) == 0
    assert "Railway Rivals, operating: 12 races run; target 225." in capsys.readouterr().out


def test_the_phone_forms_fields_make_the_same_actions():
    """Tens and units rows for a key number, `on_<rival>` hexes, one ticked running power, and
    the face of an average die that came up (a server roll of 1 to 6 picks one of its faces)."""
    from tests.railway_rivals.test_races import racing

    t = racing(average_die=True)
    t.do("key_throw", tens=4, units=3).do("key_throw", tens=5, units=1)
    assert t.state.race.towns == ["Hull", "Ely"] and t.state.race.keys == [43, 51]
    t.long_enough().enter("ann", "bob", "cy")
    t.do("route", company="ann", on_bob=3, on_cy=0, length=8)
    t.do("route", company="bob", on_ann=2, powers="cy", length=8)
    assert "cy" not in t.state.race.trains["ann"].hexes
    assert t.state.race.trains["bob"].powers == ["cy"]
    assert t.state.race.trains["ann"].hexes == {"bob": 3}
    t.do("route", company="cy", on_bob=4, powers="bob", length=8)
    mover = t.state.race.throw_order[0]
    t.do("move", company=mover, face=1)  # the average die's first face is a 2
    assert t.state.race.trains[mover].moved == 2
    assert "one of 2, 3, 4, 5" in t.rejects("move", company=t.state.race.throw_order[1], die=6)
    assert "1 to 6" in t.rejects("move", company=t.state.race.throw_order[1], face=7)
