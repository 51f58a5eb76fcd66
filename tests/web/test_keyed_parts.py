"""Parts drawn from a key (templates/_macros.html `part` and `item` with `keep`): a keyed
part's digest is that of the values it is drawn from, so the server answers a page that holds
it without drawing it (referee/web/parts.py `part_held`).

Every recorded game of every game installed is walked back by the banker's Undo (one that
is over, where the end stands, by its record cut shorter). At each step
every page at the table (the console, each seat's phone, the table view) is drawn whole, and no
two drawings of a part may share a digest unless they are the same: a key that leaves out
something its part shows would break this. And the console, holding what it held, gets each
Undo as an answer in parts, drawn without the keyed parts it holds; applied to the page, that
answer must give the page drawn afresh."""

from __future__ import annotations

import json
import re

import pytest
from jinja2 import DictLoader

from referee.web.parts import NOSCRIPT, _found, _shell, answering, digest_of, key_digest
from tests.recorded import recorded_games
from tests.web.test_panels_agree_with_the_post import imported
from tests.web.test_parts import HTMX, header, holds_of, stamp_seq

GAMES = recorded_games()
STEPS = 8  # Undos a game is walked back by
OOB = ' hx-swap-oob="true"'
DELETE = re.compile(r'<div id="part-([a-z0-9_-]+)" hx-swap-oob="delete"></div>')
INSERT = re.compile(r'<div hx-swap-oob="(afterend|beforebegin):#part-([a-z0-9_-]+)">\s*$')
PRESERVE = re.compile(r'<([a-z]+) class="part(?: item)?" id="part-([a-z0-9_-]+)" '
                      r'data-digest="" hx-preserve="true"><!--/part:\2--></\1>')
CLIENT_ID = re.compile(r' data-client-id="[^"]*"')
SECTION = re.compile(r'<section class="live"[^>]*>')


def drawings(html: str) -> list[tuple[str, str, bool, str]]:
    """Each part of a page as served: its name, digest, whether the digest is a key's (not its
    HTML's), and what its digest stands for (a keyed part whole; else its own HTML, the parts
    inside it as their names)."""
    found = []
    for part in _found(html)[1]:
        digest = part.found["given"]
        shell = _shell(html, part.found.end(), part.body_end, part.inside)
        keyed = digest_of(part.found["attrs"] + shell) != digest
        text = html[part.found.start():part.end] if keyed else part.found["attrs"] + shell
        found.append((part.found["name"], digest, keyed, NOSCRIPT.sub("", text)))
    return found


def extent(html: str, name: str) -> tuple[int, int]:
    """Where part `name`'s element starts and ends in `html`."""
    start = html.rindex("<", 0, html.index(f' id="part-{name}"'))
    close = html.index(f"<!--/part:{name}-->", start)
    return start, html.index(">", close + len(f"<!--/part:{name}-->")) + 1


def patched(page: str, answer: str) -> str:
    """`page` with an answer in parts applied as htmx applies it (out of band)."""
    answer = answer.split('<div id="act-refusal"')[0].replace(OOB, "")  # the parts alone
    for name in DELETE.findall(answer):
        start, end = extent(page, name)
        page = page[:start] + page[end:]
    answer = DELETE.sub("", answer)
    for part in _found(answer)[0]:
        element = answer[part.found.start():part.end]
        for kept in PRESERVE.finditer(element):  # the page's own element in its place
            start, end = extent(page, kept[2])
            element = element.replace(kept[0], page[start:end], 1)
        insert = INSERT.search(answer, max(0, part.found.start() - 120), part.found.start())
        if insert:  # a new row, put beside the row named
            assert f'id="part-{part.found["name"]}"' not in page, "a row the page has"
            start, end = extent(page, insert[2])
            where = end if insert[1] == "afterend" else start
            page = page[:where] + element + page[where:]
        else:
            start, end = extent(page, part.found["name"])
            page = page[:start] + element + page[end:]
    return page


def same_page(html: str) -> str:
    """What two drawings of one page share: not the one-time client id, nor the stamp's
    digest (which covers it), nor the section's tag (its seq follows the stamp: parts.js),
    nor the blanks between tags."""
    html = NOSCRIPT.sub("", CLIENT_ID.sub("", SECTION.sub("<section>", html)))
    html = re.sub(r">\s+<", "><", html.strip())  # a row deleted leaves the blank beside it
    return re.sub(r'(id="part-stamp" data-digest=")[0-9a-f]+', r"\1", html)


