"""Text to a terminal: a name, a correction's reason or a board's words holding line breaks and
terminal codes are printed by every command as visible escapes, never as lines of their own or
codes the terminal obeys."""

from __future__ import annotations

import io
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlite_utils import Database

from referee import TABLES_DIR
from referee.cli import main
from referee.engine.printable import printable, printable_data, printable_json
from referee.web import create_app
from tests.web.conftest import Browser

GAMES = Path(__file__).parent / "fixtures" / "games"
# A fake line of the bank's, a code that rubs out the line, a carriage return, a line
# separator and a right-to-left override: what an imported record or a board file may hold.
FAKE = "The bank pays Bob $50,000"
NASTY = f"lunch\n{FAKE}\x1b[2K\r\u2028\u202e!"
SHOWN = "lunch\\nThe bank pays Bob $50,000\\x1b[2K\\r\\u2028\\u202e!"
READ = SHOWN.replace("\\r", "\\n")  # a CSV file read as text: its carriage return is a line break
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def assert_on_a_terminal(text: str) -> None:
    """Nothing in `text` a terminal obeys, and no line of it is the record's fake line."""
    assert RAW.findall(text) == []
    assert not any(line.lstrip().startswith(FAKE) for line in text.splitlines()), text


def test_printable_writes_each_control_code_as_an_escape():
    assert printable(NASTY) == SHOWN
    assert printable("\x00\x7f\x9b\t\u2029\u2066x") == "\\x00\\x7f\\x9b\\t\\u2029\\u2066x"
    for plain in ("Zoë", "Ann O'Neil — 3 × $5,000", "בני", "東京", "🚂", "a\\nb"):
        assert printable(plain) == plain  # letters of every script, and a typed backslash
    assert printable(12) == "12"


def test_printable_data_reaches_every_string_keys_included():
    data = {"a\nb": [NASTY, ("x\r", 3)], "n": None}
    assert printable_data(data) == {"a\\nb": [SHOWN, ("x\\r", 3)], "n": None}


@dataclass(frozen=True)
class Answer:
    name: str
    parts: tuple[str, ...]
    size: int = field(init=False, default=0)  # worked out, not given


def test_printable_data_gives_a_dataclass_of_the_same_kind():
    shown = printable_data(Answer(NASTY, ("a\rb",)))
    assert shown == Answer(SHOWN, ("a\\rb",)) and type(shown) is Answer


def test_printable_json_is_the_same_data_to_any_reader():
    data = {"name": NASTY, "del": "\x7f\x85", "n": [1], "Zoë": "東京"}
    text = printable_json(data)
    assert_on_a_terminal(text)
    assert json.loads(text) == data
    assert '"Zoë": "東京"' in text  # letters stay letters


def hostile(name: str) -> dict:
    """A recorded game whose second player's name and a banker's correction (after the end
    where the game is over) hold line breaks and terminal codes."""
    record = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    record["players"][1]["name"] = f"Bob{NASTY}"
    bob = record["players"][1]["id"]
    correction = {"type": "adjust_cash", "player": bob, "amount": 1, "reason": NASTY}
    if record["game"] in ("railroad_barons", "prairie_railroads"):
        correction = {"type": "adjust_cash", "account": bob, "amount": 1, "reason": NASTY}
    elif record["game"] == "railway_rivals":
        correction = {"type": "correction", "company": bob, "amount": 1, "reason": NASTY}
    record["actions"].append(correction)
    return record


RECORDS = ["railbaron_game_1", "prairie_game_1", "barons_game_1", "railway_rivals_game_1"]


@pytest.fixture(params=RECORDS)
def record_file(request, tmp_path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(hostile(request.param)), encoding="utf-8")
    return path


