"""Railroad Barons through the web: a box entered on the form, the lobby, two phones, the
banker's corrections, the table, the history with its chart, export of the box."""

from __future__ import annotations

import html
import io
import json
import re
import zipfile

from referee.games.railroad_barons.box import DEFAULT_FILES
from tests.railroad_barons.play import TEST_BOX
from tests.railroad_barons.test_recorded_games import GAMES

MANIFEST = {"name": "Test box (made for the tests, not the printed box)",
            "note": "the tests' own", "investor_holding": "MSC",
            "investor_railroad": "Test Atlantic"}


def text(response) -> str:
    return html.unescape(response.text)


def box_form(key: str = "testbox", **changes: str) -> dict:
    form = {"key": key, **MANIFEST}
    for part, file in DEFAULT_FILES.items():
        form[part] = (TEST_BOX / file).read_text(encoding="utf-8")
    return form | changes


def enter_box(who, key: str = "testbox"):
    return who.post("/railroad_barons/boxes", box_form(key))


def act(who, game_id, action: dict, **extra):
    return who.act(game_id, json=json.dumps(action), page="phone", **extra)


def seated(browser):
    banker, ann, bob = browser(), browser(), browser()
    assert enter_box(banker).status_code == 303
    game_id = banker.create_game(["Ann", "Bob"], game="railroad_barons", map="testbox")
    link = banker.join_link(game_id)
    for phone, pid in ((ann, "p1"), (bob, "p2")):
        assert phone.join(link, pid).status_code == 303
    return banker, ann, bob, game_id


def test_the_entry_form_starts_from_the_empty_template_and_names_what_is_missing(browser):
    owner = browser()
    form = text(owner.get("/railroad_barons/boxes/new"))
    assert "Enter a Railroad Barons box" in form and "plus_circles" in form
    assert "how many (+) circles and how many (▼) circles are printed" in form  # the HOWTO
    refused = owner.post("/railroad_barons/boxes", box_form(holdings="key,name\nMSC,x\n"))
    page = text(refused)
    assert refused.status_code == 422
    assert "holdings.csv line 1: the header must be" in page
    assert "line 0" not in page
    assert "Test box" not in text(owner.get("/railroad_barons/boxes"))  # nothing stored


def test_a_bad_key_is_refused(browser):
    owner = browser()
    page = owner.post("/railroad_barons/boxes", box_form("no good"))
    assert page.status_code == 422 and "the box's key is 1 to 12 letters" in text(page)


def test_a_box_named_with_control_characters_is_kept_as_typed(browser, app):
    import tomllib
    from pathlib import Path

    owner = browser()
    saved = owner.post("/railroad_barons/boxes", box_form("odd") | {"name": 'Odd "box"\x7f\\'})
    assert saved.status_code == 303, text(saved)
    manifest = Path(app.instance_path) / "railroad_barons_boxes" / "odd" / "box.toml"
    assert tomllib.loads(manifest.read_text(encoding="utf-8"))["name"] == 'Odd "box"\x7f\\'


def test_an_entered_box_is_listed_offered_in_the_lobby_and_exported(browser):
    owner = browser()
    saved = enter_box(owner)
    assert saved.status_code == 303
    assert "/railroad_barons/boxes?saved=testbox" in saved.headers["Location"]
    listing = text(owner.get("/railroad_barons/boxes?saved=testbox"))
    assert "Test box (made for the tests, not the printed box)" in listing and "playable" in listing
    options = text(owner.get("/new/options?game=railroad_barons", headers={"HX-Request": "true"}))
    assert "testbox" in options
    data = owner.get("/railroad_barons/boxes/testbox/export.zip")
    assert data.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(data.data)).namelist()
    assert sorted(names) == sorted(f"testbox/{f}" for f in ["box.toml", *DEFAULT_FILES.values()])
    again = text(owner.get("/railroad_barons/boxes/new?from=testbox"))
    assert 'value="testbox"' in again and "Ash Line" in again
    assert owner.get("/railroad_barons/boxes/nothing/export.zip").status_code == 404


def test_the_lobby_lists_railroad_barons(client):
    assert "Railroad Barons" in text(client.get("/"))


