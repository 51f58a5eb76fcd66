"""What the phone tests of every game check after a tap: the next thing to read or tap is on
the 360×740 screen without scrolling."""

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
  .filter(b => /\b(pay|buy|bid|sell|take|withhold|collect|receive)\b/i
                 .test(b.textContent))
  .filter(b => !/\b(nothing|no purchase)\b/i.test(b.textContent))
  .filter(b => !(b.form && b.form.querySelector("input[type=number]:not([type=hidden]), "
                 + "input[inputmode=numeric]")))
  .filter(b => !/\d/.test(b.textContent))
  .map(b => b.textContent.trim().replace(/\s+/g, " ").slice(0, 80))"""


def check_after_tap(page, shot: str) -> None:
    """After a tap on a 360×740 phone: the next thing to do is on screen, no word is broken
    across two lines, and every button that records money shows its amount (screenshot
    tests/screenshots/<shot>.png where the first fails)."""
    if page.viewport_size["width"] > 400 or not page.url.split("?")[0].endswith("/me"):
        return
    assert_in_view(page, next_step(page), shot)
    broken = page.evaluate(BROKEN_WORDS)
    assert broken == [], f"words broken across lines ({shot}): {broken}"
    missing = page.evaluate(MONEY_WITHOUT_AMOUNT)
    assert missing == [], f"money buttons without their amount ({shot}): {missing}"