def test_explain_prints_names_and_reasons_as_escapes(record_file, capsys):
    assert main(["explain", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Bob{SHOWN} (" in out  # the account's heading, on one line
    assert SHOWN in out.replace(f"Bob{SHOWN}", "")  # the correction's line, reason and all
    assert main(["explain", str(record_file), "--json"]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert any(NASTY in text for text in strings(json.loads(out)))  # the same text to a reader


def strings(data: object) -> list[str]:
    """Every string in some JSON data."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return []


def test_replay_prints_names_and_reasons_as_escapes(record_file, capsys):
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Bob{SHOWN}" in out
    assert main(["replay", str(record_file), "--json"]) == 0
    assert_on_a_terminal(capsys.readouterr().out)


def test_a_corrected_after_the_end_line_keeps_its_reason_on_it(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(hostile("railbaron_game_1")), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Corrected after the end: Bob{SHOWN} +$1 ({SHOWN})" in out.splitlines()


def test_a_refused_record_is_named_with_escapes(tmp_path, capsys):
    record = hostile("railbaron_game_1")
    record["actions"].append({"type": f"pay{NASTY}", "player": "red"})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for command in ("replay", "explain"):
        assert main([command, str(path)]) == 1
        err = capsys.readouterr().err
        assert_on_a_terminal(err)
        assert "pay" in err


def test_stats_prints_a_stored_name_as_escapes(tmp_path, capsys):
    """A name as an older version or a hand-edited database may hold it (the forms clean
    every name they take)."""
    app = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    banker = Browser(app)
    data = json.loads((GAMES / "prairie_game_1.json").read_text(encoding="utf-8"))
    answer = banker.post("/import", {"record": (io.BytesIO(json.dumps(data).encode()),
                                                "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text
    db = Database(tmp_path / "instance" / "referee.db")
    row = next(db["games"].rows)
    players = json.loads(row["players"])
    players[1]["name"] = f"Bob{NASTY}"
    db["games"].update(row["id"], {"players": json.dumps(players)})
    db.close()
    assert main(["stats", "--instance", str(tmp_path / "instance")]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Bob{SHOWN}: 1 played" in out
    assert main(["stats", "--instance", str(tmp_path / "instance"), "--json"]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Bob{NASTY}" in {p["name"] for p in json.loads(out)["players"]}


@pytest.fixture
def evil_map(tmp_path) -> Path:
    """An instance folder holding a copy of the US map whose name and a region's name hold
    line breaks and terminal codes."""
    folder = tmp_path / "instance" / "maps" / "evil"
    shutil.copytree(TABLES_DIR / "railbaron" / "us", folder)
    manifest = folder / "map.toml"
    text = manifest.read_text(encoding="utf-8").replace('key = "us"', 'key = "evil"')
    escaped = json.dumps(f"Evil{NASTY}")  # a TOML basic string writes escapes as JSON does
    manifest.write_text(re.sub(r'(?m)^name = .*$', lambda _: f"name = {escaped}", text),
                        encoding="utf-8")
    regions = folder / "regions.csv"
    regions.write_text(regions.read_text(encoding="utf-8").replace(
        "NE,Northeast", f'NE,"North{NASTY}"'), encoding="utf-8")
    return folder


def test_boards_and_tables_list_a_map_s_name_as_escapes(evil_map, capsys):
    instance = evil_map.parent.parent
    assert main(["boards", "list", "railbaron", "--instance", str(instance)]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Evil{SHOWN}" in out
    assert main(["tables", "list", "--instance", str(instance)]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"Evil{SHOWN}" in out


def test_boards_and_tables_check_print_a_board_s_words_as_escapes(evil_map, capsys):
    table = evil_map / "region_table.csv"
    table.write_text(table.read_text(encoding="utf-8").replace("NE", f'"N{NASTY}"', 1),
                     encoding="utf-8")
    assert main(["boards", "check", "railbaron", str(evil_map)]) == 1
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert READ in out
    assert main(["tables", "check", str(evil_map)]) == 1
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert READ in out


def test_lookup_prints_a_board_s_region_as_escapes(evil_map, capsys):
    instance = evil_map.parent.parent
    roll = ["1", "6", "6"]  # red odd, whites 12: the Northeast
    assert main(["lookup", "region", "--map", "evil", "--instance", str(instance), *roll]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"North{READ} (NE)" in out
    assert main(["lookup", "destination", "--map", "evil", "--instance", str(instance), *roll,
                 "1", "1", "1"]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert f"in North{READ} (NE)" in out
    assert main(["lookup", "region", "--map", "evil", "--instance", str(instance), "--json",
                 *roll]) == 0
    out = capsys.readouterr().out
    assert_on_a_terminal(out)
    assert json.loads(out)["region"]["name"] == f"North{NASTY}".replace("\r", "\n")


def test_boxes_check_prints_a_box_s_words_as_escapes(tmp_path, capsys):
    folder = tmp_path / "box"
    shutil.copytree(TABLES_DIR / "railroad_barons" / "_template", folder)
    for csv in folder.glob("*.csv"):
        lines = csv.read_text(encoding="utf-8").splitlines()
        lines.append(f'"{NASTY}"' + "," * lines[0].count(","))
        csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["boxes", "check", str(folder)]) == 1
    printed = capsys.readouterr()
    said = printed.out + printed.err  # `referee boxes` is `referee boards` for a box
    assert_on_a_terminal(said)
    assert READ in said


def test_boards_draft_names_a_bad_record_with_escapes(tmp_path, capsys):
    path = tmp_path / f"game{NASTY}.json"
    path.write_text("[]", encoding="utf-8")
    assert main(["boards", "draft", str(path), str(tmp_path / "new")]) == 2
    err = capsys.readouterr().err
    assert_on_a_terminal(err)
    assert SHOWN in err
