"""An owner types a small invented Rail Baron map into the entry grids in a real browser
(typing with Enter and pasting spreadsheet blocks), saves it, and a game is played on it: the
payoff, the price and the fee of the first trip are the typed ones.

Waitress serves on loopback; Playwright drives Debian's chromium. The map (tests/web/entry_maps.py)
is invented, never a printed chart."""

from __future__ import annotations

import pytest

from tests.web import entry_maps
from tests.web.conftest import PHONE, check_phone_layout, join_phones, start_in_lobby
from tests.web.test_railbaron_browser import LAPTOP, act, move, roll, tap, text

pytestmark = pytest.mark.browser


def cell(page, name: str):
    return page.locator(f'.cell[data-cell="{name}"]')


def type_down(page, first: str, values: list[str]) -> None:
    """Click the first cell, then type each value and press Enter (the grid moves on)."""
    cell(page, first).click()
    for value in values:
        page.keyboard.type(value)
        page.keyboard.press("Enter")


def paste(page, at: str, rows: list[list[str]]) -> None:
    """Paste a block as a spreadsheet puts it on the clipboard (tabs and new lines) into a cell."""
    block = "\n".join("\t".join(row) for row in rows) + "\n"
    cell(page, at).click()
    cell(page, at).evaluate(
        """(input, block) => {
             const data = new DataTransfer();
             data.setData('text/plain', block);
             input.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data,
                                                              bubbles: true, cancelable: true}));
           }""", block)


def kept(page) -> None:
    """Wait until everything typed is kept on the laptop."""
    page.wait_for_selector("#entry[data-unsaved='0']", state="attached")


def enter_the_map(page, live_url: str) -> None:
    page.goto(live_url + "/railbaron/maps")
    page.click("text=Type a map into grids")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-regions")
    cell(page, "map|1|name").fill("Testshire (invented)")
    cell(page, "map|1|edition").fill("modern")
    type_down(page, "regions|1|code", ["N", "Northland", "S", "Southland"])
    type_down(page, "cities|1|city", [v for c in entry_maps.CITIES for v in c])
    page.wait_for_selector("#grid-city_table-S")  # a region's city table comes with it
    page.wait_for_selector(".cell[data-cell='payoffs|Dunlow|Corrin']")  # and every city's row
    # the region table typed down its columns, as printed: odd 2..12, then even 2..12
    type_down(page, "region_table|2|odd",
              [entry_maps.REGION_TABLE[s][0] for s in range(2, 13)]
              + [entry_maps.REGION_TABLE[s][1] for s in range(2, 13)])
    # the city tables pasted from a spreadsheet, two columns of eleven rows each
    for code, table in entry_maps.CITY_TABLE.items():
        paste(page, f"city_table-{code}|2|odd", [list(table[s]) for s in range(2, 13)])
    page.wait_for_selector("#grid-payoffs .cell")
    # the payoff triangle: two rows typed (Enter goes across, then to the next row's first)
    # typed as printed, in thousands; the grid says the amount each figure means
    type_down(page, "payoffs|Brill|Ashby", ["4.5", "9.5", "7"])
    assert page.evaluate("document.activeElement.dataset.cell") == "payoffs|Dunlow|Ashby"
    cell(page, "payoffs|Corrin|Ashby").focus()
    assert text(page, "#grid-payoffs .means") == "Corrin: Ashby: 9.5 means $9,500"
    # the last row pasted as a spreadsheet writes it: money signs and spaces
    paste(page, "payoffs|Dunlow|Ashby", [["$11.5", " 8.5", "3.5 "]])
    page.wait_for_selector("#entry-progress:has-text('6 of 6 payoffs')")
    kept(page)
    assert cell(page, "payoffs|Dunlow|Brill").input_value() == "8.5"  # shown as kept
    cell(page, "payoffs|Dunlow|Brill").click()
    # the cell pasted into (where the owner still was) shows its kept value once he leaves it
    page.wait_for_function(
        "() => document.querySelector('[data-cell=\"payoffs|Dunlow|Ashby\"]').value === '11.5'")
    page.keyboard.press("ArrowUp")  # up the column: Corrin's row
    assert page.evaluate("document.activeElement.dataset.cell") == "payoffs|Corrin|Brill"
    rows = [[abbr, name, entry_maps.printed(price), public.capitalize(), colour]
            for abbr, name, price, public, colour in entry_maps.RAILROADS]
    type_down(page, "railroads|1|abbr", rows[0])  # one typed, Enter across the row
    paste(page, "railroads|2|abbr", rows[1:])  # the others pasted
    page.wait_for_selector("#grid-service .cell[data-cell='service|Dunlow|PB']")
    for abbr, served in entry_maps.SERVICE.items():
        for city in served:
            cell(page, f"service|{city}|{abbr}").check()
    page.fill("#entry-key", "testshire")
    kept(page)


