"""The look of every distinct screen of the four games, at 360x740 and at 1280x800: no sideways
scroll, targets of 44 px or more, no word broken inside, and on a seat's own pages the accent
(buttons, header stripe) in that player's colour. The screenshots go to
tests/screenshots/look/ (git-ignored) for a person to look at."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.web.look import ink
from tests.prairie_railroads.play import TEST_BOARD
from tests.railroad_barons.play import TEST_BOX
from tests.web.conftest import COLOURS, NO_SIDEWAYS_SCROLL, PHONE, SMALL_TARGETS, start_in_lobby

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SHOTS = Path(__file__).resolve().parent.parent / "screenshots" / "look"  # git-ignored
SIZES = {"360": {"width": 360, "height": 740}, "1280": {"width": 1280, "height": 800}}
NEUTRAL = "rgb(31, 95, 174)"  # the accent of pages that are no seat's (light scheme)

# Words drawn on more than one line: a word broken inside (addresses may break, words not).
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('.join-url, code, pre, svg, .sr-only, [hidden], summary.rb-raw')
        || el.offsetParent === null) continue;
    const text = node.textContent;
    for (const m of text.matchAll(/\\S+/g)) {
      if (m[0].includes('/') || m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                               .map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""

# Buttons whose words do not fit their box (a word wider than the button).
CRAMMED = """() => [...document.querySelectorAll('button, a.button, summary')]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim().slice(0, 60))"""

PRIMARY = """() => {
  const b = [...document.querySelectorAll('.live button:not(.secondary)')]
    .find(e => e.offsetParent !== null);
  return b ? getComputedStyle(b).backgroundColor : null;
}"""

# Buttons that act (filled with the accent) lower than a thumb's 48 px.
SHORT_PRIMARY = """() => [...document.querySelectorAll('.live button:not(.secondary):not(.small)')]
  .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 48)
  .map(e => e.textContent.trim().slice(0, 60))"""

STRIPE = "getComputedStyle(document.querySelector('.top')).borderBottomColor"


def rgb(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def look(page, name: str, seat: str | None = None, dark: bool = False) -> None:
    """Check and shoot `page` at both sizes; `seat`: the colour its accent must take."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(50)  # a frame for the new layout
        where = f"{name} at {size}px"
        assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{where} scrolls sideways"
        assert page.evaluate(SMALL_TARGETS) == [], f"{where} has targets under 44px"
        assert page.evaluate(BROKEN_WORDS) == [], f"{where} breaks words inside"
        assert page.evaluate(CRAMMED) == [], f"{where} has words wider than their button"
        assert page.evaluate(SHORT_PRIMARY) == [], f"{where} has buttons under 48px"
        page.screenshot(path=SHOTS / f"{name}-{size}.png", full_page=True)
    stripe = page.evaluate(STRIPE)
    if seat is None:
        assert stripe == NEUTRAL or dark, f"{name}: the header stripe is {stripe}"
    else:
        assert stripe == rgb(seat), f"{name}: the header stripe is {stripe}, not {seat}"
    page.set_viewport_size(SIZES["360"])


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def act(page, selector: str) -> None:
    """Press a button that records an action and wait for the game to move on."""
    before = seq(page)
    page.locator(selector).first.click()
    page.wait_for_function("n => +document.querySelector('.live').dataset.seq > n", arg=before)


def start(chromium, live_url: str, game: str, board: str, names: tuple[str, ...],
          fields: dict[str, str] | None = None):
    """A game made on the lobby: (banker page, {name: phone page}, join url, lobby page)."""
    banker = chromium.new_context(**PHONE).new_page()
    join_url = start_in_lobby(
        banker, live_url, game, names, fill=fields,
        choose={"#board" if game == "prairie_railroads" else "#map": board})
    lobby = live_url + "/"
    phones = {}
    for row, name in enumerate(names[:2], start=1):
        phone = chromium.new_context(**PHONE).new_page()
        phone.goto(join_url)
        phone.click(f"button:has-text('{name}')")
        phone.wait_for_url("**/me")
        phones[name] = (phone, COLOURS[row - 1])
    return banker, phones, join_url, lobby


