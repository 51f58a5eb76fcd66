"""Boxcars on a 360×740 phone: the white 6+6, the red bonus die, then the bounce out, and the
railroads ridden to tap still on screen without scrolling under the longest accounts of the roll
the turn shows.

Three phones playing with "Roll for me" met this now and then (tests/web/test_railbaron_taps.py);
here the table's own dice are tapped, so it happens every time.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import join_phones
from tests.web.test_railbaron_browser import act, move, roll, shoot, start_on_tiny, tap, text

pytestmark = pytest.mark.browser


def test_boxcars_leave_the_railroads_ridden_in_reach(app, live_url, chromium):
    banker, _game, join_url = start_on_tiny(app, live_url, chromium, ("Ann", "Bob"))
    ann = join_phones(chromium, join_url, ("Ann", "Bob"))["Ann"]
    banker.click("summary:has-text('Rolled real dice?')")
    for pid, dice in (("p1", (6, 6, 6)), ("p2", (1, 1, 1))):
        for i, face in enumerate(dice):
            tap(banker, die=f"f-{pid}-{i}", face=str(face))
    act(banker, "Record the rolls (Ann 18, Bob 3)")
    ann.wait_for_selector("button.face", timeout=6000)
    roll(ann, 1, 1, 2)  # odd 3: North
    roll(ann, 1, 1, 2)  # odd 3: Alpha, her home
    banker.reload()
    roll(banker, 2, 3, 3)  # even 6: South
    roll(banker, 2, 3, 3)  # even 6: Charlie, Bob's home
    ann.reload()
    roll(ann, 1, 4, 4)  # odd 8: South
    roll(ann, 1, 3, 4)  # odd 7: Delta, her destination

    move(ann, 6, 6)  # boxcars: the red bonus die follows (act checks what is on screen)
    assert "Roll the red bonus die" in text(ann, ".now-card")
    tap(ann, die="red", face="3")
    act(ann, "Record red 3")  # the first railroad to tap must be on screen after this tap
    assert ann.locator(".rb-allowance p").all_text_contents() == [
        "Move 15 mileposts: white 6+6, red bonus 3.",
        "Arriving within the white 12 saves the red 3 for a bounce out."]
    shoot(ann, "bonus-moving-phone-360")

    # arrived within the white 12: the bounce out moves the red 3, the railroads still in reach
    tap(ann, rr="AA")
    act(ann, "Arrived at Delta within the white dice")
    act(ann, "Buy nothing")
    roll(ann, 1, 1, 2)  # odd 3: North
    roll(ann, 1, 1, 2)  # odd 3: Alpha, the new destination
    assert "Bounce out: move 3 with the red die towards Alpha." in text(ann, ".rb-allowance")
    assert "Already reported this turn: AA" in text(ann, ".rb-ridden")
    shoot(ann, "bounce-out-phone-360")
    tap(ann, rr="AA")
    act(ann, "Stop at a milepost")
