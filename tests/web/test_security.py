"""CSRF, unknown games, pages that need a role, response headers."""

from __future__ import annotations

import base64
import hmac
import inspect
import io
import json
import logging
import re
import shutil
import sys
from pathlib import Path

import pytest

from referee import PROJECT_ROOT
from referee.engine import Replayer
from referee.web import keys
from referee.web.db import open_database
from referee.web.keys import new_secret
from referee.web.store import get_game
from tests.web.long_game import long_game, rules_of


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


# -- secrets ----------------------------------------------------------------------------------

def stored_secrets(app) -> dict[str, list[str]]:
    db = open_database(app.config["DATABASE"])
    try:
        return {
            "game": [r[0] for r in db.execute("select game_secret from games")],
            "banker": [r[0] for r in db.execute("select banker_secret from games")],
            "seat": [r[0] for r in db.execute("select secret from seats") if r[0]],
        }
    finally:
        db.close()


def test_every_secret_has_at_least_128_random_bits(app, table, browser):
    banker, *_ = table
    banker.create_game(["Cy", "Di", "Ed"])
    found = stored_secrets(app)
    everything = [s for kind in found.values() for s in kind]
    assert len(found["seat"]) == 2 and len(found["game"]) == 2
    for secret in everything:
        raw = base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))
        assert len(raw) * 8 >= 128, secret
    assert len(set(everything)) == len(everything)  # no secret is reused
    assert len(new_secret()) >= 22 and new_secret() != new_secret()


def test_secrets_are_compared_in_constant_time(table, monkeypatch):
    banker, ann, _bob, game_id = table
    compared = []
    real = hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(keys.hmac, "compare_digest", spy)
    link = banker.join_link(game_id)
    ann.get(f"/g/{game_id}/me")  # the seat cookie
    banker.get(f"/g/{game_id}/banker?k=wrong")  # the banker link
    banker.act(game_id, type="reset")  # the banker cookie and the CSRF token
    ann.get(link)  # the join link
    assert len(compared) >= 5
    source = inspect.getsource(sys.modules["referee.web.actors"])
    source += inspect.getsource(sys.modules["referee.web.join"])
    source += inspect.getsource(sys.modules["referee.web.csrf"])
    source += inspect.getsource(sys.modules["referee.web.play"])
    assert "secret ==" not in source and "secret !=" not in source


def test_no_secret_reaches_the_log(app, table, browser, caplog):
    caplog.set_level(logging.DEBUG)
    banker, ann, bob, game_id = table
    link = banker.join_link(game_id)
    browser().join(link, "p1")  # a taken seat
    browser().get(link.replace("k=", "k=x"))  # a wrong link
    ann.act(game_id, type="add", player="p1", **{"n:int": "2"})
    ann.act(game_id, type="add", player="p2", **{"n:int": "2"})
    bob.act(game_id, seq=0, type="add", player="p2", **{"n:int": "2"})
    banker.post(f"/g/{game_id}/seats/p2/release")
    banker.act(game_id, json='{"type": "add", "player": "p1", "n": [1]}')
    logged = caplog.text + "".join(repr(r.args) for r in caplog.records)
    for secret in (s for kind in stored_secrets(app).values() for s in kind):
        assert secret not in logged
    db = open_database(app.config["DATABASE"])
    game = get_game(db, game_id)
    db.close()
    assert game.game_secret not in repr(game) and game.banker_secret not in repr(game)


# -- CSRF on every state-changing route (found in the app's URL map, so new routes count) -----

def changing_routes(app) -> list[str]:
    adapter = app.url_map.bind("localhost")
    out = []
    for rule in app.url_map.iter_rules():
        for method in rule.methods - {"GET", "HEAD", "OPTIONS"}:
            values = {name: "GAME" if name == "game_id" else "p1" for name in rule.arguments}
            out.append((method, adapter.build(rule.endpoint, values, method=method)))
    return out


def test_every_state_changing_route_needs_the_csrf_token(app, table):
    banker, *_, game_id = table
    routes = changing_routes(app)
    assert {("POST", "/g/GAME/act"), ("POST", "/new"), ("POST", "/import")} <= set(routes)
    before = stored_secrets(app), banker.get(f"/g/{game_id}/version").text
    for method, path in routes:
        path = path.replace("GAME", game_id)
        for token in ({}, {"csrf_token": "x" * 64}):
            response = banker.client.open(path, method=method, data={
                **token, "type": "reset", "seq": "0", "game": "counter", "k": "x",
                "player": "p1", "name_1": "Ann", "name_2": "Bob"})
            assert response.status_code == 400, (method, path, response.status_code)
    assert (stored_secrets(app), banker.get(f"/g/{game_id}/version").text) == before


