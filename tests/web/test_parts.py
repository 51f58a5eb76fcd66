"""An answer of what changed: the live part as parts, and only the changed ones sent."""

from __future__ import annotations

import re

import pytest

from referee.web.parts import answer, changed_only, held, mark

HTMX = {"HX-Request": "true"}
DIGESTS = re.compile(r'<(?:div|span|li|p) class="part(?: item)?" id="part-([a-z0-9_-]+)"'
                     r'(?: hx-swap-oob="true")? data-digest="([0-9a-f]+)"')
ROOT = re.compile(r'<section class="live" data-digest="([0-9a-f]+)"')
STAMP = re.compile(r'id="part-stamp" data-digest="[0-9a-f]*" hidden data-seq="(\d+)"')


def stamp_seq(html: str) -> str:
    """The seq of the page's stamp (templates/_macros.html `live_stamp`), as drawn."""
    return STAMP.search(html)[1]


def holds_of(html: str) -> dict[str, str]:
    """The parts a page holds, as static/parts.js reads them: the live section's own digest,
    then every part and row in the page's order."""
    root = ROOT.search(html)
    return {**({"live": root.group(1)} if root else {}), **dict(DIGESTS.findall(html))}


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
    assert {"stamp", "undo-last"} <= names  # the new seq and the words Undo names
    assert not names & {"game", "foot", "cash", "rename", "record", "seats", "poll", "undo",
                        "events"}  # left alone: the Undo card and the log stand as they were
    assert 'hx-swap-oob="beforebegin:#part-events--1"><li class="part item" ' \
           'id="part-events--2"' in answer.text  # the log's new row, put above the one before
    rows = {n for n in names if "--" in n}  # new rows come inside an insertion
    assert rows == {"announce--2", "events--2"}
    assert answer.text.count('hx-swap-oob="true"') == len(sent) - len(rows)
    assert "act-refusal" not in answer.text  # the page shows no refusal to empty
    assert "p2 adds 3." in answer.text
    assert len(answer.data) * 2 < len(whole.data)  # a fraction of the whole
    # what it sent is what the page would now hold
    fresh = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    for name, digest in sent:
        if name != "stamp":
            assert holds_of(fresh)[name] == digest
    assert page  # the page as first drawn answered too


EMPTY_BOX = '<div id="act-refusal" class="act-refusal" hx-swap-oob="true"></div>'


def test_a_tap_s_answer_empties_the_refusal_box_only_where_the_page_shows_one(table):
    """The box sits beside the live part (templates/play/_refusal.html): a page that says it
    shows a refusal (static/parts.js), or says nothing of what it holds, gets it emptied."""
    banker, _ann, _bob, game_id = table
    held_page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    quiet = tap(banker, game_id, "banker", header(holds_of(held_page)),
                type="add", player="p1", **{"n:int": "1"})
    assert quiet.headers["HX-Reswap"] == "none" and "act-refusal" not in quiet.text
    held_page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    shown = tap(banker, game_id, "banker",
                {**header(holds_of(held_page)), "X-Refusal-Shown": "yes"},
                type="add", player="p1", **{"n:int": "1"})
    assert shown.headers["HX-Reswap"] == "none" and EMPTY_BOX in shown.text
    unsaid = tap(banker, game_id, "banker", HTMX, type="add", player="p1", **{"n:int": "1"})
    assert '<section class="live"' in unsaid.text and EMPTY_BOX in unsaid.text
    stale = banker.client.post(f"/g/{game_id}/act", headers=header(holds_of(held_page)), data={
        "seq": "1", "page": "banker", "csrf_token": banker.token(), "type": "add",
        "player": "p1", "n:int": "1"})
    assert "Someone acted first" in stale.text.split('<div id="act-refusal"')[1]


def test_a_live_update_sends_only_what_another_seat_changed(table):
    banker, ann, _bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "2"}).status_code == 303
    held_page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "4"}).status_code == 303
    update = banker.client.get(f"/g/{game_id}/banker", headers=header(holds_of(held_page)))
    assert update.status_code == 200 and update.headers["HX-Reswap"] == "none"
    names = {name for name, _ in DIGESTS.findall(update.text)}
    assert "events--2" in names and "events--1" not in names  # the log's one new row
    assert not names & {"events", "game", "foot", "rename", "record", "seats", "poll"}
    assert len(update.data) * 2 < len(held_page.encode())


def test_a_page_that_says_nothing_or_holds_other_parts_gets_the_whole_live_part(table):
    banker, _ann, _bob, game_id = table
    page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    holds = holds_of(page)
    missing = {k: v for k, v in holds.items() if k != "undo"}  # a phone that slept
    for headers in (HTMX, header(missing), {**HTMX, "X-Parts-Held": "game:not a digest"},
                    header({**holds, "live": "00"})):  # another live section
        answer = banker.client.get(f"/g/{game_id}/banker", headers=headers)
        assert '<section class="live"' in answer.text and "HX-Reswap" not in answer.headers
    plain = banker.client.get(f"/g/{game_id}/banker", headers={"X-Parts-Held": "game:00"})
    assert "<html" in plain.text  # not htmx: the whole page, whatever it says