def pages(banker, phones, game_id: str) -> dict[str, str]:
    """Every page at the table, its live part drawn whole."""
    drawn = {"banker": banker.get(f"/g/{game_id}/banker", headers=HTMX).text,
             "table": banker.get(f"/g/{game_id}/table", headers=HTMX).text}
    for seat, phone in phones.items():
        drawn[f"phone {seat}"] = phone.get(f"/g/{game_id}/me", headers=HTMX).text
    return drawn


def seated(browser, record: dict) -> tuple[object, dict, str]:
    """`record` imported by a banker, every seat's phone joined: (banker, phones, game id)."""
    banker, game_id = imported(browser, record)
    link = banker.join_link(game_id)
    phones = {}
    for seat in (p["id"] for p in record["players"]):
        phones[seat] = browser()
        assert phones[seat].join(link, seat).status_code == 303
    return banker, phones, game_id


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_keyed_part_is_the_same_whenever_its_key_is(browser, path):
    record = json.loads(path.read_text(encoding="utf-8"))
    banker, phones, game_id = seated(browser, record)
    seen: dict[tuple[str, str], str] = {}
    keyed = 0
    for step in range(STEPS):
        drawn = pages(banker, phones, game_id)
        for page, html in drawn.items():
            for name, digest, is_keyed, text in drawings(html):
                keyed += is_keyed
                assert seen.setdefault((name, digest), text) == text, (
                    f"{path.stem}, {step} Undos back, {page}: part {name!r} drawn two ways "
                    f"under one digest")
        held = drawn["banker"]
        seq = stamp_seq(held)
        data = {"type": "undo", "seq": seq, "page": "banker", "csrf_token": banker.token()}
        answer = banker.client.post(f"/g/{game_id}/act", data=data,
                                    headers=header(holds_of(held)))
        if answer.status_code == 422:  # the end stands: the record cut shorter instead
            cut = {**record, "actions": record["actions"][:len(record["actions"]) - step - 1]}
            banker, phones, game_id = seated(browser, cut)
            continue
        assert answer.status_code == 200, answer.text[:300]
        fresh = banker.get(f"/g/{game_id}/banker", headers=HTMX).text
        if answer.headers.get("HX-Reswap") == "none":  # an answer in parts
            assert same_page(patched(held, answer.text)) == same_page(fresh), (
                f"{path.stem}: Undo {step + 1} patched is not the page drawn afresh")
    assert keyed, f"{path.stem}: no keyed part was drawn"


def test_a_keyed_part_the_page_holds_is_not_drawn_and_one_it_lacks_is(app):
    drawn = []
    app.jinja_loader.loaders.insert(0, DictLoader({"keyed.html": (
        '{% import "_macros.html" as m %}'
        '{% call m.part("box", keep=[1, "a"]) %}{{ draw() }}{% endcall %}')}))
    with app.test_request_context():
        template = app.jinja_env.get_template("keyed.html")
        given = key_digest("box", [1, "a"])
        with answering({"box": given}) as holding:
            kept = template.render(draw=lambda: drawn.append(1) or "drawn")
        assert drawn == [] and holding.left_out and "drawn" not in kept
        assert f'data-digest="{given}"' in kept
        with answering({"box": key_digest("box", [2, "a"])}) as holding:
            again = template.render(draw=lambda: drawn.append(1) or "drawn")
        assert drawn == [1] and not holding.left_out and "drawn" in again
        assert template.render(draw=lambda: "drawn").count("drawn") == 1  # no answer: drawn


def test_a_page_lacking_a_part_gets_the_whole_with_the_keyed_parts_it_holds(table):
    banker, ann, _bob, game_id = table
    assert ann.act(game_id, type="add", player="p1", **{"n:int": "2"}).status_code == 303
    page = banker.client.get(f"/g/{game_id}/banker", headers=HTMX).text
    holds = holds_of(page)
    rows = [name for name in holds if name.startswith("events--")]
    assert rows  # the log's rows are keyed: drawn from their lines
    del holds["foot"]  # a phone that slept through a part's coming
    whole = banker.client.get(f"/g/{game_id}/banker", headers=header(holds))
    assert whole.status_code == 200 and "HX-Reswap" not in whole.headers
    assert same_page(whole.text) == same_page(page)  # every row drawn, though it held them
    assert "p1 adds 2." in whole.text
