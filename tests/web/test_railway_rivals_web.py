"""Railway Rivals through the web: the lobby, a phone per company, the accounts keeper."""

from __future__ import annotations

import html
import io
import json
import re

from referee.games.railway_rivals.game import GAME
from tests.railway_rivals.test_corrections_after_end import ann_and_bob_share_the_win

IDS = ("p1", "p2", "p3")


def text(response) -> str:
    return html.unescape(response.text)


def act(who, game_id, action: dict, page: str = "phone", **extra):
    return who.act(game_id, json=json.dumps(action), page=page, **extra)


def seated(browser, **fields):
    banker, ann, bob, cy = browser(), browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="railway_rivals", map="austria",
                                 **fields)
    link = banker.join_link(game_id)
    for phone, pid in zip((ann, bob, cy), IDS, strict=True):
        assert phone.join(link, pid).status_code == 303
    return banker, ann, bob, cy, game_id


def test_the_lobby_lists_the_game_with_the_austria_map(client):
    assert "Railway Rivals" in client.get("/").text
    page = client.get("/new/options?game=railway_rivals", headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "Austria (Dampfross Österreich)" in text(page)
    assert "Tournament rules (C2)" in text(page)


def test_a_game_made_in_the_lobby_keeps_its_edition_and_variants(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy", "Dee"], game="railway_rivals",
                                 map="austria", edition="dampfross", variant="tournament")
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    assert record["map"] == "austria"
    assert record["settings"]["edition"] == "dampfross"
    assert record["settings"]["variants"] == ["tournament"]
    rules = GAME.rules_for(record)
    assert rules.settings.tournament and rules.settings.first_town == 6
    assert rules.settings.target(4) == 225
    # the book's readings of B3 and B4, written down so the record keeps them
    assert record["settings"]["joint_fees"] == "on_total"
    assert record["settings"]["own_lines_required"] is True


def test_phones_act_only_for_their_company_and_when_it_may(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    # start towns are named in any order: every company may act
    assert act(cy, game_id, {"type": "start_town", "company": "p3", "town": "Graz"}
               ).status_code == 303
    refused = act(bob, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    assert refused.status_code == 403
    act(ann, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    act(bob, game_id, {"type": "start_town", "company": "p2", "town": "Linz"})
    # building: only Ann (seat order) builds now
    refused = act(bob, game_id, {"type": "build_throw", "company": "p2", "die": 4})
    assert refused.status_code == 403 and "Ann is to act" in text(refused)
    assert act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 4}
               ).status_code == 303
    # corrections are the accounts keeper's alone
    fix = {"type": "correction", "company": "p1", "amount": 3, "reason": "miscounted"}
    assert act(ann, game_id, fix).status_code == 403
    assert act(banker, game_id, fix, page="banker").status_code == 303
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    rules = GAME.rules_for(record)  # the record replays through the contract
    assert rules.map.name.startswith("Austria")


def to_the_races(banker, ann, bob, cy, game_id):
    """Start towns Wien, Linz, Graz; Ann reaches every other town in her first turn."""
    for phone, pid, town in ((ann, "p1", "Wien"), (bob, "p2", "Linz"), (cy, "p3", "Graz")):
        assert act(phone, game_id, {"type": "start_town", "company": pid, "town": town}
                   ).status_code == 303
    act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 6})
    act(ann, game_id, {"type": "build_payment", "company": "p1", "to": "p2", "kind": "join"})
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    towns = [t for t in GAME.rules_for(record).map.towns if t not in ("Wien", "Linz", "Graz")]
    for town in towns:
        act(ann, game_id, {"type": "reached_town", "company": "p1", "town": town})
    act(ann, game_id, {"type": "end_turn", "company": "p1"})


def test_a_phone_shows_its_money_and_only_what_it_may_do_now(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Start town" in page and "Start here" in page
    act(ann, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    act(bob, game_id, {"type": "start_town", "company": "p2", "town": "Linz"})
    act(cy, game_id, {"type": "start_town", "company": "p3", "town": "Graz"})
    ann_page, bob_page = text(ann.get(f"/g/{game_id}/me")), text(bob.get(f"/g/{game_id}/me"))
    assert "Record the throw" in ann_page and "Record the throw" not in bob_page
    assert "Building, round 1: Ann throws the die." in bob_page
    act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 5})
    ann_page = text(ann.get(f"/g/{game_id}/me"))
    said = " ".join(re.sub(r"<[^>]+>", " ", ann_page).split())  # as the phone reads
    assert "Join or cross a line: 1 unit " in said and "Straight alongside: 5 units" in said
    assert "First into this town +5 units" in said and "End my turn" in said
    # the payment form: tick the rival, tap the kind
    response = ann.act(game_id, type="build_payment", company="p1", to="p2",
                       kind="junction_alongside", page="phone")
    assert response.status_code == 303
    page = text(bob.get(f"/g/{game_id}/me"))
    assert "Building: 20 + 3 = 23" in page and "Building: 20 − 3 = 17" in page
    # a refused payment says why beside the form, and nothing is a 500
    refused = ann.act(game_id, type="build_payment", company="p1", kind="join", page="phone")
    assert refused.status_code == 422 and "Name the rival (or rivals) paid." in text(refused)


