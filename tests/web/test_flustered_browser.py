"""A flustered player finds the way, in each of the four games, on 360×740 phones in Debian's
chromium: a tap refused because the banker changed the game meanwhile says why in view and
marks the button; his own tap's take-back is then in view; the live update that brings his
move to another phone moves no focus there; an all-in bid and a sale stand apart and ask once.
Each game starts from one of its recorded games, cut where a seat is to act alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout, import_in
from tests.web.phone import (
    REFUSAL,
    SHOTS,
    TAKE_BACK,
    assert_in_view,
    assert_within_one_scroll,
    check_after_tap,
    check_after_update,
    focus_of,
)
from tests.web.test_money_taps_browser import cut_where

pytestmark = pytest.mark.browser

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
# a recorded game of each, and a move its seat to act makes with one tap of a button
CUTS = {
    "railbaron": ("railbaron_game_1", ["roll_region"]),
    "prairie_railroads": ("prairie_game_1", ["play_card"]),
    "railroad_barons": ("barons_game_1", ["pass", "end_turn"]),
    "railway_rivals": ("railway_rivals_game_1", ["build_throw", "throw"]),
}

SEQ = "() => +document.querySelector('.live').dataset.seq"
SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
# the banker renames a seat from his console: an action of his own, so a phone's page drawn
# before it is out of date
RENAME = """async ([player, name]) => {
  const form = new FormData();
  form.append("type", "rename_player");
  form.append("player", player);
  form.append("name", name);
  form.append("reason", "spelt as on the score pad");
  form.append("seq", document.querySelector(".live").dataset.seq);
  form.append("page", "banker");
  const headers = JSON.parse(document.body.getAttribute("hx-headers"));
  const answer = await fetch(location.pathname.replace(/banker$/, "act"),
                             {method: "POST", body: form, headers});
  return answer.status;
}"""


def cut_game(tmp_path, name: str, types: list[str], skip: int = 0) -> tuple[Path, str, str]:
    """The record cut where one seat may make a move of `types`: (its file, that seat's id,
    another seat's id)."""
    record = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    cut, seat = cut_where(record, types, skip)
    ids = {p["name"]: p["id"] for p in record["players"]}
    other = next(pid for n, pid in ids.items() if n != seat)
    path = tmp_path / f"{name}-cut.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    return path, ids[seat], other


def seat_phone(chromium, join_url: str, player_id: str):
    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    phone.locator("form", has=phone.locator(f"input[name=player][value='{player_id}']")).locator(
        "button").click()
    phone.wait_for_url("**/me")
    return phone


def phone_at(live_url, chromium, tmp_path, name: str, types: list[str], shot: str):
    """The phone of the seat to act where the recorded game `name` first offers one of
    `types`, checked as after a tap (no sale or all-in bid there unasked)."""
    path, seat, _other = cut_game(tmp_path, name, types)
    console = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    import_in(console, live_url, path)
    phone = seat_phone(chromium, console.get_attribute(".join a", "href"), seat)
    check_after_tap(phone, shot)
    return phone


def first_move(phone):
    """The button of the seat's usual move: the first filled one of the "now" block."""
    buttons = phone.locator(".live .now-card form.act button[type=submit]:visible")
    for i in range(buttons.count()):
        button = buttons.nth(i)
        classes = button.get_attribute("class") or ""
        if "secondary" not in classes and "rare" not in classes:
            return button
    return buttons.first


@pytest.mark.parametrize("game", sorted(CUTS))
def test_refused_tap_take_back_and_a_quiet_live_update(live_url, chromium, tmp_path, game):
    name, types = CUTS[game]
    path, mover, other = cut_game(tmp_path, name, types)
    console = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    import_in(console, live_url, path)
    join_url = console.get_attribute(".join a", "href")
    phone, watcher = seat_phone(chromium, join_url, mover), seat_phone(chromium, join_url, other)

    # the phone's page stops following the game (its poll blocked), the banker renames a seat
    polls = re.compile(r"/version\?")
    phone.route(polls, lambda route: route.abort())
    assert console.evaluate(RENAME, [other, "Zed"]) == 200
    shown = phone.evaluate(SEQ)
    move = first_move(phone)
    words = " ".join(move.text_content().split())
    move.click()
    phone.wait_for_selector(REFUSAL)
    phone.wait_for_function(SETTLED)
    check_after_tap(phone, f"flustered-{game}-refused")  # its words in view
    assert_in_view(phone, phone.locator(REFUSAL).first, f"flustered-{game}-refused")
    marked = phone.locator(".live button.tapped-refused")
    assert marked.count() == 1 and " ".join(marked.text_content().split()) == words
    assert phone.evaluate(SEQ) > shown  # the answer drew the game as it is now
    check_phone_layout(phone)
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"flustered-{game}-refused-360.png"))
    phone.unroute(polls)

    # the same tap again, on the page the answer drew: recorded, its take-back in view
    phone.click("[data-dismiss-refusal]")
    before = phone.evaluate(SEQ)
    watcher_focus = focus_of(watcher)
    first_move(phone).click()
    phone.wait_for_function(f"() => {SEQ}() > {before}")
    phone.wait_for_function(SETTLED)
    assert phone.locator(".live .failure[role=alert]").count() == 0
    check_after_tap(phone, f"flustered-{game}-take-back")
    assert_in_view(phone, phone.locator(TAKE_BACK), f"flustered-{game}-take-back")
    phone.screenshot(path=str(SHOTS / f"flustered-{game}-take-back-360.png"))

    # the other phone follows by its poll: no focus moved, no focus ring drawn
    now = phone.evaluate(SEQ)
    watcher.wait_for_function(f"() => {SEQ}() >= {now}", timeout=8000)
    check_after_update(watcher, watcher_focus, f"flustered-{game}-update")