def screens(banker, phones: dict[str, tuple], key: str) -> None:
    """The screens of one game: the phone whose move it is and one waiting (`phones`: name to
    (page, colour)), the banker console, the table, the history."""
    for page, _colour in phones.values():
        page.reload()
    banker.reload()
    cued = [(p, c) for p, c in phones.values() if p.locator(".cue").count() == 1]
    waits = [(p, c) for p, c in phones.values() if p.locator(".cue").count() == 0]
    assert cued and waits, f"{key}: no phone to act and one waiting"
    (acting, colour), (waiting, waiting_colour) = cued[0], waits[0]
    primary = acting.evaluate(PRIMARY)
    assert primary == rgb(colour), f"{key}: the primary button is {primary}, not {colour}"
    cue_ink = acting.evaluate("getComputedStyle(document.querySelector('.cue')).color")
    assert cue_ink == rgb(ink(colour)), f"{key}: the cue's ink is {cue_ink}"
    look(acting, f"{key}-phone-acting", seat=colour)
    acting.emulate_media(color_scheme="dark")
    look(acting, f"{key}-phone-acting-dark", seat=colour, dark=True)
    acting.emulate_media(color_scheme="light")
    look(waiting, f"{key}-phone-waiting", seat=waiting_colour)
    look(banker, f"{key}-banker")
    table = banker.context.new_page()
    table.goto(banker.url.replace("/banker", "/table"))
    look(table, f"{key}-table")
    table.goto(banker.url.replace("/banker", "/history"))
    look(table, f"{key}-history")
    mine = acting.url.replace("/me", "/history")
    answer = acting.goto(mine)
    assert answer is not None and answer.status == 200, (
        f"{key}: {mine} answered {answer and answer.status}: {acting.inner_text('main')[:300]}")
    stripe = acting.evaluate(STRIPE)
    assert stripe == rgb(colour), (
        f"{key}: a seat's history at {acting.url} is {stripe}, not its colour {colour}; the page "
        f"says {acting.evaluate('document.body.outerHTML.slice(0, 600)')}")
    look(acting, f"{key}-history-seat", seat=colour)
    table.close()


@pytest.fixture
def boards(app):
    """The test boards of Prairie Railroads and Railroad Barons, and Rail Baron's tiny map."""
    instance = Path(app.instance_path)
    shutil.copytree(TEST_BOARD, instance / "prairie_boards" / "prairie_test")
    shutil.copytree(TEST_BOX, instance / "railroad_barons_boxes" / "testbox")
    shutil.copytree(FIXTURES / "maps" / "tiny", instance / "maps" / "tiny")


def test_every_screen_of_the_four_games(live_url, chromium, boards):
    # Rail Baron: the banker rolls for the first player; Ann rolls for her home city
    banker, phones, _, lobby = start(chromium, live_url, "railbaron", "tiny", ("Ann", "Bob"))
    for _ in range(6):  # a tie for first rolls again
        act(banker, ".live button:has-text('Roll for everyone')")
        if banker.locator(".live button:has-text('Roll for everyone')").count() == 0:
            break
    screens(banker, phones, "railbaron")

    # Prairie Railroads: the banker names the first player; Ann bids first
    banker, phones, join_url, _ = start(
        chromium, live_url, "prairie_railroads", "prairie_test", ("Ann", "Bob", "Cy"),
        {"#deck_pd": "2", "#deck_os": "0", "#deck_ct": "0"})
    act(banker, ".pr-first_player button:text-is('Ann')")
    join = chromium.new_context(**PHONE).new_page()
    join.goto(join_url)  # Cy's seat is free
    look(join, "join")
    screens(banker, phones, "prairie")

    # Railroad Barons: Ann selects the first Investor
    banker, phones, _, _ = start(chromium, live_url, "railroad_barons", "testbox", ("Ann", "Bob"))
    screens(banker, phones, "barons")

    # Railway Rivals: Bob names his start town; Ann has yet to
    banker, phones, _, _ = start(chromium, live_url, "railway_rivals", "austria", ("Ann", "Bob"))
    bob = phones["Bob"][0]
    bob.select_option(".rr-panel select[name='town']", "Linz")
    act(bob, ".rr-panel button:has-text('Start here')")
    screens(banker, phones, "rivals")

    # The pages outside a game
    page = banker
    page.goto(lobby)
    look(page, "lobby")
    page.goto(live_url + "/railbaron/lookup")
    look(page, "lookup")
    for game in ("railbaron", "prairie_railroads", "railroad_barons", "railway_rivals"):
        page.goto(f"{live_url}/boards/{game}")
        look(page, f"boards-{game}")


def test_a_seat_in_the_dark(live_url, chromium, boards):
    """Dark mode keeps the seat's accent, and a yellow seat gets dark ink."""
    banker = chromium.new_context(**PHONE).new_page()
    join_url = start_in_lobby(banker, live_url, "counter", ("Ann", "Yolanda"),
                              choose={"#colour_2": COLOURS[3]})
    phone = chromium.new_context(**PHONE, color_scheme="dark").new_page()
    phone.goto(join_url)
    phone.click("button:has-text('Yolanda')")
    phone.wait_for_url("**/me")
    assert phone.evaluate(STRIPE) == rgb(COLOURS[3])
    assert ink(COLOURS[3]) == "#111111"
    look(phone, "dark-yellow-seat", seat=COLOURS[3], dark=True)