# -- names full of markup -----------------------------------------------------------------------

MARKUP = "<script>alert('x')</script><b>&"


def test_player_names_and_titles_are_escaped_everywhere(app, browser):
    banker = browser()
    game_id = banker.create_game([MARKUP, "<img src=x onerror=alert(1)>"], title=MARKUP)
    phone = browser()
    phone.join(banker.join_link(game_id), "p1")
    phone.act(game_id, type="add", player="p1", **{"n:int": "1"})
    pages = [(banker, "/"), (banker, f"/g/{game_id}/banker"), (banker, f"/g/{game_id}/table"),
             (banker, f"/g/{game_id}/history"), (phone, f"/g/{game_id}/me"),
             (browser(), banker.join_link(game_id))]
    answers = [who.get(url, headers=h) for who, url in pages
               for h in ({}, {"HX-Request": "true"})]
    answers.append(phone.act(game_id, seq=0, type="add", player="p1", page="phone",
                             **{"n:int": "1"}))  # a 409 page
    answers.append(phone.act(game_id, type="pay", player="p1", page="phone",
                             **{"amount:int": "99999"}))  # a 422 page
    for response in answers:
        assert response.status_code < 500
        text = response.text
        assert "<script>alert" not in text and "<img src=x" not in text, response.request.path
    for response in answers[:10:2]:  # the whole pages show the names, escaped
        assert "&lt;script&gt;alert(" in response.text, response.request.path


def test_map_names_are_escaped_everywhere(app, browser):
    maps = Path(app.instance_path) / "maps"
    shutil.copytree(PROJECT_ROOT / "tables" / "railbaron" / "us", maps / "evil")
    manifest = maps / "evil" / "map.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(re.sub(r'(?m)^key = .*$', 'key = "evil"',
                               re.sub(r'(?m)^name = .*$',
                                      "name = \"<script>alert('map')</script>\"", text)),
                        encoding="utf-8")
    banker = browser()
    lobby = banker.get("/").text
    assert "&lt;script&gt;alert(" in lobby and "<script>alert" not in lobby
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="evil")
    urls = ["/", f"/g/{game_id}/banker", f"/g/{game_id}/table", f"/g/{game_id}/history"]
    urls += [rule.rule for rule in app.url_map.iter_rules()
             if "GET" in rule.methods and not rule.arguments and rule.endpoint != "static"
             and not rule.rule.endswith(".zip")]
    urls += [u + "?map=evil" for u in urls] + ["/railbaron/maps/evil"]
    for url in urls:
        response = banker.get(url)
        assert response.status_code < 500, url
        assert "<script>alert" not in response.get_data(as_text=True), url


# -- a seat sees its own cash only (Rail Baron: others' only from $150,000 on) ----------------

def cash_forms(amount: int) -> list[str]:
    return [f"${amount:,}", f"{amount:,}", f">{amount}<", f'"{amount}"', f"={amount}"]