def test_an_all_in_bid_stands_apart_and_asks_once(live_url, chromium, tmp_path):
    phone = phone_at(live_url, chromium, tmp_path, "prairie_game_1", ["bid"],
                     "flustered-all-in-page")
    all_in = phone.locator(".live .pr-all-in > summary")
    assert "all your cash" in all_in.text_content()
    assert phone.locator(".live .pr-quick-bids button", has_text="all your cash").count() == 0
    least = phone.locator(".live .pr-quick-bids button").first
    background = "e => getComputedStyle(e).backgroundColor"
    assert all_in.evaluate(background) != least.evaluate(background)  # not the filled one
    all_in.click()
    yes = phone.locator(".live .pr-all-in button", has_text="Yes: bid $")
    assert_in_view(phone, yes, "flustered-all-in")
    check_phone_layout(phone)
    phone.screenshot(path=str(SHOTS / "flustered-prairie-all-in-360.png"))
    # a bid under the least, typed (the field's own check out of the way, as an older page's
    # least would be): the rules' refusal stands above the bid's controls, in view, and the
    # button tapped is marked
    field = phone.locator(".live .pr-bid-form input[type=number]")
    field.evaluate("e => e.removeAttribute('min')")
    field.fill("0")
    phone.click(".live .pr-bid-form button:has-text('Bid this')")
    phone.wait_for_selector(".live .failure[role=alert]")
    phone.wait_for_function(SETTLED)
    check_after_tap(phone, "flustered-prairie-low-bid")
    assert_in_view(phone, phone.locator(".live .failure[role=alert]"), "flustered-low-bid")
    assert phone.locator(".live .panel.refused button.tapped-refused",
                         has_text="Bid this").count() == 1
    phone.screenshot(path=str(SHOTS / "flustered-prairie-low-bid-360.png"))


def test_a_sale_is_never_the_filled_button_and_asks_once(live_url, chromium, tmp_path):
    phone = phone_at(live_url, chromium, tmp_path, "barons_game_1", ["sell"], "flustered-sale-page")
    sale = phone.locator(".live .rb-ask-first > summary").first
    assert sale.text_content().strip().startswith("Sell")
    filled = [" ".join(t.split()) for t in phone.locator(
        ".live .now-card button[type=submit]:not(.secondary)").all_text_contents()]
    assert filled and not any(t.startswith(("Sell", "Yes")) for t in filled), filled
    sale.click()
    yes = phone.locator(".live .rb-ask-first[open] button", has_text="Yes: Sell")
    assert_in_view(phone, yes, "flustered-sale")
    check_phone_layout(phone)
    phone.screenshot(path=str(SHOTS / "flustered-barons-sale-360.png"))


def test_every_certificate_to_buy_is_within_one_scroll(live_url, chromium, tmp_path):
    """Railroad Barons' first Stock Round offers each Holding at four starting values: a row
    a Holding, so every choice is on the screen after one scroll at most."""
    phone = phone_at(live_url, chromium, tmp_path, "barons_game_1", ["buy"],
                     "flustered-certificates")
    phone.locator(".live .now-card").screenshot(
        path=str(SHOTS / "flustered-barons-certificates-360.png"))
    starts = assert_within_one_scroll(phone, ".live .now-card button[type=submit]",
                                      "flustered-certificates")
    assert phone.locator(".live .rb-starts button").count() >= 8, starts
    check_phone_layout(phone)
    phone.locator(".live .now-card").screenshot(
        path=str(SHOTS / "flustered-barons-certificates-360.png"))
