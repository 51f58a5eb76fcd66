"""A short Rail Baron game played through the pages in real browsers: two phones and the banker.

Waitress serves the app on loopback; Playwright drives Debian's chromium. The game is on the
tiny fixture map (see tests/web/test_railbaron_turn.py for its charts) with the Starting Auction,
so that both phones bid. Screenshots of the phone, banker and table views at 360×740 and
1280×800 go to tests/screenshots/ (git-ignored).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, join_phones
from tests.web.phone import check_after_tap

pytestmark = pytest.mark.browser

TINY = Path(__file__).resolve().parent.parent / "fixtures" / "maps" / "tiny"
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
ANNOUNCE = 150_000


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def others_cash_is_private(page) -> None:
    """On a phone, every other player's cash reads "under $150,000" or is $150,000 or more.

    The banker console shows every cash; a phone page must show the others' cash lines, so a
    selector that stops matching fails here instead of checking nothing."""
    if not page.url.split("?")[0].endswith("/me"):
        return
    others = page.locator(".rb-others [data-cash-of]").all_text_contents()
    assert others, f"{page.url}: no other player's cash line found (.rb-others [data-cash-of])"
    for shown in others:
        shown = shown.strip()
        assert shown == "under $150,000" or int(re.sub(r"[^0-9]", "", shown)) >= ANNOUNCE, shown


def act(page, button: str) -> None:
    """Press a button of the live part and wait until the game has moved on."""
    before = seq(page)
    page.locator(".live button", has_text=button).first.click()
    page.wait_for_function("n => +document.querySelector('.live').dataset.seq > n", arg=before)
    assert page.locator(".live .failure").count() == 0, text(page, ".failure")
    others_cash_is_private(page)
    check_after_tap(page, "railbaron-after-" + re.sub(r"[^a-z0-9]+", "-", button.lower()))


def tap(page, **data: str) -> None:
    """Tap a die face or a railroad chip and wait for it to show pressed."""
    selector = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    page.click(f".live button{selector}")
    page.wait_for_selector(f".live button{selector}[aria-pressed='true']")
    check_after_tap(page, "railbaron-after-tap-" + "-".join(data.values()))


def roll(page, red: int, w1: int, w2: int) -> None:
    tap(page, die="red", face=str(red))
    tap(page, die="w1", face=str(w1))
    tap(page, die="w2", face=str(w2))
    act(page, f"Record red {red}, {w1}, {w2}")


def move(page, w1: int, w2: int) -> None:
    tap(page, die="w1", face=str(w1))
    tap(page, die="w2", face=str(w2))
    act(page, f"Record {w1}, {w2}")


def text(page, selector: str) -> str:
    """The text of an element, its white space folded."""
    return " ".join(page.text_content(selector).split())


def fresh(page) -> str:
    """The live part's text once the page has caught up with the game (polling or reload)."""
    page.reload()
    others_cash_is_private(page)
    return text(page, ".live")


def cash_of(banker, pid: str) -> int:
    fresh(banker)
    text = banker.text_content(f".rb-banker-seats [data-cash-of='{pid}']")
    return int(re.sub(r"[^0-9]", "", text))


def check_privacy(phone, other: str, exact: int) -> None:
    """A phone shows another player's cash only at $150,000 or more."""
    shown = phone.text_content(f"[data-cash-of='{other}']").strip()
    if exact < ANNOUNCE:
        assert shown == "under $150,000", shown
        assert f"${exact:,}" not in text(phone, ".rb-others"), exact
    else:
        assert shown == f"${exact:,}"


SMALL_TAPS = """() => [...document.querySelectorAll('button.face, button.rb-tap, .dice-clear')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.outerHTML.slice(0, 80))"""


def check_taps(page) -> None:
    """The dice faces and railroad chips are thumb-sized too."""
    check_phone_layout(page)
    assert page.evaluate(SMALL_TAPS) == []