def test_two_phones_play_the_draft_and_the_first_stock_round(browser):
    banker, ann, bob, game_id = seated(browser)
    ann_page = text(ann.get(f"/g/{game_id}/me"))
    assert "Investor draft: Ann selects the next Investor." in ann_page
    assert "$450 Investor" in ann_page
    assert "The value you name for the $450 Investor" in ann_page
    assert "Nothing for you to do" in text(bob.get(f"/g/{game_id}/me"))
    refused = act(bob, game_id, {"type": "offer_investor", "player": "p2", "investor": 30})
    assert refused.status_code == 403
    act(ann, game_id, {"type": "offer_investor", "player": "p1", "investor": 60},
        **{"price:int": "75"})
    bob_page = text(bob.get(f"/g/{game_id}/me"))
    assert "Take $75" in bob_page and "Take the $60 Investor" in bob_page
    assert "Ann gets the $60 Investor" in bob_page
    act(bob, game_id, {"type": "answer_offer", "player": "p2", "take": "cash"})
    for chooser, other, inv in (("p2", "p1", 30), ("p2", "p1", 40), ("p1", "p2", 50)):
        phone = {"p1": ann, "p2": bob}
        act(phone[chooser], game_id, {"type": "offer_investor", "player": chooser,
                                      "investor": inv}, **{"price:int": str(inv)})
        act(phone[other], game_id, {"type": "answer_offer", "player": other, "take": "cash"})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Stock Round 1: Ann's turn." in page
    # a row of small buttons per Holding to start: the value seen, "Start SB at" heard
    assert "Or start a Holding (the Director's 40%)" in page
    assert re.search(r'<span class="sr-only">Start SB at </span>\$70<small>pay \$280</small>', page)
    act(ann, game_id, {"type": "buy", "player": "p1", "holding": "SB", "percent": 40,
                       "par": 70})
    page = text(bob.get(f"/g/{game_id}/me"))
    assert "Buy SB 10%" in page and "SB gets $700 of capital" in page
    act(bob, game_id, {"type": "buy", "player": "p2", "holding": "SB", "percent": 10})
    table = text(banker.get(f"/g/{game_id}/table"))
    assert "Share value track" in table and "Director Ann" in table and "treasury $700" in table
    history = text(banker.get(f"/g/{game_id}/history"))
    assert "Ann starts Seedy Brothers at $70 and pays $280" in history
    assert "rb-chart" in history and "Worth over time" in history
    # each line in its player's seat colour: Ann red, Bob blue, as on every other page
    assert re.search(r'fill="#d62828">Ann \$', history), history
    assert re.search(r'fill="#1d4ed8">Bob \$', history)
    console = text(banker.get(f"/g/{game_id}/banker"))  # a possessive written as words
    assert "Seedy Brothers' treasury" in console and "Brothers's" not in console


def test_operating_round_buttons_preview_both_outcomes(browser):
    banker, ann, bob, game_id = seated(browser)
    for action in ({"type": "offer_investor", "player": "p1", "investor": 450, "price": 450},
                   {"type": "answer_offer", "player": "p2", "take": "cash"},
                   {"type": "offer_investor", "player": "p2", "investor": 30, "price": 0},
                   {"type": "answer_offer", "player": "p1", "take": "cash"},
                   {"type": "offer_investor", "player": "p2", "investor": 40, "price": 0},
                   {"type": "answer_offer", "player": "p1", "take": "cash"},
                   {"type": "offer_investor", "player": "p1", "investor": 50, "price": 0},
                   {"type": "answer_offer", "player": "p2", "take": "cash"},
                   {"type": "set_par", "player": "p1", "par": 100},
                   {"type": "buy", "player": "p1", "holding": "MSC", "percent": 10},
                   {"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"}):
        phone = ann if action["player"] == "p1" else bob
        assert act(phone, game_id, action).status_code in (200, 303), action
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Operating Round 1.1: Marley, Scrooge & Cratchit operates" in page
    assert "Place the tokens" in page
    assert re.search(r"6 tokens on MSC\S{1,5}s card; circles: 3 \(\+\), 3 \(▼\)", page)
    assert re.search(r'id="rb-plus"[^>]*value="3"', page)  # as many on (+) as the circles
    assert re.search(r'id="rb-down"[^>]*value="3"', page)  # then the (▼) ones
    ann.act(game_id, type="place_tokens", player="p1", page="phone",
            **{"plus:int": "1", "down:int": "2", "network:int": "1"})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Pay out $25" in page and "Ann $12" in page and "marker $100 → $120" in page
    assert "Withhold $25" in page and "the marker stays" in page
    refused = ann.act(game_id, type="place_tokens", player="p1", page="phone",
                      **{"plus:int": "1", "down:int": "2"})
    assert refused.status_code == 422
    act(ann, game_id, {"type": "pay_out", "player": "p1"})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Ash Line A2 for $60" in page


def test_the_banker_corrects_cash_with_a_reason(browser):
    banker, ann, bob, game_id = seated(browser)
    page = text(banker.get(f"/g/{game_id}/banker"))
    assert "Correct the cash" in page and "Correct the marker" in page
    done = banker.act(game_id, type="adjust_cash", account="p2", reason="miscounted",
                      page="banker", **{"amount:signed": "-5"})
    assert done.status_code in (200, 303)
    assert "The banker corrects Bob by -$5: miscounted." in text(banker.get(
        f"/g/{game_id}/history"))
    refused = banker.act(game_id, type="adjust_cash", account="p2", reason="x", page="banker",
                         **{"amount:signed": "-999"})
    assert refused.status_code == 422 and "Bob has only $195" in text(refused)


