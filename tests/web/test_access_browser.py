"""Usable without sight or a mouse, in real browsers (Debian's chromium at 360×740):

- axe-core (tests/web/vendored/axe-<version>.min.js, vendored from npm for the tests only) finds
  no fault of WCAG 2.1 A and AA on the lobby and on every game's phone, console, table and
  history pages;
- the focus ring stands out on every seat's colour, in light and dark schemes;
- one Rail Baron turn played with Tab, Enter and Space only: after every update the focus is on
  the new "now" heading, and the page's one live region tells the others' moves and the cue.

Each game is a recorded game of tests/fixtures/games cut in its middle and imported, so that its
pages show a game going on; the scans share the page loads the games need anyway.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.engine.record import read_record
from tests.web.conftest import COLOURS, PHONE, import_in
from tests.web.test_railbaron_browser import start_on_tiny

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "web" / "vendored" / "axe-4.14.1.min.js"
GAMES = ROOT / "tests" / "fixtures" / "games"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# (record, how much of it to replay): a game going on, with a seat to act
RECORDS = {
    "railbaron": ("railbaron_game_1.json", 0.4),
    "prairie_railroads": ("prairie_game_1.json", 0.5),
    "railroad_barons": ("barons_game_1.json", 0.5),
    "railway_rivals": ("railway_rivals_game_2.json", 0.5),
}

RUN_AXE = """async tags => {
  const found = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                         resultTypes: ['violations']});
  return found.violations.map(v => `${v.id} (${v.impact}): ${v.help} at ` +
    v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | '));
}"""


def faults(page) -> list[str]:
    """What axe-core finds on the page as it stands, against WCAG 2.1 A and AA."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # at an address of the page's own origin, answered by the browser with the test's file:
        # the pages' Content-Security-Policy refuses an inline script, and the app has no axe
        origin = re.match(r"https?://[^/]+", page.url).group(0)
        url = f"{origin}/_tests/{AXE.name}"
        page.route(url, lambda route: route.fulfill(path=AXE, content_type="text/javascript"))
        page.add_script_tag(url=url)
    return page.evaluate(RUN_AXE, WCAG)


def cut(name: str, share: float, folder: Path) -> Path:
    """The record `name` with only the first `share` of its actions, as a file to import."""
    record = read_record(GAMES / name)
    record["actions"] = record["actions"][: int(len(record["actions"]) * share)]
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def to_act(console) -> str | None:
    """The name the console's "now" heading gives as the one to act ("To act: Ann")."""
    heading = " ".join(console.text_content(".live .now-card h2").split())
    return heading.removeprefix("To act: ") if heading.startswith("To act: ") else None


