"""An action asks the database only what it needs: every statement of one POST, counted."""

from __future__ import annotations

import re


def traced(app) -> list[str]:
    """Every statement the app's connection of this thread runs from now on."""
    seen: list[str] = []
    with app.app_context():
        db = app.extensions["referee.db"].connection()
    db.conn.set_trace_callback(lambda sql: seen.append(" ".join(sql.split())))
    return seen


def test_an_htmx_action_takes_six_statements_and_reads_the_count_once(app, table):
    _banker, ann, _bob, game_id = table
    seq = ann.seq(game_id)
    ann.token()
    seen = traced(app)
    answer = ann.act(game_id, htmx=True, seq=seq, type="add", player="p1", page="phone",
                     client_id="tap-1", **{"n:int": "2"})
    assert answer.status_code == 200 and "p1 adds 2." in answer.text
    assert [s.split()[0].upper() for s in seen] == [
        "SELECT",  # the game
        "SELECT",  # its seats (who this phone is), read once for the check and the answer
        "BEGIN",
        "SELECT",  # the count and the client_id, together, under the write lock
        "INSERT",
        "COMMIT",
    ], seen
    assert sum(1 for s in seen if re.search(r"max\(seq\)", s)) == 1
    assert not [s for s in seen if "SAVEPOINT" in s]


def test_a_repeated_action_stores_nothing_more(app, table):
    _banker, ann, _bob, game_id = table
    seq = ann.seq(game_id)
    first = ann.act(game_id, htmx=True, seq=seq, type="add", player="p1", page="phone",
                    client_id="tap-1", **{"n:int": "2"})
    assert first.status_code == 200
    seen = traced(app)
    again = ann.act(game_id, htmx=True, seq=seq, type="add", player="p1", page="phone",
                    client_id="tap-1", **{"n:int": "2"})
    assert again.status_code == 200
    assert not [s for s in seen if s.upper().startswith("INSERT")]
