"""Prairie Railroads in parts, on phones at 360×740: a kept panel's form still works after
another part changed, and a page missing a part gets the whole live part back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.conftest import PHONE, import_in, join_phones
from tests.web.test_parts_browser import correct_from_another_tab

pytestmark = pytest.mark.browser

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "prairie_game_1.json"
AUCTION = 33  # Cy offered an ATSF share; Cy bid $8, Ann $9; Bob to bid
GROWTH = 26  # Bob played Construct Track: his growth dice to tap


def auction_game(live_url, chromium, folder: Path, cut: int = AUCTION,
                 names: tuple[str, ...] = ("Ann", "Bob", "Cy")):
    """The recorded game at its ATSF auction (or cut at another action), Bob to bid: the
    console and the phones of `names`."""
    record = json.loads(GAME.read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:cut]
    path = folder / "prairie.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    banker = chromium.new_context(**PHONE).new_page()
    import_in(banker, live_url, path)
    join_url = banker.get_attribute(".join a", "href")
    return banker, join_phones(chromium, join_url, names)


def correct_cash(banker, account: str, seq: int) -> None:
    """The banker corrects a player's cash from another tab of the console."""
    correct_from_another_tab(banker, seq, type="adjust_cash", account=account)


def test_a_kept_bid_form_still_works_after_another_part_changed(live_url, chromium, tmp_path):
    banker, phones = auction_game(live_url, chromium, tmp_path)
    bob = phones["Bob"]
    answers: list = []
    bob.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    bob.wait_for_selector(".pr-bid-form")
    bob.evaluate("() => { document.getElementById('part-act-bid').kept = true; }")
    cy_row = bob.text_content("#part-pr-pl-3")
    # Cy's cash moves elsewhere: Bob's phone learns of it by polling, and takes Cy's row only
    correct_cash(banker, "cy", AUCTION)
    bob.wait_for_selector(f".live[data-seq='{AUCTION + 1}']", state="attached", timeout=8000)
    bob.wait_for_function("t => document.getElementById('part-pr-pl-3').textContent !== t",
                          arg=cy_row, timeout=8000)
    assert bob.evaluate("() => document.getElementById('part-act-bid').kept") is True
    # the kept form sends the page's one seq: recorded, never a 409
    bob.fill(".pr-bid-form input[name='amount:int']", "10")
    bob.click(".pr-bid-form button")
    bob.wait_for_selector(f"#part-stamp[data-seq='{AUCTION + 2}']", state="attached")
    assert answers == [200]
    assert bob.locator(".live .failure").count() == 0
    assert "by Bob" in bob.text_content(".pr-auction")


def test_the_console_s_kept_correction_form_works_after_a_phone_bid(live_url, chromium,
                                                                    tmp_path):
    banker, phones = auction_game(live_url, chromium, tmp_path)
    answers: list = []
    banker.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    banker.evaluate("() => { document.getElementById('part-correct').kept = true; }")
    # Bob bids on his phone: the console learns of it by polling, its correction form kept
    bob = phones["Bob"]
    bob.fill(".pr-bid-form input[name='amount:int']", "10")
    bob.click(".pr-bid-form button")
    banker.wait_for_selector(f".live[data-seq='{AUCTION + 1}']", state="attached", timeout=8000)
    assert "Cy to bid" in banker.text_content(".now-line")
    assert banker.evaluate("() => document.getElementById('part-correct').kept") is True
    # the kept form sends the page's one seq: recorded, never a 409, and still the kept one
    banker.select_option("#adjust-account", "cy")
    banker.fill("#adjust-amount", "3")
    banker.fill("#adjust-reason", "miscounted")
    banker.click(".pr-correct button:text-is('Correct')")
    banker.wait_for_selector(f"#part-stamp[data-seq='{AUCTION + 2}']", state="attached")
    assert answers == [200]
    assert banker.locator(".live .failure").count() == 0
    assert banker.evaluate("() => document.getElementById('part-correct').kept") is True


def test_a_phone_missing_a_part_gets_the_whole_live_part_back(live_url, chromium, tmp_path):
    banker, phones = auction_game(live_url, chromium, tmp_path)
    ann = phones["Ann"]
    # a phone that slept through a change: one row gone, the live part marked as the old one
    ann.evaluate("() => { document.getElementById('part-pr-pl-2').remove();"
                 " document.querySelector('.live').dataset.old = 'y'; }")
    correct_cash(banker, "bob", AUCTION)
    ann.wait_for_selector("#part-pr-pl-2", state="attached", timeout=8000)
    assert ann.evaluate("() => document.querySelector('.live').dataset.old") is None
    assert ann.locator(f".live[data-seq='{AUCTION + 1}']").count() == 1
    assert ann.locator("#part-pr-pl-2 [data-cash-of='bob']").count() == 1


def test_a_kept_growth_dice_panel_taps_with_the_page_s_new_seq(live_url, chromium, tmp_path):
    # the dice's taps carry no seq (static/parts.js sends the stamp's): a dice row is the same
    # at the next seq, kept, and its faces are kept in the draft and recorded
    banker, phones = auction_game(live_url, chromium, tmp_path, GROWTH, ("Bob",))
    bob = phones["Bob"]
    answers: list = []
    bob.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    bob.wait_for_selector(".pr-growth button.face")
    rows = ("part-die-tens", "part-die-units")
    bob.evaluate("ids => ids.forEach(id => { document.getElementById(id).kept = true; })",
                 list(rows))
    correct_cash(banker, "ann", GROWTH)  # elsewhere: Bob's phone learns of it by polling
    bob.wait_for_selector(f"#part-stamp[data-seq='{GROWTH + 1}']", state="attached",
                          timeout=8000)
    for row in rows:
        assert bob.evaluate("id => document.getElementById(id).kept === true", row), row
    tens = ".pr-growth button.face[data-die='tens'][data-face='1']"
    units = ".pr-growth button.face[data-die='units'][data-face='5']"
    bob.click(tens)
    bob.wait_for_selector(tens + "[aria-pressed='true']")
    bob.click(units)
    bob.wait_for_selector(units + "[aria-pressed='true']")
    assert bob.get_attribute(tens, "aria-pressed") == "true"  # the first face is not lost
    bob.click(".pr-growth button:has-text('Record 1, 5')")
    bob.wait_for_selector(f"#part-stamp[data-seq='{GROWTH + 2}']", state="attached")
    assert answers == [200]
    assert bob.locator(".live .failure").count() == 0
    assert bob.locator(".live .pr-growth").count() == 0
