"""The draft taps of every game's pages (a die's faces, a railroad chip, an order ridden, "Clear
the dice") carry no seq in what htmx asks: static/parts.js sends the live part's stamp's, so a
panel looks the same at every seq and is not sent again. Only a browser without scripts sends
the form's own seq, from its <noscript> copy. Each game's recorded game is imported cut at
several points, and its console and every phone read there."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.web.test_keyed_parts import seated
from tests.web.test_parts import STAMP

GAMES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
# each game's recorded game, where to cut it, and whether its pages tap into a draft there
RECORDS = {
    "railbaron": ("railbaron_game_1.json", range(0, 96, 3), True),
    "prairie_railroads": ("prairie_game_1.json", range(0, 52, 2), True),
    "railroad_barons": ("barons_game_1.json", range(0, 60, 6), False),
    "railway_rivals": ("railway_rivals_game_1.json", range(0, 120, 12), False),
}


class Taps(HTMLParser):
    """Every hx-get address of a page, and each draft-tap form: its hx-get, the fields a
    browser with scripts sends (outside <noscript>) and the seq a browser without sends."""

    def __init__(self, html: str):
        super().__init__()
        self.gets: list[str] = []
        self.forms: list[dict] = []
        self._noscript = 0
        self._form: dict | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if "hx-get" in a:
            self.gets.append(a["hx-get"] or "")
        if tag == "noscript":
            self._noscript += 1
        elif tag == "form" and "draft-tap" in (a.get("class") or "").split():
            self._form = {"hx-get": a.get("hx-get"), "action": a.get("action"),
                          "fields": [], "noscript": [], "buttons": 0}
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None:
            where = "noscript" if self._noscript else "fields"
            self._form[where].append((a.get("name"), a.get("value")))
        elif tag == "button" and self._form is not None:
            self._form["buttons"] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "noscript":
            self._noscript -= 1
        elif tag == "form":
            self._form = None


def imported(browser, name: str, cut: int) -> tuple[str, list]:
    """The recorded game cut at `cut` actions, imported by a banker, each seat's phone joined:
    (the game's id, the banker and the phones)."""
    record = json.loads((GAMES / name).read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:cut]
    banker, phones, game_id = seated(browser, record)
    return game_id, [(banker, "banker"), *((p, "me") for p in phones.values())]


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_no_draft_tap_of_any_game_s_page_carries_a_seq_for_htmx(browser, game):
    name, cuts, taps = RECORDS[game]
    found = 0
    for cut in cuts:
        game_id, pages = imported(browser, name, cut)
        for who, page in pages:
            url = f"/g/{game_id}/{page}"
            html = who.get(url).text
            seq = STAMP.search(html)[1]
            drawn = Taps(html)
            assert not [g for g in drawn.gets if re.search(r"[?&]s=", g)], (cut, page)
            for form in drawn.forms:
                assert form["hx-get"] == url and form["action"] == url, (cut, page, form)
                assert "s" not in [k for k, _v in form["fields"]], (cut, page, form)
                assert form["noscript"] == [("s", seq)], (cut, page, form)
                assert form["buttons"] >= 1
            found += len(drawn.forms)
    # the games that tap into a draft were seen doing it; the others have no draft taps
    assert (found > 0) == taps, found
