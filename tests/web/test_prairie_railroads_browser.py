"""A short game of Prairie Railroads in real phone-sized browsers: lobby, phones, live auction."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from referee.games.prairie_railroads import board as boards
from tests.prairie_railroads.play import TEST_BOARD
from tests.web.conftest import PHONE, check_phone_layout, join_phones, start_in_lobby
from tests.web.phone import assert_in_view, check_after_tap, next_step

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person


@pytest.fixture
def test_boards(monkeypatch):
    monkeypatch.setattr(boards, "BOARDS_DIR", TEST_BOARD.parent)


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def click(page, selector: str) -> None:
    """Click a button that records an action, and wait for the swapped fragment."""
    before = seq(page)
    page.click(selector)
    page.wait_for_selector(f".live[data-seq='{before + 1}']")


def test_a_short_game_with_two_phones(live_url, chromium, test_boards):
    banker = chromium.new_context(**PHONE).new_page()
    banker.goto(live_url + "/")
    banker.select_option("#game", "prairie_railroads")
    banker.wait_for_selector("#board")
    banker.select_option("#board", "prairie_test")
    for field, n in (("#deck_pd", "2"), ("#deck_os", "0"), ("#deck_ct", "0")):
        banker.fill(field, n)
    for row, name in enumerate(("Ann", "Bob", "Cy"), start=1):
        banker.fill(f"#name_{row}", name)
    check_phone_layout(banker)
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    check_phone_layout(banker)
    join_url = banker.get_attribute(".join a", "href")

    phones = join_phones(chromium, join_url, ("Ann", "Bob"))
    ann, bob = phones["Ann"], phones["Bob"]
    assert "Waiting" in ann.text_content(".pr-now")
    SHOTS.mkdir(exist_ok=True)

    click(banker, ".pr-first_player button:text-is('Ann')")
    # Ann's phone learns by polling that the CRIP auction is hers to open
    ann.wait_for_selector(".pr-bid-form", timeout=6000)
    check_phone_layout(ann)
    ann.fill(".pr-bid-form input[name='amount:int']", "20")
    click(ann, ".pr-bid-form button")
    # the auction is live on Bob's phone: the high bid, and his buttons
    bob.wait_for_selector(".pr-pass button", timeout=6000)
    assert "High bid $20 by Ann" in bob.text_content(".pr-auction")
    check_phone_layout(bob)
    click(bob, ".pr-pass button")
    banker.reload()
    click(banker, ".pr-pass button")  # Cy drops out too
    ann.reload()
    click(ann, ".pr-first_build button:has-text('Troy – Marysville')")
    assert "Income $2" in ann.text_content("[data-railroad='CRIP']")
    ann.screenshot(path=SHOTS / "prairie-phone-360.png", full_page=True)

    # the banker runs the other five auctions: nobody bids, Ann takes each share free
    banker.reload()
    for _ in range(5):
        for _ in range(3):
            click(banker, ".pr-pass button")
        click(banker, ".pr-first_build button >> nth=0")
    assert "Turn 1, Ann" in banker.text_content(".pr-doing")
    banker.set_viewport_size({"width": 1280, "height": 800})  # the laptop's screen
    banker.screenshot(path=SHOTS / "prairie-banker-1280.png", full_page=True)
    banker.set_viewport_size(PHONE["viewport"])

    # eight Pay Dividends cards; Bob plays his own from the phone
    bob.reload()
    for turn in range(8):
        mover = banker.text_content(".pr-doing")
        if "Bob" in mover and turn < 6:
            bob.reload()
            click(bob, ".pr-play_card button:has-text('Play Pay Dividends')")
            banker.reload()
            continue
        hand = banker.locator(".pr-play_card button:has-text('Play Pay Dividends')")
        if hand.count():
            click(banker, ".pr-play_card button:has-text('Play Pay Dividends')")
        else:
            click(banker, ".pr-play_card button:has-text('Drew Pay Dividends')")
    assert "Game over" in banker.text_content(".pr-now")
    ann.reload()
    assert "Ann wins" in ann.text_content(".pr-winner")
    check_phone_layout(ann)


def test_a_board_uploaded_on_a_phone_is_offered_by_the_lobby(live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/railbaron/maps")
    page.click("text=Prairie Railroads boards")
    page.wait_for_url("**/boards/prairie_railroads")
    page.fill("#key", "home_printing")
    page.set_input_files("#files", [str(p) for p in sorted(TEST_BOARD.iterdir())])
    check_phone_layout(page)
    page.click("text=Check and add")
    page.wait_for_url("**/boards/prairie_railroads/home_printing?added=1*")
    assert "No errors, 0 warnings." in " ".join(page.text_content("#map-report").split())
    check_phone_layout(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "prairie-board-added-360.png"), full_page=True)
    page.click("text=Start a game on it")
    page.wait_for_selector("#board")
    assert "home_printing" in page.eval_on_selector_all(
        "#board option", "options => options.map(o => o.value)")


def three_phones(live_url: str, chromium, board: str, decks: tuple[str, str, str]):
    """A game of Ann, Bob and Cy started from the lobby on `board` ("": none) with `decks`
    cards of Pay Dividends, Offer Stock and Construct Track, their phones joined and Ann
    chosen to go first: (the banker's page, the phones by name)."""
    banker = chromium.new_context(**PHONE).new_page()
    join_url = start_in_lobby(
        banker, live_url, "prairie_railroads", ("Ann", "Bob", "Cy"), choose={"#board": board},
        fill=dict(zip(("#deck_pd", "#deck_os", "#deck_ct"), decks, strict=True)))
    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    click(banker, ".pr-first_player button:text-is('Ann')")
    return banker, phones


def acting(phones: dict, kind: str):
    """The phone that has a panel of `kind` now (each reloaded to catch up); what it asks is on
    its screen as it is picked up."""
    for phone in phones.values():
        phone.reload()
        if phone.locator(f".live .pr-{kind}").count():
            assert_in_view(phone, next_step(phone), f"prairie-off-screen-{kind}-360")
            return phone
    doing = " ".join(next(iter(phones.values())).text_content(".pr-doing").split())
    raise AssertionError(f"no phone may {kind} now: {doing}")


def tap(page, selector: str, shot: str) -> None:
    """Tap what `selector` finds (on screen, no scrolling), wait for the answer, and find the
    next step on screen too (screenshot `shot` if not)."""
    target = page.locator(selector).first
    assert_in_view(page, target, f"{shot}-before")
    if target.evaluate("e => e.classList.contains('face')"):  # a die face: the draft keeps it
        target.click()
        page.wait_for_selector(f"{selector}[aria-pressed='true']")
    else:
        click(page, selector)
    assert_in_view(page, next_step(page), shot)
    check_after_tap(page, shot)


def test_a_turn_of_each_card_with_tapped_dice_listed_builds_and_a_quick_bid(
        live_url, chromium, test_boards):
    banker, phones = three_phones(live_url, chromium, "prairie_test", ("4", "4", "4"))
    for _ in range(6):  # the initial auctions: nobody bids, Ann builds each first segment
        for _ in range(3):
            click(banker, ".pr-pass button")
        click(banker, ".pr-first_build button >> nth=0")
    assert "Turn 1, Ann" in banker.text_content(".pr-doing")

    # Offer Stock: Ann offers an unsold share; a quick bid on the next bidder's phone
    ann = phones["Ann"]
    ann.reload()
    tap(ann, ".pr-play_card button:has-text('Play Offer Stock')", "prairie-after-offer-card")
    tap(ann, ".pr-offer button:has-text('An unsold')", "prairie-after-offer")
    bidder = acting(phones, "bid")
    check_phone_layout(bidder)
    assert bidder.locator(".pr-quick-bids button").count() >= 2  # minimum, +$5
    assert bidder.locator(".pr-all-in summary").count() == 1  # all the cash: apart, asked
    bidder.screenshot(path=SHOTS / "prairie-quick-bid-360.png")
    tap(bidder, ".pr-quick-bids button:has-text('(+$5)')", "prairie-after-bid")  # a segment
    while True:  # the others drop out
        try:
            passer = acting(phones, "pass")
        except AssertionError:
            break
        tap(passer, ".pr-pass button", "prairie-after-pass")

    # Construct Track: the growth dice tapped on the phone, then a segment from the list
    mover = acting(phones, "play_card")
    tap(mover, ".pr-play_card button:has-text('Play Construct Track')", "prairie-after-ct")
    tap(mover, ".pr-growth button.face[data-die='tens'][data-face='1']", "prairie-after-tens")
    tap(mover, ".pr-growth button.face[data-die='units'][data-face='2']", "prairie-after-units")
    mover.wait_for_selector(".pr-growth button:has-text('Record 1, 2')")
    check_phone_layout(mover)
    mover.screenshot(path=SHOTS / "prairie-growth-dice-360.png", full_page=True)
    tap(mover, ".pr-growth button:has-text('Record 1, 2')", "prairie-after-growth")
    assert "Pratt grows" in mover.text_content(".events")  # roll 12: Pratt, the rulebook's
    with contextlib.suppress(AssertionError):  # more than one railroad able: he chooses
        tap(acting(phones, "choose_railroad"), ".pr-choose_railroad button",
            "prairie-after-railroad")
    builder = acting(phones, "build")
    check_phone_layout(builder)
    builder.screenshot(path=SHOTS / "prairie-build-360.png")
    tap(builder, ".pr-build .pr-buttons button", "prairie-after-build")
    assert "builds" in builder.text_content(".events")

    # Pay Dividends
    mover = acting(phones, "play_card")
    tap(mover, ".pr-play_card button:has-text('Play Pay Dividends')", "prairie-after-pd")
    assert "Pay Dividends" in mover.text_content(".events")
    check_phone_layout(mover)

    # Two more Construct Track cards rolling 12 again: Ransom (the secondary city) grows, then
    # both have grown and the player chooses the city that grows
    for turn in range(2):
        mover = acting(phones, "play_card")
        tap(mover, ".pr-play_card button:has-text('Play Construct Track')", "prairie-after-ct")
        tap(mover, ".pr-growth button.face[data-die='tens'][data-face='1']", "prairie-after-tens")
        tap(mover, ".pr-growth button.face[data-die='units'][data-face='2']", "prairie-after-units")
        tap(mover, ".pr-growth button:has-text('Record 1, 2')", "prairie-after-growth")
        if turn == 0:
            assert "Ransom grows" in mover.text_content(".events")
    choosing = acting(phones, "grow_city")
    assert "rolled 12: Pratt and Ransom have both grown" in choosing.text_content(
        ".pr-grow_city")
    check_phone_layout(choosing)
    choosing.screenshot(path=SHOTS / "prairie-grow-city-360.png")
    choosing.screenshot(path=SHOTS / "prairie-grow-city-360-full.png", full_page=True)
    city = choosing.locator(".pr-grow_city button").first.text_content().strip()
    tap(choosing, ".pr-grow_city button", "prairie-after-grow-city")
    assert f"{city} grows" in choosing.text_content(".events")

    # the sixth turn (each player's second) pays dividends
    mover = acting(phones, "play_card")
    tap(mover, ".pr-play_card button:has-text('Play Pay Dividends')", "prairie-after-pd")
    assert mover.text_content(".pr-doing").startswith("Turn 7"), mover.text_content(".pr-doing")


NO_BOARD_FIRST_SEGMENTS = (  # each railroad's free first segment, typed: (from, to, income)
    ("Troy", "Marysville", "2"), ("Atchison", "Topeka", "2"), ("Leavenworth", "Easton", "1"),
    ("Paola", "Osawatomie", "1"), ("Girard", "Pittsburg", "2"), ("Troy", "Whiting", "1"))


def face_top(page, die: str, face: int) -> float:
    return page.locator(f".pr-growth button.face[data-die='{die}'][data-face='{face}']"
                        ).bounding_box()["y"]


def test_without_a_board_roll_for_me_comes_first_and_the_growth_city_from_a_list(
        live_url, chromium):
    banker, phones = three_phones(live_url, chromium, "", ("4", "0", "4"))  # the table types
    for frm, to, income in NO_BOARD_FIRST_SEGMENTS:  # nobody bids; Ann builds each for free
        for _ in range(3):
            click(banker, ".pr-pass button")
        banker.select_option("#fb-from", frm)
        if banker.locator("select#fb-to").count():
            banker.select_option("#fb-to", to)
        else:
            banker.fill("#fb-to", to)
        banker.fill("#fb-to-income", income)
        click(banker, ".pr-first_build button:has-text('Build free')")
    assert "Turn 1, Ann" in banker.text_content(".pr-doing")

    # Construct Track: "Roll for me" is the first thing to tap, as in every game, and tapping
    # the real dice's faces moves nothing under the thumb
    mover = acting(phones, "play_card")
    tap(mover, ".pr-play_card button:has-text('Play Construct Track')", "prairie-nb-after-ct")
    first = next_step(mover)
    assert first.text_content().strip() == "Roll for me"
    tens_top = face_top(mover, "tens", 3)
    tap(mover, ".pr-growth button.face[data-die='tens'][data-face='3']", "prairie-nb-tens")
    units_top = face_top(mover, "units", 4)
    tap(mover, ".pr-growth button.face[data-die='units'][data-face='4']", "prairie-nb-units")
    assert face_top(mover, "units", 4) == units_top and face_top(mover, "tens", 3) == tens_top
    mover.wait_for_selector(".pr-growth button:has-text('Record 3, 4')")
    assert mover.locator(".pr-growth select, .pr-growth input:not([type=hidden])").count() == 0
    mover.click(".pr-growth .dice-clear")  # changed his mind: the server rolls instead
    mover.wait_for_selector(".pr-growth button:has-text('Roll for me')")
    tap(mover, ".pr-growth button:has-text('Roll for me')", "prairie-nb-after-roll")

    # the roll stands; the city the chart names is one of the game's cities, a list
    assert "Which city does the chart name" in mover.text_content(".pr-grow_city")
    listed = [b.strip() for b in mover.locator(".pr-grow_city .pr-city-buttons button")
              .all_text_contents()]
    assert "Topeka" in listed and listed == sorted(listed)
    check_phone_layout(mover)
    mover.screenshot(path=SHOTS / "prairie-no-board-grow-city-360.png", full_page=True)
    # a new city is a second choice, asked once, then typed
    new = mover.locator(".pr-grow_city .pr-new-city summary")  # under the list: scrolled to
    new.scroll_into_view_if_needed()
    assert mover.locator(".pr-grow_city .pr-new-city input[name=city]").is_hidden()
    new.click()
    assert "Really a city this game has not seen" in mover.text_content(".pr-new-city")
    mover.fill("#grow-new-city", "Emporia")
    tap(mover, ".pr-grow_city button:has-text('Yes: record the new city')",
        "prairie-nb-after-new-city")
    assert "Emporia grows" in mover.text_content(".events")