def test_an_owner_types_a_map_and_a_game_is_played_on_it(app, live_url, chromium):
    page = chromium.new_context(**LAPTOP).new_page()
    enter_the_map(page, live_url)
    assert "22 of 22 region cells" in text(page, "#entry-progress")
    assert "44 of 44 city cells" in text(page, "#entry-progress")

    # the draft is kept: a reload shows every cell as typed
    page.reload()
    assert page.input_value("#entry-key") == "testshire"
    assert cell(page, "payoffs|Corrin|Brill").input_value() == "7"
    assert cell(page, "railroads|3|public").input_value() == "yes"
    assert cell(page, "service|Corrin|SL").is_checked()

    page.click("button:has-text('Check and save the map')")
    page.wait_for_load_state("networkidle")
    assert "/boards/railbaron/testshire" in page.url, text(page, "main")
    assert "No errors" in text(page, "#map-report")
    page.click("text=Start a game on it")
    page.select_option("#game", "railbaron")
    page.wait_for_load_state("networkidle")
    page.select_option("#map", "testshire")
    page.check("input[name='edition'][value='modern']")
    page.fill("#name_1", "Ann")
    page.fill("#name_2", "Bob")
    page.click("text=Start the game")
    page.wait_for_url("**/banker")

    page.click("summary:has-text('Rolled real dice?')")
    for pid, dice in (("p1", (6, 6, 6)), ("p2", (1, 1, 1))):
        for i, face in enumerate(dice):
            tap(page, die=f"f-{pid}-{i}", face=str(face))
    act(page, "Record the rolls (Ann 18, Bob 3)")
    roll(page, 1, 1, 2)  # odd 3: Northland, as typed
    roll(page, 1, 1, 2)  # odd 3: Ashby
    roll(page, 2, 3, 3)  # even 6: Southland
    roll(page, 2, 3, 3)  # even 6: Dunlow
    roll(page, 1, 4, 4)  # odd 8: Southland
    roll(page, 1, 2, 3)  # odd 5: Corrin
    assert "pays $9,500 from Ashby" in text(page, ".live")  # the typed payoff
    move(page, 2, 3)
    tap(page, rr="NR")  # Northern Rail serves Ashby and Corrin: ticked in the grid
    act(page, "Arrived at Corrin")
    assert page.locator(".live button", has_text="Public Belt").count() == 0  # typed public
    assert page.locator(".live button", has_text="$7,000").count() >= 1  # the typed price
    act(page, "Southern Line")
    assert "$1,000" in text(page, ".rb-fees")  # Northern Rail is the bank's
    act(page, "Pay $1,000 and end the turn")
    page.reload()
    cash = page.text_content(".rb-banker-seats [data-cash-of='p1']")
    assert cash.strip() == "$21,500"  # the start's 20,000 + 9,500 - 7,000 - 1,000


def test_the_grids_read_on_a_phone(app, live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/entry/railbaron")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-regions")
    type_down(page, "regions|1|code", ["N", "Northland", "S", "Southland"])
    type_down(page, "cities|1|city", [v for c in entry_maps.CITIES for v in c])
    page.wait_for_selector("#grid-payoffs .cell")
    kept(page)
    check_phone_layout(page)  # no sideways scroll: a wide grid scrolls in its own card


# -- Railroad Barons: the invented test box typed on a phone, then the opening played on it ---


def csv_block(name: str) -> list[list[str]]:
    """A table of the test box as a spreadsheet copies it: rows of cells, without its header."""
    rows = entry_maps._rows(name)
    return [list(row.values()) for row in rows]


