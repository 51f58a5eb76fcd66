"""The British map made playable: its charts ship (the payoffs as printed, in thousands of
pounds), its railroads do not (no public source lists them). An owner opens the shipped charts
as his own copy in the entry grids, types only the railroads from his own board (names, prices
as printed, the cities each serves), saves, and a game is played on it: the first trip pays the
chart's payoff in thousands and the fee for the bank's railroad is paid.

The railroads typed here are invented for the test, never the printed ones."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from referee import TABLES_DIR
from referee.games.railbaron.charts import load_map
from referee.games.railbaron.charts.loader import load_map_dir
from tests.web.test_railbaron_turn import Table, live, press, tap

# invented railroads: (abbreviation, name, price as printed in thousands, public)
RAILROADS = [("NX", "North Express (invented)", "24", "no"),
             ("SX", "South Express (invented)", "18.5", "no"),
             ("PX", "Public Link (invented)", "10", "yes")]


@pytest.fixture
def owner(browser):
    return browser()


def served(cities: list[str]) -> dict[str, list[str]]:
    """Which invented railroad serves which city: the first 55 on NX, the last 50 on SX (five
    shared, so they meet), ten on PX."""
    return {"NX": cities[:55], "SX": cities[50:], "PX": cities[:10]}


def test_the_shipped_british_charts_with_railroads_typed_in_play_a_first_trip(owner, browser,
                                                                               app):
    shipped = load_map("gb")
    assert not shipped.playable
    report = owner.get("/railbaron/maps/gb").text  # the report says the unit of its figures
    assert "Payoffs and prices written as printed, in thousands: 17 is 17,000." in report
    assert "written in full" in owner.get("/railbaron/maps/us").text
    answer = owner.post("/entry/railbaron/open/gb")
    assert answer.status_code == 303
    url = answer.headers["Location"]
    page = owner.get(url).text
    assert 'data-cell="map|1|figures" value="thousands"' in page  # as printed: 26 is £26,000
    cities = list(shipped.cities)
    typed = {}
    for n, (abbr, name, price, public) in enumerate(RAILROADS, start=1):
        typed |= {f"railroads|{n}|abbr": abbr, f"railroads|{n}|name": name,
                  f"railroads|{n}|price": price, f"railroads|{n}|public": public}
    owner.post(f"{url}/cells", {f"cell:{k}": v for k, v in typed.items()}, htmx=True)
    ticks = {f"cell:service|{city}|{abbr}": "x"
             for abbr, list_ in served(cities).items() for city in list_}
    assert owner.post(f"{url}/cells", ticks, htmx=True).status_code == 200
    answer = owner.post(f"{url}/save", {"key": "gb-mine"})
    assert answer.status_code == 303, live(answer.text)
    mine = load_map_dir(Path(app.instance_path) / "maps" / "gb-mine")
    assert mine.playable and mine.payoffs == shipped.payoffs  # the charts as shipped
    assert mine.railroads["SX"].price == 18_500  # typed as printed: 18.5
    assert load_map("gb").railroads == {}  # the shipped map is never changed
    assert (TABLES_DIR / "railbaron" / "gb" / "railroads.csv").read_text().count("\n") == 1

    # in the lobby the copy is told from the shipped map of the same name by its key
    options = owner.get("/new/options?game=railbaron").text
    assert f"{shipped.name} · gb-mine" in unescape(options)
    assert f"{shipped.name} · gb (charts incomplete)" in unescape(options)

    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="gb-mine",
                                 edition="modern")
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303 and bob.join(link, "p2").status_code == 303
    rb = Table(banker, ann, bob, game_id)
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    for pid, dice in (("p1", [2, 4, 5]), ("p1", [2, 4, 5]),  # even 9: London, London
                      ("p2", [1, 1, 2]), ("p2", [1, 1, 2])):  # odd 3: White Rose, Grimsby
        rb.do(type="roll_region" if rb.count() % 2 else "roll_city", player=pid, dice=dice)
    rb.do(type="roll_region", player="p1", dice=[1, 3, 4])  # odd 7: Midlands
    rb.do(type="roll_city", player="p1", dice=[1, 3, 4])  # odd 7: Birmingham
    # printed 5, in thousands (the game's pages show every amount with $, whatever the map's
    # money sign)
    assert "pays $5,000 from London" in live(rb.page(ann))
    rb.do(type="roll_move", player="p1", white=[2, 3])
    rb.do(type="arrive", player="p1", ridden=["SX"])
    assert press(ann, rb.page(ann), "Buy nothing").status_code == 303
    html = rb.page(ann)
    assert "The bank $1,000 for the bank's railroads SX" in live(html)
    assert press(ann, html, "Pay $1,000 and end the turn").status_code == 303
    cash = re.findall(r'data-cash-of="p1"[^>]*>\s*([^<]+)<', rb.page(banker))
    assert cash[0].strip() == "$24,000"  # 20,000 + 5,000 − 1,000

    # Bob's trip lands on a cell the two transcriptions read differently (left unknown): the
    # table reads the printed chart, and the figure is typed as printed, in thousands
    assert shipped.payoff("Grimsby", "Birmingham") is None
    rb.do(type="roll_region", player="p2", dice=[1, 3, 4])  # odd 7: Midlands
    rb.do(type="roll_city", player="p2", dice=[1, 3, 4])  # odd 7: Birmingham
    rb.do(type="roll_move", player="p2", white=[2, 3])
    html = tap(bob, rb.page(bob), rr="SX")
    assert "Type the figure printed on the chart, in thousands (26 for 26,000)" in live(html)
    assert press(bob, html, "Arrived at Birmingham",
                 fill={"payoff:thousands": "12.5"}).status_code == 303
    arrival = rb.record()["actions"][-1]
    assert arrival["type"] == "arrive" and arrival["payoff"] == 12_500
