"""Right-to-left names inside the lines the rules write keep their place in the sentence, as a
real browser draws them: a Hebrew and an Arabic name in Rail Baron's lines on the banker console
(1280 px) and on a phone (360×740). Without isolation the bidirectional algorithm draws
"to בני: 3 letters" as "to 3 :בני", and "then דוד, سارة" with the two names swapped.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.web.conftest import PHONE, check_phone_layout
from tests.web.test_railbaron_browser import seq, shoot, start_on_tiny

pytestmark = pytest.mark.browser

HEBREW, ARABIC, RENAMED = "דוד", "سارة", "בני"
FIRST = f"Bob rolls 18 and goes first; then {HEBREW}, {ARABIC}."
CORRECTED = f"The banker corrects Bob's name to {RENAMED}: 3 letters were wrong."

# The boxes of `words` found one after the other in the text of `el` (None: not found), each
# as {left, right, top, bottom}: a Range over the text nodes, as the browser laid them out.
BOXES = """(el, words) => {
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const full = nodes.map(n => n.data).join("");
  let from = 0;
  return words.map(word => {
    const at = full.indexOf(word, from);
    if (at < 0) return null;
    from = at + word.length;
    const range = document.createRange();
    let pos = 0;
    for (const node of nodes) {
      const end = pos + node.data.length;
      if (at >= pos && at < end) range.setStart(node, at - pos);
      const stop = at + word.length;
      if (stop > pos && stop <= end) range.setEnd(node, stop - pos);
      pos = end;
    }
    const r = range.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
}"""


def in_reading_order(element, words: list[str]) -> None:
    """Each word of `words` is drawn left of the next one, where the two share a line."""
    boxes = element.evaluate(BOXES, words)
    assert None not in boxes, (words, element.text_content())
    shared = 0
    pairs = zip(zip(words, boxes, strict=True), zip(words[1:], boxes[1:], strict=True),
                strict=False)  # each word with the next
    for (one, a), (other, b) in pairs:
        if abs(a["top"] - b["top"]) > 2:
            continue  # the line wrapped between the two
        shared += 1
        assert a["right"] <= b["left"] + 1, f"{one!r} is drawn after {other!r}: {a} {b}"
    assert shared >= len(words) // 2, "the line wrapped too often to tell its order"


def post(page, live_url: str, game_id: str, action: dict) -> None:
    """Record one action as the banker's raw form would send it."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.content()).group(1)
    answer = page.request.post(f"{live_url}/g/{game_id}/act", form={
        "csrf_token": token, "seq": str(seq(page)), "json": json.dumps(action)})
    assert answer.ok, answer.text()[:300]
    page.reload()


def test_hebrew_and_arabic_names_keep_their_place_in_the_lines(app, live_url, chromium):
    banker, game_id, join_url = start_on_tiny(app, live_url, chromium, ("Bob", HEBREW, ARABIC))
    post(banker, live_url, game_id, {"type": "roll_for_first_player",
                                     "rolls": {"p1": [6, 6, 6], "p2": [1, 1, 1],
                                               "p3": [1, 1, 2]}})
    post(banker, live_url, game_id, {"type": "rename_player", "player": "p1",
                                     "name": RENAMED, "reason": "3 letters were wrong"})

    first = banker.locator(".events-list p", has_text="goes first")
    assert " ".join(first.text_content().split()) == FIRST  # the text itself is unchanged
    in_reading_order(first, ["then", HEBREW, ",", ARABIC, "."])
    corrected = banker.locator(".events-list p", has_text="corrects")
    assert " ".join(corrected.text_content().split()) == CORRECTED
    in_reading_order(corrected, ["to", RENAMED, ":", "3", "letters"])
    undo = banker.locator(".undo-what q")  # the Undo says what it takes back, in order too
    in_reading_order(undo, ["to", RENAMED, ":", "3", "letters"])
    shoot(banker, "names-rtl-banker-1280")

    phone = chromium.new_context(**PHONE).new_page()
    phone.goto(join_url)
    phone.click(f"button:has-text('{HEBREW}')")
    phone.wait_for_url("**/me")
    check_phone_layout(phone)
    in_reading_order(phone.locator(".events-list p", has_text="goes first"),
                     ["then", HEBREW, ",", ARABIC, "."])
    in_reading_order(phone.locator(".events-list p", has_text="corrects"),
                     ["to", RENAMED, ":", "3", "letters"])
    shoot(phone, "names-rtl-phone-360")