def test_no_answer_to_a_phone_or_the_table_carries_another_players_cash_under_150000(browser):
    record, actions = long_game(60, seed=4)
    # odd corrections make every balance a figure no price, payoff or fee can be
    actions += [{"type": "adjust_cash", "player": pid, "amount": amount, "reason": "recount"}
                for pid, amount in (("p1", 4_441), ("p2", 1_111), ("p3", 2_223), ("p4", 3_337))]
    state = Replayer(rules_of(record), actions).state
    cash = {pid: state.cash(pid) for pid in state.players}
    assert cash == {"p1": 10_941, "p2": 22_611, "p3": 9_723, "p4": 20_337}  # under $150,000
    banker = browser()
    upload = {"record": (io.BytesIO(json.dumps({**record, "actions": actions}).encode()),
                         "rb.json")}
    response = banker.post("/import", upload, content_type="multipart/form-data")
    game_id = response.headers["Location"].split("/")[2]
    phone = browser()
    assert phone.join(banker.join_link(game_id), "p1").status_code == 303

    console = banker.get(f"/g/{game_id}/banker").text
    for amount in cash.values():  # the banker sees every figure, so the forms below are right
        assert f"${amount:,}" in console

    answers = []
    for page in ("me", "table", "history", "banker", "version?seq=0", "join"):
        for headers in ({}, {"HX-Request": "true"}):
            answers.append(("p1", phone.get(f"/g/{game_id}/{page}", headers=headers)))
    for page in ("phone", "table", "history", "banker"):  # refused actions answer with pages
        answers.append(("p1", phone.act(game_id, seq=0, type="roll_region", player="p1",
                                        page=page)))
        answers.append(("p1", phone.act(game_id, htmx=True, type="buy", player="p1",
                                        railroad="nowhere", page=page)))
    for headers in ({}, {"HX-Request": "true"}):
        answers.append((None, banker.get(f"/g/{game_id}/table", headers=headers)))
        answers.append((None, banker.get(f"/g/{game_id}/history", headers=headers)))
    assert "$10,941" in answers[0][1].text  # a phone sees its own cash

    for viewer, response in answers:
        assert response.status_code < 500
        text = response.get_data(as_text=True)
        for pid, amount in cash.items():
            if pid == viewer:
                continue
            for form in cash_forms(amount):
                assert form not in text, (response.request.path, pid, form)


def test_a_phone_sees_only_its_own_seat_whatever_it_asks(table):
    _banker, ann, _bob, game_id = table
    for query in ("?player=p2", "?seat=p2&as=p2", "?k=p2"):
        page = ann.get(f"/g/{game_id}/me{query}")
        assert page.status_code == 200
        assert "You are Ann" in page.text and "You are Bob" not in page.text


@pytest.mark.parametrize("action", [
    {"type": "undo", "player": "p2"},
    {"type": "adjust_cash", "player": "p2", "amount": 500_000, "reason": "mine"},
    {"type": "roll_for_first_player", "player": "p2", "rolls": {"p1": [1, 1, 1],
                                                               "p2": [6, 6, 6]}},
])
def test_a_phone_cannot_record_the_bankers_actions_by_naming_its_own_seat(browser, action):
    banker, bob = browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    assert bob.join(banker.join_link(game_id), "p2").status_code == 303
    banker.act(game_id, json=json.dumps({"type": "adjust_cash", "player": "p1", "amount": 1,
                                         "reason": "so there is something to undo"}))
    before = banker.seq(game_id)
    answer = bob.act(game_id, json=json.dumps(action))
    assert answer.status_code == 403
    assert "Only the banker may record this action." in answer.text
    assert banker.seq(game_id) == before


# -- a colour that is not #rrggbb never reaches a style attribute -----------------------------

UNSAFE_COLOUR = "red;background-image:url(/leak)"


@pytest.mark.parametrize("game", ["railbaron", "counter"])
def test_a_stored_colour_that_is_not_hex_is_never_written_into_a_page(app, browser, game):
    """Forms and imports accept only #rrggbb; a database an older version wrote may hold
    anything, and the pages still put only #rrggbb into a style attribute (`hex_colour`)."""
    from referee.web.store import create_game

    players = [{"id": "p1", "name": "Ann", "colour": UNSAFE_COLOUR},
               {"id": "p2", "name": "Bob", "colour": "#1d4ed8"}]
    db = open_database(app.config["DATABASE"])
    try:
        row = create_game(db, game=game, map_ref="us" if game == "railbaron" else "",
                          settings={"banker": ""}, players=players, title="Colours")
    finally:
        db.close()
    banker = browser()
    assert banker.get(f"/g/{row.id}/banker?k={row.banker_secret}").status_code == 303
    phone = browser()
    assert phone.join(f"/g/{row.id}/join?k={row.game_secret}", "p1").status_code == 303
    pages = [(banker, "/"), (banker, f"/g/{row.id}/banker"), (banker, f"/g/{row.id}/table"),
             (banker, f"/g/{row.id}/history"), (phone, f"/g/{row.id}/me")]
    for who, url in pages:
        for headers in ({}, {"HX-Request": "true"}):
            response = who.get(url, headers=headers)
            assert response.status_code == 200, url
            assert "url(/leak)" not in response.text, url
    assert "transparent" in phone.get(f"/g/{row.id}/me").text
