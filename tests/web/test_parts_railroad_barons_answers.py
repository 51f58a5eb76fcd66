"""Railroad Barons' pages in parts (templates/railroad_barons): an Undo, a phone's tap and a
live update send the lines they changed, never a panel whole, and a fraction of the page."""

from __future__ import annotations

import io
import json
import re
import statistics
from functools import cache

from referee.web.parts import MOST_HELD
from tests.long_games import long_game
from tests.web.test_parts import DIGESTS, HTMX, header, holds_of

LONG = 300  # actions of a legal game already played: Operating Rounds with Holdings started
SHARED = {"live", "stamp", "poll", "announce", "notice", "asks", "cue", "undo", "undo-last",
          "redo-what", "take-back", "take-back-line", "events",
          "headline", "foot"}  # the web core's parts of every page
ROWS = ("events--", "announce--")  # and the rows of its lists
# the game's panels that hold lines of their own: sent whole, they would send every line
PANELS = {"game", "now", "cash", "correct", "holdings", "players", "seats", "rename"}
OPEN = re.compile(r'<(div|span|li|p) class="part(?: item)?" id="part-([a-z0-9_-]+)"[^>]*>')
PRESERVED = re.compile(r'id="part-([a-z0-9_-]+)" data-digest="" hx-preserve="true"')
GONE = re.compile(r'<div id="part-([a-z0-9_-]+)" hx-swap-oob="delete">')


@cache
def record() -> tuple[dict, tuple[dict, ...]]:
    """The long game's record cut at LONG actions, and the actions that follow it."""
    whole = long_game("railroad_barons", LONG + 60, seed=1)
    return {**whole, "actions": whole["actions"][:LONG]}, tuple(whole["actions"][LONG:])


