"""One answer to who may act: at random moments of a whole recorded game of every game, the
panels a seat's phone shows are exactly the actions the POST would take from that seat (the
seat the action acts for is the phone's own, and the game names it among those to act), and a
panel's action that the POST refuses is a failing test, as is an accepted action without one.
The phone's Take back (the core's, not a game's) is shown exactly when the POST would take it:
the seat's own latest action, while the game is not over."""

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
from referee.web.games import hooks_for
from tests.recorded import recorded_games

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "games"
# the first recorded game of every game the registry knows
GAMES = [found[0].stem for key in registry.GAMES if (found := recorded_games(key))]
# what a page's forms post: a "type" field, or a whole action as "json" (Railroad Barons)
TYPE_FIELD = re.compile(r'name="type" value="([a-z_]+)"')
JSON_FIELD = re.compile(r'name="json" value=\'([^\']*)\'')
MOMENTS = 6


def accepted(record: dict, seat: str) -> set[str]:
    """The legal action types the POST takes from `seat`'s phone on the record's last state,
    by type."""
    key = record["game"]
    replayer = registry.replay(record)
    game = registry.game(key)
    over = getattr(replayer.state, "over", False) or bool(
        game.summary(replayer.state).get("winners"))
    own = set() if over or own_latest(replayer, seat, hooks_for(key).acting_for) is None else {
        TAKE_BACK}
    if seat not in game.to_act(replayer.state):
        return own
    banker_only = registry.banker_actions(key)
    return own | {a["type"] for a in replayer.rules.legal_actions(replayer.state)
                  if a["type"] not in banker_only and seat in seats_of(game, a)}


def seats_of(game, action: dict) -> set[str]:
    """The seats a legal action may be taken for: its one seat, or each of a list (Railway
    Rivals asks several companies at once: {"type": "enter", "company": ["cy", "dee"]})."""
    for field in ("player", "company"):
        if isinstance(action.get(field), list):
            return set(action[field])
    seat = game.acting_player(action)
    return {seat} if seat else set()


def posted(page: str) -> set[str]:
    """The action types the forms of a page post."""
    whole = [json.loads(html.unescape(text)) for text in JSON_FIELD.findall(page)]
    return set(TYPE_FIELD.findall(page)) | {action["type"] for action in whole}


@pytest.mark.parametrize("name", GAMES)
def test_every_panel_a_seat_is_shown_is_one_the_post_takes_and_back(browser, name):
    whole = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    rng = random.Random(name)
    moments = sorted(rng.sample(range(len(whole["actions"]) + 1), MOMENTS))
    checked = 0
    for length in moments:
        record = {**whole, "actions": whole["actions"][:length]}
        banker = browser()
        body = json.dumps(record).encode()
        answer = banker.post("/import", {"record": (io.BytesIO(body), "game.json")},
                             content_type="multipart/form-data")
        assert answer.status_code == 303, answer.text
        game_id = answer.headers["Location"].split("/")[2]
        link = banker.join_link(game_id)
        for seat in (p["id"] for p in record["players"]):
            phone = browser()
            assert phone.join(link, seat).status_code == 303
            shown = posted(phone.get(f"/g/{game_id}/me").text)
            assert shown == accepted(record, seat), (name, length, seat)
            checked += bool(shown)
    assert checked, f"{name}: no moment gave a seat a panel"
