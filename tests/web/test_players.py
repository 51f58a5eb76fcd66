"""The players page: finished games counted by person, across games, imported or played here."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from referee.cli import main

GAMES = Path(__file__).parent.parent / "fixtures" / "games"


def record(name: str, names: dict[str, str] | None = None, drop: int = 0,
           then: list[dict] | None = None) -> dict:
    """A fixture's record, its players renamed by id, its last `drop` actions left off and
    `then` added."""
    data = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    for p in data["players"]:
        p["name"] = (names or {}).get(p["id"], p["name"])
    if drop:
        data["actions"] = data["actions"][:-drop]
    data["actions"] += then or []
    return data


def imported(banker, data: dict, filename: str = "game.json") -> str:
    """Import a record through the lobby; the new game's id."""
    raw = io.BytesIO(json.dumps(data).encode())
    response = banker.post("/import", {"record": (raw, filename)},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    return response.headers["Location"].split("/")[2]


def counts(banker) -> dict[str, tuple[int, int]]:
    """Each person's (games, wins) as the players page lists them."""
    page = banker.get("/players").text
    club = page.split('<ul class="club-list">', 1)[1].split("</ul>", 1)[0]
    found = re.findall(r'<a href="/players/[^"]+"><bdi>([^<]+)</bdi></a></p>\s*'
                       r'<p class="quiet">(\d+) games? · (\d+) won', club)
    return {name: (int(g), int(w)) for name, g, w in found}


def stats(app, capsys) -> dict:
    """What `referee stats --instance DIR --json` prints for the app's instance folder."""
    capsys.readouterr()
    assert main(["stats", "--instance", app.instance_path, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_stats_without_an_instance_reads_the_folder_referee_serve_keeps_its_games_in(
        tmp_path, monkeypatch, capsys):
    from referee.web import create_app, default_instance

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)  # an empty folder: no ./instance here
    create_app()  # as `referee serve` starts: its database in the user's data folder
    assert (default_instance() / "referee.db").is_file()
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"players": [], "games": []}


def by_name(data: dict) -> dict[str, dict]:
    return {p["name"]: p for p in data["players"]}


@pytest.fixture
def banker(browser):
    return browser()


@pytest.fixture
def club_night(banker) -> dict[str, str]:
    """Railroad Barons game 1 and Prairie games 1 and 2, imported into an empty laptop."""
    return {name: imported(banker, record(name), f"{name}.json")
            for name in ("barons_game_1", "prairie_game_1", "prairie_game_2")}


def test_three_imported_games_give_each_person_his_games_and_wins(app, banker, club_night,
                                                                   capsys):
    expected = {"Ann": (3, 1), "Bob": (3, 1), "Cy": (2, 1), "Dee": (1, 0)}
    assert counts(banker) == expected
    printed = by_name(stats(app, capsys))
    assert {n: (p["games"], p["wins"]) for n, p in printed.items()} == expected
    # by game: Bob won the Barons game, Ann the second Prairie game, Cy the first
    assert printed["Bob"]["by_game"]["railroad_barons"] == {
        "games": 1, "wins": 1, "average_final_score": 2535, "average_final_cash": 355,
        "average_share_value": 2180}
    assert printed["Ann"]["by_game"]["prairie_railroads"] == {
        "games": 2, "wins": 1, "average_final_cash": 110,  # (105 + 115) / 2
        "average_final_payoff": 33,  # (31 + 34) / 2 = 32.5, halves up
        "dividends": 54}  # 19 + 35
    assert "railroad_barons" not in printed["Dee"]["by_game"]
    # the page says each game's count in words, not as "2/1"
    page = banker.get("/players").text
    assert "Prairie Railroads: 2 played, 1 won" in page and "2/1" not in page


def test_the_lobby_links_to_the_players_page(banker):
    assert 'href="/players"' in banker.get("/").text
    assert "No finished game yet." in banker.get("/players").text


def test_names_match_whatever_their_capitals_and_spaces(banker, club_night):
    imported(banker, record("prairie_game_1", {"ann": "  aNN ", "bob": "B ob", "cy": "CY"}))
    # each is shown by the spelling of most of his games
    assert counts(banker) == {"Cy": (3, 2), "Ann": (4, 1), "Bob": (4, 1), "Dee": (1, 0)}


def test_a_banker_rename_in_the_game_is_the_name_counted(banker):
    rename = {"type": "rename_player", "player": "dee", "name": "Deirdre",
              "reason": "her full name"}
    imported(banker, record("prairie_game_2", then=[rename]))
    assert "Deirdre" in counts(banker) and "Dee" not in counts(banker)


def test_a_person_page_lists_his_games_linked_to_their_history(banker, club_night):
    page = banker.get("/players/cy")
    assert page.status_code == 200
    for name in ("prairie_game_1", "prairie_game_2"):
        assert f'href="/g/{club_night[name]}/history"' in page.text
    assert club_night["barons_game_1"] not in page.text
    assert "<svg" in page.text and "2 games · 1 won" in page.text
    assert "won</strong> of 3" in page.text and "4th of 4" in page.text
    assert banker.get("/players/nobody").status_code == 404
    # htmx asks for the fragment alone
    fragment = banker.get("/players/cy", headers={"HX-Request": "true"}).text
    assert "<html" not in fragment and 'id="person"' in fragment


def test_the_csv_has_one_row_per_person_and_game(banker, club_night):
    response = banker.get("/players.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert len(rows) == 3 + 3 + 2 + 1
    ann_barons = [r for r in rows if r["person"] == "Ann" and r["game"] == "railroad_barons"]
    assert ann_barons == [r for r in rows if r["final_score"] == "1940"]
    assert ann_barons[0]["won"] == "0" and ann_barons[0]["share_value"] == "1720"
    dee = [r for r in rows if r["person"] == "Dee"][0]
    assert (dee["place"], dee["players"], dee["final_payoff"]) == ("2", "4", "23")


def test_merge_counts_two_names_as_one_person_and_can_be_taken_back(app, banker, capsys):
    imported(banker, record("prairie_game_1", {"bob": "Bobby"}))
    imported(banker, record("prairie_game_2"))
    assert counts(banker)["Bobby"] == (1, 0) and counts(banker)["Bob"] == (1, 0)
    refused = banker.post("/players/merge", {"name": "Bobby", "into": "Bob", "reason": " "})
    assert refused.status_code == 422 and "Say why" in refused.text
    assert banker.post("/players/merge", {"name": "Bob", "into": "bob",
                                          "reason": "same"}).status_code == 422
    done = banker.post("/players/merge", {"name": "Bobby", "into": "Bob",
                                          "reason": "Bob signed as Bobby"})
    assert done.status_code == 303 and done.headers["Location"] == "/players/bob"
    assert counts(banker)["Bob"] == (2, 0) and "Bobby" not in counts(banker)
    assert by_name(stats(app, capsys))["Bob"]["games"] == 2
    page = banker.get("/players").text
    assert "Bob signed as Bobby" in page
    correction = re.search(r'/players/corrections/(\d+)/take-back', page).group(1)
    assert banker.post(f"/players/corrections/{correction}/take-back").status_code == 303
    assert counts(banker)["Bobby"] == (1, 0) and counts(banker)["Bob"] == (1, 0)
    again = banker.post(f"/players/corrections/{correction}/take-back")
    assert again.status_code == 409


def test_split_counts_some_games_of_a_name_as_another_persons(app, banker, club_night, capsys):
    second = club_night["prairie_game_2"]
    refused = banker.post("/players/split", {"person": "ann", "into": "Ann Lee",
                                             "reason": "two Anns"})
    assert refused.status_code == 422 and "Tick the games" in refused.text
    foreign = banker.post("/players/split", {"person": "ann", "seat": f"{second}:bob",
                                             "into": "Ann Lee", "reason": "two Anns"})
    assert foreign.status_code == 422
    done = banker.post("/players/split", {"person": "ann", "seat": f"{second}:ann",
                                          "into": "Ann Lee", "reason": "Ann Lee came once"})
    assert done.status_code == 303
    assert counts(banker)["Ann"] == (2, 0) and counts(banker)["Ann Lee"] == (1, 1)
    printed = by_name(stats(app, capsys))
    assert (printed["Ann Lee"]["games"], printed["Ann Lee"]["wins"]) == (1, 1)
    assert banker.get("/players/annlee").status_code == 200


def test_a_tie_gives_every_tied_winner_a_win(app, banker, capsys):
    # the banker corrects Bob's cash after the end: 112 + 18 = 130, Cy's 130
    tie = {"type": "adjust_cash", "account": "bob", "amount": 18, "reason": "miscounted"}
    imported(banker, record("prairie_game_1", then=[tie]))
    assert counts(banker) == {"Bob": (1, 1), "Cy": (1, 1), "Ann": (1, 0)}
    printed = by_name(stats(app, capsys))
    assert printed["Bob"]["by_game"]["prairie_railroads"]["average_final_cash"] == 130
    assert "won</strong> of 3" in banker.get("/players/bob").text


def test_a_bankrupt_player_counts_his_game_and_his_bankruptcy(app, banker, capsys):
    imported(banker, record("railbaron_game_2"))  # Yellow goes bankrupt at turn 19
    printed = by_name(stats(app, capsys))
    yellow = printed["Yellow"]["by_game"]["railbaron"]
    assert (printed["Yellow"]["games"], printed["Yellow"]["wins"]) == (1, 0)
    assert yellow["bankruptcies"] == 1 and yellow["average_final_cash"] == 0
    assert printed["Green"]["wins"] == 1
    assert all(p["by_game"]["railbaron"]["bankruptcies"] == 0
               for n, p in printed.items() if n != "Yellow")
    page = banker.get("/players").text
    assert "Bankruptcies" in page and "Biggest payoff" in page


def test_a_game_under_way_changes_nothing(app, banker, club_night, capsys):
    before, printed = banker.get("/players").text, stats(app, capsys)
    # the first Prairie game again, its last card not yet played, and a Railway Rivals game
    # whose companies are still racing: both under way
    under_way = imported(banker, record("prairie_game_1", {"cy": "Zed"}, drop=1))
    imported(banker, record("railway_rivals_game_1"))
    assert banker.get("/players").text == before
    assert stats(app, capsys) == printed
    assert banker.get("/players/zed").status_code == 404
    assert banker.get("/players.csv").text.count("\r\n") == 1 + 9
    # once its last card is played, it counts
    last = record("prairie_game_1")["actions"][-1]
    assert banker.act(under_way, json=json.dumps(last)).status_code == 303
    assert counts(banker)["Zed"] == (1, 1)


def test_stats_without_a_database_says_so(tmp_path, capsys):
    assert main(["stats", "--instance", str(tmp_path)]) == 2
    assert "no database" in capsys.readouterr().err


def test_stats_prints_a_line_per_person(app, banker, club_night, capsys):
    capsys.readouterr()
    assert main(["stats", "--instance", app.instance_path]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "3 finished games."
    assert ("Ann: 3 played, 1 won (Prairie Railroads: 2 played, 1 won; Railroad Barons: "
            "1 played, 0 won)") in out