def barons_table(browser):
    """The long game imported: (banker, Ann's phone, Bob's phone, game id, the next actions)."""
    played, following = record()
    banker = browser()
    answer = banker.post("/import", {"record": (io.BytesIO(json.dumps(played).encode()),
                                                "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text[:300]
    game_id = answer.headers["Location"].split("/")[2]
    link = banker.join_link(game_id)
    ann, bob = browser(), browser()
    assert ann.join(link, "ann").status_code == 303
    assert bob.join(link, "bob").status_code == 303
    return banker, ann, bob, game_id, following


def outer_parts(html: str) -> dict[str, str]:
    """The outermost parts of an answer by name, each element whole."""
    out, at = {}, 0
    while found := OPEN.search(html, at):
        tag, name = found[1], found[2]
        close = f"<!--/part:{name}--></{tag}>"
        end = html.index(close, found.end()) + len(close)
        out[name] = html[found.start():end]
        at = end
    return out


def nesting(html: str) -> dict[str, set[str]]:
    """The names of the parts inside each part of `html`."""
    out = {}
    for found in OPEN.finditer(html):
        tag, name = found[1], found[2]
        end = html.index(f"<!--/part:{name}--></{tag}>", found.end())
        out[name] = {n for _, n in OPEN.findall(html, found.end(), end)}  # kept ones too
    return out


def shared(name: str) -> bool:
    return name in SHARED or name.startswith(ROWS)


def elements(html: str) -> int:
    return len(re.findall(r"<[a-zA-Z]", html))


class Page:
    """One page of the game as a browser holds it: what it holds follows each answer."""

    def __init__(self, who, path: str):
        self.who, self.path = who, path
        self.whole = who.get(path, headers=HTMX).text
        self.holds = holds_of(self.whole)
        self.inside = nesting(self.whole)
        self.own: list[tuple[int, int]] = []  # (bytes, elements) of the game's own parts

    def take(self, answer) -> set[str]:
        """The parts `answer` sent (it must be in parts), kept as the page now holds them."""
        assert answer.status_code == 200, answer.text[:300]
        assert answer.headers.get("HX-Reswap") == "none", f"{self.path}: the whole live part"
        sent = outer_parts(answer.text)
        kept = set(PRESERVED.findall(answer.text))  # the page's own, kept in place by htmx
        for name in list(kept):
            kept |= self.inside.get(name, set())
        for name in sent:  # a part sent whole holds only the parts inside it as sent or kept
            rows = {n for n in self.holds if n.startswith(f"{name}--")}  # put in one by one
            for gone in (self.inside.get(name, set()) | rows) - kept:
                self.holds.pop(gone, None)
        self.inside.update(nesting(answer.text))
        self.holds.update(DIGESTS.findall(answer.text))
        for name in GONE.findall(answer.text):
            del self.holds[name]
        own = [html for name, html in sent.items() if not shared(name)]
        self.own.append((sum(len(h) for h in own), sum(elements(h) for h in own)))
        return set(sent)

    def refresh(self) -> set[str]:
        return self.take(self.who.get(self.path, headers=header(self.holds)))

    def tap(self, game_id: str, action: dict, page: str) -> set[str]:
        data = {"json": json.dumps(action), "seq": str(self.who.seq(game_id)), "page": page,
                "csrf_token": self.who.token()}
        return self.take(self.who.client.post(f"/g/{game_id}/act", data=data,
                                              headers=header(self.holds)))

    def true_to(self, fresh: dict[str, str]) -> bool:
        """Whether the page holds what it would hold drawn anew (its stamp aside)."""
        mine = {k: v for k, v in self.holds.items() if k != "stamp"}
        drawn = {k: v for k, v in fresh.items() if k != "stamp"}
        return mine == drawn

    def median_within(self, share: int) -> bool:
        """Whether the median answer's own parts are within 1/share of the whole live part,
        in bytes and in elements."""
        size = statistics.median(b for b, _ in self.own)
        count = statistics.median(e for _, e in self.own)
        return size * share <= len(self.whole) and count * share <= elements(self.whole)


def test_a_run_of_undos_sends_the_lines_they_changed_and_no_panel_whole(browser):
    banker, ann, _bob, game_id, _following = barons_table(browser)
    console, phone = Page(banker, f"/g/{game_id}/banker"), Page(ann, f"/g/{game_id}/me")
    for _ in range(20):
        sent = console.tap(game_id, {"type": "undo"}, "banker")
        assert not sent & PANELS, sent
        assert not phone.refresh() & PANELS
    assert console.median_within(6) and phone.median_within(6), (console.own, phone.own)
    # what the answers sent is what the pages would now hold, drawn anew
    assert console.true_to(holds_of(banker.get(f"/g/{game_id}/banker", headers=HTMX).text))
    assert phone.true_to(holds_of(ann.get(f"/g/{game_id}/me", headers=HTMX).text))


def test_a_phone_s_tap_and_the_other_pages_updates_send_what_it_changed(browser):
    banker, ann, bob, game_id, following = barons_table(browser)
    pages = {"banker": Page(banker, f"/g/{game_id}/banker"),
             "ann": Page(ann, f"/g/{game_id}/me"), "bob": Page(bob, f"/g/{game_id}/me"),
             "table": Page(banker, f"/g/{game_id}/table")}
    taps = 0
    for action in following:  # taps on the phones, and the banker's undos and redos
        tapper = "banker" if action["type"] in ("undo", "redo") else action["player"]
        sent = pages[tapper].tap(game_id, action, "banker" if tapper == "banker" else "phone")
        assert not sent & PANELS, (action, sent)
        taps += tapper != "banker"
        for name, page in pages.items():
            if name != tapper:
                assert not page.refresh() & PANELS, (name, action)
    assert taps >= 20
    for name, page in pages.items():
        assert page.median_within(5), (name, page.own)
        fresh = holds_of(page.who.get(page.path, headers=HTMX).text)
        assert page.true_to(fresh), name


def test_nothing_in_the_game_s_parts_follows_the_seq(browser):
    """An Undo and a Redo bring the game back as it was, two actions later: every part of the
    game's own is drawn as before, so no answer sends one for the seq alone."""
    banker, ann, _bob, game_id, _following = barons_table(browser)
    paths = (f"/g/{game_id}/banker", f"/g/{game_id}/me", f"/g/{game_id}/table")
    who = {paths[0]: banker, paths[1]: ann, paths[2]: banker}
    before = {p: holds_of(who[p].get(p, headers=HTMX).text) for p in paths}
    for kind in ("undo", "redo"):
        assert banker.act(game_id, json=json.dumps({"type": kind}), page="banker"
                          ).status_code == 303
    for p in paths:
        after = holds_of(who[p].get(p, headers=HTMX).text)
        assert {k for k in after if not shared(k)} == {k for k in before[p] if not shared(k)}
        moved = {k for k in after if after[k] != before[p][k] and not shared(k)}
        assert not moved, (p, moved)
        assert len(after) <= MOST_HELD  # every part is said in the page's header
        assert len(re.findall(r'id="part-', who[p].get(p, headers=HTMX).text)) == len(after) - 1


def test_a_page_that_lacks_one_of_the_game_s_parts_gets_the_whole_live_part(browser):
    _banker, ann, _bob, game_id, _following = barons_table(browser)
    phone = Page(ann, f"/g/{game_id}/me")
    for name in ("holding-0-op", "player-1", "move-done"):
        assert name in phone.holds
        lacking = {k: v for k, v in phone.holds.items() if k != name}
        answer = ann.get(f"/g/{game_id}/me", headers=header(lacking))
        assert answer.status_code == 200 and "HX-Reswap" not in answer.headers
        assert '<section class="live"' in answer.text and f'id="part-{name}"' in answer.text
