"""An answer of what changed, in a phone browser: a kept panel's form stays fresh, and a page
missing a part gets the whole live part back."""

from __future__ import annotations

import pytest

from tests.web.conftest import PHONE

pytestmark = pytest.mark.browser

KEEP = "() => { document.getElementById('part-record').kept = true; }"
KEPT = "() => document.getElementById('part-record').kept === true"
ANSWERS: list = []


def counter_console(live_url, chromium):
    """The banker's console of a counter game, and Ann's phone."""
    banker = chromium.new_context(**PHONE).new_page()
    banker.on("response", lambda r: ANSWERS.append(r) if "/act" in r.url else None)
    banker.goto(live_url + "/")
    banker.select_option("#game", "counter")
    banker.wait_for_selector("#map", state="detached")
    banker.fill("#name_1", "Ann")
    banker.fill("#name_2", "Bob")
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(banker.get_attribute(".join a", "href"))
    phone.click("button:has-text('Ann')")
    phone.wait_for_url("**/me")
    return banker, phone


def record(page, action: str, seq: int) -> None:
    """Record an action through the console's raw form and wait for its answer."""
    if not page.locator(".raw-json[open]").count():
        page.click(".raw-json summary")
    page.fill("#action-json", action)
    page.click("button:text-is('Record')")
    page.wait_for_selector(f".live[data-seq='{seq}'] #part-stamp[data-seq='{seq}']",
                           state="attached")


def test_a_kept_panel_s_form_still_works_after_another_panel_changed(live_url, chromium):
    banker, phone = counter_console(live_url, chromium)
    ANSWERS.clear()
    record(banker, '{"type": "add", "player": "p1", "n": 3}', 1)
    banker.evaluate(KEEP)
    # the console's own tap: the log and Undo change, the record panel is left as it is
    record(banker, '{"type": "add", "player": "p2", "n": 1}', 2)
    assert banker.evaluate(KEPT) is True
    assert "p2 adds 1." in banker.text_content(".live")
    # Ann's phone acts: the console learns of it by polling and takes the changed parts only
    token = phone.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))"
                           "['X-CSRF-Token']")
    tapped = phone.request.post(phone.url.replace("/me", "/act"), form={
        "csrf_token": token, "seq": "2", "type": "add", "player": "p1", "n:int": "5",
        "page": "phone"}, max_redirects=0)
    assert tapped.status == 303
    banker.wait_for_selector(".live[data-seq='3']", state="attached", timeout=8000)
    assert "p1 adds 5." in banker.text_content(".live")
    assert banker.evaluate(KEPT) is True
    # the kept form sends the page's one seq: recorded, never a 409
    record(banker, '{"type": "add", "player": "p1", "n": 2}', 4)
    assert banker.evaluate(KEPT) is True
    assert [r.status for r in ANSWERS] == [200, 200, 200]
    assert banker.locator(".live .failure").count() == 0
    assert "p1 adds 2." in banker.text_content(".live")


def test_a_page_missing_a_part_gets_the_whole_live_part_back(live_url, chromium):
    banker, _phone = counter_console(live_url, chromium)
    banker.evaluate("() => { document.getElementById('part-seats').remove(); }")
    banker.evaluate("() => { document.querySelector('.live').dataset.old = 'y'; }")
    record(banker, '{"type": "add", "player": "p1", "n": 3}', 1)
    assert banker.locator("#part-seats").count() == 1  # back, with the whole live part
    assert banker.evaluate("() => document.querySelector('.live').dataset.old") is None
    record(banker, '{"type": "add", "player": "p1", "n": 1}', 2)
    assert banker.locator(".live .failure").count() == 0


SAME_AS_FRESH = """async () => {
  const ids = (root) => [...root.querySelectorAll('.part')]
    .filter((p) => p.id !== 'part-stamp').map((p) => p.id + ':' + p.dataset.digest);
  // blanks between tags aside (a row put in place comes without the blank before it)
  // and what only a browser without scripts reads (a DOMParser reads <noscript> as text)
  const words = (root) => {
    root.querySelectorAll('noscript').forEach((n) => n.remove());
    return root.textContent.replace(/\\s+/g, '');
  };
  const held = document.querySelector('.live');
  const answer = await fetch(location.href, {headers: {'HX-Request': 'true'}});
  const fresh = new DOMParser().parseFromString(await answer.text(), 'text/html')
    .querySelector('.live');
  const held_ids = ids(held), fresh_ids = ids(fresh);
  return {same_parts: JSON.stringify(held_ids) === JSON.stringify(fresh_ids),
          held: held_ids, fresh: fresh_ids, held_words: words(held), fresh_words: words(fresh)};
}"""


def undo(page, seq: int) -> None:
    page.click("details.undo-confirm summary")
    page.click("form.undo button[type=submit]")
    page.wait_for_selector(f".live[data-seq='{seq}'] #part-stamp[data-seq='{seq}']",
                           state="attached")
    page.wait_for_selector("details.undo-confirm[open]", state="detached")  # folded again


def test_a_page_patched_by_answers_in_parts_is_the_page_drawn_afresh(live_url, chromium):
    banker, _phone = counter_console(live_url, chromium)
    steps = ['{"type": "add", "player": "p1", "n": 3}', '{"type": "add", "player": "p2", "n": 1}',
             '{"type": "add", "player": "p1", "n": 2}']
    for seq, action in enumerate(steps, start=1):
        record(banker, action, seq)
    undo(banker, 4)  # the latest row leaves the log, "Taken back" appears
    record(banker, '{"type": "add", "player": "p2", "n": 7}', 5)  # a new row, no redo
    undo(banker, 6)
    undo(banker, 7)  # the Undo card is kept this time (Redo was there before and after)...
    # ...but its question folded again, as a card drawn anew would be: the next Undo asks anew
    assert banker.locator("details.undo-confirm[open]").count() == 0
    found = banker.evaluate(SAME_AS_FRESH)
    assert found["same_parts"], (found["held"], found["fresh"])
    assert found["held_words"] == found["fresh_words"]
    assert banker.locator(".live .failure").count() == 0