def test_the_worth_chart_follows_the_recorded_game_to_its_end():
    from referee.engine import Replayer
    from referee.engine.record import read_record
    from referee.games.railroad_barons.game import rules_for
    from referee.web.games.railroad_barons.chart import points_of, value_chart
    from tests.railroad_barons.test_recorded_games import GAMES

    record = read_record(GAMES / "barons_game_1.json")
    game = Replayer(rules_for(record), record["actions"])
    labels, series = points_of(game.state)
    assert labels == ["SR 1", "SR 2", "SR 3", "end"]
    assert series["ann"][-1] == 1940 and series["bob"][-1] == 2535  # the hand-worked totals
    assert series["ann"][0] == 330 + 400  # $330 cash and MSC 40% at $100 as SR 1 begins
    svg = value_chart(game.state)
    assert svg.startswith("<svg") and "Ann $1,940" in svg and "Bob $2,535" in svg
    # every label inside the drawing: the last round's label ("end") and the names at the top
    last = [float(v) for v in re.findall(r'<text x="([\d.]+)" y="196"', svg)][-1]
    assert last + 12 <= 340  # half of "end" or "now" at 11 px, inside the 340-wide view
    assert all(float(y) >= 12 for y in re.findall(r'<text [^>]*y="(-?[\d.]+)"', svg))
    during = Replayer(rules_for(record), record["actions"][:12])
    labels, series = points_of(during.state)
    assert labels == ["SR 1", "now"]


