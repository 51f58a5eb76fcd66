"""The quick lookup and adding a map, in a real browser on a 360 px wide phone."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from referee import PROJECT_ROOT, TABLES_DIR
from tests.web.conftest import PHONE, check_phone_layout

pytestmark = pytest.mark.browser

TINY = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"
SHOTS = PROJECT_ROOT / "tests" / "screenshots"


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def us_payoff(a: str, b: str) -> int:
    with (TABLES_DIR / "railbaron" / "us" / "payoffs.csv").open(encoding="utf-8") as handle:
        row = next(r for r in csv.DictReader(handle) if {r["city_a"], r["city_b"]} == {a, b})
    return int(row["payoff"])


def tap(page, *faces: str) -> None:
    """Tap die faces, e.g. "r-3": each tap swaps the form; wait until it shows the face."""
    for face in faces:
        page.click(f"label[for='{face}']")
        page.wait_for_selector(f"#{face}:checked", state="attached")


def test_the_quick_lookup_on_a_phone(live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/railbaron/lookup")
    check_phone_layout(page)

    page.click("fieldset.roll >> text=Roll the region for me")  # the app rolls the region dice
    page.wait_for_selector("#region-answer")
    assert "of region rolls" in page.inner_text("#region-answer")
    assert page.locator("input[name=r]:checked").count() == 1
    assert "r=" in page.url  # the rolled dice are the page's address

    page.evaluate("document.querySelector('#lookup').dataset.kept = 'yes'")
    tap(page, "r-3", "w1-3", "w2-4")  # the rulebook's example roll: odd 7
    page.wait_for_selector("#region-answer:has-text('red 3 (odd), white 3+4 = 7')")
    region = page.inner_text("#region-answer")
    assert "North Central (NC)" in region and "15.3% (exactly 11/72) of region rolls" in region

    tap(page, "cr-6", "cw1-4", "cw2-5")  # even 9 in North Central
    page.wait_for_selector("#city-answer")
    city = page.inner_text("#city-answer")
    assert "St. Louis: 1.9% (exactly 11/576) of all destinations" in city
    # a tap swaps the answers, not the form, and saves no snapshot of the page
    assert page.evaluate("document.querySelector('#lookup').dataset.kept") == "yes"
    assert page.evaluate("localStorage.getItem('htmx-history-cache')") is None
    assert "cr=6" in page.url
    check_phone_layout(page)
    shot(page, "lookup-destination-360")

    page.fill("#from", "Chicago")
    page.press("#from", "Enter")
    page.wait_for_selector("#payoff-answer .result")
    assert f"${us_payoff('Chicago', 'St. Louis'):,}" in page.inner_text("#payoff-answer")
    assert page.evaluate("document.querySelector('#payoff-answer').getBoundingClientRect().width"
                         ) <= 360
    check_phone_layout(page)
    page.locator("#payoff-answer").scroll_into_view_if_needed()
    shot(page, "lookup-payoff-360")


def test_adding_a_map_in_the_browser_then_playing_it(live_url, chromium, tmp_path):
    broken = tmp_path / "tiny"
    shutil.copytree(TINY, broken)
    payoffs = broken / "payoffs.csv"
    payoffs.write_text(payoffs.read_text().replace("Alpha,Charlie,12000", "Alpha,Charlie,-5"))

    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/railbaron/maps")
    check_phone_layout(page)

    page.fill("#key", "tiny")
    page.set_input_files("#files", sorted(str(p) for p in broken.iterdir()))
    page.click("text=Check and add")
    page.wait_for_selector(".refused")
    report = page.inner_text(".refused")
    assert "Not added" in report
    assert "payoffs.csv line 3: payoff '-5' is not a positive whole number or ?" in report
    check_phone_layout(page)
    page.locator(".refused").scroll_into_view_if_needed()
    shot(page, "maps-refused-360")

    page.fill("#key", "tiny")
    page.set_input_files("#files", sorted(str(p) for p in TINY.iterdir()))
    page.click("text=Check and add")
    page.wait_for_url("**/maps/tiny?added=1#map-report")
    assert "No errors, 0 warnings." in page.inner_text("#map-report")
    check_phone_layout(page)
    shot(page, "maps-added-360")

    page.click("text=Start a game on it")
    page.wait_for_url("**/?game=railbaron")
    page.select_option("#map", "tiny")
    page.fill("#name_1", "Ann")
    page.fill("#name_2", "Bob")
    page.click("text=Start the game")
    page.wait_for_url("**/banker")
    check_phone_layout(page)
    shot(page, "maps-game-on-tiny-360")


def test_each_roll_button_says_what_it_rolls(live_url, chromium):
    """Two rolls on one page: each "Roll ... for me" names its own, never two alike."""
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/railbaron/lookup")
    page.click("fieldset.roll >> text=Roll the region for me")
    page.wait_for_selector("#region-answer")
    words = [" ".join(b.split()) for b in page.locator("button.roll-button").all_text_contents()]
    assert "Roll the region for me" in words and "Roll the city for me" in words
    assert len(words) == len(set(words))
