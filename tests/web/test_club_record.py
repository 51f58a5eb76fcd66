"""One club record from two laptops: `referee export --finished` on one, `referee gather` on
the other (twice), and `referee stats --json` of the gathered laptop worked out by hand."""

from __future__ import annotations

import io
import json
import re

import pytest

from referee.cli import main
from referee.web import create_app
from tests.web.conftest import Browser
from tests.web.test_players import counts, imported, record

# when each game was played, as a third laptop's export would say
PRAIRIE_1 = {"started": "2026-05-01T19:00:00+02:00", "ended": "2026-05-01T21:05:00+02:00"}
BARONS_1 = {"started": "2026-05-08T19:30:00+02:00", "ended": "2026-05-08T22:00:00+02:00"}
PRAIRIE_2 = {"started": "2026-06-05T18:45:00+02:00", "ended": "2026-06-05T20:20:30+02:00"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def dated(name: str, dates: dict, names: dict | None = None) -> dict:
    return record(name, names) | dates


@pytest.fixture
def laptops(tmp_path, counter_game):
    """Laptop A with Prairie game 1 and Barons game 1; laptop B with Prairie game 2, where Bob
    was typed "Bobby" and the banker merged Bobby into Bob."""
    first = create_app({"TESTING": True}, instance_path=tmp_path / "a")
    second = create_app({"TESTING": True}, instance_path=tmp_path / "b")
    at_a, at_b = Browser(first), Browser(second)
    imported(at_a, dated("prairie_game_1", PRAIRIE_1))
    imported(at_a, dated("barons_game_1", BARONS_1))
    imported(at_b, dated("prairie_game_2", PRAIRIE_2, {"bob": "Bobby"}))
    response = at_b.post("/players/merge", {"name": "Bobby", "into": "Bob",
                                            "reason": "Bob signs as Bobby"})
    assert response.status_code == 303, response.text
    return tmp_path / "a", tmp_path / "b"


def stats(capsys, folder) -> dict:
    status, out, _err = run(capsys, "stats", "--instance", str(folder), "--json")
    assert status == 0
    return json.loads(out)


def test_gathering_a_laptops_finished_games_twice_counts_each_game_once(laptops, tmp_path,
                                                                         capsys):
    a, b = laptops
    club = tmp_path / "club-b.json"
    status, out, _ = run(capsys, "export", "--finished", str(club), "--instance", str(b))
    assert status == 0 and "1 finished game, 1 name correction" in out
    status, out, _ = run(capsys, "gather", str(club), "--instance", str(a))
    assert status == 0
    assert "Added 1 game: game (imported)." in out  # marked imported once, not twice
    assert "Name corrections: 1 added, 0 already here." in out
    status, out, _ = run(capsys, "gather", str(club), "--instance", str(a))
    assert status == 0
    assert "Added 0 games." in out and "this laptop has it already" in out
    assert "Name corrections: 0 added, 1 already here." in out

    data = stats(capsys, a)
    people = {p["name"]: p for p in data["players"]}
    assert {n: (p["games"], p["wins"]) for n, p in people.items()} == {
        "Ann": (3, 1), "Bob": (3, 1), "Cy": (2, 1), "Dee": (1, 0)}  # no Bobby: merged
    games = {g["started"]: g for g in data["games"]}
    assert [(g["game"], g["ended"], g["minutes"]) for g in games.values()] == [
        ("prairie_railroads", PRAIRIE_1["ended"], 125),
        ("railroad_barons", BARONS_1["ended"], 150),
        ("prairie_railroads", PRAIRIE_2["ended"], 96),  # 95.5 minutes, halves up
    ]
    # Prairie game 1: Cy won with $130, Bob $112, Ann $105
    assert games[PRAIRIE_1["started"]]["players"] == [
        {"name": "Cy", "rank": 1, "score": 130}, {"name": "Bob", "rank": 2, "score": 112},
        {"name": "Ann", "rank": 3, "score": 105}]
    # Prairie game 2: Ann won with $115, Dee $95, Bob (typed Bobby) $87, Cy $69
    assert games[PRAIRIE_2["started"]]["players"] == [
        {"name": "Ann", "rank": 1, "score": 115}, {"name": "Dee", "rank": 2, "score": 95},
        {"name": "Bob", "rank": 3, "score": 87}, {"name": "Cy", "rank": 4, "score": 69}]
    assert games[PRAIRIE_2["started"]]["winners"] == ["Ann"]
    # Barons game 1: Bob scored 2535, Ann 1940
    assert games[BARONS_1["started"]]["winners"] == ["Bob"]

    def rivals(name: str) -> dict:
        return {r["name"]: (r["games"], r["won"], r["lost"], r["tied"])
                for r in people[name]["rivals"]}

    # Ann: below Bob and Cy in Prairie 1, above everyone in Prairie 2, below Bob in Barons
    assert rivals("Ann") == {"Bob": (3, 1, 2, 0), "Cy": (2, 1, 1, 0), "Dee": (1, 1, 0, 0)}
    assert rivals("Bob") == {"Ann": (3, 2, 1, 0), "Cy": (2, 1, 1, 0), "Dee": (1, 0, 1, 0)}
    assert rivals("Cy") == {"Ann": (2, 1, 1, 0), "Bob": (2, 1, 1, 0), "Dee": (1, 0, 1, 0)}
    assert rivals("Dee") == {"Ann": (1, 0, 1, 0), "Bob": (1, 1, 0, 0), "Cy": (1, 1, 0, 0)}
    assert people["Ann"]["last_played"] == "2026-06-05"
    assert people["Ann"]["average_minutes"] == 124  # (125 + 150 + 96) / 3 = 123.7
    assert people["Dee"]["average_minutes"] == 96
    out = run(capsys, "stats", "--instance", str(a))[1]
    assert ("Ann: 3 played, 1 won (Prairie Railroads: 2 played, 1 won; Railroad Barons: 1 "
            "played, 0 won), last played 2026-06-05") in out


def test_gathered_back_where_it_came_from_a_game_is_not_added_again(laptops, tmp_path, capsys):
    a, b = laptops
    club_a = tmp_path / "club-a.json"
    assert run(capsys, "export", "--finished", str(club_a), "--instance", str(a))[0] == 0
    status, out, _ = run(capsys, "gather", str(club_a), "--instance", str(b))
    assert status == 0 and "Added 2 games" in out
    club_b = tmp_path / "club-b.json"
    assert run(capsys, "export", "--finished", str(club_b), "--instance", str(b))[0] == 0
    status, out, _ = run(capsys, "gather", str(club_b), "--instance", str(a))
    assert "Added 1 game:" in out and out.count("this laptop has it already") == 2
    assert len(stats(capsys, a)["games"]) == 3


def test_a_split_travels_with_the_games_it_names(laptops, tmp_path, capsys):
    a, b = laptops
    app_b = create_app({"TESTING": True}, instance_path=b)
    at_b = Browser(app_b)
    game_id = stats(capsys, b)["games"][0]["id"]
    response = at_b.post("/players/split", {"person": "cy", "seat": f"{game_id}:cy",
                                            "into": "Cyril", "reason": "Another Cy"})
    assert response.status_code == 303, response.text
    club = tmp_path / "club-b.json"
    assert run(capsys, "export", "--finished", str(club), "--instance", str(b))[0] == 0
    assert run(capsys, "gather", str(club), "--instance", str(a))[0] == 0
    people = {p["name"]: p for p in stats(capsys, a)["players"]}
    assert (people["Cyril"]["games"], people["Cy"]["games"]) == (1, 1)


def test_a_file_that_is_not_a_club_record_is_refused_with_where(laptops, tmp_path, capsys):
    a, _b = laptops
    single = tmp_path / "one-game.json"
    single.write_text(json.dumps(record("prairie_game_1")), encoding="utf-8")
    status, _out, err = run(capsys, "gather", str(single), "--instance", str(a))
    assert status == 2 and "one-game.json: not a club record" in err


def test_the_players_page_exports_every_finished_game_and_gathers_them_elsewhere(laptops):
    a, b = laptops
    at_a = Browser(create_app({"TESTING": True}, instance_path=a))
    at_b = Browser(create_app({"TESTING": True}, instance_path=b))
    assert "Export every finished game" in at_b.get("/players").text
    exported = at_b.get("/players/club.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]

    def gather(body: bytes):
        return at_a.post("/players/gather", {"club": (io.BytesIO(body), "club.json")},
                         content_type="multipart/form-data")

    first = gather(exported.data)
    assert first.status_code == 200
    assert "Added 1 game: game (imported)." in first.text
    assert "Name corrections: 1 added, 0 already here." in first.text
    again = gather(exported.data)
    assert "Added 0 games." in again.text and "this laptop has it already" in again.text
    page = at_a.get("/players").text
    assert counts(at_a) == {"Ann": (3, 1), "Bob": (3, 1), "Cy": (2, 1), "Dee": (1, 0)}
    assert "2026-06</td><td>1</td>" in page and "2026-05</td><td>2</td>" in page
    assert gather(b"{not json").status_code == 422
    broken = gather(json.dumps({"format": "referee.club/1", "games": [{"format": "x"}],
                                "corrections": []}).encode())
    assert broken.status_code == 200 and "Skipped club.json: games[0]" in broken.text


def test_a_persons_page_shows_his_rivals_and_when_he_played(laptops, capsys):
    a, b = laptops
    club = b.parent / "club-b.json"
    assert run(capsys, "export", "--finished", str(club), "--instance", str(b))[0] == 0
    assert run(capsys, "gather", str(club), "--instance", str(a))[0] == 0
    page = Browser(create_app({"TESTING": True}, instance_path=a)).get("/players/dee").text
    rivals = page.split('id="rivals"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<bdi>(\w+)</bdi></a></th>\s*<td>(\d)</td><td>(\d)</td><td>(\d)</td>"
                      r"<td>(\d)</td>", rivals)
    assert rows == [("Ann", "1", "0", "1", "0"), ("Bob", "1", "1", "0", "0"),
                    ("Cy", "1", "1", "0", "0")]
    assert "Last played 2026-06-05" in page and "1 h 36 min a game on average" in page


def test_once_the_club_record_is_given_out_no_undo_reopens_its_games(tmp_path, counter_game):
    banker = Browser(create_app({"TESTING": True}, instance_path=tmp_path / "c"))
    game_id = imported(banker, dated("prairie_game_1", PRAIRIE_1))
    count = banker.seq(game_id)
    assert banker.act(game_id, type="undo", page="banker").status_code == 303  # not given yet
    assert banker.act(game_id, type="redo", page="banker").status_code == 303
    assert banker.get("/players/club.json").status_code == 200
    refused = banker.act(game_id, type="undo", page="banker")
    assert refused.status_code == 403 and "the end stands" in refused.text
    assert banker.seq(game_id) == count + 2


def test_the_lobby_sends_a_club_record_to_the_players_page(tmp_path, counter_game):
    banker = Browser(create_app({"TESTING": True}, instance_path=tmp_path / "c"))
    imported(banker, dated("prairie_game_1", PRAIRIE_1))
    club = banker.get("/players/club.json").data
    response = banker.post("/import", {"record": (io.BytesIO(club), "club.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert "a club record of several games: gather it on the players page" in response.text


def test_a_game_of_unknown_date_says_so_on_a_persons_page(tmp_path, counter_game):
    banker = Browser(create_app({"TESTING": True}, instance_path=tmp_path / "c"))
    imported(banker, dated("prairie_game_1", PRAIRIE_1))
    imported(banker, record("barons_game_1"))  # an older record: no date of its own
    page = banker.get("/players/ann").text
    assert "<title>date unknown, Railroad Barons: 2nd of 2</title>" in page
    assert "<title>2026-05-01, Prairie Railroads: 3rd of 3</title>" in page
    assert "Railroad Barons · date unknown ·" in page
    assert "Last played 2026-05-01 · 2 h 05 min a game on average" in page
