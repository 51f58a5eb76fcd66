"""A phone that lost its seat gets it back with the seat's rejoin code, in real browsers: the
banker makes the code on the console, a new phone opens its link and takes the seat, and the
phone that held it is refused from then on."""

from __future__ import annotations

import pytest

from tests.web.conftest import PHONE, check_phone_layout, join_phones, start_in_lobby
from tests.web.phone import in_view

pytestmark = pytest.mark.browser


def test_a_rejoin_code_puts_the_seat_on_a_new_phone_and_the_old_one_is_refused(live_url,
                                                                                chromium):
    banker = chromium.new_context(**PHONE).new_page()
    join_url = start_in_lobby(banker, live_url, "counter", ("Ann", "Bob"))
    old = join_phones(chromium, join_url, ["Ann"])["Ann"]
    me = old.url

    jump = banker.locator("a:text-is('A phone lost its seat? Its rejoin code')")
    assert in_view(jump)  # at the top of the console
    jump.click()
    button = banker.locator(".seat-list li", has_text="Ann").locator(
        "button:text-is('Rejoin code')")
    assert in_view(button)
    button.click()
    banker.wait_for_url("**/seats/p1/rejoin")
    check_phone_layout(banker)
    assert banker.locator(".rejoin-code .qr svg").count() == 1
    link = banker.get_attribute(".rejoin-code .join-url a", "href")
    code = banker.text_content("[data-rejoin-code]")

    new = chromium.new_context(**PHONE).new_page()  # another phone, no cookie of this game
    new.goto(link)
    check_phone_layout(new)
    new.click("button:has-text('Take Ann')")
    new.wait_for_url("**/me")
    assert "You are Ann" in new.text_content(".live")

    answer = old.goto(me)
    assert answer.status == 403
    assert "Your seat moved to another phone" in old.text_content("body")
    check_phone_layout(old)
    old.click("a:text-is('Open the join page')")  # offers the join page, with the code field
    assert old.locator("#rejoin-code").is_visible()

    # the code was used: typed on another phone's join page it takes no seat
    third = chromium.new_context(**PHONE).new_page()
    third.goto(link.split("?")[0])  # the rejoin page without a code: a field to type it
    third.fill("#rejoin-code", code)
    third.click("button:text-is('Take my seat back')")
    assert "not one of this game" in third.text_content(".failure")