def to_the_entry(banker, ann, bob, cy, game_id):
    """`to_the_races`, then the keeper throws Wien and Linz, a run of 6 hexes or more: every
    company is asked whether it enters."""
    to_the_races(banker, ann, bob, cy, game_id)
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Throw for the first town" in console and "Roll for me" in console
    assert banker.act(game_id, type="key_throw", page="banker", **{"tens:int": "1",
                      "units:int": "2"}).status_code == 303
    assert banker.act(game_id, type="key_throw", page="banker", **{"tens:int": "6",
                      "units:int": "5"}).status_code == 303
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Is the run from Wien to Linz at least 6 hexes" in console
    run = re.search(r"value='([^']+run_length[^']+true[^']*)'", console).group(1)
    assert banker.act(game_id, json=run, page="banker").status_code == 303  # the console's form


def test_a_race_on_the_phones_with_the_keeper_throwing_the_towns(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    to_the_entry(banker, ann, bob, cy, game_id)
    table = text(banker.get(f"/g/{game_id}/table"))
    assert '<span>Wien</span>' in table and '<span>Linz</span>' in table
    assert "Target: <strong>250 units</strong>" in table
    # everyone answers at once; Bob and Cy run a joint train
    assert "Enter the race" in text(cy.get(f"/g/{game_id}/me"))
    assert bob.act(game_id, type="enter", company="p2", partner="p3",
                   page="phone").status_code == 303
    assert "Enter the race" not in text(cy.get(f"/g/{game_id}/me"))
    act(ann, game_id, {"type": "enter", "company": "p1"})
    # Ann is richest: she declares first, hexes on each rival's lines from the form
    assert "Declare the route" in text(ann.get(f"/g/{game_id}/me"))
    assert ann.act(game_id, type="route", company="p1", page="phone",
                   **{"on_p2:int": "3", "on_p3:int": "0", "length:int": "8"}).status_code == 303
    assert cy.act(game_id, type="route", company="p3", page="phone",
                  **{"on_p1:int": "4", "length:int": "9"}).status_code == 303
    table = text(banker.get(f"/g/{game_id}/table"))
    assert "Ann pays Bob 3; Bob pays Ann 2; Cy pays Ann 2" in table  # the joint fee split
    assert "<strong>8</strong> hexes to go" in table and "<strong>9</strong> hexes to go" in table
    act(ann, game_id, {"type": "move", "company": "p1", "die": 6})
    refused = act(ann, game_id, {"type": "move", "company": "p1", "die": 6})
    assert refused.status_code == 403
    act(bob, game_id, {"type": "move", "company": "p2", "die": 5})
    act(ann, game_id, {"type": "move", "company": "p1", "die": 2})
    page = text(bob.get(f"/g/{game_id}/me"))
    assert "Ann throws 2 and arrives first." in page
    assert "Bob and Cy come second." in page
    history = text(banker.get(f"/g/{game_id}/history"))
    assert "Race 1: Wien – Linz" in history and "Building stage" in history
    # plurals written as words, and the history tells, never asks
    assert "Ann declares the route" in history and "Bob and Cy declare the route" in history
    assert "Ann throws 6: 2 to go." in history and "Ann wins 20 units." in history
    assert "(s)" not in history and "shortest route?" not in history
    assert "The run must be at least 6 hexes by the shortest route." in history
    table = text(banker.get(f"/g/{game_id}/table"))
    assert "Money over the races" in table and "(s)" not in table


def test_the_keeper_corrects_with_a_reason_and_undo_names_what_it_takes_back(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(ann, game_id, {"type": "start_town", "company": "p1", "town": "Wien"})
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert re.search(r"Last action: <span [^>]*><q>[^<]*Ann starts at Wien\.", console)
    assert banker.act(game_id, type="correction", company="p2", page="banker",
                      reason="paper sheet", **{"amount:signed": "-4"}).status_code == 303
    page = text(bob.get(f"/g/{game_id}/me"))
    assert "Correction for Bob: −4 units (paper sheet)." in page
    refused = banker.act(game_id, type="correction", company="p2", page="banker",
                         **{"amount:signed": "2"})
    assert refused.status_code == 422 and "Say why" in text(refused)
    # a count of a variant this game does not play, typed as JSON: its refusal is said
    refused = act(banker, game_id, {"type": "leap", "company": "p1", "rival": "p2"},
                  page="banker")
    assert refused.status_code == 422 and "Leapfrog is not played in this game." in text(refused)
    assert banker.act(game_id, type="undo", page="banker").status_code == 303
    page = text(bob.get(f"/g/{game_id}/me"))
    assert "Correction for Bob" not in page and "Building: 20 = 20" in page


def test_the_sheet_lists_the_corrections_made_after_the_end(browser):
    t = ann_and_bob_share_the_win()
    t.do("correction", company="bob", amount=-1, reason="a <fee> paid twice")
    banker = browser()
    response = banker.post("/import", {"record": (io.BytesIO(json.dumps(t.record).encode()),
                                                  "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    for page in ("table", "banker"):
        answer = banker.get(f"/g/{game_id}/{page}").text
        assert "<h2>Corrected after the end</h2>" in answer
        assert "<bdi>Bob</bdi> −1: " in answer and "a &lt;fee&gt; paid twice" in answer


def test_the_maps_page_keeps_a_typed_map_and_the_lobby_offers_it(browser):
    keeper = browser()
    page = text(keeper.get("/railway_rivals/maps"))
    assert "Austria (Dampfross Österreich)" in page and "single source" in page
    form = {"key": "tiny", "name": "Tiny map", "towns": "Aston, yes\nBury, yes\nCrewe\nDover,,yes",
            "k11": "Aston", "k12": "Bury", "k21": "Crewe", "k22": "Dover", "k66": "Wales",
            "special": "Wales", "neighbours": "Aston, Bury"}
    bad = keeper.post("/railway_rivals/maps/entry", form | {"k13": "Nowhere"})
    assert bad.status_code == 422
    # said by the field typed on the form, not by a file the owner never saw
    assert "Key 13, town: unknown town 'Nowhere' (not in the towns file)" in text(bad)
    assert "key_numbers.csv line" not in text(bad)
    assert 'name="k13" maxlength="60" value="Nowhere" aria-invalid="true"' in bad.text
    assert 'name="k11" maxlength="60" value="Aston">' in bad.text  # the field marked alone
    assert "line 0" not in bad.text
    assert keeper.post("/railway_rivals/maps/entry", form).status_code == 303
    assert "Tiny map" in text(keeper.get("/railway_rivals/maps?added=tiny"))
    again = keeper.post("/railway_rivals/maps/entry", form)
    assert again.status_code == 422 and "There is a map 'tiny' already" in text(again)
    options = keeper.get("/new/options?game=railway_rivals", headers={"HX-Request": "true"})
    assert "Tiny map" in text(options)
    game_id = keeper.create_game(["Ann", "Bob"], game="railway_rivals", map="tiny")
    record = json.loads(keeper.get(f"/g/{game_id}/export.json").data)
    assert record["map"] == "tiny"


def test_a_map_named_with_a_control_character_is_kept_as_typed(browser, app):
    """The manifest the entry form writes reads back whatever the name holds: a DEL typed after
    "Tirol" is no refusal blaming a map.toml the owner never wrote."""
    import tomllib
    from pathlib import Path

    keeper = browser()
    form = {"key": "tirol", "name": "Tirol\x7f",
            "towns": "Aston, yes\nBury, yes\nCrewe\nDover,,yes",
            "k11": "Aston", "k12": "Bury", "k21": "Crewe", "k22": "Dover", "k66": "Wales",
            "special": "Wales", "neighbours": "Aston, Bury"}
    saved = keeper.post("/railway_rivals/maps/entry", form)
    assert saved.status_code == 303, text(saved)
    manifest = Path(app.instance_path) / "railway_rivals_maps" / "tirol" / "map.toml"
    assert tomllib.loads(manifest.read_text(encoding="utf-8"))["name"] == "Tirol\x7f"


def test_a_map_uploaded_as_files_is_checked_first(browser, tmp_path):
    import io

    from tests.railway_rivals.play import TEST_MAP

    keeper = browser()
    files = [(io.BytesIO((TEST_MAP / n).read_bytes()), n)
             for n in ("map.toml", "key_numbers.csv", "towns.csv", "town_neighbours.csv")]
    assert keeper.post("/boards/railway_rivals", {"key": "testmap", "files": files},
                       content_type="multipart/form-data").status_code == 303
    assert "Test map" in text(keeper.get("/railway_rivals/maps"))
    broken = [(io.BytesIO(b"town,start,small\nAston,maybe,\n"), "towns.csv"),
              (io.BytesIO((TEST_MAP / "map.toml").read_bytes()), "map.toml")]
    page = keeper.post("/boards/railway_rivals", {"key": "other", "files": broken},
                       content_type="multipart/form-data")
    assert page.status_code == 422
    assert re.search(r"key_numbers.csv:</span>\s*cannot read \(No such file or directory\)",
                     text(page))
    assert "line 0" not in page.text
    assert "other" not in [m.key for m in GAME.boards.list(tmp_path / "instance")]


def test_the_accounts_keeper_corrects_a_company_name_and_the_sheet_follows(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Correct a name" in console
    answer = banker.act(game_id, type="rename_player", player="p2", name="Robert",
                        reason="his full name", page="banker")
    assert answer.status_code == 303
    act(bob, game_id, {"type": "start_town", "company": "p2", "town": "Linz"})
    table = text(ann.get(f"/g/{game_id}/table"))
    assert table.replace("corrects Bob's name to Robert", "").count("Robert") >= 2
    assert "Bob" not in table.replace("corrects Bob's name", "")
    history = text(banker.get(f"/g/{game_id}/history"))
    assert "The banker corrects Bob's name to Robert: his full name." in history
    assert "Robert" in history.split("his full name")[1]


def keeper_posts(banker, game_id: str, **fields) -> object:
    """A form of the keeper's console as the browser sends it (a field twice: a list)."""
    return banker.post(f"/g/{game_id}/act", {"page": "banker", "seq": str(banker.seq(game_id)),
                                             **fields})


def test_the_keeper_counts_joint_lines_and_leaps_with_plain_forms(browser):
    banker, ann, bob, cy, game_id = seated(
        browser, variant=["tournament", "joint_builds", "leapfrog"])
    for phone, pid, town in ((ann, "p1", "Wien"), (bob, "p2", "Wien"), (cy, "p3", "Graz")):
        act(phone, game_id, {"type": "start_town", "company": pid, "town": town})
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Joint lines and leaps" not in console  # nobody builds before the round's throw
    act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 4})
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Joint lines and leaps" in console
    assert re.search(r'name="company"><option value="p1">Ann</option></select>', console)
    assert keeper_posts(banker, game_id, type="joint_build", company="p1", partner="p2",
                        **{"throws:int": ["4", "4"], "hexes:int": "6"}).status_code == 303
    assert keeper_posts(banker, game_id, type="leap", company="p1",
                        rival="p3").status_code == 303
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Joint hexes so far: Ann and Bob 6 of 10; Ann 6 of 20; Bob 6 of 20." in console
    assert "Leaps so far: Ann 1 of 8 (1 along Cy's)." in console
    assert "Ann and Bob build a joint line: throws 4 + 4 give 6 units" in console
    refused = keeper_posts(banker, game_id, type="joint_build", company="p1", partner="p3",
                           **{"throws:int": ["2", "2"], "hexes:int": "4"})
    assert refused.status_code == 422
    assert "Throws of 2 and 2 build 3 units together" in text(refused)
    assert "Joint line built by" not in text(ann.get(f"/g/{game_id}/me"))  # the keeper's


def test_a_game_without_joint_lines_or_leaps_shows_no_such_forms(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    for phone, pid, town in ((ann, "p1", "Wien"), (bob, "p2", "Wien"), (cy, "p3", "Graz")):
        act(phone, game_id, {"type": "start_town", "company": pid, "town": town})
    act(ann, game_id, {"type": "build_throw", "company": "p1", "die": 4})
    console = text(banker.get(f"/g/{game_id}/banker"))
    assert "Joint line built by" not in console and "Leap made by" not in console


def test_a_lone_runner_gives_its_routes_length_and_a_route_all_on_rivals_lines_is_refused(
        browser):
    banker, ann, bob, cy, game_id = seated(browser)
    to_the_races(banker, ann, bob, cy, game_id)
    for tens, units in ((1, 2), (6, 5)):  # Wien to Linz
        banker.act(game_id, type="key_throw", page="banker",
                   **{"tens:int": str(tens), "units:int": str(units)})
    act(banker, game_id, {"type": "run_length", "ok": True}, page="banker")
    act(ann, game_id, {"type": "enter", "company": "p1"})
    act(bob, game_id, {"type": "stay_out", "company": "p2"})
    act(cy, game_id, {"type": "stay_out", "company": "p3"})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "the route must be partly over your own lines" in page and 'name="length:int"' in page
    refused = ann.act(game_id, type="route", company="p1", page="phone",
                      **{"on_p2:int": "4", "on_p3:int": "4", "length:int": "8"})
    assert refused.status_code == 422
    assert "His route must be at least partly over his own lines" in text(refused)
    assert ann.act(game_id, type="route", company="p1", page="phone",
                   **{"on_p2:int": "4", "on_p3:int": "4", "length:int": "9"}
                   ).status_code == 303
    assert "Ann wins 20 units without racing" in text(ann.get(f"/g/{game_id}/me"))
