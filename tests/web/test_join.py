"""Joining from a phone: free seats, the seat cookie, taken seats, freeing a seat."""

from __future__ import annotations


def test_join_page_lists_the_free_seats(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"])
    link = banker.join_link(game_id)
    page = browser().get(link)
    assert page.status_code == 200
    assert "Ann" in page.text and "Bob" in page.text


def test_picking_a_seat_sets_a_game_scoped_cookie_and_opens_the_phone_view(browser):
    banker, phone = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    response = phone.join(banker.join_link(game_id), "p2")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/g/{game_id}/me"
    cookie = phone.client.get_cookie("seat", path=f"/g/{game_id}/")
    assert cookie is not None and cookie.http_only and len(cookie.value) >= 32
    me = phone.get(f"/g/{game_id}/me")
    assert me.status_code == 200 and "You are Bob" in me.text
    # the seat is no longer offered
    others = browser().get(banker.join_link(game_id)).text
    assert 'value="p2"' not in others and 'value="p1"' in others


def test_a_wrong_join_key_is_refused(browser):
    banker = browser()
    game_id = banker.create_game()
    guessed = browser().get(f"/g/{game_id}/join?k=guess")
    assert guessed.status_code == 403 and "does not fit this game" in guessed.text
    assert 'value="p1"' not in guessed.text  # no seat offered, the rejoin field is
    assert 'name="r"' in guessed.text
    assert browser().post(f"/g/{game_id}/join", {"k": "guess", "player": "p1"}).status_code == 403


def test_the_join_page_without_the_key_says_what_it_needs_and_takes_a_rejoin_code(browser):
    """The README: a phone that lost its seat types the seat's rejoin code on the join page."""
    banker = browser()
    game_id = banker.create_game()
    page = browser().get(f"/g/{game_id}/join")
    assert page.status_code == 200
    assert "This address lacks the game" in page.text and "scan it to take a free seat" in page.text
    assert 'value="p1"' not in page.text  # the seats need the key
    assert f'action="/g/{game_id}/rejoin"' in page.text and 'name="r"' in page.text


def test_a_taken_seat_cannot_be_taken_again(browser):
    banker, first, second = browser(), browser(), browser()
    game_id = banker.create_game()
    link = banker.join_link(game_id)
    assert first.join(link, "p1").status_code == 303
    response = second.join(link, "p1")
    assert response.status_code == 409
    assert "That seat was just taken" in response.text
    assert second.client.get_cookie("seat", path=f"/g/{game_id}/") is None


def test_an_unknown_seat_is_refused(browser):
    banker = browser()
    game_id = banker.create_game()
    response = browser().join(banker.join_link(game_id), "p9")
    assert response.status_code == 422


def test_the_banker_frees_a_seat_and_the_old_phone_loses_it(table, browser):
    banker, ann, _bob, game_id = table
    assert ann.post(f"/g/{game_id}/seats/p1/release").status_code == 403
    response = banker.post(f"/g/{game_id}/seats/p1/release")
    assert response.status_code == 303
    assert ann.get(f"/g/{game_id}/me").status_code == 403
    newcomer = browser()
    assert newcomer.join(banker.join_link(game_id), "p1").status_code == 303
    assert "You are Ann" in newcomer.get(f"/g/{game_id}/me").text


def test_a_shared_screen_shows_the_table_and_acts_for_nobody(browser):
    banker, tv = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    link = banker.join_link(game_id)
    assert "Show the table on this screen" in tv.get(link).text
    key = link.split("k=", 1)[1]
    answer = tv.post(f"/g/{game_id}/watch", {"k": key})
    assert answer.status_code == 303 and answer.headers["Location"] == f"/g/{game_id}/table"
    assert tv.get(f"/g/{game_id}/table").status_code == 200
    assert tv.get(f"/g/{game_id}/history").status_code == 200
    assert tv.get(f"/g/{game_id}/me").status_code == 403
    assert tv.get(f"/g/{game_id}/banker").status_code == 403
    assert tv.act(game_id, type="add", player="p1", n="1").status_code == 403
    assert banker.seq(game_id) == 0
    # every seat is still free for the phones
    assert 'value="p1"' in browser().get(link).text


def test_a_screen_with_a_wrong_key_does_not_get_the_table(browser):
    banker, tv = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    assert tv.post(f"/g/{game_id}/watch", {"k": "guess"}).status_code == 403
    assert tv.get(f"/g/{game_id}/table").status_code == 403
