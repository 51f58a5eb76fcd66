"""The quick lookup answers a tapped die from the chart in the page: the same words as the server.

A phone at 360x740 taps a sample of dice; after each look-up the same address is loaded with
JavaScript off (the server's own answer) and the two answers must read the same. Taps the chart
in the page can answer send no request; an unknown cell, or a region the player may pick, is
still asked of the server.
"""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from referee import PROJECT_ROOT
from referee.games.railbaron.charts import load_map
from tests.web.conftest import PHONE, check_phone_layout

pytestmark = pytest.mark.browser

SHOTS = PROJECT_ROOT / "tests" / "screenshots"
HOUSE_RULES = ("table,key,value,reason\n"
               "payoff,Chicago|Boston,15500,we play the Boxcars value\n"
               "region,odd|11,SE,as printed in our copy\n"
               "city,NE|odd|2,Boston,as printed in our copy\n")


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def words(page) -> str:
    return " ".join(page.inner_text("#lookup-answers").split())


def settled(page) -> None:
    page.wait_for_selector("#lookup:not(.htmx-request)", state="attached")


def tap(page, name: str, face: int) -> None:
    page.click(f"label[for='{name}-{face}']")
    page.wait_for_selector(f"#{name}-{face}:checked", state="attached")
    settled(page)


def roll(page, names: tuple[str, ...], dice: tuple[int, ...]) -> None:
    for name, face in zip(names, dice, strict=True):
        tap(page, name, face)


class Asked:
    """The look-up requests a page sends."""

    def __init__(self, page):
        self.urls: list[str] = []
        page.on("request", lambda r: self.urls.append(r.url)
                if urlsplit(r.url).path == "/railbaron/lookup" else None)

    def since(self, count: int) -> list[str]:
        return self.urls[count:]


def dice_for(parity: str, white_sum: int) -> tuple[int, int, int]:
    first = min(6, white_sum - 1)
    return (1 if parity == "odd" else 2), first, white_sum - first


def server_words(plain, url: str) -> str:
    plain.goto(url)
    return words(plain)


def test_tapped_dice_are_answered_in_the_page_as_the_server_answers(live_url, chromium, app):
    overrides = Path(app.instance_path) / "overrides"
    overrides.mkdir()
    (overrides / "us.csv").write_text(HOUSE_RULES, encoding="utf-8")
    board = load_map("us", instance_dir=Path(app.instance_path))
    home = board.region_of("Chicago")

    page = chromium.new_context(**PHONE).new_page()
    plain = chromium.new_context(**PHONE, java_script_enabled=False).new_page()
    asked = Asked(page)
    page.goto(live_url + "/railbaron/lookup?map=us&from=Chicago")
    check_phone_layout(page)

    sampler = random.Random(16)
    samples = [((1, 5, 6), (1, 1, 1)),  # odd 11: Southeast by house rule
               ((2, 3, 4), (1, 1, 1))]  # even 7, then odd 2
    samples += [(tuple(sampler.randint(1, 6) for _ in range(3)),
                 tuple(sampler.randint(1, 6) for _ in range(3))) for _ in range(10)]
    northeast = next(k for k, v in board.region_table.items() if v == "NE")
    samples.append((dice_for(*northeast), (1, 1, 1)))
    local = 0
    for region_dice, city_dice in samples:
        roll(page, ("r", "w1", "w2"), region_dice)
        roll(page, ("cr", "cw1"), city_dice[:2])
        before = len(asked.urls)  # the last tap: the whole look-up as sampled
        tap(page, "cw2", city_dice[2])
        in_page = words(page)
        code = board.region_at(region_dice[0], sum(region_dice[1:]))
        if code != home:  # every cell of the US chart is known: the page answers alone
            assert asked.since(before) == [], (region_dice, city_dice)
            local += 1
        assert "red" in in_page and "of all destinations" in in_page
        assert in_page == server_words(plain, page.url), (region_dice, city_dice)
    assert local >= 8

    # the house rules show in the page's own answers, with their reasons
    roll(page, ("cr", "cw1", "cw2", "r", "w1"), (1, 1, 1, 1, 5))
    before = len(asked.urls)
    tap(page, "w2", 6)
    assert asked.since(before) == []
    region = page.inner_text("#region-answer")
    assert "Southeast (SE)" in region and "house rule" in region
    assert "Overridden: region odd 11 is SE: as printed in our copy" in region
    roll(page, ("r", "w1"), samples[-1][0][:2])
    before = len(asked.urls)
    tap(page, "w2", samples[-1][0][2])
    city = page.inner_text("#city-answer")
    assert "Boston" in city and "house rule" in city
    payoff = page.inner_text("#payoff-answer")
    assert "$15,500" in payoff and "house rule" in payoff
    assert asked.since(before) == []
    assert words(page) == server_words(plain, page.url)
    check_phone_layout(page)
    shot(page, "lookup-in-page-house-rule-360")

    # the train's own region: the player may pick, so the server answers
    home_cell = next(k for k, v in board.region_table.items() if v == home)
    before = len(asked.urls)
    roll(page, ("r", "w1", "w2"), dice_for(*home_cell))
    assert asked.since(before) != []
    page.wait_for_selector("#pick")
    assert words(page) == server_words(plain, page.url)


def test_a_region_roll_without_the_train_and_a_new_map(live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    plain = chromium.new_context(**PHONE, java_script_enabled=False).new_page()
    asked = Asked(page)
    page.goto(live_url + "/railbaron/lookup")
    roll(page, ("r", "w1", "w2"), (3, 3, 4))
    assert "North Central (NC)" in page.inner_text("#region-answer")
    roll(page, ("cr", "cw1", "cw2"), (6, 4, 5))
    assert "St. Louis" in page.inner_text("#city-answer")
    assert "Type where the train is" in page.inner_text("#payoff-answer")
    assert asked.urls[1:] == []  # only the page itself was loaded
    assert "r=3" in page.url and "cw2=5" in page.url
    assert words(page) == server_words(plain, page.url)
    shot(page, "lookup-in-page-360")

    page.select_option("#map", "gb")  # a new map: the server draws the form and its chart
    page.wait_for_selector("#map option[value=gb][selected]", state="attached")
    board = load_map("gb")
    region, parity, white = next(k for k, v in board.city_table.items() if v is None)
    cell = next(k for k, v in board.region_table.items() if v == region)
    before = len(asked.urls)
    roll(page, ("r", "w1", "w2"), dice_for(*cell))
    assert asked.since(before) == []
    roll(page, ("cr", "cw1", "cw2"), dice_for(parity, white))
    assert asked.since(before) != []  # an unknown cell: the server asks for the printed city
    page.wait_for_selector("#printed_city")
    assert "Unknown in this chart" in page.inner_text("#city-answer")
    assert words(page) == server_words(plain, page.url)
    check_phone_layout(page)
    shot(page, "lookup-in-page-unknown-360")
