"""Prairie Railroads through the web: the lobby, phones per player, live auctions, the banker."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from werkzeug.datastructures import MultiDict

from referee.games.prairie_railroads import board as boards
from tests.prairie_railroads.play import TEST_BOARD

DECK = {"deck_pd": "2", "deck_os": "1", "deck_ct": "1"}


@pytest.fixture
def test_boards(monkeypatch):
    """Board tables read from the test fixtures folder (holding the test board only)."""
    monkeypatch.setattr(boards, "BOARDS_DIR", TEST_BOARD.parent)


def text(response) -> str:
    return html.unescape(response.text)


def act(who, game_id, action: dict, **extra):
    return who.act(game_id, json=json.dumps(action), page="phone", **extra)


def seated(browser, board: str = ""):
    banker, ann, bob, cy = browser(), browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob", "Cy"], game="prairie_railroads",
                                 board=board, **DECK)
    link = banker.join_link(game_id)
    for phone, pid in ((ann, "p1"), (bob, "p2"), (cy, "p3")):
        assert phone.join(link, pid).status_code == 303
    return banker, ann, bob, cy, game_id


def test_the_lobby_asks_for_the_board_table_and_the_deck(client, test_boards):
    page = client.get("/new/options?game=prairie_railroads", headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert "No board table: type each city as you build" in page.text
    assert "Prairie test board" in page.text
    assert 'name="deck_pd"' in page.text and 'name="deck_ct"' in page.text


def test_a_game_needs_the_deck_counted_and_a_known_board(browser):
    banker = browser()
    form = {"game": "prairie_railroads", "banker": "", "board": "atlantis", "deck_pd": "x"}
    for row, name in enumerate(["Ann", "Bob", "Cy"], start=1):
        form |= {f"name_{row}": name, f"colour_{row}": f"#00000{row}", f"seat_{row}": str(row)}
    page = banker.post("/new", form)
    assert page.status_code == 422
    assert "Unknown board table" in page.text
    assert "Count the Pay Dividends cards left in the draw deck" in page.text
    # said again right above "Start the game", where the tap was, not only at the top
    beside = page.text.split('class="failure start-problems"')[1].split("</ul>")[0]
    assert "Count the Pay Dividends cards" in beside
    assert page.text.index("start-problems") < page.text.index(">Start the game<")


def test_phones_play_the_initial_auction_live(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    table = text(banker.get(f"/g/{game_id}/banker"))
    assert "Who won the roll for the starting player?" in table
    assert act(banker, game_id, {"type": "first_player", "player": "p1"}).status_code in (303, 200)
    # every phone sees the auction; only the bidder gets the buttons
    ann_page = text(ann.get(f"/g/{game_id}/me"))
    bob_page = text(bob.get(f"/g/{game_id}/me"))
    assert "CRIP share" in bob_page and "Ann to bid" in bob_page
    assert "Bid $1" in ann_page and "Bid $1" not in bob_page
    assert act(bob, game_id, {"type": "bid", "player": "p1", "amount": 5}).status_code == 403
    refused = act(bob, game_id, {"type": "bid", "player": "p2", "amount": 5})
    assert refused.status_code == 403 and "It is not Bob's turn: Ann is to act." in text(refused)
    act(ann, game_id, {"type": "bid", "player": "p1"}, **{"amount:int": "12"})
    assert "High bid $12 by Ann" in re.sub(r"<[^>]+>", "", text(cy.get(f"/g/{game_id}/me")))
    act(bob, game_id, {"type": "pass", "player": "p2"})
    act(cy, game_id, {"type": "pass", "player": "p3"})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "free first segment" in page and "Build free" in page
    # without a board the table types the far city and its income, once
    response = ann.act(game_id, json=json.dumps({"type": "first_build", "player": "p1"}),
                       page="phone", htmx=True, **{"from": "Troy", "to": "Marysville",
                                                   "to_income": "2"})
    assert response.status_code == 200
    assert 'data-min-bid="CRIP">$1' in text(response)
    assert "Income $2" in text(response)
    for pid, phone in (("p1", ann), ("p2", bob), ("p3", cy)):  # nobody bids for the ATSF
        act(phone, game_id, {"type": "pass", "player": pid})
    act(ann, game_id, {"type": "first_build", "player": "p1", "from": "Atchison", "to": "Topeka",
                       "to_income": "2"})
    for pid, phone in (("p1", ann), ("p2", bob), ("p3", cy)):
        act(phone, game_id, {"type": "pass", "player": pid})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "the KP's free first segment" in page
    assert '<option value="Marysville">' in page and '<option value="Topeka">' in page


def test_a_refusal_is_shown_beside_the_form(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    response = ann.act(game_id, json=json.dumps({"type": "bid", "player": "p1"}), page="phone",
                       htmx=True, **{"amount:int": "500"})
    assert response.status_code == 422
    assert "nobody bids over his cash" in text(response)


def test_a_game_on_a_board_table_offers_segments_as_buttons(browser, test_boards):
    banker, ann, bob, cy, game_id = seated(browser, board="prairie_test")
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    for pid, phone in (("p1", ann), ("p2", bob), ("p3", cy)):
        act(phone, game_id, {"type": "pass", "player": pid})
    page = text(ann.get(f"/g/{game_id}/me"))
    assert "Troy – Marysville" in page and "Troy – Whiting" in page
    act(ann, game_id, {"type": "first_build", "player": "p1", "from": "Troy", "to": "Whiting"})
    table = re.sub(r"<[^>]+>", "", text(banker.get(f"/g/{game_id}/table")))
    assert "Controlled by Ann." in table
    assert "Initial auction 2 of 6: a share of the ATSF." in table
    history = text(banker.get(f"/g/{game_id}/history"))
    assert "The CRIP builds Troy–Whiting free" in history


def test_the_banker_corrects_cash_and_sees_the_learned_cities(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    for pid, phone in (("p1", ann), ("p2", bob), ("p3", cy)):
        act(phone, game_id, {"type": "pass", "player": pid})
    act(ann, game_id, {"type": "first_build", "player": "p1", "from": "Troy", "to": "Whiting",
                       "to_income": "1"})
    response = banker.act(game_id, type="adjust_cash", account="treasury:CRIP", page="banker",
                          reason="found a bill", **{"amount:signed": "5"})
    assert response.status_code == 303
    page = text(banker.get(f"/g/{game_id}/banker"))
    assert "Treasury $5" in page
    assert "Cities learned this game" in page and "Whiting,1,,no" in page


GAMES = TEST_BOARD.parent.parent / "games"


def test_the_winners_card_lists_the_corrections_made_after_the_end(browser):
    record = json.loads((GAMES / "prairie_game_1.json").read_text())
    late = {"type": "adjust_cash", "account": "bob", "amount": 2,
            "reason": "a <dividend> paid short"}
    banker = browser()
    response = banker.post("/import", {"record": (io.BytesIO(json.dumps(
        {**record, "actions": [*record["actions"], late]}).encode()), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    for page in ("banker", "table"):
        answer = banker.get(f"/g/{game_id}/{page}").text
        assert "<h2>Corrected after the end</h2>" in answer
        assert "<bdi>Bob</bdi> +$2: " in answer and "a &lt;dividend&gt; paid short" in answer


@pytest.mark.parametrize("name", ["prairie_game_1", "prairie_game_2"])
def test_every_moment_of_the_recorded_games_renders(browser, name):
    """A recorded game imported empty, then played by the banker action by action."""
    record = json.loads((GAMES / f"{name}.json").read_text())
    banker = browser()
    empty = json.dumps(dict(record, actions=[])).encode()
    response = banker.post("/import", {"record": (io.BytesIO(empty), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    seen = set()
    last = None
    for seq, action in enumerate(record["actions"]):
        if action["type"] == last:  # one page per run of alike moves keeps it quick
            answer = banker.act(game_id, seq=seq, json=json.dumps(action), page="banker")
            assert answer.status_code == 303, text(answer)
            continue
        last = action["type"]
        page = text(banker.get(f"/g/{game_id}/banker"))
        seen.update(t for t in ("first_player", "bid", "first_build", "play_card", "offer",
                                "growth", "choose_railroad", "build", "no_build")
                    if f'data-action="{t}"' in page)
        assert f'data-action="{action["type"]}"' in page  # the move made has its panel
        answer = banker.act(game_id, seq=seq, json=json.dumps(action), page="banker")
        assert answer.status_code == 303, text(answer)
    no_board = {"no_build"} if not record["map"] else set()  # the table says "cannot build"
    assert seen == {"first_player", "bid", "first_build", "play_card", "offer", "growth",
                    "choose_railroad", "build"} | no_board
    for view in ("banker", "table", "history"):
        page = text(banker.get(f"/g/{game_id}/{view}"))
        assert "wins" in page or view == "history"


def imported_until_growth(browser, name: str, kind: str = "growth"):
    """A recorded game imported with its actions up to its first action of `kind`; the
    banker's browser, the mover's phone (joined), that action and the game id."""
    record = json.loads((GAMES / f"{name}.json").read_text())
    first = next(i for i, a in enumerate(record["actions"]) if a["type"] == kind)
    banker, phone = browser(), browser()
    cut = json.dumps(dict(record, actions=record["actions"][:first])).encode()
    response = banker.post("/import", {"record": (io.BytesIO(cut), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    growth = record["actions"][first]
    assert phone.join(banker.join_link(game_id), growth["player"]).status_code == 303
    return banker, phone, growth, game_id


def test_growth_dice_are_tapped_and_recorded_on_a_board(browser):
    banker, phone, growth, game_id = imported_until_growth(browser, "prairie_game_1")
    page = text(phone.get(f"/g/{game_id}/me"))
    assert 'data-die="tens"' in page and 'data-die="units"' in page and "Roll for me" in page
    assert "<select" not in page.split('data-action="growth"')[1].split("</div>")[0]
    seq = banker.seq(game_id)
    tens, units = growth["dice"]
    tapped = text(phone.get(f"/g/{game_id}/me?s={seq}&tens={tens}&units={units}"))
    assert f"Record {tens}, {units}" in tapped
    assert f'name="dice:int" value="{tens}"' in tapped
    form = MultiDict([("csrf_token", phone.token()), ("seq", str(seq)), ("page", "phone"),
                      ("type", "growth"), ("player", growth["player"]),
                      ("dice:int", str(tens)), ("dice:int", str(units))])
    answer = phone.client.post(f"/g/{game_id}/act", data=form)
    assert answer.status_code == 303, text(answer)
    assert f"rolls {10 * tens + units}" in text(banker.get(f"/g/{game_id}/history"))


def test_growth_without_a_board_rolls_for_me_then_asks_the_city_from_a_list(browser):
    """Without a board: "Roll for me" first, as with one; the server rolls as the action
    arrives, the roll stands, and the city the chart names is then chosen from the game's
    cities (a new city is a second choice, asked once)."""
    banker, phone, growth, game_id = imported_until_growth(browser, "prairie_game_2")
    mover = growth["player"]
    page = text(phone.get(f"/g/{game_id}/me"))
    growth_part = page.split('data-action="growth"')[1]
    assert growth_part.index("Roll for me") < growth_part.index('data-die="tens"')
    assert "<select" not in growth_part.split("</section>")[0]
    seq = banker.seq(game_id)
    tapped = text(phone.get(f"/g/{game_id}/me?s={seq}&tens=3&units=4"))
    assert "Record 3, 4" in tapped and 'name="read_chart" value="yes"' in tapped
    answer = phone.act(game_id, type="growth", player=mover, page="phone", read_chart="yes",
                       **{"dice:roll": "2"})
    assert answer.status_code == 303, text(answer)
    saved = json.loads(banker.get(f"/g/{game_id}/export.json").data)["actions"]
    rolled = saved[-1]["dice"]
    assert saved[-1] == {"type": "growth", "player": mover, "dice": rolled, "read_chart": "yes"}
    assert len(rolled) == 2 and all(1 <= d <= 6 for d in rolled)
    page = text(phone.get(f"/g/{game_id}/me"))
    panel = page.split('data-action="grow_city"')[1].split("</section>")[0]
    roll = 10 * rolled[0] + rolled[1]
    assert f"rolled {roll}. Which city does the chart name for {roll}?" in panel
    known = re.findall(r'"city": "([^"]+)"', panel)
    assert known and known == sorted(known) and "Troy" in known  # the game's cities, a list
    assert "None grew" in panel and "Roll for me" not in panel
    rare = panel.split('class="confirm rare-confirm pr-new-city"')[1]
    assert "A city new to this game" in rare and 'name="new_city" value="yes"' in rare
    assert panel.index("None grew") < panel.index("A city new to this game")
    answer = act(phone, game_id, {"type": "grow_city", "player": mover, "city": "Troi"})
    assert "did you mean Troy" in text(answer)
    answer = act(phone, game_id, {"type": "grow_city", "player": mover, "city": "Emporia",
                                  "new_city": "yes"})
    assert answer.status_code == 303, text(answer)
    assert f"rolls {roll}: Emporia grows" in text(banker.get(f"/g/{game_id}/history"))


def test_roll_for_me_rolls_the_growth_dice_when_the_action_arrives(browser):
    banker, phone, growth, game_id = imported_until_growth(browser, "prairie_game_1")
    answer = phone.act(game_id, type="growth", player=growth["player"], page="phone",
                       **{"dice:roll": "2"})
    assert answer.status_code == 303, text(answer)
    record = json.loads(banker.get(f"/g/{game_id}/export.json").data)
    dice = record["actions"][-1]["dice"]
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)


def test_quick_bids_offer_the_minimum_one_and_five_more_and_all_the_cash(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    act(banker, game_id, {"type": "first_player", "player": "p1"})
    page = text(ann.get(f"/g/{game_id}/me"))
    cash = re.search(r'data-cash-of="p1">\$([0-9,]+)', page).group(1).replace(",", "")
    page = re.sub(r"</?span[^>]*>", "", page)
    assert "Bid $1 (minimum)" in page and "Bid $5 (+$5)" in page
    assert f"Bid ${cash} (all your cash)" in page
    # all the cash stands apart from the usual bids and asks once
    quick = page.split('class="pr-quick-bids"')[1].split("</div>")[0]
    assert "all your cash" not in quick
    asked = page.split('pr-all-in')[1].split("</details>")[0]
    assert f"Bid all your cash, ${cash}" in asked and f"Yes: bid ${cash}" in asked
    act(ann, game_id, {"type": "bid", "player": "p1", "amount": 5})  # the +$5 button's action
    page = re.sub(r"</?span[^>]*>", "", text(bob.get(f"/g/{game_id}/me")))
    assert "Bid $6 (minimum)" in page and "Bid $10 (+$5)" in page
    assert "Drop out</button>" in page  # Cy still bids after him: dropping out moves nothing
    act(bob, game_id, {"type": "pass", "player": "p2"})
    page = re.sub(r"</?(span|bdi)[^>]*>", "", text(cy.get(f"/g/{game_id}/me")))
    assert "Drop out: Ann buys for $5</button>" in page  # not a price of dropping out


def test_without_a_board_a_build_picks_a_city_already_known(browser):
    banker, phone, build, game_id = imported_until_growth(browser, "prairie_game_2", "build")
    page = phone.get(f"/g/{game_id}/me").text
    known = re.findall(r'<button type="submit" name="to" value="([^"]+)"', page)
    network = re.findall(r'<option>([^<]+)</option>', page.split('id="known-from"')[1]
                         .split("</select>")[0])
    assert known and network
    assert not set(known) & set(network)  # "To" lists no city of the track's own
    # a city new to the game is typed only behind a second choice, asked once, below the list
    rare = page.split('class="confirm rare-confirm pr-new-city"')[1]
    assert "A city new to this game" in rare and 'id="single-to"' in rare
    assert page.index('name="to" value=') < page.index("rare-confirm pr-new-city")
    city = next(c for c in known if c not in network)  # a city of another railroad's track
    base = {k: build[k] for k in ("type", "player", "railroad")} | {"kind": "single"}
    form = MultiDict([("csrf_token", phone.token()), ("seq", str(banker.seq(game_id))),
                      ("page", "phone"), ("json", json.dumps(base)), ("from", network[0]),
                      ("to", city)])
    answer = phone.client.post(f"/g/{game_id}/act", data=form)
    assert answer.status_code == 303, text(answer)
    assert json.loads(banker.get(f"/g/{game_id}/export.json").data)["actions"][-1] == (
        base | {"from": network[0], "to": city})


def test_a_rolled_growth_whose_cities_have_both_grown_stands_and_asks_for_the_city(
        browser, monkeypatch):
    """Rulebook, Discover Growth: when both cities of the roll have grown, the player chooses
    any ungrown primary city. "Roll for me" is decided when it arrives: the roll is recorded,
    never refused and rolled again; the player then picks from the cities the rule allows."""
    record = json.loads((GAMES / "prairie_game_1.json").read_text())
    third = [i for i, a in enumerate(record["actions"]) if a["type"] == "growth"][2]
    record["map"]["growth"]["41"] = ["Topeka", "Pratt"]  # both grown by then (rolls 15, 12)
    banker, phone = browser(), browser()
    cut = json.dumps(dict(record, actions=record["actions"][:third])).encode()
    response = banker.post("/import", {"record": (io.BytesIO(cut), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    mover = record["actions"][third]["player"]
    assert phone.join(banker.join_link(game_id), mover).status_code == 303
    faces = iter([3, 0])  # secrets.randbelow(6) + 1: a 4, then a 1
    monkeypatch.setattr("secrets.randbelow", lambda n: next(faces))
    answer = phone.act(game_id, type="growth", player=mover, page="phone",
                       **{"dice:roll": "2"})
    assert answer.status_code == 303, text(answer)
    saved = json.loads(banker.get(f"/g/{game_id}/export.json").data)["actions"]
    assert saved[-1] == {"type": "growth", "player": mover, "dice": [4, 1]}
    page = text(phone.get(f"/g/{game_id}/me"))
    assert "rolled 41: Topeka and Pratt have both grown." in page
    assert "Choose a primary city of the chart that has not grown yet" in page
    buttons = re.findall(r'"city": "([^"]+)"', page)
    assert buttons == sorted(buttons) and "Concordia" in buttons  # to find one quickly
    assert "Topeka" not in buttons and "Pratt" not in buttons and "Roll for me" not in page
    answer = act(phone, game_id, {"type": "grow_city", "player": mover, "city": "Topeka"})
    assert "choose an ungrown city from the chart" in text(answer)
    answer = act(phone, game_id, {"type": "grow_city", "player": mover, "city": "Concordia"})
    assert answer.status_code == 303, text(answer)
    history = text(banker.get(f"/g/{game_id}/history"))
    assert "rolls 41: Topeka and Pratt have both grown" in history
    assert "chooses Concordia: Concordia grows" in history
    saved = json.loads(banker.get(f"/g/{game_id}/export.json").data)["actions"]
    assert [a["type"] for a in saved[-2:]] == ["growth", "grow_city"]
