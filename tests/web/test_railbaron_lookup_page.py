"""The quick lookup page (/railbaron/lookup): dice to region, city, chances and payoff, no game
needed.

Expected values are read from the shipped CSV files and the chances worked out here from the
cells, independently of referee.games.railbaron.charts.lookup.
"""

from __future__ import annotations

import csv
import re
import shutil
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from referee import TABLES_DIR
from referee.games.railbaron.charts import load_map
from referee.games.railbaron.charts.quick import CITY_DICE, REGION_DICE, answer, read_query

SHIPPED = TABLES_DIR / "railbaron"
TINY = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"


def rows(map_key: str, name: str) -> list[dict[str, str]]:
    with (SHIPPED / map_key / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def dice_for(parity: str, white_sum: int) -> tuple[int, int, int]:
    red = 1 if parity == "odd" else 2
    first = min(6, white_sum - 1)
    return red, first, white_sum - first


def cell_weight(white_sum: int) -> Fraction:
    return Fraction(1, 2) * Fraction(6 - abs(white_sum - 7), 36)


def region_cell(map_key: str, region: str) -> tuple[int, int, int]:
    """Dice of a region roll that lands on `region`."""
    row = next(r for r in rows(map_key, "region_table.csv") if r["region"] == region)
    return dice_for(row["parity"], int(row["white_sum"]))


def city_cell(map_key: str, city: str) -> tuple[str, tuple[int, int, int]]:
    """The region of `city` and dice of a city roll there that land on it."""
    row = next(r for r in rows(map_key, "city_table.csv") if r["city"] == city)
    return row["region"], dice_for(row["parity"], int(row["white_sum"]))


def url(map_key: str = "us", region: tuple | None = None, city: tuple | None = None,
        **fields: str) -> str:
    args = {"map": map_key, **fields}
    if region:
        args |= dict(zip(REGION_DICE, map(str, region), strict=True))
    if city:
        args |= dict(zip(CITY_DICE, map(str, city), strict=True))
    return "/railbaron/lookup?" + "&".join(f"{k}={v}" for k, v in args.items())


def text(html: str) -> str:
    """The words of a page, tags dropped and spaces folded."""
    words = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", words.replace("&#39;", "'").replace("&amp;", "&"))


def payoff_row(map_key: str, a: str, b: str) -> str:
    row = next(r for r in rows(map_key, "payoffs.csv") if {r["city_a"], r["city_b"]} == {a, b})
    return row["payoff"]


# -- the page ----------------------------------------------------------------------------------


def test_the_empty_page_offers_every_map_without_a_game_or_login(client, app):
    shutil.copytree(TINY, Path(app.instance_path) / "maps" / "tiny")
    page = client.get("/railbaron/lookup")
    assert page.status_code == 200
    assert 'value="us"' in page.text and 'value="gb"' in page.text and 'value="tiny"' in page.text
    assert "Great Britain (British Rail Baron / Boxcars map) (look-ups only)" in text(page.text)
    assert page.text.count('type="radio" name="r"') == 6  # big 1-6 buttons for the red die
    assert 'name="w1"' in page.text and 'name="w2"' in page.text


def test_the_rulebook_example_dice_read_the_us_region_and_city_tables(client):
    # CITY LOOKUP example: red 3 with white 3+4 (odd 7), then red 6 with white 4+5 (even 9).
    # The rulebook's answer (Appalachian, Chattanooga) is the Southeast map's; on the US map
    # the same cells read as in the US chart files.
    region = next(r["region"] for r in rows("us", "region_table.csv")
                  if (r["parity"], r["white_sum"]) == ("odd", "7"))
    names = {r["code"]: r["name"] for r in rows("us", "regions.csv")}
    city = next(r["city"] for r in rows("us", "city_table.csv")
                if (r["region"], r["parity"], r["white_sum"]) == (region, "even", "9"))
    region_share = sum(cell_weight(int(r["white_sum"])) for r in rows("us", "region_table.csv")
                       if r["region"] == region)
    city_share = sum(cell_weight(int(r["white_sum"])) for r in rows("us", "city_table.csv")
                     if r["city"] == city)

    page = client.get(url(region=(3, 3, 4), city=(6, 4, 5)))
    words = text(page.text)
    assert page.status_code == 200
    assert "red 3 (odd), white 3+4 = 7" in words
    assert f"{names[region]} ({region})" in words
    assert f"{float(region_share):.1%} (exactly {region_share}) of region rolls" in words
    assert f"City roll in {names[region]}" in words
    chance = region_share * city_share
    assert f"{city}: {float(chance):.1%} (exactly {chance}) of all destinations" in words
    assert f"{float(city_share):.1%} of {names[region]}'s city rolls" in words
    assert "Type where the train is" in words  # no start city: no payoff yet


def test_new_york_chance_of_all_destinations(client):
    region, dice = city_cell("us", "New York")
    page = client.get(url(region=region_cell("us", region), city=dice))
    # 5/24 of region rolls land on the Northeast, 7/36 of its city rolls on New York
    assert "New York: 4.1% (exactly 35/864) of all destinations" in text(page.text)


@pytest.mark.parametrize(("start", "destination"), [("Chicago", "New York"),
                                                    ("Seattle", "Miami"),
                                                    ("Denver", "Boston")])
def test_the_payoff_from_the_start_city_is_the_charts(client, start, destination):
    region, dice = city_cell("us", destination)
    page = client.get(url(region=region_cell("us", region), city=dice, **{"from": start}))
    amount = int(payoff_row("us", start, destination))
    words = text(page.text)
    assert f"{start} to {destination} ${amount:,}" in words or \
        f"{destination} to {start} ${amount:,}" in words
    assert page.status_code == 200


def test_a_start_city_in_the_rolled_region_offers_any_region(client):
    region = "NC"
    start = next(r["city"] for r in rows("us", "cities.csv") if r["region"] == region)
    page = client.get(url(region=region_cell("us", region), **{"from": start}))
    assert 'name="pick"' in page.text
    assert "North Central is the region the train is in: the player may pick any region" in \
        text(page.text)

    picked = client.get(url(region=region_cell("us", region), city=(2, 4, 5),
                            **{"from": start, "pick": "NE"}))
    city = next(r["city"] for r in rows("us", "city_table.csv")
                if (r["region"], r["parity"], r["white_sum"]) == ("NE", "even", "9"))
    words = text(picked.text)
    assert "City roll in Northeast" in words
    assert f"{city}:" in words


def test_no_region_choice_when_the_train_is_elsewhere(client):
    start = next(r["city"] for r in rows("us", "cities.csv") if r["region"] == "SW")
    page = client.get(url(region=region_cell("us", "NC"), **{"from": start}))
    assert 'name="pick"' not in page.text


def test_a_destination_equal_to_the_start_loses_the_turn(client):
    region, dice = city_cell("us", "Chicago")
    page = client.get(url(region=region_cell("us", region), city=dice, **{"from": "chicago"}))
    words = text(page.text)
    assert "the player loses the rest of the turn" in words
    assert "the same city: no trip" in words


def test_htmx_gets_the_form_fragment_and_its_address(client):
    page = client.get(url(region=(3, 3, 4)), headers={"HX-Request": "true"})
    assert page.status_code == 200
    assert page.text.lstrip().startswith('<form id="lookup"') and "<html" not in page.text
    assert "HX-Request" in page.headers["Vary"]
    assert page.headers["HX-Replace-Url"] == "/railbaron/lookup?map=us&r=3&w1=3&w2=4"
    assert "HX-Push-Url" not in page.headers  # no history entry (and no snapshot) per tap


# -- rolling -----------------------------------------------------------------------------------


def test_roll_for_me_without_javascript_redirects_to_the_rolled_dice(client):
    answer_ = client.get("/railbaron/lookup?map=us&cr=2&roll=region")
    assert answer_.status_code == 303
    args = parse_qs(urlsplit(answer_.headers["Location"]).query)
    assert args["map"] == ["us"]
    assert all(args[name][0] in "123456" for name in REGION_DICE)
    assert "cr" not in args  # a new region roll clears the old city roll
    assert client.get(answer_.headers["Location"]).status_code == 200


def test_roll_for_me_with_htmx_shows_the_dice_and_pushes_their_address(client):
    page = client.get(url(region=(3, 3, 4)) + "&roll=city", headers={"HX-Request": "true"})
    assert page.status_code == 200
    args = parse_qs(urlsplit(page.headers["HX-Replace-Url"]).query)
    faces = {name: args[name][0] for name in CITY_DICE}
    for name, face in faces.items():
        assert f'id="{name}-{face}"\n        value="{face}" checked' in page.text
    assert 'id="city-answer"' in page.text


def test_the_dice_the_server_rolls_are_fair_faces():
    query, problems = read_query({"map": "us", "roll": "region"}, roller=lambda: (6, 1, 5))
    assert problems == {} and query.region_dice == (6, 1, 5) and query.rolled == "region"
    seen = {read_query({"roll": "city"})[0].city_dice for _ in range(200)}
    assert all(1 <= face <= 6 for dice in seen for face in dice)
    assert len({dice[0] for dice in seen}) == 6  # 200 rolls show every red face


# -- unknown cells, notes, overrides -----------------------------------------------------------


def test_an_unknown_gb_city_cell_is_said_and_the_printed_city_is_asked(client):
    cell = next(r for r in rows("gb", "city_table.csv") if r["city"] == "?")
    region, city_dice = cell["region"], dice_for(cell["parity"], int(cell["white_sum"]))
    base = url("gb", region=region_cell("gb", region), city=city_dice)
    page = client.get(base)
    words = text(page.text)
    assert page.status_code == 200
    assert "Unknown in this chart: read the city" in words
    assert 'name="printed_city"' in page.text
    assert "of all destinations" not in words  # nothing guessed

    printed = next(r["city"] for r in rows("gb", "cities.csv") if r["region"] == region)
    page = client.get(base + f"&printed_city={printed}")
    assert f"{printed} as printed, for this lookup" in text(page.text)

    elsewhere = next(r["city"] for r in rows("gb", "cities.csv") if r["region"] != region)
    wrong = client.get(base + f"&printed_city={elsewhere}")
    assert wrong.status_code == 422
    assert f"'{elsewhere}' is not a city of" in text(wrong.text)


def test_an_unknown_gb_payoff_is_said_and_the_printed_value_used(client):
    known = {r["city"] for r in rows("gb", "city_table.csv")}
    row = next(r for r in rows("gb", "payoffs.csv")
               if r["payoff"] == "?" and r["city_b"] in known)
    region, dice = city_cell("gb", row["city_b"])
    base = url("gb", region=region_cell("gb", region), city=dice, **{"from": row["city_a"]})
    page = client.get(base)
    words = text(page.text)
    assert "Unknown in this chart: read the payoff" in words
    assert 'name="printed_payoff"' in page.text
    assert "the transcriptions read this cell as" in words  # the chart note beside it

    assert "in thousands: 26 for 26,000" in words  # the chart prints thousands
    page = client.get(base + "&printed_payoff=26")
    assert "£26,000 as printed, for this lookup" in text(page.text)
    bad = client.get(base + "&printed_payoff=lots")
    assert bad.status_code == 422
    assert "Type the figure printed on the chart, in thousands (26 or 3.5)" in text(bad.text)


def test_a_us_suspect_cell_carries_its_chart_note(client):
    region, dice = city_cell("us", "Casper")
    page = client.get(url(region=region_cell("us", region), city=dice, **{"from": "Atlanta"}))
    words = text(page.text)
    assert f"${int(payoff_row('us', 'Atlanta', 'Casper')):,}" in words
    assert "Suspect cell: every transcription reads $25,500" in words


def test_overrides_of_the_instance_are_shown_as_overridden(client, app):
    folder = Path(app.instance_path) / "overrides"
    folder.mkdir()
    (folder / "us.csv").write_text(
        "table,key,value,reason\n"
        "payoff,Atlanta|Casper,15500,we play the Boxcars value\n"
        "region,odd|11,SE,as printed in our copy\n"
        "city,NE|odd|2,Boston,as printed in our copy\n", encoding="utf-8")
    region, dice = city_cell("us", "Casper")
    page = client.get(url(region=region_cell("us", region), city=dice, **{"from": "Atlanta"}))
    words = text(page.text)
    assert "$15,500 house rule" in words
    assert "overridden: we play the Boxcars value" in words

    page = client.get(url(region=(1, 5, 6)))
    words = text(page.text)
    assert "Southeast (SE) house rule" in words
    assert "Overridden: region odd 11 is SE: as printed in our copy" in words

    page = client.get(url(region=region_cell("us", "NE"), city=(1, 1, 1)))
    words = text(page.text)
    assert "Boston house rule" in words
    assert "Overridden: city NE odd 2 is Boston: as printed in our copy" in words


def test_an_unknown_region_cell_takes_the_printed_region(client, app):
    folder = Path(app.instance_path) / "maps" / "tiny"
    shutil.copytree(TINY, folder)
    table = folder / "region_table.csv"
    table.write_text(table.read_text().replace("odd,2,N", "odd,2,?"), encoding="utf-8")
    base = url("tiny", region=(1, 1, 1))
    words = text(client.get(base).text)
    assert "Unknown in this chart: read the region for odd 2" in words
    page = client.get(base + "&printed_region=S&cr=1&cw1=1&cw2=1")
    words = text(page.text)
    assert "South as printed, for this lookup" in words
    assert "City roll in South" in words and "Charlie:" in words
    assert client.get(base + "&printed_region=Nowhere").status_code == 422


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "status", "message"), [
    ("map=us&r=7&w1=1&w2=1", 422, "The red die shows 1 to 6, not '7'."),
    ("map=us&r=1&w1=x&w2=1", 422, "The first white die shows 1 to 6, not 'x'."),
    ("map=us&r=1&w1=1&w2=1&cr=1&cw1=1&cw2=0", 422, "The second white die shows 1 to 6"),
    ("map=us&from=Chicagoo", 422, "Unknown city 'Chicagoo' on map us (did you mean Chicago?)"),
    ("map=us&from=" + "x" * 200, 422, "At most 80 characters."),
    ("map=nowhere", 404, "There is no map 'nowhere' here"),
    ("map=../us", 404, "There is no map '../us' here"),
])
def test_bad_input_is_a_clear_4xx(client, query, status, message):
    page = client.get("/railbaron/lookup?" + query)
    assert page.status_code == status
    assert message in text(page.text)


