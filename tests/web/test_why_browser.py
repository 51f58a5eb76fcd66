"""Why this number on real phones (Playwright, Debian's chromium, 360×740): Blue taps his cash
and sees lines that add up to it, then a latest line's amount and sees its transfer and rule;
Red's phone and the table view, tapping Blue's figure, get only the lines ANNOUNCING lets them
see. Screenshots go to tests/screenshots/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.test_refusals_keep_cash_secret import figure
from tests.web.conftest import PHONE, check_phone_layout, import_in, join_phones
from tests.web.test_why import midgame

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def shown_lines(page) -> list[int]:
    return [int(a) for a in page.locator("#why li[data-amount]").evaluate_all(
        "items => items.map(i => i.dataset.amount)")]


def test_a_player_taps_his_cash_and_the_others_see_no_secret(tmp_path, live_url, chromium):
    record = midgame()
    path = tmp_path / "midgame.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    banker = chromium.new_context(**PHONE).new_page()
    import_in(banker, live_url, path)
    join_url = banker.get_attribute(".join a", "href")
    phones = join_phones(chromium, join_url, ("Blue", "Red"))
    SHOTS.mkdir(exist_ok=True)

    blue = phones["Blue"]
    cash = int(re.sub(r"[^0-9]", "", blue.locator(".rb-me [data-cash-of='blue']").inner_text()))
    blue.locator(".rb-me a.why").click()  # htmx shows the statement in place
    blue.wait_for_selector("#why .why-box")
    assert blue.url.endswith("/me")
    lines = shown_lines(blue)
    assert len(lines) > 5 and sum(lines) == cash
    assert int(blue.get_attribute("#why [data-total]", "data-total")) == cash
    assert blue.locator("#why .rule", has_text="Rule: USE FEES").count() > 0
    established = blue.locator("#why .why-text", has_text="established at the rate before")
    assert established.count() > 0 and "since turn" in established.first.inner_text()
    assert blue.locator("#why .rule", has_text="Rule: USE FEES; ESTABLISHMENT").count() > 0
    check_phone_layout(blue)
    blue.screenshot(path=str(SHOTS / "why-own-cash-phone.png"), full_page=False)
    blue.locator(".events .why-moved a.why").first.click()  # the latest payoff's amount
    blue.wait_for_selector("#why .why-box h2:has-text('the money it moved')")
    assert blue.locator("#why .why-text", has_text="payoff").count() == 1
    assert blue.locator("#why .rule", has_text="Rule: ARRIVAL").count() == 1

    red = phones["Red"]
    red.locator(".rb-others a.why", has=red.locator("[data-cash-of='blue']")).click()
    red.wait_for_selector("#why .why-box")
    _no_secret(red, cash, "Red")
    check_phone_layout(red)
    red.screenshot(path=str(SHOTS / "why-other-seat-phone.png"), full_page=False)

    table = chromium.new_context(**PHONE).new_page()  # a shared screen: no seat
    table.goto(join_url)
    table.click("button:has-text('Show the table on this screen')")
    table.wait_for_url("**/table")
    table.locator("a.why", has_text=re.compile("under")).first.click()
    table.wait_for_selector("#why .why-box")
    _no_secret(table, cash, None)
    table.screenshot(path=str(SHOTS / "why-table-view.png"), full_page=False)


def _no_secret(page, cash: int, viewer: str | None) -> None:
    """The statement of another player: no total, no figure of his cash, only payoffs and
    what passed between him and the viewer."""
    box = page.locator("#why .why-box")
    assert box.locator("[data-total]").count() == 0
    text = box.inner_text()
    assert "The balance is secret." in text
    assert not figure(cash).search(text)
    for line in box.locator(".why-text").all_inner_texts():
        assert "payoff" in line or (viewer is not None and viewer in line), line
    assert sum(shown_lines(page)) != cash