def test_an_owner_types_a_box_on_a_phone_and_a_game_is_played_on_it(app, live_url, chromium):
    from tests.web.test_railroad_barons_browser import tap as choose
    from tests.web.test_railroad_barons_browser import turn_comes

    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/railroad_barons/boxes")
    page.click("text=Enter a box in grids")
    page.click("button:has-text('Start a new box')")
    page.wait_for_selector("#grid-holdings")
    cell(page, "box|1|name").fill("Test box typed in (made for the tests)")
    holdings = entry_maps._rows("holdings.csv")
    type_down(page, "holdings|MSC|plus_circles",
              [h[c] for h in holdings for c in ("plus_circles", "down_circles")])
    type_down(page, "investors|40|bonus", ["10", "15", "20"])
    paste(page, "track|1|space", csv_block("share_track.csv"))
    paste(page, "railroads|1|name", csv_block("railroads.csv"))
    type_down(page, "obsolescence|1|level", ["4", "", "2", "", "I K", "4"])
    cell(page, "box|1|investor_holding").fill("MSC")
    cell(page, "box|1|investor_railroad").fill("Test Atlantic")
    page.fill("#entry-key", "typedbox")
    kept(page)
    assert "10 of 10 circle counts" in text(page, "#entry-progress")
    assert cell(page, "railroads|10|name").input_value() == "Juniper Line"
    check_phone_layout(page)  # ten columns scroll inside their card, not the page
    page.click("button:has-text('Check and save the box')")
    page.wait_for_load_state("networkidle")
    assert "/boards/railroad_barons/typedbox" in page.url, text(page, "main")

    join_url = start_in_lobby(page, live_url, "railroad_barons", ("Ann", "Bob"),
                              choose={"#map": "typedbox"})
    phones = join_phones(chromium, join_url, ("Ann", "Bob"))
    ann, bob = phones["Ann"], phones["Bob"]
    choose(ann, "$60 Investor", "75")
    turn_comes(bob, "Take $75")
    choose(bob, "Take $75")
    choose(bob, "$30 Investor", "30")
    turn_comes(ann, "Take the $30 Investor")
    choose(ann, "Take the $30 Investor")
    turn_comes(bob, "$40 Investor")
    choose(bob, "$40 Investor", "40")
    turn_comes(ann, "Take $40")
    choose(ann, "Take $40")
    choose(ann, "$450 Investor", "450")
    turn_comes(bob, "Take $450")
    choose(bob, "Take $450")
    turn_comes(ann, "$90")
    choose(ann, "$90")  # a starting space typed with "yes"
    choose(ann, "Buy MSC 10%")
    turn_comes(bob, "Start SB at $70")
    choose(bob, "Start SB at $70")
    turn_comes(ann, "Pass")
    choose(ann, "Pass")
    turn_comes(bob, "Pass")
    choose(bob, "Pass")
    ann.wait_for_selector("form.rb-tokens", timeout=8000)
    ann.fill("form.rb-tokens input[name='plus:int']", "1")
    ann.fill("form.rb-tokens input[name='down:int']", "2")
    ann.check("form.rb-tokens input[name='network:int']")
    before = int(ann.get_attribute(".live", "data-seq"))
    ann.click("form.rb-tokens button[type=submit]")
    ann.wait_for_selector(f".live[data-seq='{before + 1}']")
    now = ann.text_content(".rb-now")
    # the typed track: $90 up one line is $100; the typed stack: the Ash Line costs $60
    assert "Pay out $25" in now and "marker $90 → $100" in now
    choose(ann, "Pay out $25")
    assert "Ash Line A2 for $60" in ann.text_content(".rb-now")


# -- Railway Rivals: an invented map's key numbers typed on a phone, then thrown in a race ----


def test_an_owner_types_a_rivals_key_table_and_a_race_throws_its_towns(app, live_url, chromium):
    from tests.web.test_railway_rivals_browser import click, tap_die

    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/entry/railway_rivals")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-keys")
    cell(page, "map|1|name").fill("Pebbleshire (invented)")
    towns = entry_maps.RIVALS_TOWNS
    type_down(page, "towns|1|town", [v for town in towns for v in (town, "", "")])
    kept(page)
    type_down(page, "keys|1|1", [towns[0]] * 6)  # the first die's row, Enter across
    assert page.evaluate("document.activeElement.dataset.cell") == "keys|2|1"
    paste(page, "keys|2|1", [[town] * 6 for town in towns[1:]])  # the rest as a block
    page.wait_for_selector("#entry-progress:has-text('36 of 36 key numbers')")
    page.fill("#entry-key", "pebbleshire")
    kept(page)
    check_phone_layout(page)
    page.click("button:has-text('Check and save the map')")
    page.wait_for_load_state("networkidle")
    assert "/boards/railway_rivals/pebbleshire" in page.url, text(page, "main")

    join_url = start_in_lobby(page, live_url, "railway_rivals", ("Ann", "Bob", "Cy"),
                              choose={"select#map": "pebbleshire"})
    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    for name, town in (("Ann", "Ardle"), ("Bob", "Cragg"), ("Cy", "Eskby")):
        phones[name].reload()
        phones[name].select_option(".rr-panel select[name='town']", town)  # typed towns
        click(phones[name], ".rr-panel button:has-text('Start here')")
    ann = phones["Ann"]
    ann.reload()
    tap_die(ann, "die", 6)
    click(ann, "button:has-text('Record the throw')")
    towns = ".rr-panel select[name='town'] option:not([value=''])"  # first into the rest
    while ann.locator(towns).count():  # a bonus town is chosen, never a default
        ann.select_option(".rr-panel select[name='town']", ann.locator(towns).first.text_content())
        click(ann, ".rr-panel button:has-text('First into this town')")
    click(ann, "button:has-text('End my turn')")
    page.reload()
    assert "Throw for the first town" in text(page, ".rr-now"), text(page, ".live")
    tap_die(page, "tens", 1)
    tap_die(page, "units", 2)
    click(page, "button:has-text('Record the throws')")
    tap_die(page, "tens", 6)
    tap_die(page, "units", 5)
    click(page, "button:has-text('Record the throws')")
    click(page, "button:has-text('Yes, 6 or more')")
    table = chromium.new_context(**PHONE).new_page()
    table.goto(join_url)
    table.click("text=Show the table on this screen")
    table.wait_for_url("**/table")
    assert table.text_content(".rr-towns").split() == ["Ardle", "→", "Fawley"]  # 12 and 65