def shoot(context_page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    context_page.screenshot(path=str(SHOTS / f"railbaron-{name}.png"), full_page=True)


def start_on_tiny(app, live_url: str, chromium, names: tuple[str, ...],
                  ticked: tuple[str, ...] = ()):
    """The banker starts a Rail Baron game on the tiny map from the lobby at laptop size, with
    `names` in the lobby's rows and the `ticked` options' boxes checked: (the banker's console
    page, the game's id, the join address)."""
    shutil.copytree(TINY, Path(app.instance_path) / "maps" / "tiny")
    banker = chromium.new_context(**LAPTOP).new_page()
    banker.goto(live_url + "/")
    banker.select_option("#game", "railbaron")
    banker.wait_for_load_state("networkidle")  # the game's options are in
    banker.select_option("#map", "tiny")
    for selector in ticked:
        banker.check(selector)
    for row, name in enumerate(names, start=1):
        banker.fill(f"#name_{row}", name)
    assert banker.input_value("#map") == "tiny"
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    return banker, banker.url.split("/")[-2], banker.get_attribute(".join a", "href")


def test_a_short_rail_baron_game_on_two_phones_and_the_banker(app, live_url, chromium):
    banker, _game, join_url = start_on_tiny(
        app, live_url, chromium, ("Ann", "Bob"),
        ticked=("input[name='edition'][value='modern']",
                "input[name='variant'][value='starting_auction']"))

    phones = join_phones(chromium, join_url, ("Ann", "Bob"))
    ann, bob = phones["Ann"], phones["Bob"]
    check_phone_layout(ann)

    # The banker taps the real dice of the first-player rolls
    banker.click("summary:has-text('Rolled real dice?')")
    for pid, dice in (("p1", (6, 6, 6)), ("p2", (1, 1, 1))):
        for i, face in enumerate(dice):
            tap(banker, die=f"f-{pid}-{i}", face=str(face))
    act(banker, "Record the rolls (Ann 18, Bob 3)")
    # Ann's home: tapped on her phone; Bob's: the banker acts for him
    ann.wait_for_selector("button.face", timeout=6000)  # the poll brought her the dice
    roll(ann, 1, 1, 2)  # odd 3: North
    roll(ann, 1, 1, 2)  # odd 3: Alpha
    fresh(banker)
    assert "To act: Bob" in text(banker, ".rb-now")
    roll(banker, 2, 3, 3)  # even 6: South
    roll(banker, 2, 3, 3)  # even 6: Charlie

    # Starting Auction: the banker draws the BB; both phones bid, the polling keeps them level
    banker.click("summary:has-text('The table drew a deed itself')")
    act(banker, "Bravo & Bay")
    ann.wait_for_selector(".rb-auction", timeout=6000)
    assert "Your limit (your cash): $40,000" in text(ann, ".rb-auction")
    assert "Minimum next bid: $4,000" in text(ann, ".rb-auction")
    act(ann, "Bid $4,000")
    bob.wait_for_selector(".rb-auction:has-text('Your bid.')", timeout=6000)
    auction = text(bob, ".rb-auction")
    assert "Current bid: $4,000 by Ann" in auction and "Minimum next bid: $4,500" in auction
    assert "$40,000" in auction  # his own limit; Ann's is on her phone only
    check_phone_layout(bob)
    shoot(bob, "auction-phone-360")
    act(bob, "Bid $4,500")
    ann.wait_for_selector(".rb-auction:has-text('Your bid.')", timeout=6000)
    act(ann, "Pass")
    assert "Bob buys the BB for $4,500" in text(ann, ".live")
    banker.reload()
    banker.click("summary:has-text('The table drew a deed itself')")
    act(banker, "Alpha Air Line")
    fresh(ann)
    act(ann, "Pass")
    fresh(bob)
    act(bob, "Pass")  # no bid: the AA goes back to the bank

    # Turn 1, Ann: destination, movement, arrival with its payoff, purchase, no fee
    fresh(ann)
    roll(ann, 1, 4, 4)  # odd 8: South
    roll(ann, 1, 3, 4)  # odd 7: Delta
    assert "pays $14,000 from Alpha" in text(ann, ".rb-me")
    assert "Swap home and destination" in text(ann, ".rb-now")
    check_taps(ann)
    shoot(ann, "phone-destination-360")
    move(ann, 2, 3)
    assert "Move 5 mileposts (white 2+3)." in text(ann, ".rb-allowance")
    tap(ann, rr="AA")
    check_taps(ann)
    shoot(ann, "phone-moving-360")
    act(ann, "Arrived at Delta")
    assert text(ann, ".rb-cash").strip() == "$54,000"
    assert ann.locator(".rb-buy button", has_text="CC").count() == 0  # Public
    check_phone_layout(ann)
    shoot(ann, "phone-purchase-360")
    act(ann, "Alpha Air Line")
    act(ann, "End the turn")

    # Turn 2, Bob rides Ann's AA: the fee summary says who gets what
    fresh(bob)
    roll(bob, 1, 1, 1)  # odd 2: North
    roll(bob, 1, 1, 1)  # odd 2: Alpha
    move(bob, 1, 2)
    tap(bob, rr="AA")
    tap(bob, rr="BB")
    act(bob, "Arrived at Alpha")
    act(bob, "Buy nothing")
    fees = text(bob, ".rb-fees")
    assert "Ann $1,000 for Ann's railroad AA · established: $1,000 instead of $10,000" in fees
    check_phone_layout(bob)
    shoot(bob, "phone-fees-360")
    act(bob, "Pay $1,000 and end the turn")
    ann_cash, bob_cash = cash_of(banker, "p1"), cash_of(banker, "p2")
    assert (ann_cash, bob_cash) == (45_000, 46_500)
    for phone, other, cash in ((ann, "p2", bob_cash), (bob, "p1", ann_cash)):
        fresh(phone)
        check_privacy(phone, other, cash)

    # The banker's correction (a real table's way to get rich fast), then Ann declares
    banker.select_option("#adjust-player", "p1")
    banker.fill("#adjust-amount", "160,000")
    banker.fill("#adjust-reason", "the test needs $200,000")
    act(banker, "Correct the cash")
    fresh(bob)
    check_privacy(bob, "p1", 205_000)
    fresh(ann)
    act(ann, "Declare")
    roll(ann, 1, 1, 2)  # odd 3: North
    roll(ann, 2, 1, 1)  # even 2: Bravo, the alternate destination
    assert "Alternate Bravo" in " ".join(ann.inner_text(".rb-me").split())
    move(ann, 1, 2)
    tap(ann, rr="AA")
    act(ann, "Stop at a milepost")
    act(ann, "End the turn")

    # Turn 4, Bob passes Ann's train: the rover; the banker takes it back
    fresh(bob)
    roll(bob, 2, 1, 1)  # even 2: South
    roll(bob, 2, 1, 1)  # even 2: Echo
    move(bob, 1, 2)
    assert "Rover Ann" in text(bob, ".rb-rover")
    assert ann.locator(".rb-rover").count() == 0
    act(bob, "Rover Ann")
    fresh(bob)
    check_privacy(bob, "p1", 155_000)
    assert "Bob rovers Ann: $50,000 to Bob." in text(bob, ".events")
    fresh(banker)
    shoot(banker, "banker-1280")
    banker.locator(".undo-confirm summary").click()
    assert "Bob rovers Ann" in text(banker, ".undo-what")  # named once, above the question
    act(banker, "Yes, take it back")
    bob.wait_for_selector(".rb-rover", timeout=6000)
    check_privacy(bob, "p1", 205_000)
    assert cash_of(banker, "p2") == bob_cash

    # Screenshots of every view at both sizes, and the phone layout of each
    for pid, phone in phones.items():
        fresh(phone)
        check_phone_layout(phone)
        shoot(phone, f"phone-{pid}-360")
    small = chromium.new_context(**PHONE)
    small.add_cookies(banker.context.cookies())
    console = small.new_page()
    console.goto(banker.url)
    check_phone_layout(console)
    shoot(console, "banker-360")
    console.goto(banker.url.replace("/banker", "/table"))
    shoot(console, "table-360")
    banker.goto(banker.url.replace("/banker", "/table"))
    shoot(banker, "table-1280")
    wide = chromium.new_context(**LAPTOP).new_page()
    wide.context.add_cookies(ann.context.cookies())
    wide.goto(ann.url)
    shoot(wide, "phone-1280")
    dark = chromium.new_context(**PHONE, color_scheme="dark")
    dark.add_cookies(bob.context.cookies())
    night = dark.new_page()
    night.goto(bob.url)
    check_phone_layout(night)
    shoot(night, "phone-dark-360")


def test_a_table_chooses_the_editions_own_rules_in_the_lobby_on_a_phone(app, live_url, chromium):
    """The lobby at phone size offers establishment, undeclare and the Home Swap, each saying
    where it comes from; the game is created with what was chosen."""
    shutil.copytree(TINY, Path(app.instance_path) / "maps" / "tiny")
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/")
    page.select_option("#game", "railbaron")
    page.wait_for_load_state("networkidle")
    page.select_option("#map", "tiny")
    page.check("input[name='edition'][value='classic']")
    assert page.input_value("#rb-establishment") == "edition"  # "As the chosen rules say"
    assert "the classic summary does not mention it" in page.inner_text("#rb-home_swap")
    page.select_option("#rb-home_swap", "false")
    check_phone_layout(page)
    for row, name in enumerate(("Ann", "Bob"), start=1):
        page.fill(f"#name_{row}", name)
    page.click("text=Start the game")
    page.wait_for_url("**/banker")
    game_id = page.url.split("/")[-2]
    exported = page.request.get(f"{live_url}/g/{game_id}/export.json").json()
    assert {k: exported["settings"][k] for k in ("edition", "establishment", "undeclare",
                                                   "home_swap")} == {
        "edition": "classic", "establishment": "one_railroad", "undeclare": "any_drop",
        "home_swap": False}
