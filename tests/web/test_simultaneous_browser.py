"""Three Railway Rivals phones answer one question at the same instant: every answer counts."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import check_phone_layout, join_phones
from tests.web.test_railway_rivals_browser import click, keeper_of_a_new_game, seq, tap_die

pytestmark = pytest.mark.browser

def tap_together(taps) -> None:
    """`taps`: (page, button selector); each page presses its button at one agreed moment, so
    the posts leave together, each with the seq its page was drawn at."""
    at = taps[0][0].evaluate("Date.now()") + 400  # one clock: the pages share the machine's
    for page, selector in taps:
        page.evaluate("([s, at]) => { setTimeout(() => document.querySelector(s).click(), "
                      "Math.max(0, at - Date.now())); }", [selector, at])


def recorded(page) -> list[dict]:
    game = page.url.split("/g/")[1].split("/")[0]
    return page.evaluate(f"fetch('/g/{game}/export.json').then(r => r.json())")["actions"]


def settled(page, count: int) -> None:
    """Wait until the page shows the game at `count` actions (its own answer and the rest)."""
    page.wait_for_function(
        f"() => Number(document.querySelector('.live').dataset.seq) >= {count}", timeout=8000)


def test_three_phones_answer_start_towns_and_race_entries_at_once(live_url, chromium):
    keeper = keeper_of_a_new_game(live_url, chromium)
    join_url = keeper.get_attribute(".join a", "href")
    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]

    # start towns: three phones drawn at seq 0 press "Start here" together
    for phone, town in ((ann, "Wien"), (bob, "Linz"), (cy, "Graz")):
        phone.reload()
        assert seq(phone) == 0
        phone.select_option(".rr-panel select[name='town']", town)
    tap_together([(p, ".rr-panel form button[type=submit]") for p in (ann, bob, cy)])
    for phone in (ann, bob, cy):
        settled(phone, 3)
        assert phone.locator(".act-refusal .refused").count() == 0
        check_phone_layout(phone)
    starts = {a["company"]: a["town"] for a in recorded(keeper) if a["type"] == "start_town"}
    assert starts == {"p1": "Wien", "p2": "Linz", "p3": "Graz"}

    # Ann builds to every town; the keeper throws Wien (12) and Linz (65), long enough
    tap_die(ann, "die", 6)
    click(ann, "button:has-text('Record the throw')")
    while ann.locator(".rr-panel select[name='town'] option").count():
        click(ann, ".rr-panel button:has-text('First here')")
    click(ann, "button:has-text('End my turn')")
    keeper.reload()
    for tens, units in ((1, 2), (6, 5)):
        tap_die(keeper, "tens", tens)
        tap_die(keeper, "units", units)
        click(keeper, "button:has-text('Record the throws')")
    click(keeper, "button:has-text('Yes, 6 or more')")

    # race entries: Ann and Bob enter, Cy stays out, all at the same instant
    at = seq(keeper)
    for phone in (ann, bob, cy):
        phone.reload()
        assert seq(phone) == at
    enter = ".rr-pair form:first-child button"
    out = ".rr-pair form:last-child button"
    tap_together([(ann, enter), (bob, enter), (cy, out)])
    for phone in (ann, bob, cy):
        settled(phone, at + 3)
        assert phone.locator(".act-refusal .refused").count() == 0
    answers = {a["company"]: a["type"] for a in recorded(keeper)[at:]}
    assert answers == {"p1": "enter", "p2": "enter", "p3": "stay_out"}
    ann.wait_for_selector("button:has-text('Declare the route')", timeout=8000)


def test_a_truly_stale_tap_keeps_the_choice_and_the_message_through_live_updates(live_url,
                                                                               chromium):
    keeper = keeper_of_a_new_game(live_url, chromium)
    join_url = keeper.get_attribute(".join a", "href")
    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    ann, bob, cy = phones["Ann"], phones["Bob"], phones["Cy"]
    for phone in (ann, bob, cy):
        phone.reload()
    bob.select_option(".rr-panel select[name='town']", "Linz")
    # Ann answers, and the keeper takes her answer back before Bob taps: Bob's page is stale
    # (his page does not poll meanwhile, however slow the machine, so it stays stale)
    polls = re.compile(r".*/version.*")
    bob.route(polls, lambda route: route.abort())
    ann.select_option(".rr-panel select[name='town']", "Wien")
    click(ann, ".rr-panel button:has-text('Start here')")
    keeper.reload()
    keeper.click(".undo-confirm summary")
    click(keeper, "button:has-text('Yes, take it back')")
    bob.click(".rr-panel button:has-text('Start here')")
    bob.wait_for_selector(".act-refusal .refused")
    bob.unroute(polls)
    assert "Someone acted first" in bob.text_content(".act-refusal")
    assert "Not recorded: start town: Linz" in bob.text_content(".act-refusal")
    town = ".rr-panel select[name='town']"
    assert bob.eval_on_selector(town, "s => s.options[0].value") != "Linz"
    assert bob.input_value(town) == "Linz"  # put back into the fresh form
    check_phone_layout(bob)
    # Cy answers: Bob's page follows on its next poll, and the box stays
    cy.reload()
    cy.select_option(".rr-panel select[name='town']", "Graz")
    click(cy, ".rr-panel button:has-text('Start here')")
    settled(bob, seq(cy))
    assert "Not recorded: start town: Linz" in bob.text_content(".act-refusal")
    # a tap that counts empties the box
    bob.select_option(".rr-panel select[name='town']", "Linz")
    click(bob, ".rr-panel button:has-text('Start here')")
    assert bob.locator(".act-refusal .refused").count() == 0
    assert [(a["type"], a.get("company"), a.get("town")) for a in recorded(keeper)] == [
        ("start_town", "p1", "Wien"), ("undo", None, None), ("start_town", "p3", "Graz"),
        ("start_town", "p2", "Linz")]


def test_a_choice_being_made_survives_another_seats_answer(live_url, chromium):
    keeper = keeper_of_a_new_game(live_url, chromium)
    join_url = keeper.get_attribute(".join a", "href")
    phones = join_phones(chromium, join_url, ("Ann", "Bob", "Cy"))
    ann, bob = phones["Ann"], phones["Bob"]
    for phone in (ann, bob):
        phone.reload()
    town = ".rr-panel select[name='town']"
    bob.select_option(town, "Linz")
    ann.select_option(town, "Wien")
    click(ann, ".rr-panel button:has-text('Start here')")
    settled(bob, 1)  # Bob's page followed Ann's answer while he was choosing
    assert bob.input_value(town) == "Linz"
    click(bob, ".rr-panel button:has-text('Start here')")
    settled(bob, 2)
    assert bob.locator(".act-refusal .refused").count() == 0
    starts = {a["company"]: a["town"] for a in recorded(keeper) if a["type"] == "start_town"}
    assert starts == {"p1": "Wien", "p2": "Linz"}
