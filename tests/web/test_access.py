"""Usable without sight or a mouse, as the pages are drawn (the browsers' side is in
test_access_browser.py): dice faces are buttons whose small forms ask for the same page as
htmx does, so they work without scripts too; the live region is in the page from the start
and the words it says come with htmx answers only; every seat field has a name of its own."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from referee.games import registry
from tests.web.test_parts import stamp_seq
from tests.web.test_railbaron_turn import Page


@pytest.fixture
def toy(app) -> str:
    meta = registry.register("tests.toy_game")
    yield meta.key
    registry.GAMES.pop(meta.key)
    registry.PACKAGES.pop(meta.key)


@pytest.fixture
def race(toy, browser):
    """The toy race with Ann and Bob seated: (banker, Ann's phone, Bob's phone, game id)."""
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game=toy)
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303
    return banker, ann, bob, game_id


def test_a_die_face_is_a_button_whose_form_asks_for_what_htmx_asks(race):
    _banker, ann, _bob, game_id = race
    page = ann.get(f"/g/{game_id}/me").text
    assert 'role="button"' not in page  # no link that only looks like a button
    seq = stamp_seq(page)
    forms = [f for f in Page(page).forms if 'draft-tap' in f.attrs.get("class", "")]
    assert len(forms) == 1  # the die's one form, a button a face
    (form,) = forms
    assert form.attrs["method"] == "get" and form.attrs["hx-get"] == form.attrs["action"]
    assert [(name, value) for name, value, _text in form.buttons] == [
        ("die", str(face)) for face in range(1, 7)]
    assert [text for _name, _value, text in form.buttons] == [str(f) for f in range(1, 7)]
    # a browser without scripts sends the form's one field, the seq in its <noscript>, and the
    # button's face; htmx the same, the seq from the page's stamp (static/parts.js)
    assert form.fields == [("s", seq)]
    assert f'<noscript><input type="hidden" name="s" value="{seq}"></noscript>' in page
    # the form's request, as a browser without scripts sends it, keeps the face
    tapped = ann.get(form.attrs["action"] + "?" + urlencode([*form.fields, ("die", "4")])).text
    assert "Record 4" in tapped and 'aria-pressed="true"' in tapped


def test_the_live_region_is_in_the_page_and_its_words_come_with_updates(race):
    _banker, ann, bob, game_id = race
    assert ann.act(game_id, type="roll", player="p1", **{"die:int": "5"}).status_code == 303
    page = bob.get(f"/g/{game_id}/me").text
    assert page.count('id="announce"') == 1 and 'aria-live="polite"' in page
    assert "announce-src" not in page  # a page as loaded says nothing
    update = bob.get(f"/g/{game_id}/me", headers={"HX-Request": "true"}).text
    assert 'id="announce"' not in update  # never drawn anew
    said = re.search(r'<div class="announce-src" hidden>(.*?)</div>', update, re.S).group(1)
    assert re.search(r'<p [^>]*data-at="1">Ann rolls 5', said), said
    assert 'role="status"' not in re.search(r'<div class="cue[^>]*>', update).group(0)


def test_every_seat_field_of_the_lobby_has_a_name_of_its_own(client):
    options = client.get("/new/options?game=counter", headers={"HX-Request": "true"}).text
    labels = dict(re.findall(r'<label class="sr-only" for="(seat_\d)">([^<]+)</label>', options))
    assert labels == {f"seat_{n}": f"Player {n} seat" for n in range(1, 7)}
    assert 'href="#main"' in client.get("/").text  # the skip link
