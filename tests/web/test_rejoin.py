"""A seat's rejoin code: the banker makes it, a new phone takes the seat with it, the old phone
is refused; used once, replaced by a newer code, never offered to a phone."""

from __future__ import annotations

import re

from referee.web.rejoin import ALPHABET, CODE_LENGTH, typed

CODE = re.compile(r"data-rejoin-code>([^<]+)<")


def make_code(banker, game_id: str, player_id: str) -> str:
    made = banker.post(f"/g/{game_id}/seats/{player_id}/rejoin")
    assert made.status_code == 303
    page = banker.get(made.headers["Location"])
    assert page.status_code == 200
    return CODE.search(page.text).group(1)


def test_the_code_moves_the_seat_to_a_new_phone_and_the_old_one_is_refused(table, browser):
    banker, ann, _bob, game_id = table
    code = make_code(banker, game_id, "p1")
    assert re.fullmatch(f"[{ALPHABET}]{{5}}-[{ALPHABET}]{{5}}", code)
    new_phone = browser()
    offer = new_phone.get(f"/g/{game_id}/rejoin?r={typed(code)}")
    assert offer.status_code == 200 and "Take <bdi>Ann</bdi>" in offer.text
    taken = new_phone.post(f"/g/{game_id}/rejoin", {"r": code.lower()})  # typed in any case
    assert taken.status_code == 303 and taken.headers["Location"] == f"/g/{game_id}/me"
    assert "You are Ann" in new_phone.get(f"/g/{game_id}/me").text
    refused = ann.get(f"/g/{game_id}/me")
    assert refused.status_code == 403
    assert "Your seat moved to another phone" in refused.text  # not "has not joined"
    assert f'href="/g/{game_id}/join"' in refused.text  # where to type a code
    assert ann.act(game_id, type="add", player="p1", amount=1).status_code == 403
    # the old phone on the join page it was sent to: the field for the rejoin code
    assert 'name="r"' in ann.get(f"/g/{game_id}/join").text


def test_a_code_works_once_and_a_new_code_replaces_the_old(table, browser):
    banker, _ann, _bob, game_id = table
    first = make_code(banker, game_id, "p2")
    second = make_code(banker, game_id, "p2")
    assert first != second
    assert browser().post(f"/g/{game_id}/rejoin", {"r": first}).status_code == 404
    phone = browser()
    assert phone.post(f"/g/{game_id}/rejoin", {"r": second}).status_code == 303
    again = browser().post(f"/g/{game_id}/rejoin", {"r": second})
    assert again.status_code == 404 and "not one of this game" in again.text
    assert "Make a rejoin code" in banker.get(f"/g/{game_id}/seats/p2/rejoin").text


def test_a_free_seat_can_be_taken_with_its_code_too(browser):
    banker, phone = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    code = make_code(banker, game_id, "p2")
    assert phone.post(f"/g/{game_id}/rejoin", {"r": code}).status_code == 303
    assert "You are Bob" in phone.get(f"/g/{game_id}/me").text


def test_only_the_banker_makes_or_sees_a_code(table, browser):
    banker, ann, _bob, game_id = table
    assert ann.post(f"/g/{game_id}/seats/p2/rejoin").status_code == 403
    assert browser().get(f"/g/{game_id}/seats/p2/rejoin").status_code == 403
    assert banker.post(f"/g/{game_id}/seats/p9/rejoin").status_code == 404


def test_a_wrong_or_empty_code_says_so_and_gives_no_seat(table, browser):
    _banker, _ann, _bob, game_id = table
    phone = browser()
    wrong = phone.post(f"/g/{game_id}/rejoin", {"r": "A" * CODE_LENGTH})
    assert wrong.status_code == 404 and "Ask the banker" in wrong.text
    empty = phone.post(f"/g/{game_id}/rejoin", {"r": " - "})
    assert empty.status_code == 422
    assert phone.client.get_cookie("seat", path=f"/g/{game_id}/") is None
    assert phone.get(f"/g/{game_id}/rejoin?r=NOPE").status_code == 404


def test_the_console_offers_a_rejoin_code_for_every_seat_and_the_join_page_a_field(table):
    banker, _ann, _bob, game_id = table
    console = banker.get(f"/g/{game_id}/banker").text
    for player_id in ("p1", "p2"):
        assert f"/g/{game_id}/seats/{player_id}/rejoin" in console
    # within reach: a link at the top of the console, under the join code, leads to the seats
    assert console.index('href="#seats"') < console.index('class="live"') < console.index(
        'id="seats"')
    assert 'name="r"' in banker.get(banker.join_link(game_id)).text


def test_the_code_page_shows_the_rejoin_link_as_a_qr_code(table):
    from referee.web.qr import qr_svg

    banker, _ann, _bob, game_id = table
    code = make_code(banker, game_id, "p1")
    page = banker.get(f"/g/{game_id}/seats/p1/rejoin").text
    link = re.search(r'href="(http://[^"]+/rejoin\?r=[^"]+)"', page).group(1)
    assert link.endswith(typed(code))
    assert str(qr_svg(link)) in page
