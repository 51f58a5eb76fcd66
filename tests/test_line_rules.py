"""Every line names the rule that set it: each line's rule is made of the game's rulebook
headings and of the readings and settings it names, as the table beside its headings lists them
(HEADINGS and READINGS in referee/games/<key>/rulebook.py)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games import registry
from referee.games.explain import COMPANIES, explain
from referee.games.registry import replay
from tests.recorded import recorded_games

GAMES = Path(__file__).parent / "fixtures" / "games"
RECORDS = [p.name for p in recorded_games()]  # those of every game installed


def table_of(key: str) -> tuple[frozenset[str], frozenset[str]]:
    """The game's headings and readings, kept beside its rulebook's words (HEADINGS and
    READINGS); a game without that table cites only what its RuleNames name (its sections,
    and the readings of its transfer kinds)."""
    rulebook = importlib.import_module(registry.GAMES[key].game.rsplit(".", 1)[0] + ".rulebook")
    words = registry.game(key).rule_names
    named = frozenset({*words.actions.values(), *(w.rule for w in words.money.values()),
                       *words.headings}) if words else frozenset()
    readings = frozenset(w.reading for w in words.money.values() if w.reading) if words else (
        frozenset())
    return (getattr(rulebook, "HEADINGS", named), getattr(rulebook, "READINGS", readings))


def uncited(key: str, rule: str) -> list[str]:
    """The parts of a line's rule ("USE FEES; ESTABLISHMENT — a reading") that are neither a
    heading nor a reading of the game's table (none: the rule is the table's)."""
    headings, readings = table_of(key)
    sections, _, reading = rule.partition(" — ")
    out = [s for s in sections.split("; ") if s not in headings]
    return out + [r for r in reading.split("; ") if reading and r not in readings]


def cited_lines(record: dict, game, account: str, kind: str) -> list[dict]:
    """The lines of one kind of a player's statement in the game `record` sets up, each checked
    to cite the game's table."""
    key = record["game"]
    report = explain(key, game, [p["id"] for p in record["players"]])
    found = [line for line in report["players"][account]["lines"] if line["kind"] == kind]
    for line in found:
        assert uncited(key, line["rule"]) == [], line["rule"]
    return found


def lines_of(report: dict) -> list[dict]:
    return [line for group in ("players", COMPANIES) for entry in report[group].values()
            for line in entry["lines"]]


def test_a_rule_outside_the_table_is_found():
    assert uncited("railbaron", "USE FEES; ESTABLISHMENT — fees at the turn's end, with the "
                   "owners of that moment (Readings of the rulebook)") == []
    assert uncited("railbaron", "USE FEES; A6. Accounts — fee_cap") == ["A6. Accounts",
                                                                        "fee_cap"]
    assert uncited("railway_rivals", "B4") == [] and uncited("railway_rivals", "") == [""]


@pytest.mark.parametrize("name", RECORDS)
def test_every_line_of_a_recorded_game_cites_its_rulebook_or_a_named_setting(name):
    record = read_record(GAMES / name)
    key = record["game"]
    report = explain(key, replay(record), [p["id"] for p in record["players"]])
    lines = lines_of(report)
    assert lines
    for line in lines:
        assert uncited(key, line["rule"]) == [], (line["kind"], line["rule"])


# -- a record played under the readings before a setting says so ----------------------------

BEFORE = "Played under the readings before"


def test_explain_says_first_which_older_readings_a_record_plays_under(capsys):
    from referee.cli import main

    assert main(["explain", str(GAMES / "railway_rivals_game_1.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:3]] == [
        f"{BEFORE} joint_fees", f"{BEFORE} own_lines_required", f"{BEFORE} typed_towns_on_map"]
    assert out[3] == "" and out[4].startswith("Ann (ann): ")
    assert main(["explain", str(GAMES / "railway_rivals_game_2.json"), "--json"]) == 0
    (line,) = json.loads(capsys.readouterr().out)["readings"]
    assert line == (f"{BEFORE} typed_towns_on_map: a town typed for a key number the map's "
                    "table lacks is kept as typed, not checked against the map's towns")


@pytest.mark.parametrize("name", ["railbaron_game_1.json", "railbaron_game_2.json",
                                  "barons_game_1.json", "prairie_game_1.json"])
def test_a_record_that_names_its_settings_plays_under_no_older_reading(name, capsys):
    from referee.cli import main

    assert main(["explain", str(GAMES / name), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["readings"] == []