def test_a_broken_instance_map_says_so(client, app):
    folder = Path(app.instance_path) / "maps" / "tiny"
    shutil.copytree(TINY, folder)
    (folder / "regions.csv").write_text("code,name\nN,North\nN,Nord\n", encoding="utf-8")
    page = client.get("/railbaron/lookup?map=tiny")
    assert page.status_code == 422
    assert "The map 'tiny' cannot be read: regions.csv line 3: code N repeats line 2" in \
        text(page.text)
    assert 'href="/railbaron/maps/tiny"' in page.text


def test_a_broken_overrides_file_says_where(client, app):
    folder = Path(app.instance_path) / "overrides"
    folder.mkdir()
    (folder / "us.csv").write_text("table,key,value,reason\npayoff,Atlanta|Nowhere,1,x\n",
                                   encoding="utf-8")
    page = client.get("/railbaron/lookup?map=us")
    assert page.status_code == 422
    assert "overrides/us.csv line 2: unknown city 'Nowhere'" in text(page.text)


def test_switching_maps_drops_the_cities_of_the_old_one(client):
    page = client.get(url("gb", region=(3, 3, 4), **{"from": "Chicago", "shown": "us"}))
    assert page.status_code == 200
    assert 'value="Chicago"' not in page.text


def test_the_answer_names_where_each_value_came_from():
    board = load_map("us")
    query, _ = read_query({"map": "us", "r": "3", "w1": "3", "w2": "4", "from": "Chicago",
                           "pick": "NE", "cr": "2", "cw1": "4", "cw2": "5"})
    found = answer(board, query)
    assert (found.region.region, found.region_code, found.region_source) == ("NC", "NE", "picked")
    assert found.destination_source == "chart" and found.payoff_source == "chart"
    assert found.payoff_amount == board.payoff("Chicago", found.destination)
