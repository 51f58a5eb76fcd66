"""Route hints and the board at a glance in a real browser: a phone at 360×740 plans a route,
the table view at 1280×800 and on the phone shows the board, zoomed on a region, a railroad
tapped. Screenshots go to tests/screenshots/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, start_in_lobby

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


POINT_ON = """rr => {
  const line = document.querySelector(`a[data-rr='${rr}'] path.rbb-line`);
  const total = line.getTotalLength(), m = line.getScreenCTM();
  for (let f = 0.05; f < 1; f += 0.05) {
    const p = line.getPointAtLength(total * f);
    const x = p.x * m.a + p.y * m.c + m.e, y = p.x * m.b + p.y * m.d + m.f;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('a') && hit.closest('a').dataset.rr === rr) return [x, y];
  }
  return [0, 0];
}"""


def table_screen(chromium, join_url: str, device: dict):
    """A shared screen joined to the game, on the table view with the board drawn."""
    page = chromium.new_context(**device).new_page()
    page.goto(join_url)
    page.click("button:has-text('Show the table on this screen')")
    page.wait_for_url("**/table")
    page.wait_for_selector("svg.rbb-svg")
    return page


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"routes-{name}.png"), full_page=True)


def text(page, selector: str) -> str:
    return " ".join(page.text_content(selector).split())


def test_a_phone_plans_a_route_and_the_table_shows_the_board(live_url, chromium):
    banker = chromium.new_context(**LAPTOP).new_page()
    join_url = start_in_lobby(banker, live_url, "railbaron", ("Ann", "Bob"),
                              choose={"#map": "us"},
                              tick=("input[name='edition'][value='modern']",))

    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    phone.click("button:has-text('Ann')")
    phone.wait_for_url("**/me")

    # On her phone Ann opens the Routes tab and asks for Chicago to Washington
    phone.click(".game-nav a:has-text('Routes')")
    phone.wait_for_url("**/routes")
    phone.select_option("select[name='from']", "Chicago")
    phone.select_option("select[name='to']", "Washington")
    phone.click("button:has-text('Plan the route')")
    phone.wait_for_selector(".rbr-answer")
    answer = text(phone, ".rbr-answer")
    assert "Chicago to Washington: 10 mileposts at the fewest" in answer
    assert "Fewest mileposts" in answer and "B&O (the bank)" in answer
    assert "about 2 turns" in answer
    check_phone_layout(phone)
    shoot(phone, "phone-plan")
    # the route is drawn on the board, zoomed on it
    phone.click(".rbr-route >> nth=0 >> a.rbr-show")
    phone.wait_for_selector("svg.rbb-svg path.rbb-route")
    check_phone_layout(phone)
    assert phone.locator(".rbb-focus a[aria-current]").inner_text() == "The route"
    phone.locator("#board").screenshot(path=str(SHOTS / "routes-phone-board.png"))

    # The table view on the laptop: the whole board, then a railroad tapped
    table = table_screen(chromium, join_url, LAPTOP)
    assert table.locator("svg.rbb-svg a.rbb-rail").count() == 28
    shoot(table, "table-board")
    x, y = table.evaluate(POINT_ON, "UP")
    table.mouse.click(x, y)  # a tap on the Union Pacific's line
    table.wait_for_selector(".rbb-rail-facts")
    facts = text(table, ".rbb-rail-facts")
    assert "UP: Union Pacific" in facts and "the bank (for sale)" in facts
    assert "Omaha" in facts
    table.locator("#board").screenshot(path=str(SHOTS / "routes-table-board-up.png"))

    # The same table view on a phone, zoomed on the Northeast
    small = table_screen(chromium, join_url, PHONE)
    small.click(".rbb-focus a:has-text('Northeast')")
    small.wait_for_selector(".rbb-focus a[aria-current]:has-text('Northeast')")
    check_phone_layout(small)
    small.locator("#board").screenshot(path=str(SHOTS / "routes-phone-table-northeast.png"))