def test_the_final_scores_list_the_corrections_made_after_the_end(browser):
    record = json.loads((GAMES / "barons_game_1.json").read_text())
    late = [{"type": "adjust_cash", "account": "bob", "amount": 5, "reason": "a <fee> forgotten"},
            {"type": "correct_value", "holding": "SB", "space": "s7", "reason": "knocked"}]
    banker = browser()
    response = banker.post("/import", {"record": (io.BytesIO(json.dumps(
        {**record, "actions": [*record["actions"], *late]}).encode()), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    page = banker.get(f"/g/{game_id}/table").text
    assert "<h2>Corrected after the end</h2>" in page
    assert "<bdi>Bob</bdi> +$5: " in page and "a &lt;fee&gt; forgotten" in page
    assert "<bdi>Seedy Brothers&#39;s marker</bdi> $80 → $100: " in page


def test_the_director_chooses_which_railroads_to_discard(browser):
    banker, ann, bob, game_id = seated(browser)
    for action in ({"type": "offer_investor", "player": "p1", "investor": 450, "price": 0},
                   {"type": "answer_offer", "player": "p2", "take": "cash"},
                   {"type": "offer_investor", "player": "p2", "investor": 30, "price": 0},
                   {"type": "answer_offer", "player": "p1", "take": "cash"},
                   {"type": "offer_investor", "player": "p2", "investor": 40, "price": 0},
                   {"type": "answer_offer", "player": "p1", "take": "cash"},
                   {"type": "offer_investor", "player": "p1", "investor": 50, "price": 0},
                   {"type": "answer_offer", "player": "p2", "take": "cash"},
                   {"type": "set_par", "player": "p1", "par": 100},
                   {"type": "buy", "player": "p1", "holding": "MSC", "percent": 10},
                   {"type": "pass", "player": "p2"}, {"type": "pass", "player": "p1"},
                   {"type": "place_tokens", "player": "p1", "plus": 2, "down": 1,
                    "network": 0},
                   {"type": "pay_out", "player": "p1"},
                   {"type": "buy_railroad", "player": "p1"},
                   {"type": "buy_railroad", "player": "p1"}):
        phone = ann if action["player"] == "p1" else bob
        assert act(phone, game_id, action).status_code in (200, 303), action
    page = text(ann.get(f"/g/{game_id}/me"))
    # one (▼) token, three railroads: any two of the three go, the Director chooses
    for gone in ("Test Atlantic, Ash Line", "Test Atlantic, Birch Line", "Ash Line, Birch Line"):
        assert f"Finish, discarding {gone}" in page
    assert page.count("Finish, discarding") == 3
    done = act(ann, game_id, {"type": "finish", "player": "p1",
                              "discard": ["Test Atlantic", "Birch Line"]})
    assert done.status_code in (200, 303)
    assert "Ash Line" in text(ann.get(f"/g/{game_id}/table"))


def test_box_files_are_uploaded_on_the_boards_page_and_reported(browser):
    owner = browser()
    files = [(io.BytesIO((TEST_BOX / name).read_bytes()), name)
             for name in ["box.toml", *DEFAULT_FILES.values()]]
    done = owner.post("/boards/railroad_barons", {"key": "upbox", "files": files},
                      content_type="multipart/form-data")
    assert done.status_code == 303, text(done)
    report = text(owner.get(done.headers["Location"]))
    assert "Correct it on the form" in report and "Export (.zip)" in report
    listing = text(owner.get("/railroad_barons/boxes"))
    assert "upbox" in listing and "Upload them" in listing
    nav = text(owner.get("/boards/railroad_barons"))  # the boards pages' navigation
    assert "Railroad Barons boxes" in nav and "boxs" not in nav
    broken = [(io.BytesIO(b'name = "x"\n'), "box.toml")]
    refused = owner.post("/boards/railroad_barons", {"key": "badbox", "files": broken},
                         content_type="multipart/form-data")
    assert refused.status_code == 422 and "line 0" not in text(refused)
    assert owner.get("/boards/railroad_barons/template.zip").status_code == 200


def test_a_box_uploaded_without_a_key_takes_one_from_its_name(browser):
    owner = browser()
    form = text(owner.get("/boards/railroad_barons"))
    assert "empty: the key in box.toml" in form  # the field says it may be left empty
    files = [(io.BytesIO((TEST_BOX / name).read_bytes()), name)
             for name in ["box.toml", *DEFAULT_FILES.values()]]
    done = owner.post("/boards/railroad_barons", {"key": "", "files": files},
                      content_type="multipart/form-data")
    assert done.status_code == 303, text(done)
    assert "/test_box_mad" in done.headers["Location"]  # a box's key: at most 12 letters
    assert owner.get(done.headers["Location"]).status_code == 200  # listed under that key


def test_the_banker_undoes_naming_what_is_taken_back_and_corrects_a_name(browser):
    banker, ann, bob, game_id = seated(browser)
    act(ann, game_id, {"type": "offer_investor", "player": "p1", "investor": 60, "price": 75})
    page = text(banker.get(f"/g/{game_id}/banker"))
    assert "Ann selects the $60 Investor and names $75" in page and "Undo this" in page
    assert banker.act(game_id, type="undo", page="banker").status_code in (200, 303)
    assert "Investor draft: Ann selects the next Investor." in text(ann.get(f"/g/{game_id}/me"))
    renamed = banker.act(game_id, type="rename_player", player="p2", name="Robert",
                         reason="typed wrong", page="banker")
    assert renamed.status_code in (200, 303)
    act(ann, game_id, {"type": "offer_investor", "player": "p1", "investor": 60, "price": 75})
    assert "Robert takes either $75 or the card" in text(banker.get(f"/g/{game_id}/history"))


def test_a_sale_is_quiet_apart_and_asked_once(browser):
    """Selling is never the filled primary button: it asks once, naming what it receives."""
    record = json.loads((GAMES / "barons_game_1.json").read_text())
    first = next(i for i, a in enumerate(record["actions"]) if a["type"] == "sell")
    banker, ann = browser(), browser()
    cut = json.dumps(dict(record, actions=record["actions"][:first])).encode()
    response = banker.post("/import", {"record": (io.BytesIO(cut), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    assert ann.join(banker.join_link(game_id), "ann").status_code == 303
    page = text(ann.get(f"/g/{game_id}/me"))
    sale = page.split('rb-ask-first')[1].split("</details>")[0]
    assert re.search(r'<summary class="button secondary rare big">Sell MSC \d+% <span', sale)
    assert re.search(r"Sell MSC \d+% to the bank for \$\d+\?", sale)
    assert re.search(r'class="big secondary rare">Yes: Sell MSC \d+%', sale)
    filled = re.findall(r'<button type="submit" class="big">([^<]+)', page)
    assert filled and not any(b.startswith("Sell") for b in filled)
    answer = act(ann, game_id, record["actions"][first])
    assert answer.status_code == 303, text(answer)


def test_a_box_folder_copied_in_while_it_runs_is_offered_at_once(app, browser):
    """The README: a box's folder copied into <instance>/railroad_barons_boxes/ (from another
    laptop's export) is in the lobby and playable without a restart."""
    import shutil
    from pathlib import Path

    owner = browser()
    options = text(owner.get("/new/options?game=railroad_barons", headers={"HX-Request": "true"}))
    assert "copied" not in options
    shutil.copytree(TEST_BOX, Path(app.instance_path) / "railroad_barons_boxes" / "copied")
    options = text(owner.get("/new/options?game=railroad_barons", headers={"HX-Request": "true"}))
    assert 'value="copied"' in options
    game_id = owner.create_game(["Ann", "Bob"], game="railroad_barons", map="copied")
    assert "Investor draft" in text(owner.get(f"/g/{game_id}/banker"))
