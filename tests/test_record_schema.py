"""The record's JSON Schemas (Draft 2020-12): valid schemas, shipped in the package, in step
with the rules' own action types, and met by every recorded game and every record the app
writes; records that break them are caught where they break."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from referee.engine.schemas import actions_schema, record_schema
from referee.games import registry

GAMES = Path(__file__).parent / "fixtures" / "games"
SCHEMA_GAMES = ("railbaron", "prairie_railroads", "railroad_barons", "railway_rivals")
# the recorded games of the games that ship (a test-only game's, the toy race's, has no schema)
FIXTURES = [p for p in sorted(GAMES.glob("*.json"))
            if json.loads(p.read_text(encoding="utf-8"))["game"] in SCHEMA_GAMES]
EVERY_GAME = {"undo", "redo", "take_back", "rename_player"}


def problems(record: dict) -> list[str]:
    """Where `record` breaks its schemas: the envelope's, then its game's actions'."""
    found = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
             for e in Draft202012Validator(record_schema()).iter_errors(record)]
    schema = actions_schema(record.get("game", ""))
    if schema is not None and isinstance(record.get("actions"), list):
        found += [f"actions/{'/'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in Draft202012Validator(schema).iter_errors(record["actions"])]
    return found


def test_the_schemas_are_draft_2020_12_schemas():
    Draft202012Validator.check_schema(record_schema())
    for game in SCHEMA_GAMES:
        schema = actions_schema(game)
        assert schema is not None, game
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("game", SCHEMA_GAMES)
def test_a_games_schema_names_the_action_types_its_rules_have(game):
    registry.game(game)  # every module of the rules loaded
    handlers = importlib.import_module(f"referee.games.{game}.context").HANDLERS
    kinds = set(actions_schema(game)["$defs"]["action"]["properties"]["type"]["enum"])
    assert kinds == set(handlers) | EVERY_GAME


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_recorded_game_meets_the_schemas(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] in SCHEMA_GAMES
    assert problems(record) == []


BROKEN = {
    "a start without its offset": (lambda r: r.update(started="2026-05-01T19:00:00"),
                                   "started"),
    "an end without a start": (lambda r: r.update(ended="2026-05-01T21:00:00+02:00"),
                               "'started' is a dependency of 'ended'"),
    "minutes that are not a whole number": (
        lambda r: r.update(started="2026-05-01T19:00:00+02:00",
                           ended="2026-05-01T21:00:00+02:00", minutes=120.5), "minutes"),
    "a seat called bank": (lambda r: r["players"][0].update(id="bank"), "players/0/id"),
    "an action of no type": (lambda r: r["actions"][3].pop("type"), "actions/3"),
    "an action Prairie Railroads does not have": (
        lambda r: r["actions"][0].update(type="roll_move"), "actions/0/type"),
    "a bid without its amount": (
        lambda r: next(a for a in r["actions"] if a["type"] == "bid").pop("amount"),
        "'amount' is a required property"),
    "a bid of words": (
        lambda r: next(a for a in r["actions"] if a["type"] == "bid").update(amount="ten"),
        "'ten' is not of type 'integer'"),
}


@pytest.mark.parametrize("change, where", BROKEN.values(), ids=BROKEN.keys())
def test_a_record_that_breaks_the_schemas_is_caught_where_it_breaks(change, where):
    record = json.loads((GAMES / "prairie_game_1.json").read_text(encoding="utf-8"))
    change(record)
    found = problems(record)
    assert found and any(where in p for p in found), found