def test_a_cell_kept_cleaned_while_its_owner_types_on_is_not_rewritten_under_him(live_url,
                                                                                 chromium):
    """A slow typist's "N" is kept (as "no") before his "o": the cell he is in stays his, and
    what he typed whole is kept and shown cleaned once he moves on."""
    page = chromium.new_context(**LAPTOP).new_page()
    page.goto(live_url + "/railbaron/maps")
    page.click("text=Type a map into grids")
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-railroads")
    cell(page, "railroads|1|public").click()
    page.keyboard.type("N")
    kept(page)  # "N" kept as "no" while the owner is still in the cell
    assert cell(page, "railroads|1|public").input_value() == "N"
    page.keyboard.type("o")
    page.keyboard.press("Enter")
    kept(page)
    page.wait_for_function(
        "() => document.querySelector('[data-cell=\"railroads|1|public\"]').value === 'no'")
    page.reload()
    assert cell(page, "railroads|1|public").input_value() == "no"


def test_what_is_typed_before_the_page_has_loaded_is_kept(live_url, chromium):
    """An owner quicker than the page: a cell typed before grid.js ran is kept all the same."""
    page = chromium.new_context(**LAPTOP).new_page()
    page.goto(live_url + "/entry/railway_rivals")
    page.route("**/grid*.js", lambda route: route.abort())  # (its name carries its version)
    page.click("button:has-text('Start a new map')")
    page.wait_for_selector("#grid-keys")
    cell(page, "map|1|name").fill("Quickshire (invented)")
    page.fill("#entry-key", "quickshire")
    page.unroute("**/grid*.js")
    script = page.get_attribute("script[src*='grid']", "src")
    page.add_script_tag(url=script)  # it has run when this returns (and may have saved too)
    kept(page)
    page.reload()
    assert cell(page, "map|1|name").input_value() == "Quickshire (invented)"
    assert page.input_value("#entry-key") == "quickshire"


def test_a_shipped_map_is_opened_corrected_and_saved_as_ones_own_on_a_phone(app, live_url,
                                                                            chromium):
    from pathlib import Path

    from referee import TABLES_DIR
    from referee.games.railway_rivals.mapdata import load_map_folder

    shipped = load_map_folder(TABLES_DIR / "railway_rivals" / "austria")
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/boards/railway_rivals/austria")
    check_phone_layout(page)
    page.click("button:has-text('Open a copy in the grids')")
    page.wait_for_selector("#grid-keys")
    assert "never changed" in text(page, "#entry-opened")
    assert cell(page, "keys|1|1").input_value() == shipped.keys[11]
    check_phone_layout(page)
    cell(page, "keys|1|1").fill(shipped.keys[12])
    page.fill("#entry-key", "austria-mine")
    kept(page)
    page.click("button:has-text('Check and save the map')")
    page.wait_for_url("**/boards/railway_rivals/austria-mine?added=1*")
    mine = load_map_folder(Path(app.instance_path) / "railway_rivals_maps" / "austria-mine")
    assert mine.keys[11] == shipped.keys[12]
    assert load_map_folder(TABLES_DIR / "railway_rivals" / "austria").keys == shipped.keys
