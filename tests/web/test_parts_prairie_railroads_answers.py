"""Prairie Railroads' pages in parts (templates/prairie_railroads/): an Undo, a phone's tap and
another page's live update send the parts the action changed, a fraction of the whole."""

from __future__ import annotations

import json
import re

from tests.web.test_parts import DIGESTS, header, holds_of
from tests.web.test_prairie_railroads_web import seated

HTMX = {"HX-Request": "true"}
# the web core's parts of every page, not this game's
SHARED = {"stamp", "poll", "announce", "notice", "asks", "cue", "undo", "take-back", "events",
          "headline"}
TURN = re.compile(r"pr-pl-[0-9]+-act|prt-pl-[0-9]+-name|prt-rr-[a-z]+-name")


def start_auction(banker, ann, game_id: str) -> None:
    """Ann starts; she bids $3 for the first CRIP share: Bob to bid."""
    assert banker.act(game_id, json=json.dumps({"type": "first_player", "player": "p1"}),
                      page="banker").status_code == 303
    assert tap(ann, game_id, "phone", HTMX, {"type": "bid", "player": "p1", "amount": 3}
               ).status_code == 200


def tap(who, game_id: str, page: str, headers: dict[str, str], action: dict):
    """A tap as static/parts.js sends it: the page's seq with the action."""
    data = {"seq": str(who.seq(game_id)), "page": page, "csrf_token": who.token(),
            "json": json.dumps(action)}
    return who.client.post(f"/g/{game_id}/act", data=data, headers=headers)


def sent(answer) -> set[str]:
    """The parts an answer carries (out of band), the whole live part never among them."""
    assert answer.status_code == 200
    assert '<section class="live"' not in answer.text, "the whole live part was sent"
    return {name for name, _ in DIGESTS.findall(answer.text)}


GAME_PARTS = {"now", "railroads", "players", "correct", "fix", "draft"}
NOW_BLOCK = ("now-", "act-")  # the web core's now block (generic/_now.html), the game's panels


def own(names: set[str]) -> set[str]:
    """The game's parts among `names` (the core's shared parts left out), who is to act left
    out."""
    return {n for n in names if (n in GAME_PARTS or n.startswith(("pr-", "prt-", *NOW_BLOCK)))
            and not TURN.fullmatch(n)}


def whole(who, url: str) -> str:
    return who.client.get(url, headers=HTMX).text


def test_the_banker_s_undo_sends_the_auction_s_parts_only(browser):
    banker, ann, bob, _cy, game_id = seated(browser)
    start_auction(banker, ann, game_id)
    assert tap(bob, game_id, "phone", HTMX, {"type": "bid", "player": "p2", "amount": 4}
               ).status_code == 200
    url = f"/g/{game_id}/banker"
    page = whole(banker, url)
    answer = tap(banker, game_id, "banker", header(holds_of(page)), {"type": "undo"})
    names = sent(answer)
    # who acts, the auction's high bid, Bob's bid and drop-out panels again
    assert own(names) == {"now-head", "now-before", "act-bid", "act-pass"}
    assert {"pr-pl-2-act", "pr-pl-3-act"} <= names  # Bob to bid again, not Cy
    assert "Bob to bid" in answer.text and "Cy to bid" not in answer.text
    assert len(answer.data) * 3 < len(page.encode())
    # what it sent is what the console now holds
    fresh = holds_of(whole(banker, url))
    assert all(fresh[n] == d for n, d in DIGESTS.findall(answer.text) if n != "stamp")


def test_another_phone_learns_of_a_bid_by_a_few_small_parts(browser):
    banker, ann, bob, _cy, game_id = seated(browser)
    start_auction(banker, ann, game_id)
    url = f"/g/{game_id}/me"
    held = whole(ann, url)
    assert tap(bob, game_id, "phone", HTMX, {"type": "bid", "player": "p2", "amount": 5}
               ).status_code == 200
    update = ann.client.get(url, headers=header(holds_of(held)))
    names = sent(update)
    assert own(names) == {"now-head", "now-before"}  # her cash, railroads, players kept
    assert {"pr-pl-2-act", "pr-pl-3-act"} <= names  # Cy bids next
    assert "by Bob" in update.text
    assert len(update.data) * 4 < len(held.encode())


def test_the_table_view_learns_of_a_sale_by_the_cards_it_changed(browser):
    banker, ann, bob, cy, game_id = seated(browser)
    start_auction(banker, ann, game_id)
    url = f"/g/{game_id}/table"
    held = whole(banker, url)
    assert tap(bob, game_id, "phone", HTMX, {"type": "pass", "player": "p2"}).status_code == 200
    assert tap(cy, game_id, "phone", HTMX, {"type": "pass", "player": "p3"}).status_code == 200
    update = banker.client.get(url, headers=header(holds_of(held)))
    names = sent(update)
    # Ann bought the share: her card, the CRIP's card, the moment and the latest turn
    assert {"prt-pl-1", "prt-rr-crip"} <= names
    assert not names & {"prt-pl-2", "prt-pl-3", "prt-rr-atsf", "prt-players", "prt-railroads"}
    assert len(update.data) * 2 < len(held.encode())


def test_a_phone_s_own_tap_sends_back_its_panels_and_the_lines_it_changed(browser):
    banker, ann, bob, _cy, game_id = seated(browser)
    start_auction(banker, ann, game_id)
    held = whole(bob, f"/g/{game_id}/me")
    answer = tap(bob, game_id, "phone", header(holds_of(held)),
                 {"type": "bid", "player": "p2", "amount": 4})
    names = sent(answer)
    # his bid and drop-out panels go: the panels part (now empty), the rest as it was
    assert own(names) <= {"now-head", "now-before", "now-panels", "now-idle"}
    assert "now-panels" in names and "railroads" not in names
    assert "Nothing for you to do" in answer.text
    assert len(answer.data) * 3 < len(held.encode())
