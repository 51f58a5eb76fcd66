"""The toy race (tests/toy_game/) through the whole app, registered here and nowhere else.

It keeps the game contract honest: a game that lives in its own folder plays lobby -> join ->
phone -> history -> export and import -> `referee replay` with no file of the app naming it.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from referee import PROJECT_ROOT
from referee.cli import main
from referee.games import registry


@pytest.fixture
def toy(app) -> str:
    meta = registry.register("tests.toy_game")
    yield meta.key
    registry.GAMES.pop(meta.key)
    registry.PACKAGES.pop(meta.key)


def roll(phone, game_id: str, player: str, die: int | None = None):
    """A phone records its roll: the faces tapped, or "Roll for me" when `die` is None."""
    field = {"die:roll": "1"} if die is None else {"die:int": str(die)}
    return phone.act(game_id, type="roll", player=player, **field)


def test_the_toy_race_plays_through_the_whole_app(toy, browser, tmp_path, capsys):
    banker, ann, bob = browser(), browser(), browser()

    lobby = banker.get("/").text
    assert 'value="toy_race"' in lobby and "Toy race" in lobby
    options = banker.get("/new/options?game=toy_race", headers={"HX-Request": "true"}).text
    assert 'name="name_2"' in options and 'name="name_3"' not in options  # two seats
    assert "2 players, in any order" in options and "2 to 2" not in options  # one count, said once

    game_id = banker.create_game(["Ann", "Bob"], game=toy)
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303

    phone = ann.get(f"/g/{game_id}/me").text
    assert "Your turn</strong>" in phone and "Your turn." not in phone  # the cue, said once
    assert 'data-die="die"' in phone and "Roll for me" in phone
    tapped = ann.get(f"/g/{game_id}/me?s=0&die=4").text  # the face tapped, kept in the query
    assert 'name="die:int" value="4"' in tapped and "Record 4" in tapped
    waiting = bob.get(f"/g/{game_id}/me").text
    assert "Now: Ann." in waiting and 'data-die="die"' not in waiting
    out_of_turn = roll(bob, game_id, "p2", 3)
    assert out_of_turn.status_code == 403 and "It is not Bob&#39;s turn" in out_of_turn.text

    assert roll(ann, game_id, "p1", 6).status_code == 303
    assert roll(bob, game_id, "p2").status_code == 303  # rolled by the server as it arrived
    for _ in range(2):
        assert roll(ann, game_id, "p1", 6).status_code == 303
        assert roll(bob, game_id, "p2", 1).status_code == 303
    assert roll(ann, game_id, "p1", 6).status_code == 303  # 24 points: Ann wins

    over = bob.get(f"/g/{game_id}/me").text
    assert "The game is over: Ann won." in over
    assert "Ann reaches 20 and wins." in over
    history = bob.get(f"/g/{game_id}/history").text
    assert history.count("Ann rolls 6") == 4

    record = json.loads(banker.get(f"/g/{game_id}/export.json").text)
    assert record["format"] == "referee.game/1" and record["game"] == "toy_race"
    assert len(record["actions"]) == 7
    server_roll = record["actions"][1]["die"]
    assert type(server_roll) is int and 1 <= server_roll <= 6

    importer = browser()
    response = importer.post("/import", {"record": (io.BytesIO(json.dumps(record).encode()),
                                                    "race.json")},
                             content_type="multipart/form-data")
    assert response.status_code == 303
    new_id = response.headers["Location"].split("/")[2]
    assert "Ann reaches 20 and wins." in importer.get(f"/g/{new_id}/history").text

    # the players page counts both finished races (the game and its import) by its figures
    players = banker.get("/players").text
    assert "Toy race" in players and "Average points" in players
    assert "2 games · 2 won" in players and "2 games · 0 won" in players
    ann_page = banker.get("/players/ann").text
    assert f'href="/g/{game_id}/history"' in ann_page and "Points" in ann_page

    path = tmp_path / "race.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "p1: 24 points, $24" in text and "Winner: p1" in text
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    scores = {pid: p["score"] for pid, p in report["players"].items()}
    assert scores == {"p1": 24, "p2": 2 + server_roll} and report["winners"] == ["p1"]


def test_a_game_kept_outside_the_app_is_found_through_referee_games(tmp_path):
    record = {"format": "referee.game/1", "game": "toy_race", "map": "", "settings": {},
              "players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Bob"}],
              "actions": [{"type": "roll", "player": "a", "die": 4}]}
    path = tmp_path / "race.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    command = [sys.executable, "-m", "referee.cli", "replay", str(path)]
    env = {**os.environ, "REFEREE_GAMES": "tests.toy_game", "PYTHONPATH": str(PROJECT_ROOT)}
    found = subprocess.run(command, capture_output=True, text=True, cwd=PROJECT_ROOT, env=env)
    assert found.returncode == 0, found.stderr
    assert "a: 4 points, $4" in found.stdout
    env.pop("REFEREE_GAMES")
    unknown = subprocess.run(command, capture_output=True, text=True, cwd=PROJECT_ROOT, env=env)
    assert unknown.returncode == 2 and "unknown game 'toy_race'" in unknown.stderr


def test_an_installed_game_is_found_through_the_referee_games_entry_points(tmp_path):
    """A distribution listing the toy race in the `referee.games` entry-point group (as its
    pyproject.toml's [project.entry-points."referee.games"] would on install) puts it in the
    lobby and `referee replay`, no variable set."""
    dist = tmp_path / "site" / "toy_race-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-race\nVersion: 1.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text("[referee.games]\ntoy_race = tests.toy_game\n",
                                           encoding="utf-8")
    code = "from referee.games import registry; print(sorted(registry.GAMES))"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_GAMES"}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), str(PROJECT_ROOT)])
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=PROJECT_ROOT, env=env)
    assert found.returncode == 0, found.stderr
    assert "'toy_race'" in found.stdout
    env["PYTHONPATH"] = str(PROJECT_ROOT)
    alone = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=PROJECT_ROOT, env=env)
    assert "'toy_race'" not in alone.stdout


def test_the_recorded_race_replays_to_its_result_worked_out_by_hand(toy, capsys):
    """tests/fixtures/games/toy_race_game_1.json: Ann rolls 6, 6, 6, 3 (21: she wins on her
    fourth roll), Bob 1, 2, 3 (6); the bank pays each roll in dollars."""
    path = PROJECT_ROOT / "tests" / "fixtures" / "games" / "toy_race_game_1.json"
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"players": {"ann": {"score": 21, "cash": 21}, "bob": {"score": 6, "cash": 6}},
                      "to_act": [], "winners": ["ann"]}
