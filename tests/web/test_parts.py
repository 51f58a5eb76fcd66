"""An answer of what changed: the live part as parts, and only the changed ones sent."""

from __future__ import annotations

import re

from referee.web.parts import changed_only, held, mark

HTMX = {"HX-Request": "true"}
DIGESTS = re.compile(r'<div class="part" id="part-([a-z0-9_-]+)"(?: hx-swap-oob="true")? '
                     r'data-digest="([0-9a-f]+)"')


def holds_of(html: str) -> dict[str, str]:
    """The parts a page holds, as static/parts.js reads them."""
    return dict(DIGESTS.findall(html))


def header(holds: dict[str, str]) -> dict[str, str]:
    return {**HTMX, "X-Parts-Held": ",".join(f"{k}:{v}" for k, v in holds.items())}


def tap(who, game_id: str, page: str, headers: dict[str, str], **fields: str):
    """A tap as static/parts.js sends it: the page's seq and a fresh client id."""
    data = {"seq": str(who.seq(game_id)), "page": page, "csrf_token": who.token(), **fields}
    return who.client.post(f"/g/{game_id}/act", data=data, headers=headers)


def test_a_page_drawn_twice_has_the_same_digests_though_its_client_id_is_new(table):
    banker, _ann, _bob, game_id = table
    first = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    again = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    kept, now = holds_of(first), holds_of(again)
    assert {"stamp", "poll", "undo", "game", "cash", "record", "foot"} <= set(kept)
    assert {k for k in kept if kept[k] != now[k]} == {"stamp"}  # the one-time client id


def test_an_answer_to_a_page_that_says_what_it_holds_sends_only_the_changed_parts(table):
    banker, ann, _bob, game_id = table
    page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    whole = tap(banker, game_id, "banker", HTMX, type="add", player="p1", **{"n:int": "2"})
    assert whole.status_code == 200 and '<section class="live"' in whole.text
    answer = tap(banker, game_id, "banker", header(holds_of(whole.text)),
                 type="add", player="p2", **{"n:int": "3"})
    assert answer.status_code == 200
    assert answer.headers["HX-Reswap"] == "none"  # nothing but the parts out of band
    assert '<section class="live"' not in answer.text
    sent = set(DIGESTS.findall(answer.text))
    names = {name for name, _ in sent}
    assert {"stamp", "poll", "undo", "events"} <= names  # the new seq, Undo and the log
    assert not names & {"game", "foot", "cash", "rename", "record", "seats"}  # left alone
    assert answer.text.count('class="part" id="part-') == len(sent)
    assert answer.text.count('hx-swap-oob="true"') == len(sent) + 1  # and the refusal box
    assert "p2 adds 3." in answer.text
    assert len(answer.data) * 2 < len(whole.data)  # a fraction of the whole
    # what it sent is what the page would now hold
    fresh = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    for name, digest in sent:
        if name != "stamp":
            assert holds_of(fresh)[name] == digest
    assert page  # the page as first drawn answered too


def test_a_live_update_sends_only_what_another_seat_changed(table):
    banker, ann, _bob, game_id = table
    held_page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "4"}).status_code == 303
    update = banker.client.get(f"/g/{game_id}/banker", headers=header(holds_of(held_page)))
    assert update.status_code == 200 and update.headers["HX-Reswap"] == "none"
    names = {name for name, _ in DIGESTS.findall(update.text)}
    assert "events" in names and not names & {"game", "foot", "rename", "record", "seats"}
    assert len(update.data) * 2 < len(held_page.encode())


def test_a_page_that_says_nothing_or_holds_other_parts_gets_the_whole_live_part(table):
    banker, _ann, _bob, game_id = table
    page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    holds = holds_of(page)
    missing = {k: v for k, v in holds.items() if k != "undo"}  # a phone that slept
    for headers in (HTMX, header(missing), {**HTMX, "X-Parts-Held": "game:not a digest"},
                    header({**holds, "other": "00"})):
        answer = banker.client.get(f"/g/{game_id}/banker", headers=headers)
        assert '<section class="live"' in answer.text and "HX-Reswap" not in answer.headers
    plain = banker.client.get(f"/g/{game_id}/banker", headers={"X-Parts-Held": "game:00"})
    assert "<html" in plain.text  # not htmx: the whole page, whatever it says


def test_a_kept_form_posts_the_page_s_one_seq_and_a_stale_one_is_still_refused(app, table):
    banker, ann, bob, game_id = table
    page = bob.client.get(f"/g/{game_id}/me").text
    assert 'name="seq"' not in re.sub(r"<noscript>.*?</noscript>", "", page, flags=re.DOTALL)
    assert page.count('class="live-stamp"') == 1
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    assert banker.act(game_id, type="reset", page="banker").status_code == 303
    stale = bob.act(game_id, seq=1, htmx=True, type="add", player="p2", **{"n:int": "1"},
                    page="phone")
    assert stale.status_code == 409 and "Someone acted first" in stale.text


def test_the_parts_header_is_read_strictly():
    assert held(None) is None and held("") is None
    assert held("game:0a1b,stamp:ff") == {"game": "0a1b", "stamp": "ff"}
    assert held("game:0a1b,<script>:ff") is None
    assert held(",".join(f"p{i}:00" for i in range(65))) is None
    html, parts = mark('<div class="part" id="part-a" data-digest="">x<!--/part:a--></div>'
                       '<div class="part" id="part-b" data-digest="">y<!--/part:b--></div>')
    assert [p.name for p in parts] == ["a", "b"] and 'data-digest=""' not in html
    same = {p.name: p.digest for p in parts}
    assert changed_only(parts, same) == ""
    assert changed_only(parts, {"a": same["a"]}) is None
    assert changed_only(parts, {**same, "b": "0"}).count("hx-swap-oob") == 1
