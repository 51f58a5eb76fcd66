"""Managing a map of this laptop on a 360 px wide phone: an upload under its key waits for the
owner's yes, a delete is asked first, and the pages stay inside the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import PHONE, check_phone_layout

pytestmark = pytest.mark.browser

TINY = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"


def add(page, live_url: str) -> None:
    page.goto(live_url + "/railbaron/maps")
    page.fill("#key", "tiny")
    page.set_input_files("#files", sorted(str(p) for p in TINY.iterdir()))
    page.click("text=Check and add")


def test_replace_and_delete_are_asked_first_on_a_phone(live_url, chromium):
    page = chromium.new_context(**PHONE).new_page()
    add(page, live_url)
    page.wait_for_url("**/maps/tiny?added=1*")
    check_phone_layout(page)
    add(page, live_url)  # the same key again
    page.wait_for_selector(".waiting")
    assert "This laptop already has a map tiny." in page.inner_text(".waiting")
    check_phone_layout(page)
    page.click("button:has-text('Replace tiny')")
    page.wait_for_url("**/maps/tiny?replaced=1*")
    assert "Replaced by the files you chose." in page.inner_text("#map-report")
    page.click("button:has-text('Delete…')")
    page.wait_for_selector("text=Delete the map tiny from this laptop?")
    check_phone_layout(page)
    page.click("text=No, keep it")
    page.wait_for_selector("button:has-text('Delete…')")
    page.click("button:has-text('Delete…')")
    page.click("button:has-text('Yes, delete tiny')")
    page.wait_for_url("**/maps?deleted=tiny")
    assert "Deleted the map tiny from this laptop." in page.inner_text("#maps")