GAMES = ("railbaron", "railway_rivals")  # the games a new console opens with the defaults
# each game's cash correction on the console: its type, and the field (and select) of whose
CORRECTIONS = {"railbaron": ("adjust_cash", "player", "#adjust-player"),
               "railway_rivals": ("correction", "company", "#fix-who")}


def console_of(live_url, chromium, game: str):
    """The banker's console of a new game of `game`, its options as the lobby offers them."""
    banker = chromium.new_context(**PHONE).new_page()
    banker.goto(live_url + "/")
    banker.select_option("#game", game)
    banker.wait_for_load_state("networkidle")
    banker.fill("#name_1", "Ann")
    banker.fill("#name_2", "Bob")
    banker.click("text=Start the game")
    banker.wait_for_url("**/banker")
    return banker


def correct_from_another_tab(banker, seq: int, **whose: str) -> None:
    """The banker corrects a cash by 5 from another tab of the console (`whose`: the game's
    field naming the seat and the correction's type): the pages learn of it by polling."""
    token = banker.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))"
                            "['X-CSRF-Token']")
    tapped = banker.request.post(banker.url.split("/banker")[0] + "/act", form={
        "csrf_token": token, "seq": str(seq), "amount:signed": "5", "reason": "miscounted",
        "page": "banker", **whose}, max_redirects=0)
    assert tapped.status == 303


@pytest.mark.parametrize("game", GAMES)
def test_in_every_game_a_kept_panel_s_form_works_after_the_game_moved_on(live_url, chromium,
                                                                         game):
    banker = console_of(live_url, chromium, game)
    answers: list = []
    banker.on("response", lambda r: answers.append(r.status) if "/act" in r.url else None)
    banker.evaluate("() => { document.getElementById('part-rename').kept = true; }")
    # the game moves on elsewhere (a cash correction sent from another tab): the console
    # learns of it by polling, and the name panel, which it did not change, is kept
    kind, field, select = CORRECTIONS[game]
    whose = banker.evaluate(f"() => [...document.querySelectorAll('{select} option')]"
                            ".map(o => o.value).filter(Boolean)[0]")
    correct_from_another_tab(banker, 0, type=kind, **{field: whose})
    banker.wait_for_selector(".live[data-seq='1']", state="attached", timeout=8000)
    assert banker.evaluate("() => document.getElementById('part-rename').kept") is True
    # the kept form sends the page's seq: recorded, no 409
    banker.click(".rename summary")
    banker.select_option("#rename-player", "p2")
    banker.fill("#rename-name", "Bobby")
    banker.fill("#rename-reason", "typed wrong")
    banker.click("button:text-is('Correct the name')")
    banker.wait_for_selector(".live[data-seq='2']", state="attached")
    assert answers == [200]
    assert "Bobby" in banker.text_content(".live")


@pytest.mark.parametrize("game", GAMES)
def test_in_every_game_a_page_missing_a_part_gets_the_whole_live_part(live_url, chromium, game):
    banker = console_of(live_url, chromium, game)
    banker.evaluate("() => { document.getElementById('part-rename').remove();"
                    " document.querySelector('.live').dataset.old = 'y'; }")
    banker.evaluate("() => htmx.trigger(document.body, 'refresh')")
    banker.wait_for_selector("#part-rename", state="attached")
    assert banker.evaluate("() => document.querySelector('.live').dataset.old") is None


def test_a_new_row_brought_twice_stands_once(live_url, chromium):
    """A tap's answer and a refresh that crossed it both bring the log's new row, put beside
    the row before it: the page shows it once (static/parts.js), as drawn last."""
    banker, _phone = counter_console(live_url, chromium)
    record(banker, '{"type": "add", "player": "p1", "n": 3}', 1)
    texts: list = []
    banker.on("response", lambda r: texts.append(r.text()) if "/act" in r.url else None)
    record(banker, '{"type": "add", "player": "p2", "n": 4}', 2)
    answer = texts[-1]
    assert 'hx-swap-oob="beforebegin:#part-events--1"' in answer  # the row put in place
    assert banker.locator("#part-events--2").count() == 1
    banker.evaluate("text => htmx.swap('.live', text, {swapStyle: 'none'})", answer)  # again
    assert banker.locator("#part-events--2").count() == 1
    assert banker.locator("#part-announce--2").count() == 1
    assert banker.locator(".live .events-list > li").count() == 2


def test_a_kept_part_the_page_lacks_is_asked_for_again(live_url, chromium):
    """An answer keeps a part in place that the page does not have (it left with another
    answer that crossed this one): the empty place says no digest, the page asks for its live
    part again and is whole."""
    banker, _phone = counter_console(live_url, chromium)
    record(banker, '{"type": "add", "player": "p1", "n": 3}', 1)
    banker.evaluate("""() => htmx.swap('.live', '<div class="part" id="part-foot" '
      + 'hx-swap-oob="true" data-digest="0"><div class="part" id="part-gone" data-digest="" '
      + 'hx-preserve="true"><!--/part:gone--></div><!--/part:foot--></div>',
      {swapStyle: 'none'})""")
    banker.wait_for_selector(".live [hx-preserve]", state="detached")
    found = banker.evaluate(SAME_AS_FRESH)
    assert found["same_parts"], (found["held"], found["fresh"])
