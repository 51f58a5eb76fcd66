"""The web core's "now" block in a browser: its panels stand in places of their own (parts,
display: contents), and still a line stands above every panel but the block's first, as when
they were siblings (static/app.css), in every game's console."""

from __future__ import annotations

import pytest

from tests.web.test_parts_browser import GAMES, console_of

pytestmark = pytest.mark.browser

BORDERS = """() => [...document.querySelectorAll('.now-card .panel')].map(
    p => [p.dataset.action, getComputedStyle(p).borderTopWidth])"""


@pytest.mark.parametrize("game", GAMES)
def test_a_line_above_every_panel_of_the_now_block_but_the_first(live_url, chromium, game):
    banker = console_of(live_url, chromium, game)
    borders = banker.evaluate(BORDERS)
    assert borders and borders[0][1] == "0px"
    assert all(width == "1px" for _, width in borders[1:])
