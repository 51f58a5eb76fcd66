"""What the phone tests of every game check after a tap: the next thing to read or tap, the
take-back of the tap and any refusal are on the 360×740 screen without scrolling; and after a
live update (another phone acted), that it moved no focus."""

from __future__ import annotations

from pathlib import Path

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"  # git-ignored, for a person

IN_VIEW = """e => { const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0 && r.height > 0; }"""


def in_view(element) -> bool:
    """Whether `element` (a Playwright locator or handle) is wholly on screen, unscrolled."""
    return bool(element.evaluate(IN_VIEW))


def assert_in_view(page, element, shot: str) -> None:
    """`element` is on screen; otherwise the page is kept as tests/screenshots/<shot>.png."""
    if not in_view(element):
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"))
        raise AssertionError(f"not on screen without scrolling ({shot}): "
                             f"{' '.join((element.text_content() or '').split())[:120]}")


def next_step(page):
    """What the phone shows to do next: a refusal, else the first thing to tap of the "now"
    block (a button, a die face, a railroad chip, a list), else the line that says who acts."""
    now = page.locator(".live .now-card")
    for selector in (".failure", "button:visible, select:visible", ".now-line"):
        found = now.locator(selector)
        if found.count():
            return found.first
    raise AssertionError("no \"now\" block on " + page.url)


# Words (with the figures and marks inside them: "$14,000", "St.") drawn on two lines.
BROKEN_WORDS = r"""() => {
  const out = [], range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, svg, noscript") || el.offsetParent === null) continue;
    const re = /[\p{L}\p{N}$£'’.,]{2,}/gu;
    let m;
    while ((m = re.exec(node.textContent))) {
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      if (rects.some(r => Math.abs(r.top - rects[0].top) > 2)) out.push(m[0]);
    }
  }
  return out.slice(0, 10);
}"""

# A button that records money says how much, unless its form has the amount typed beside it.
MONEY_WITHOUT_AMOUNT = r"""() => [...document.querySelectorAll(".live button")]
  .filter(b => b.offsetParent !== null)
  .filter(b => /\b(pay|buy|bid|sell|take|withhold|collect|receive|arrived|first here)\b/i
                 .test(b.textContent))
  .filter(b => !/\b(nothing|no purchase|no payoff)\b/i.test(b.textContent))
  .filter(b => !b.closest(".take-back, .undo-redo"))  // a take-back records no money itself
  .filter(b => !(b.form && b.form.querySelector("input[type=number]:not([type=hidden]), "
                 + "input[inputmode=numeric]")))
  .filter(b => !/\d/.test(b.textContent))
  .map(b => b.textContent.trim().replace(/\s+/g, " ").slice(0, 80))"""


# A refusal's words as the page shows them: the box above the live part, or beside a panel.
REFUSAL = "#act-refusal .refused .failure, .live .failure[role=alert]"
TAKE_BACK = ".live .take-back summary"
_SEQ_SEEN: dict[int, str | None] = {}  # the seq each page showed at its last check


def _seq_moved(page) -> bool:
    """Whether the game moved on since this page's last check (its first check counts)."""
    seq = page.locator(".live").first.get_attribute("data-seq")
    moved = _SEQ_SEEN.get(id(page)) != seq
    _SEQ_SEEN[id(page)] = seq
    return moved


# A sale or a bid of all the cash is recorded only by the "Yes" of a question asked once: a
# button that would record one straight away, outside such a question, is listed.
UNASKED_SALES = r"""() => [...document.querySelectorAll(".live button[type=submit]")]
  .filter(b => b.offsetParent !== null && !b.closest("details.confirm"))
  .filter(b => /all your cash|^\s*(sell|yes: sell)\b|sell back/i.test(b.textContent))
  .map(b => b.textContent.trim().replace(/\s+/g, " ").slice(0, 80))"""


def check_after_tap(page, shot: str) -> None:
    """After a tap on a 360×740 phone: the next thing to do is on screen, and so are the
    words of a refusal and the take-back of the tap; no word is broken across two lines, and
    every button that records money shows its amount, and a sale or a bid of all the cash asks
    once (screenshot tests/screenshots/<shot>.png where one fails)."""
    if page.viewport_size["width"] > 400 or not page.url.split("?")[0].endswith("/me"):
        return
    assert_in_view(page, next_step(page), shot)
    # the take-back right after a tap that recorded something (not after a die face picked)
    recorded = _seq_moved(page)
    for shown in (REFUSAL, TAKE_BACK) if recorded else (REFUSAL,):
        found = page.locator(shown)
        if found.count() and found.first.is_visible():
            assert_in_view(page, found.first, shot)
    broken = page.evaluate(BROKEN_WORDS)
    assert broken == [], f"words broken across lines ({shot}): {broken}"
    missing = page.evaluate(MONEY_WITHOUT_AMOUNT)
    assert missing == [], f"money buttons without their amount ({shot}): {missing}"
    unasked = page.evaluate(UNASKED_SALES)
    assert unasked == [], f"a sale or all-in bid recorded without asking ({shot}): {unasked}"


# The element that has the focus with its ring drawn, if any (a stray box after an update).
FOCUS_RING = """() => { const e = document.querySelector(":focus-visible");
  return e ? e.outerHTML.slice(0, 80) : ""; }"""
FOCUSED = """() => { const e = document.activeElement;
  return !e || e === document.body ? "" : e.tagName + (e.id ? "#" + e.id : ""); }"""


def focus_of(page) -> str:
    """What has the focus ("" for nothing: the page itself)."""
    return page.evaluate(FOCUSED)


def check_after_update(page, focused_before: str, shot: str) -> None:
    """After a live update brought another phone's move: the focus is where it was (or, its
    element redrawn, nowhere) and no focus ring is drawn."""
    ring = page.evaluate(FOCUS_RING)
    now = focus_of(page)
    if ring or now not in ("", focused_before):
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"))
    assert ring == "", f"a live update drew a focus ring ({shot}): {ring}"
    assert now in ("", focused_before), f"a live update moved the focus ({shot}): {now}"


SPAN = """(sel) => { const all = [...document.querySelectorAll(sel)];
  const shown = all.filter(e => e.offsetParent !== null);
  if (!shown.length) return null;
  const top = Math.min(...shown.map(e => e.getBoundingClientRect().top));
  const bottom = Math.max(...shown.map(e => e.getBoundingClientRect().bottom));
  return {all: all.length, shown: shown.length, span: bottom - top, screen: innerHeight}; }"""


def assert_within_one_scroll(page, selector: str, shot: str) -> int:
    """Every element of `selector` (the choices of a list) is drawn, none folded away, and
    together they take no more than one screen: one scroll brings them all into view. How
    many there are."""
    found = page.evaluate(SPAN, selector)
    assert found is not None, f"nothing matches {selector} ({shot})"
    if found["shown"] < found["all"] or found["span"] > found["screen"]:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)
    assert found["shown"] == found["all"], f"folded away ({shot}): {found}"
    assert found["span"] <= found["screen"], f"more than one screen ({shot}): {found}"
    return found["all"]
