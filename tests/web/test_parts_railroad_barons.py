"""Railroad Barons' pages in parts, in a phone browser (360×740): a kept panel's form stays
fresh after another panel changed, and a phone that lacks a part gets the whole live part."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import PHONE, import_in
from tests.web.test_parts_browser import correct_from_another_tab
from tests.web.test_parts_railroad_barons_answers import record

pytestmark = pytest.mark.browser

KEEP = "(ids) => ids.forEach(id => { document.getElementById(id).kept = true; })"
KEPT = "(ids) => ids.map(id => document.getElementById(id).kept === true)"


def long_game_on_phones(live_url, chromium, tmp_path):
    """The long game imported on the banker's console (Ann's Holding MSC buying railroads),
    and Ann's and Bob's phones."""
    played, _following = record()
    path = tmp_path / "barons.json"
    path.write_text(json.dumps(played), encoding="utf-8")
    banker = chromium.new_context(**PHONE).new_page()
    import_in(banker, live_url, path)
    join = banker.get_attribute(".join a", "href")
    phones = {}
    for name in ("Ann", "Bob"):
        phone = chromium.new_context(**PHONE).new_page()
        phone.goto(join)
        phone.click(f"button:has-text('{name}')")
        phone.wait_for_url("**/me")
        phones[name] = phone
    return banker, phones["Ann"], phones["Bob"]


def seq(page) -> int:
    return int(page.get_attribute(".live #part-stamp", "data-seq"))


def test_a_kept_panel_s_form_still_works_after_another_panel_changed(live_url, chromium,
                                                                     tmp_path):
    banker, ann, _bob = long_game_on_phones(live_url, chromium, tmp_path)
    answers: list[int] = []
    ann.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    start = seq(ann)
    kept = ["part-now", "part-move-finish", "part-holding-0"]
    ann.evaluate(KEEP, kept)
    bob_cash = ann.text_content("[data-cash-of='bob']")
    # the banker corrects Bob's cash: Ann's phone learns of it by polling and takes Bob's line
    correct_from_another_tab(banker, start, type="adjust_cash", account="bob")
    ann.wait_for_selector(f".live[data-seq='{start + 1}']", state="attached", timeout=8000)
    assert ann.text_content("[data-cash-of='bob']") != bob_cash  # another panel changed
    assert ann.evaluate(KEPT, kept) == [True, True, True]  # and these were left as they were
    # the kept form sends the page's one seq: recorded, never a 409
    ann.locator("#part-move-finish form.rb-choice button").first.click()
    ann.wait_for_selector(f".live[data-seq='{start + 2}']", state="attached", timeout=8000)
    assert answers == [200]
    assert ann.locator(".live .failure").count() == 0
    assert ann.evaluate(KEPT, ["part-now"]) == [True]  # the "now" block itself was kept
    assert "Finish" not in ann.text_content("#part-move-finish")  # MSC is done
    assert "Seedy Brothers operates" in ann.text_content("#part-events")  # the next one


def test_a_phone_missing_a_part_gets_the_whole_live_part_back(live_url, chromium, tmp_path):
    _banker, _ann, bob = long_game_on_phones(live_url, chromium, tmp_path)
    bob.evaluate("() => { document.getElementById('part-holding-0').remove();"
                 " document.querySelector('.live').dataset.old = 'y'; }")
    bob.evaluate("() => htmx.trigger(document.body, 'refresh')")
    bob.wait_for_selector("#part-holding-0", state="attached")
    assert bob.evaluate("() => document.querySelector('.live').dataset.old") is None
    assert bob.locator("#part-holding-0 a.why").count() >= 1  # MSC's value line, whole
