"""`referee serve` brings tonight's games back into memory while it listens, the latest first,
so the first page after a restart replays nothing, and a page that comes first waits for its own
game alone (referee/web/warm.py)."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

from referee.web import create_app, warm
from referee.web.warm import first_answer, warm_in_background, warm_up
from tests.web.conftest import Browser
from tests.web.test_history_restart import banker_client


def dated(app, game_id: str, hours_ago: float) -> None:
    """Date a game, and every action of it, `hours_ago` hours back."""
    when = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat(timespec="seconds")
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set created = ? where id = ?", [when, game_id])
        db.execute("update actions set created = ? where game_id = ?", [when, game_id])


def restarted(app):
    return create_app({"TESTING": True}, instance_path=app.instance_path)


def test_tonight_s_games_are_in_memory_before_the_first_page_and_last_week_s_are_not(app):
    banker = Browser(app)
    last_week, earlier, latest, idle = (banker.create_game(["Ann", "Bob"]) for _ in range(4))
    assert banker.act(latest, type="add", player="p1", **{"n:int": "3"}).status_code == 303
    dated(app, last_week, 24 * 7)
    dated(app, earlier, 3)
    dated(app, latest, 0.5)
    dated(app, idle, 2)

    again = restarted(app)
    cache = again.extensions["referee.replayers"]
    assert not any(cache.holds(g) for g in (last_week, earlier, latest, idle))
    assert warm_up(again) == [latest, idle, earlier]  # the latest first
    assert [cache.holds(g) for g in (last_week, earlier, latest, idle)] == [
        False, True, True, True]
    assert Browser(again).seq(latest) == 1

    assert warm_up(restarted(app), limit=1) == [latest]
    assert warm_up(restarted(app), hours=1) == [latest]


def test_a_game_that_cannot_be_opened_does_not_stop_the_start(app):
    banker = Browser(app)
    broken, fine = banker.create_game(["Ann", "Bob"]), banker.create_game(["Cy", "Di"])
    dated(app, broken, 0.1)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("update games set players = '{not json' where id = ?", [broken])
    assert warm_up(restarted(app)) == [fine]


def test_every_game_of_tonight_is_warmed_not_only_the_eight_latest(app):
    banker = Browser(app)
    games = [banker.create_game(["Ann", "Bob"]) for _ in range(10)]
    for hours, game_id in enumerate(games):
        dated(app, game_id, 10 - hours)  # the last made is the latest
    again = restarted(app)
    ready: list[list[str]] = []
    warm_in_background(again, ready.append).join()
    assert ready == [games[::-1]]
    assert all(again.extensions["referee.replayers"].holds(g) for g in games)


def test_a_page_for_a_game_not_yet_warm_waits_for_its_own_game_alone(app):
    banker = Browser(app)
    warming, asked = banker.create_game(["Ann", "Bob"]), banker.create_game(["Cy", "Di"])
    assert banker.act(asked, type="add", player="p1", **{"n:int": "3"}).status_code == 303
    again = restarted(app)
    cache = again.extensions["referee.replayers"]
    client = banker_client(again, banker, asked)
    answers = []
    with cache.lock(warming):  # the other game is being brought back, and takes its time
        page = threading.Thread(
            target=lambda: answers.append(client.get(f"/g/{asked}/table").status_code))
        page.start()
        page.join(timeout=120)  # a page held up by the other game never answers here
        assert answers == [200]
    assert cache.holds(asked) and not cache.holds(warming)


def test_the_warming_lets_the_first_answer_after_a_start_go_first(app, monkeypatch):
    monkeypatch.setattr(warm, "FIRST_WAIT", 600)  # it waits for that answer, not a clock
    banker = Browser(app)
    game_id = banker.create_game(["Ann", "Bob"])
    again = restarted(app)
    cache = again.extensions["referee.replayers"]
    served = again.wsgi_app
    answered = first_answer(again)
    seen: list = []
    thread = warm_in_background(
        again, seen.append, after=answered,
        first=lambda: seen.append(("first", answered.is_set(), cache.holds(game_id))))
    assert not cache.holds(game_id)
    assert again.test_client().get("/").status_code == 200  # the lobby, the first answer
    thread.join(timeout=600)
    assert seen == [("first", True, False), [game_id]]  # then the rest, then the games
    assert cache.holds(game_id) and again.wsgi_app == served  # the watch is gone
