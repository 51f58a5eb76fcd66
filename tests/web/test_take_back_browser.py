"""A player takes back his own mis-tap from his phone (360x740), and cannot once another seat
has acted since: Rail Baron on the tiny map, in Debian's chromium."""

from __future__ import annotations

import pytest

from tests.web.conftest import check_phone_layout, join_phones
from tests.web.phone import SHOTS
from tests.web.test_railbaron_browser import act, fresh, roll, seq, start_on_tiny, tap, text

pytestmark = pytest.mark.browser


def opening(app, live_url, chromium):
    """The first player rolled (Ann): her phone and Bob's, and the banker's console."""
    banker, _game, join_url = start_on_tiny(
        app, live_url, chromium, ("Ann", "Bob"),
        ticked=("input[name='edition'][value='modern']",))
    phones = join_phones(chromium, join_url, ("Ann", "Bob"))
    banker.click("summary:has-text('Rolled real dice?')")
    for pid, dice in (("p1", (6, 6, 6)), ("p2", (1, 1, 1))):
        for i, face in enumerate(dice):
            tap(banker, die=f"f-{pid}-{i}", face=str(face))
    act(banker, "Record the rolls (Ann 18, Bob 3)")
    phones["Ann"].wait_for_selector("button.face", timeout=6000)  # the poll brought her the dice
    return banker, phones["Ann"], phones["Bob"]


def test_a_player_takes_back_his_own_mis_tap(app, live_url, chromium):
    _banker, ann, _bob = opening(app, live_url, chromium)
    roll(ann, 1, 1, 2)  # a mis-tap: the dice on the table showed red 2, white 3 and 3
    card = ann.locator(".live .take-back summary")
    assert card.is_visible()
    check_phone_layout(ann)  # its one line folds a long tap's words, no sideways scroll
    asked = " ".join(card.text_content().split())
    assert asked.startswith("Take back:") and "Ann" in asked and "North" in asked, asked
    line = ann.locator("#part-take-back-line")
    height = line.evaluate("e => e.getBoundingClientRect().height")
    card.click()
    check_phone_layout(ann)
    # opened, the one line unfolds: the tap is named whole, once, above "Yes, take it back"
    assert line.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    assert line.evaluate("e => e.getBoundingClientRect().height") > height
    ann.screenshot(path=str(SHOTS / "take-back-open-360.png"))
    act(ann, "Yes, take it back")
    assert ann.locator(".live .take-back").count() == 0  # nothing of hers left to take back
    assert "North" not in text(ann, ".live")
    roll(ann, 2, 3, 3)  # the right dice: even 6, South
    assert "South" in text(ann, ".live")


POST_TAKE_BACK = """async () => {
  const form = new FormData();
  form.append("type", "take_back");
  form.append("player", "p1");
  form.append("seq", document.querySelector(".live").dataset.seq);
  const headers = JSON.parse(document.body.getAttribute("hx-headers"));
  const answer = await fetch(location.pathname.replace(/me$/, "act"),
                             {method: "POST", body: form, headers});
  return answer.status;
}"""


def test_a_player_cannot_take_back_once_another_seat_has_acted(app, live_url, chromium):
    _banker, ann, bob = opening(app, live_url, chromium)
    roll(ann, 1, 1, 2)  # odd 3: North
    roll(ann, 1, 1, 2)  # odd 3: Alpha, her home; Bob is to roll his
    assert ann.locator(".live .take-back summary").is_visible()  # she could, until...
    fresh(bob)
    roll(bob, 2, 3, 3)  # ...Bob rolls his home region
    acted = seq(bob)
    ann.wait_for_selector(f".live[data-seq='{acted}']", timeout=6000)  # her poll saw it
    assert ann.locator(".live .take-back").count() == 0  # no Take back any more
    check_phone_layout(ann)
    assert ann.evaluate(POST_TAKE_BACK) == 403  # and the laptop refuses one sent anyway
    fresh(bob)
    assert seq(bob) == acted and "Alpha" in fresh(ann)  # nothing was taken back
