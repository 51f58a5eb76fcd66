"""`referee replay RECORD.json [--json]`."""

import json
from pathlib import Path

from referee.cli import main
from tests.railbaron.play import play


def write(tmp_path, t, extra=()):
    record = dict(t.record, actions=[*t.game.log, *extra])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_replay_prints_the_final_state(tmp_path, capsys):
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    assert main(["replay", str(write(tmp_path, t))]) == 0
    out = capsys.readouterr().out
    assert "Blue (blue): $19,000; freight; home Atlanta; destination -; SOU" in out
    assert main(["replay", str(write(tmp_path, t)), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"]["red"]["cash"] == 20_000
    assert report["winners"] == []


def test_replay_stops_at_an_illegal_action_with_its_position(tmp_path, capsys):
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN")
    t.adjust("blue", -20_500, "lunch")
    path = write(tmp_path, t, [{"type": "buy", "player": "blue", "railroad": "SOU"}])
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"action {len(t.game.log) + 1} ('buy'): Blue cannot buy the SOU: price $20,000, " \
           "cash under $150,000. (PURCHASE)" in err


def test_replay_rejects_a_file_that_is_not_a_record(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "a game record is a JSON object" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_replay_prints_a_prairie_railroads_game_in_its_own_words(capsys):
    record = Path(__file__).parent / "fixtures" / "games" / "prairie_game_1.json"
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Pay Dividends played 8 of 8" in out
    assert "Cy (cy): $130; ATSF ×1, KP ×1, MKT ×1" in out
    assert "Winner: Cy" in out


def test_replay_reads_a_laptops_own_map_from_its_instance_folder(tmp_path, capsys):
    import shutil

    record = {"format": "referee.game/1", "game": "railbaron", "map": "tiny",
              "settings": {"edition": "modern"},
              "players": [{"id": "ann", "name": "Ann"}, {"id": "bob", "name": "Bob"}],
              "actions": [{"type": "roll_for_first_player",
                           "rolls": {"ann": [6, 6, 6], "bob": [1, 1, 1]}}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: map: no map 'tiny' (known maps: " in err
    assert str(tmp_path.parent) not in err.split(": map: ", 1)[1]  # no folder of the machine
    instance = tmp_path / "instance"
    shutil.copytree(Path(__file__).parent / "fixtures" / "maps" / "tiny",
                    instance / "maps" / "tiny")
    assert main(["replay", str(path), "--instance", str(instance)]) == 0
    assert "Ann (ann): $20,000" in capsys.readouterr().out


def test_a_bad_file_is_named_once_and_a_rule_once(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{}", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.count(str(path)) == 1


def test_the_record_s_own_copy_of_each_action_is_let_go_as_the_game_replays(tmp_path, capsys):
    from referee.commands.replay import handed_over

    actions = [{"type": "a"}, {"type": "b"}]
    given = []
    for action in handed_over(actions):
        given.append(action)
        assert actions[len(given) - 1] is None  # the list no longer holds the action given
    assert given == [{"type": "a"}, {"type": "b"}] and actions == [None, None]
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    assert main(["replay", str(write(tmp_path, t)), "--json"]) == 0  # the report reads the log
    assert json.loads(capsys.readouterr().out)["players"]["blue"]["cash"] == 19_000