def import_quietly(page, live_url: str, path: Path) -> str:
    """Import a record as the lobby's form does, without loading the lobby again; the page
    opens the new game's console. The game's id."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.content()).group(1)
    answer = page.request.post(live_url + "/import", multipart={
        "csrf_token": token,
        "record": {"name": path.name, "mimeType": "application/json",
                   "buffer": path.read_bytes()}}, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]
    page.goto(live_url + answer.headers["location"])
    return answer.headers["location"].split("/")[2]


def test_no_wcag_fault_on_the_lobby_and_every_games_pages(tmp_path, live_url, chromium):
    found: dict[str, list[str]] = {}
    console = chromium.new_context(**PHONE).new_page()
    console.goto(live_url + "/")
    console.wait_for_selector("#name_6")  # the game's part of the form is in
    found["lobby"] = faults(console)
    for number, (game, (name, share)) in enumerate(RECORDS.items()):
        path = cut(name, share, tmp_path)
        if number == 0:
            game_id = import_in(console, live_url, path)
        else:
            game_id = import_quietly(console, live_url, path)
        found[f"{game} console"] = faults(console)
        join = console.get_attribute(".join a", "href")
        phone = chromium.new_context(**PHONE).new_page()
        phone.goto(join)
        if number == 0:
            found["join"] = faults(phone)  # the same page for every game
            phone.goto(join.split("?")[0])  # typed without the QR code's key
            found["join without the key"] = faults(phone)
            phone.goto(join)
        seat = phone.locator("button.seat-button", has_text=to_act(console) or "").first
        seat.click()
        phone.wait_for_url("**/me")
        found[f"{game} phone"] = faults(phone)
        for view in ("table", "history"):
            phone.goto(f"{live_url}/g/{game_id}/{view}")
            found[f"{game} {view}"] = faults(phone)
        phone.context.close()
    bad = [f"{page}: {fault}" for page, faults_of in found.items() for fault in faults_of]
    assert not bad, "\n".join(bad)
    assert len(found) == 3 + 4 * len(RECORDS)


CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = c => { const v = rgb(c).map(x => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const behind = e => { for (; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c; }
    return getComputedStyle(document.documentElement).backgroundColor; };
  const e = document.activeElement, s = getComputedStyle(e);
  const light = s.boxShadow.match(/rgba?\\([^)]*\\)/g) || [];
  const dark = s.outlineColor, around = behind(e.parentElement), own = behind(e);
  const best = (list, c) => Math.max(...list.map(x => ratio(x, c)));
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          around: best([dark, ...light], around), own: best([dark, ...light], own)};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_stands_out_on_every_seat_colour(live_url, chromium, scheme):
    """The ring of a focused button reads at 3:1 or more against what lies around it and
    against the button, whatever the seat's colour (white and black among them)."""
    page = chromium.new_context(**PHONE, color_scheme=scheme).new_page()
    page.goto(live_url + "/")
    for colour in COLOURS:
        page.evaluate("c => document.body.style.setProperty('--accent', c)", colour)
        for selector in ("button[type=submit]", "#game", ".top a.brand"):
            page.focus(selector)
            page.keyboard.press("Shift+Tab")  # the keyboard's focus, shown as it would be
            page.keyboard.press("Tab")
            ring = page.evaluate(CONTRAST)
            assert ring["style"] == "solid" and ring["width"] >= 2, (colour, selector, ring)
            assert ring["around"] >= 3 and ring["own"] >= 3, (colour, selector, ring)


# -- one Rail Baron turn by keyboard -------------------------------------------------------------

TO_ANNS_TURN = [
    {"type": "roll_for_first_player", "rolls": {"p1": [6, 6, 6], "p2": [1, 1, 1]}},
    {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]},
    {"type": "roll_city", "player": "p1", "dice": [1, 1, 2]},  # Ann's home: Alpha
    {"type": "roll_region", "player": "p2", "dice": [2, 3, 3]},
    {"type": "roll_city", "player": "p2", "dice": [2, 3, 3]},  # Bob's home: Charlie
]


