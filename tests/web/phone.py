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
