"""The new game form in a browser: choosing the game redraws its rows, and nothing typed is lost
to that redraw."""

from __future__ import annotations

import pytest

from tests.web.conftest import PHONE

pytestmark = pytest.mark.browser


def test_names_typed_before_the_game_is_chosen_are_kept_and_the_rows_wait_for_the_redraw(
        live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    page.goto(live_url + "/")
    page.fill("#name_1", "Ann")
    page.fill("#name_2", "Bob")
    held = []
    page.route("**/new/options*", lambda route: held.append(route))  # the redraw held back
    page.select_option("#game", "counter")
    page.wait_for_function("() => document.querySelector('#name_1').disabled")
    # while the new rows are on their way, nothing can be typed into the old ones or sent
    assert page.locator("#name_3").is_disabled()
    assert page.locator("button:has-text('Start the game')").is_disabled()
    assert held and "name_1=Ann" in held[0].request.url and "name_2=Bob" in held[0].request.url
    held[0].continue_()
    page.fill("#name_3", "Cy")  # waits for the new, enabled row
    assert page.input_value("#name_1") == "Ann" and page.input_value("#name_2") == "Bob"
    page.click("text=Start the game")
    page.wait_for_url("**/banker")
    assert "Cy" in page.text_content("main")