def record(page, live_url: str, game_id: str, action: dict) -> None:
    """Record one action as the banker's raw form would send it (no page is loaded)."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.content()).group(1)
    seq = page.request.get(f"{live_url}/g/{game_id}/version").text()
    answer = page.request.post(f"{live_url}/g/{game_id}/act", form={
        "csrf_token": token, "seq": seq, "json": json.dumps(action)})
    assert answer.ok, answer.text()[:300]


def focused(page) -> str:
    """What has the focus: its tag and words ("BUTTON Roll for me")."""
    return page.evaluate("""() => { const e = document.activeElement;
      return e.tagName + ' ' + (e.getAttribute('aria-label') || e.textContent || '')
        .trim().replace(/\\s+/g, ' ').slice(0, 80); }""")


def tab_to(page, selector: str, most: int = 60) -> int:
    """Press Tab until the (first) element of `selector` has the focus: the Tabs it took."""
    target = page.locator(selector).first
    for tabs in range(most):
        if target.evaluate("e => e === document.activeElement"):
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError(f"{most} Tabs did not reach {selector}; the focus is on {focused(page)}")


def press(page, selector: str, key: str) -> int:
    """Tab to the element of `selector`, press `key` (Enter or Space), wait for the answer (the
    live part's stamp comes in every answer, whole or in parts) and check that the focus is on
    its "now" heading: the Tabs it took."""
    tabs = tab_to(page, selector)
    page.evaluate("() => { document.querySelector('.live #part-stamp').dataset.old = 'yes'; }")
    page.keyboard.press(key)
    page.wait_for_function("() => !document.querySelector('.live #part-stamp').dataset.old")
    page.wait_for_function("() => document.activeElement.matches('.live .now-card h2')")
    assert page.evaluate("document.activeElement.getAttribute('tabindex')") == "-1"
    return tabs


def test_a_rail_baron_turn_by_keyboard_alone(app, live_url, chromium):
    banker, game_id, join_url = start_on_tiny(app, live_url, chromium, ("Ann", "Bob"))
    for action in TO_ANNS_TURN:
        record(banker, live_url, game_id, action)
    ann = chromium.new_context(**PHONE).new_page()
    ann.goto(join_url)
    tab_to(ann, "button.seat-button:has-text('Ann')")
    ann.keyboard.press("Enter")
    ann.wait_for_url("**/me")
    bob = chromium.new_context(**PHONE).new_page()
    bob.goto(join_url)
    bob.locator("button.seat-button", has_text="Bob").click()
    bob.wait_for_url("**/me")
    bob.evaluate("() => { document.getElementById('announce').dataset.first = 'yes'; }")

    # the skip link comes first and takes the keyboard past the header
    ann.keyboard.press("Tab")
    assert focused(ann) == "A Skip to the main content"
    ann.keyboard.press("Enter")
    assert ann.evaluate("document.activeElement.id") == "main"
    assert faults(ann) == []

    # the destination: dice faces pressed with Space, recorded with Enter
    for die, face in (("red", 1), ("w1", 4), ("w2", 4)):  # odd 8: South
        press(ann, f".live button.face[data-die='{die}'][data-face='{face}']", "Space")
        assert ann.locator(f"button.face[data-die='{die}'][data-face='{face}']"
                           ).get_attribute("aria-pressed") == "true"
    assert press(ann, ".live .panel button:has-text('Record red 1, 4, 4')", "Enter") < 25
    for die, face in (("red", 1), ("w1", 3), ("w2", 4)):  # odd 7: Delta
        press(ann, f".live button.face[data-die='{die}'][data-face='{face}']", "Space")
    press(ann, ".live .panel button:has-text('Record red 1, 3, 4')", "Enter")
    assert "Delta" in ann.text_content(".rb-me")
    assert faults(ann) == []  # the movement's dice and railroad chips

    # the move: the server rolls; the railroad ridden, pressed with Space; the arrival
    press(ann, ".live .panel[data-action='roll_move'] button:has-text('Roll for me')", "Enter")
    press(ann, ".live button.rb-tap[data-rr='AA'], .live button.rb-tap[data-likely='AA']", "Space")
    assert ann.locator(".live button.rb-tap[aria-pressed='true']").count() >= 1
    for _ in range(6):  # double sixes bring a Freight the bonus die; an arrival, the purchase
        live = ann.locator(".live")
        if live.locator(".panel[data-action='end_turn'] button").count():
            break
        if live.locator(".panel[data-action='roll_bonus'] button").count():
            press(ann, ".live .panel[data-action='roll_bonus'] button:has-text('Roll for me')",
                  "Enter")
        elif live.locator(".panel[data-action='skip_purchase'] button").count():
            press(ann, ".live .panel[data-action='skip_purchase'] button", "Enter")
        elif not live.locator(".rb-outcomes button").count():  # after the bonus die
            press(ann, ".live button.rb-tap[data-rr='AA']", "Space")
        else:
            outcome = live.locator(".rb-outcomes button").first
            words = " ".join(outcome.text_content().split())
            assert words.startswith(("Arrived at Delta", "Stop at a milepost")), words
            press(ann, ".live .rb-outcomes button", "Enter")
    press(ann, ".live .panel[data-action='end_turn'] button", "Space")
    assert "Bob" in ann.text_content(".live .now-line")

    # Bob's phone heard of it in its one live region, there since the page was loaded
    bob.wait_for_function("""() => { const r = document.getElementById('announce');
      return r.dataset.first === 'yes' && /Your turn/.test(r.textContent); }""", timeout=8000)
    said = bob.text_content("#announce")
    assert "Ann" in said, said
    assert bob.locator("[aria-live]").count() == 2  # #announce and the statement's #why
