"""CSRF, unknown games, pages that need a role, response headers."""

from __future__ import annotations

import pytest


def test_a_post_without_csrf_token_gets_400(table):
    banker, _ann, _bob, game_id = table
    response = banker.client.post(f"/g/{game_id}/act", data={"type": "reset", "seq": "0"})
    assert response.status_code == 400
    assert "security token" in response.text


def test_a_post_with_a_wrong_token_gets_400(table):
    banker, _ann, _bob, game_id = table
    response = banker.client.post(f"/g/{game_id}/act",
                                  data={"type": "reset", "seq": "0", "csrf_token": "0" * 64})
    assert response.status_code == 400


def test_a_token_from_another_browser_gets_400(table, browser):
    banker, _ann, _bob, game_id = table
    other = browser().token()
    response = banker.client.post(f"/g/{game_id}/act",
                                  data={"type": "reset", "seq": "0", "csrf_token": other})
    assert response.status_code == 400


def test_the_token_in_the_htmx_header_is_accepted(table):
    banker, _ann, _bob, game_id = table
    response = banker.client.post(
        f"/g/{game_id}/act", data={"type": "reset", "seq": "0"},
        headers={"X-CSRF-Token": banker.token(), "HX-Request": "true"},
    )
    assert response.status_code == 200


def test_the_lobby_form_needs_the_token_too(client):
    assert client.post("/new", data={"game": "counter"}).status_code == 400
    assert client.post("/import", data={}).status_code == 400


@pytest.mark.parametrize("path", [
    "/g/nosuchgame/me", "/g/nosuchgame/banker", "/g/nosuchgame/table",
    "/g/nosuchgame/history", "/g/nosuchgame/version?seq=0", "/g/nosuchgame/export.json",
    "/g/nosuchgame/join?k=x", "/g/<b>/table",
])
def test_an_unknown_game_is_a_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "<b>" not in response.text


def test_an_unknown_game_page_says_so(client):
    response = client.get("/g/nosuchgame/table")
    assert "There is no game &#39;nosuchgame&#39; on this laptop" in response.text


def test_an_unknown_game_post_is_a_404(browser):
    phone = browser()
    response = phone.post("/g/nosuchgame/act", {"type": "reset", "seq": "0"})
    assert response.status_code == 404


@pytest.mark.parametrize("page", ["me", "banker", "table", "history", "export.json"])
def test_game_pages_need_a_role(table, browser, page):
    *_, game_id = table
    assert browser().get(f"/g/{game_id}/{page}").status_code == 403


def test_a_phone_is_not_the_banker(table):
    _banker, ann, _bob, game_id = table
    assert ann.get(f"/g/{game_id}/banker").status_code == 403
    assert ann.get(f"/g/{game_id}/table").status_code == 200


def test_the_banker_link_lets_another_browser_in(table, browser):
    banker, _ann, _bob, game_id = table
    link = banker.get(f"/g/{game_id}/banker").text.split("/banker?k=")[1].split('"')[0]
    laptop = browser()
    assert laptop.get(f"/g/{game_id}/banker?k=wrong").status_code == 403
    response = laptop.get(f"/g/{game_id}/banker?k={link}")
    assert response.status_code == 303 and response.headers["Location"] == f"/g/{game_id}/banker"
    assert laptop.get(f"/g/{game_id}/banker").status_code == 200


def test_a_seat_cookie_of_one_game_does_not_act_in_another(table, browser):
    banker, ann, _bob, game_id = table
    other_id = banker.create_game(["Cy", "Di"])
    secret = ann.client.get_cookie("seat", path=f"/g/{game_id}/").value
    ann.client.set_cookie("seat", secret, path=f"/g/{other_id}/")
    assert ann.get(f"/g/{other_id}/me").status_code == 403


def test_security_headers(client):
    response = client.get("/")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-store"
    with client.get("/static/app.css") as static:
        assert "no-store" not in static.headers.get("Cache-Control", "")


def test_htmx_errors_come_as_fragments(table, browser):
    *_, game_id = table
    response = browser().get(f"/g/{game_id}/table", headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert "<html" not in response.text and "Reload this page" in response.text
