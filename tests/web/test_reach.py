"""What each role can read: no seat and no table screen obtains another player's exact cash
under $150,000 (Rail Baron's ANNOUNCING rule) by any route, page, message, record or import."""

from __future__ import annotations

import io
import json
import re

import pytest

from referee.engine import Replayer
from tests.web.conftest import Browser
from tests.web.long_game import long_game, rules_of

ODD = (("p1", 4_441), ("p2", 1_111), ("p3", 2_223), ("p4", 3_337))


def secret_cash_record() -> tuple[dict, dict[str, int]]:
    """A Rail Baron record whose balances are odd figures no price, payoff or fee can be."""
    record, actions = long_game(60, seed=4)
    actions += [{"type": "adjust_cash", "player": pid, "amount": amount, "reason": "recount"}
                for pid, amount in ODD]
    state = Replayer(rules_of(record), actions).state
    cash = {pid: state.cash(pid) for pid in state.players}
    assert all(amount < 150_000 for amount in cash.values())
    return {**record, "actions": actions}, cash


def cash_forms(amount: int) -> list[str]:
    return [f"${amount:,}", f"{amount:,}", f">{amount}<", f'"{amount}"', f"={amount}",
            f": {amount}"]


def leaks(text: str, cash: dict[str, int], viewer: str | None) -> list[str]:
    return [f"{pid}: {form}" for pid, amount in cash.items() if pid != viewer
            for form in cash_forms(amount) if form in text]


def upload(person: Browser, body: bytes, name: str = "record.json"):
    return person.post("/import", {"record": (io.BytesIO(body), name)},
                       content_type="multipart/form-data")


def game_get_routes(app) -> list[str]:
    """Every GET route of one game (found in the URL map, so a new one is covered)."""
    return sorted(rule.rule for rule in app.url_map.iter_rules()
                  if "GET" in rule.methods and rule.arguments == {"game_id"})


@pytest.fixture
def secret_game(app):
    """(banker, game id, exact cash by player) of an imported Rail Baron game."""
    record, cash = secret_cash_record()
    banker = Browser(app)
    response = upload(banker, json.dumps(record).encode())
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    console = banker.get(f"/g/{game_id}/banker").text
    for amount in cash.values():  # the banker sees every figure: the forms searched are right
        assert f"${amount:,}" in console
    return banker, game_id, cash


def the_chain(app, person: Browser, game_id: str) -> list:
    """The four requests of the attack, and every page of the game besides: watch (or hold a
    seat), download the record, import it in the lobby, open the copy's banker console."""
    answers = []
    for route in game_get_routes(app):
        for headers in ({}, {"HX-Request": "true"}):
            answers.append(person.get(route.replace("<game_id>", game_id), headers=headers))
    exported = person.get(f"/g/{game_id}/export.json")
    answers.append(exported)
    imported = upload(person, exported.data, f"referee-{game_id}.json")
    answers.append(imported)
    if imported.status_code == 303:  # a copy was made: its banker is the uploader
        copy = imported.headers["Location"].split("/")[2]
        answers += [person.get(f"/g/{copy}/{page}") for page in ("banker", "table", "history")]
        answers.append(person.get(f"/g/{copy}/export.json"))
    return answers


def test_a_table_screen_cannot_read_secret_cash_by_watching_exporting_and_importing(
        app, secret_game):
    banker, game_id, cash = secret_game
    screen = Browser(app)
    key = banker.join_link(game_id).split("k=")[1]
    assert screen.post(f"/g/{game_id}/watch", {"k": key}).status_code == 303
    assert screen.get(f"/g/{game_id}/table").status_code == 200  # it is a table screen
    answers = the_chain(app, screen, game_id)
    imported = next(a for a in answers if a.request.path == "/import")
    assert imported.status_code == 422  # what it downloaded is no game record
    assert screen.get(f"/g/{game_id}/export.json").status_code == 403
    for response in answers:
        assert response.status_code < 500
        assert not leaks(response.get_data(as_text=True), cash, None), response.request.path


def test_a_seated_phone_cannot_read_secret_cash_by_exporting_and_importing(app, secret_game):
    banker, game_id, cash = secret_game
    phone = Browser(app)
    assert phone.join(banker.join_link(game_id), "p1").status_code == 303
    me = phone.get(f"/g/{game_id}/me").text
    assert f"${cash['p1']:,}" in me  # a phone sees its own cash
    answers = the_chain(app, phone, game_id)
    assert phone.get(f"/g/{game_id}/export.json").status_code == 403
    for response in answers:
        assert response.status_code < 500
        assert not leaks(response.get_data(as_text=True), cash, "p1"), response.request.path


def test_only_the_banker_downloads_the_record_and_only_the_banker_sees_the_link(
        app, secret_game):
    banker, game_id, _cash = secret_game
    screen, phone = Browser(app), Browser(app)
    link = banker.join_link(game_id)
    screen.post(f"/g/{game_id}/watch", {"k": link.split("k=")[1]})
    phone.join(link, "p2")
    assert banker.get(f"/g/{game_id}/export.json").status_code == 200
    assert "Download the game record" in banker.get(f"/g/{game_id}/history").text
    for person in (screen, phone):
        assert person.get(f"/g/{game_id}/export.json").status_code == 403
        assert "Download the game record" not in person.get(f"/g/{game_id}/history").text


def test_an_imported_seat_named_banker_is_refused(browser):
    """A player id "banker" would be the viewer the rules show every cash to."""
    record, _cash = secret_cash_record()
    record["players"][1]["id"] = "banker"
    for action in record["actions"]:
        for field in ("player", "bidder", "victim"):
            if action.get(field) == "p2":
                action[field] = "banker"
        if isinstance(action.get("rolls"), dict) and "p2" in action["rolls"]:
            action["rolls"]["banker"] = action["rolls"].pop("p2")
    response = upload(browser(), json.dumps(record).encode())
    assert response.status_code == 422, "a seat called banker was let in"
    assert "&#39;banker&#39; cannot be a player id" in response.text


def test_the_docs_say_what_each_role_can_read():
    from referee import PROJECT_ROOT

    text = (PROJECT_ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    section = text.split("## What each role can read", 1)[1].split("\n## ", 1)[0]
    for role in ("banker", "seat", "table screen", "anyone"):
        assert re.search(rf"\*\*{role}", section, re.IGNORECASE), role
    assert "/g/<game_id>/export.json` | banker" in text
