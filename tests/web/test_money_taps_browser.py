"""Every game's phone at 360x740 names the amount on each button that records money; a rare
choice looks apart from the usual move (Debian's chromium)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.engine.replay import Replayer
from referee.games import registry
from tests.web.conftest import check_phone_layout, import_in, join_phones
from tests.web.phone import assert_within_one_scroll
from tests.web.test_money_taps import rivals_building
from tests.web.test_railbaron_board import _replay_on_the_web, _us_table

pytestmark = pytest.mark.browser

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person

# the action types whose buttons record money, game by game (from each game's rules)
MONEY = {
    "railbaron": ["arrive", "buy", "upgrade", "sell_back", "auction", "bid", "rover"],
    "railway_rivals": ["reached_town", "build_payment"],
    "prairie_railroads": ["bid", "build"],
    "railroad_barons": ["buy", "sell", "answer_offer", "buy_railroad", "pay_out", "withhold",
                        "set_par"],
}

MONEY_BUTTONS = """(types) => {
  const out = {checked: [], bad: []};
  for (const b of document.querySelectorAll('.live form button[type=submit]')) {
    if (b.offsetParent === null) continue;  // folded away: checked once it is opened
    const form = b.form;
    let type = form.querySelector('input[name=type]')?.value;
    const json = form.querySelector('input[name=json]');
    if (!type && json) { try { type = JSON.parse(json.value).type; } catch (e) {} }
    if (!types.includes(type)) continue;
    const typed = [...form.querySelectorAll('input:not([type=hidden]):not([type=checkbox])')]
      .some(i => i.offsetParent !== null && /amount|price|:int/.test(i.name));
    if (typed) continue;  // the amount is the one typed beside it
    const text = b.textContent.replace(/\\s+/g, ' ').trim();
    out.checked.push(text);
    if (!/\\$\\s?\\d|\\d[\\d,]*\\s+units?\\b/.test(text)) out.bad.push(text);
  }
  return out;
}"""


def money_named(page, game: str) -> list[str]:
    """Every money button on screen names its amount; the buttons checked."""
    found = page.evaluate(MONEY_BUTTONS, MONEY[game])
    assert found["bad"] == [], f"money buttons without their amount: {found['bad']}"
    check_phone_layout(page)
    return found["checked"]


def seq(page) -> int:
    return int(page.get_attribute(".live", "data-seq"))


def press(page, locator) -> None:
    before = seq(page)
    locator.click()
    page.wait_for_function("n => +document.querySelector('.live').dataset.seq > n", arg=before)
    assert page.locator(".live .failure").count() == 0, page.text_content(".live .failure")


def background(locator) -> str:
    return locator.evaluate("e => getComputedStyle(e).backgroundColor")


def test_rail_baron_names_payoffs_and_prices_and_asks_before_an_arrival_out_of_reach(
        app, live_url, chromium, browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    t = _us_table().set_up("p1", homes=["Chattanooga", "Boston"]).go_to("Tampa").roll(1, 2)
    _replay_on_the_web(banker, game_id, t)
    ann = join_phones(chromium, live_url + banker.join_link(game_id), ["Ann"])["Ann"]
    ann.click(".live .rb-tap[data-rr='SOU']")
    ann.wait_for_selector(".live .rb-tap[data-rr='SOU'][aria-pressed='true']")
    money_named(ann, "railbaron")
    stop = ann.locator(".live .rb-outcomes button", has_text="Stop at a milepost")
    far = ann.locator(".live .rb-outcomes summary", has_text="Arrived at Tampa")
    assert re.search(r"\+\$[\d,]+", far.text_content())  # the payoff, named
    assert "rare" in far.get_attribute("class") and background(far) != background(stop)
    SHOTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(SHOTS / "money-railbaron-far-arrival-360.png"), full_page=True)
    far.click()  # a 3-mile roll from Chattanooga: it asks first
    assert "the roll is 3" in ann.text_content(".live .rb-confirm[open]")
    assert any("Yes: Arrived at Tampa" in text for text in money_named(ann, "railbaron"))
    press(ann, ann.locator(".live button", has_text="Yes: Arrived at Tampa"))
    deeds = money_named(ann, "railbaron")  # the purchase: every deed with its price
    assert len(deeds) > 5
    # every railroad within her cash is there, none folded away, all within one scroll
    within = int(re.search(r"\((\d+) within your cash", ann.text_content(".live")).group(1))
    assert assert_within_one_scroll(ann, ".live .rb-buy button.rb-deed", "rb-buy") == within
    ann.locator(".live div.rb-buy-compact").screenshot(
        path=str(SHOTS / "money-railbaron-purchase-360.png"))


def test_railway_rivals_first_into_a_town_is_apart_from_ending_the_turn(
        app, live_url, chromium, browser):
    banker, _ann, game_id = rivals_building(browser)
    assert banker.post(f"/g/{game_id}/seats/p1/release").status_code in (200, 303)  # to a phone
    ann = join_phones(chromium, live_url + banker.join_link(game_id), ["Ann"])["Ann"]
    ann.click(".live .rr-pay summary")
    paid = money_named(ann, "railway_rivals")
    assert "Join or cross a line: 1 unit" in paid and "First into this town +5 units" in paid
    first = ann.locator(".live .rr-first button")
    end = ann.locator(".live button", has_text="End my turn")
    assert "rare" in first.get_attribute("class") and background(first) != background(end)
    assert ann.input_value(".live .rr-first select") == ""  # no town chosen for her
    SHOTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(SHOTS / "money-rivals-building-360.png"), full_page=True)
    before = seq(ann)
    first.click()  # no town chosen: the form is not sent
    assert seq(ann) == before and ann.locator(".live .rr-first select:invalid").count() == 1
    ann.select_option(".live .rr-first select", "Salzburg")
    press(ann, ann.locator(".live .rr-first button"))
    assert "Salzburg" in ann.text_content(".live")
    money_named(ann, "railway_rivals")


def cut_where(record: dict, types: list[str], skip: int = 0) -> tuple[dict, str]:
    """The record cut at the first state (after `skip` actions) where the seat to act may take
    one of `types`: (the cut record, that seat's name)."""
    rules = registry.rules_for(record)
    game = registry.game(record["game"])
    replayer = Replayer(rules)
    names = {p["id"]: p["name"] for p in record["players"]}
    for position, action in enumerate(record["actions"]):
        if position >= skip:
            seats = game.to_act(replayer.state)
            legal = [a for a in rules.legal_actions(replayer.state)
                     if a["type"] in types and game.acting_player(a) in seats]
            if legal and len(seats) == 1:
                return {**record, "actions": record["actions"][:position]}, names[seats[0]]
        replayer.submit(action)
    raise AssertionError(f"no state of the record offers {types}")


def play_from_fixture(live_url, chromium, tmp_path, name: str, types: list[str],
                      skip: int = 0):
    record = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    cut, seat = cut_where(record, types, skip)
    path = tmp_path / f"{name}-cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    console = chromium.new_context().new_page()
    import_in(console, live_url, path)
    join_url = console.get_attribute(".join a", "href")
    return join_phones(chromium, join_url, [seat])[seat]


def test_prairie_railroads_names_the_cost_of_track_and_each_bid(live_url, chromium, tmp_path):
    phone = play_from_fixture(live_url, chromium, tmp_path, "prairie_game_1", ["build"])
    built = money_named(phone, "prairie_railroads")
    assert built and all("$5" in text or "$15" in text for text in built), built
    press(phone, phone.locator(".live .pr-buttons button").first)  # one segment built
    money_named(phone, "prairie_railroads")
    phone = play_from_fixture(live_url, chromium, tmp_path, "prairie_game_1", ["bid"])
    assert money_named(phone, "prairie_railroads")  # each quick bid says its amount


def test_railroad_barons_names_what_each_certificate_and_railroad_costs(
        live_url, chromium, tmp_path):
    phone = play_from_fixture(live_url, chromium, tmp_path, "barons_game_1", ["buy"])
    bought = money_named(phone, "railroad_barons")
    assert bought, "no certificate to buy on the phone"
    phone = play_from_fixture(live_url, chromium, tmp_path, "barons_game_1", ["buy_railroad"])
    assert money_named(phone, "railroad_barons")
