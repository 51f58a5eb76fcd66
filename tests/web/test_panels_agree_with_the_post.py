"""One answer to who may act (engine/permission.py), on every page: at moments of every
recorded game of the four games, the forms a seat's phone shows post only actions the table's
rule takes from that seat (its own seat, named among those to act; its own latest action to
take back while the game goes on), and some form whenever it takes one; the console's forms
only what the banker may record (a banker who also plays: nothing for a seat whose cash is
secret to him); the table view and the history post nothing. The rule is worked out here on
its own, from the game's contract, not by asking the code under test."""

from __future__ import annotations

import html
import io
import json
import random
import re
from pathlib import Path

import pytest

from referee.engine.takeback import TAKE_BACK, own_latest
from referee.games import registry
from tests.recorded import recorded_games

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "games"
GAMES = [p.stem for p in recorded_games()]  # every recorded game of every game installed
# what a page's forms post: a "type" field, or a whole action as "json" (Railroad Barons)
TYPE_FIELD = re.compile(r'name="type" value="([a-z_]+)"')
JSON_FIELD = re.compile(r'name="json" value=\'([^\']*)\'')
PLAYER_FIELD = re.compile(r'name="(?:player|company)" value="([^"]+)"')
MOMENTS = 4


def over(game, state) -> bool:
    return bool(getattr(state, "over", False) or game.summary(state).get("winners"))


def accepted(record: dict, seat: str) -> set[str]:
    """The action types the table takes from `seat`'s phone on the record's last state."""
    key = record["game"]
    replayer = registry.replay(record)
    game = registry.game(key)
    seat_of = registry.seat_of(key)
    own = set() if over(game, replayer.state) or own_latest(
        replayer, seat, seat_of) is None else {TAKE_BACK}
    if seat not in game.to_act(replayer.state):
        return own
    banker_only = registry.banker_actions(key)
    return own | {a["type"] for a in replayer.rules.legal_actions(replayer.state)
                  if a["type"] not in banker_only and seat in seats_of(game, a)}


def secret_to(record: dict, banker_seat: str) -> set[str]:
    """The seats whose cash is secret to a banker who plays `banker_seat`, on the last state."""
    replayer = registry.replay(record)
    game = registry.game(record["game"])
    return {p["id"] for p in record["players"] if p["id"] != banker_seat
            and game.visible_cash(replayer.state, banker_seat, p["id"]) is None}


def seats_of(game, action: dict) -> set[str]:
    """The seats a legal action may be taken for: its one seat, or each of a list (Railway
    Rivals asks several companies at once: {"type": "enter", "company": ["cy", "dee"]})."""
    for field in ("player", "company"):
        if isinstance(action.get(field), list):
            return set(action[field])
    seat = game.acting_player(action)
    return {seat} if seat else set()


def forms(page: str) -> list[str]:
    """The forms of a page that post an action (to /act)."""
    return [f for f in re.findall(r"<form\b.*?</form>", page, re.S) if "/act\"" in f]


def posted(page: str) -> set[str]:
    """The action types the forms of a page post."""
    whole = [json.loads(html.unescape(text)) for text in JSON_FIELD.findall(page)]
    return set(TYPE_FIELD.findall(page)) | {action["type"] for action in whole}


def posted_for(page: str) -> set[str]:
    """The seats the forms of a page post actions for."""
    found = set()
    for form in forms(page):
        found |= set(PLAYER_FIELD.findall(form))
        for text in JSON_FIELD.findall(form):
            action = json.loads(html.unescape(text))
            found |= {v for k, v in action.items() if k in ("player", "company")
                      and isinstance(v, str)}
    return found


def imported(browser, record: dict) -> tuple[object, str]:
    banker = browser()
    body = json.dumps(record).encode()
    answer = banker.post("/import", {"record": (io.BytesIO(body), "game.json")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.text
    return banker, answer.headers["Location"].split("/")[2]


def moments(whole: dict, name: str) -> list[int]:
    rng = random.Random(name)
    return sorted(rng.sample(range(len(whole["actions"]) + 1), MOMENTS))


@pytest.mark.parametrize("name", GAMES)
def test_every_form_of_every_page_is_one_the_post_takes_and_back(browser, name):
    whole = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    checked = 0
    for length in moments(whole, name):
        record = {**whole, "actions": whole["actions"][:length]}
        banker, game_id = imported(browser, record)
        link = banker.join_link(game_id)
        for seat in (p["id"] for p in record["players"]):
            phone = browser()
            assert phone.join(link, seat).status_code == 303
            page = phone.get(f"/g/{game_id}/me").text
            shown, takes = posted(page), accepted(record, seat)
            # every form is one the table takes; a seat with a move sees a form (a move made in
            # steps, railroads picked first, shows its last step's form once they are picked)
            assert shown <= takes, (name, length, seat)
            assert bool(shown) == bool(takes), (name, length, seat)
            assert posted_for(page) <= {seat}, (name, length, seat)
            checked += bool(shown)
        console = banker.get(f"/g/{game_id}/banker").text
        legal = {a["type"] for a in registry.rules_for(record).legal_actions(
            registry.replay(record).state)}
        corrections = registry.banker_actions(record["game"])  # offered at any time
        assert posted(console) <= legal | corrections | {TAKE_BACK}, (name, length)
        for view in ("table", "history"):
            assert forms(banker.get(f"/g/{game_id}/{view}").text) == [], (name, length, view)
    assert checked, f"{name}: no moment gave a seat a panel"


@pytest.mark.parametrize("name", [g for g in GAMES if g.startswith("railbaron")])
def test_a_banker_who_plays_is_offered_nothing_for_a_seat_whose_cash_is_secret(browser, name):
    whole = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    banker_seat = whole["players"][0]["id"]
    seen_secret = False
    for length in moments(whole, name + " seated"):
        record = {**whole, "actions": whole["actions"][:length],
                  "settings": {**whole["settings"], "banker": banker_seat}}
        banker, game_id = imported(browser, record)
        secret = secret_to(record, banker_seat)
        seen_secret |= bool(secret)
        console = banker.get(f"/g/{game_id}/banker").text
        assert not posted_for(console) & secret, (name, length, secret)
        assert not any(f"/seats/{s}/rejoin" in console or f"/seats/{s}/release" in console
                       for s in secret), (name, length)
    assert seen_secret