def test_a_kept_form_posts_the_page_s_one_seq_and_a_stale_one_is_still_refused(app, table):
    banker, ann, bob, game_id = table
    page = bob.client.get(f"/g/{game_id}/me").text
    assert 'name="seq"' not in re.sub(r"<noscript>.*?</noscript>", "", page, flags=re.DOTALL)
    assert page.count('id="part-stamp"') == 1
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    assert banker.act(game_id, type="reset", page="banker").status_code == 303
    stale = bob.act(game_id, seq=1, htmx=True, type="add", player="p2", **{"n:int": "1"},
                    page="phone")
    assert stale.status_code == 409 and "Someone acted first" in stale.text


def test_the_parts_header_is_read_strictly():
    assert held(None) is None and held("") is None
    assert held("game:0a1b,stamp:ff") == {"game": "0a1b", "stamp": "ff"}
    assert held("game:0a1b,<script>:ff") is None
    assert held(",".join(f"p{i}:00" for i in range(400))) is not None
    assert held(",".join(f"p{i}:00" for i in range(401))) is None
    html, parts, _root = mark('<div class="part" id="part-a" data-digest="">x<!--/part:a--></div>'
                              '<div class="part" id="part-b" data-digest="">y<!--/part:b--></div>')
    assert [p.name for p in parts] == ["a", "b"] and 'data-digest=""' not in html
    same = {p.name: p.digest for p in parts}
    assert changed_only(parts, same) == ""
    assert changed_only(parts, {"a": same["a"]}) is None  # a page that lacks b: the whole
    assert changed_only(parts, {**same, "b": "0"}).count("hx-swap-oob") == 1


def live(*rows: str, panel: str = "", title: str = "Latest") -> str:
    """A live section: a panel part (with `panel` inside it as an inner part) and a list part
    whose rows are `rows`, each drawn as the item macro draws it."""
    items = "".join(f'\n  <li class="part item" id="part-log--{r}" data-digest="" value="{r}">'
                    f"row {r}<!--/part:log--{r}--></li>" for r in rows)
    inner = (f'<span class="part" id="part-inner" data-digest="">{panel}<!--/part:inner--></span>'
             if panel else "")
    return ('<section class="live" data-seq="1">'
            f'<div class="part" id="part-panel" data-digest="">P {inner}<!--/part:panel--></div>'
            f'<div class="part" id="part-log" data-digest=""><h2>{title}</h2><ol>{items}</ol>'
            "<!--/part:log--></div></section>")


def held_by(html: str) -> dict[str, str]:
    return holds_of(mark(html)[0])


def test_rows_that_came_and_went_are_sent_alone_and_put_in_their_place():
    page = held_by(live("3", "2", "1"))
    answer_ = answer(live("4", "3", "2"), page)  # a new row on top, the oldest gone
    assert answer_ == ('<div id="part-log--1" hx-swap-oob="delete"></div>'
                       '<div hx-swap-oob="beforebegin:#part-log--3">'
                       + mark(live("4"))[0].split("<ol>")[1].split("</ol>")[0].strip()
                       + "</div>")
    undone = answer(live("2", "1"), page)  # the top row taken back, an older one below
    assert 'id="part-log--3" hx-swap-oob="delete"' in undone
    assert 'hx-swap-oob="afterend:#part-log--1"' not in undone  # 1 is kept where it is
    assert answer(live("3", "2", "1"), page) == ""  # nothing changed, nothing sent
    # a row drawn anew where it stands is swapped in place
    changed = answer(live("3", "2", "1").replace("row 2", "row two"), page)
    assert changed.count("hx-swap-oob") == 1 and 'id="part-log--2" hx-swap-oob="true"' in changed
    assert '<section class="live" data-digest="' in mark(live("1"))[0]


def test_a_list_whose_kept_rows_moved_or_were_all_replaced_is_sent_whole():
    page = held_by(live("3", "2", "1"))
    for rows in (("2", "3", "1"), ("9", "8")):
        sent = answer(live(*rows), page)
        assert sent.count("hx-swap-oob") == 1 and 'id="part-log" hx-swap-oob="true"' in sent
    assert 'id="part-log" hx-swap-oob="true"' in answer(live(), page)  # emptied


def test_a_part_that_appears_inside_a_panel_sends_the_panel_not_the_whole():
    page = held_by(live("1"))
    sent = answer(live("1", panel="new"), page)
    assert 'id="part-panel" hx-swap-oob="true"' in sent and "part-log" not in sent
    with_inner = held_by(live("1", panel="a"))
    inner_only = answer(live("1", panel="b"), with_inner)
    assert 'id="part-inner" hx-swap-oob="true"' in inner_only
    assert 'id="part-panel"' not in inner_only  # its panel is unchanged: left alone
    lacking = {k: v for k, v in with_inner.items() if k != "inner"}  # a page that lost it
    assert answer(live("1", panel="b"), lacking) is None
    assert answer(live("1", title="Other"), {**page, "live": "0"}) is None
    with pytest.raises(ValueError):  # a name drawn twice is a template's mistake
        mark(live("1") + live("1"))
