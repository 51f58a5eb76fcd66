"""Live updates: the cheap version check, the refresh trigger, and the cached Replayer."""

from __future__ import annotations

import re

from referee.web import create_app
from referee.web.db import open_database
from referee.web.store import get_game, insert_action


def test_version_is_empty_when_current_and_a_refresh_trigger_otherwise(table):
    banker, ann, _bob, game_id = table
    current = banker.get(f"/g/{game_id}/version?seq=0")
    assert current.status_code == 200 and current.data == b""  # a 204 closes the connection
    assert current.headers["HX-Reswap"] == "none" and "HX-Trigger" not in current.headers
    ann.act(game_id, type="add", player="p1", **{"n:int": "1"})
    behind = banker.get(f"/g/{game_id}/version?seq=0")
    assert behind.status_code == 200
    assert behind.headers["HX-Trigger"] == "refresh"
    assert behind.text == "1"


def test_pages_poll_the_version_and_reload_on_refresh(table):
    banker, ann, _bob, game_id = table
    for who, page in ((banker, "banker"), (banker, "table"), (ann, "me"), (ann, "history")):
        text = who.get(f"/g/{game_id}/{page}").text
        assert f'class="poll" hx-get="/g/{game_id}/version' in text  # + the stamp's seq
        assert re.search(r'id="part-stamp" data-digest="[0-9a-f]+" hidden data-seq="0"', text)
        assert 'hx-trigger="every 2s"' in text
        assert 'hx-trigger="refresh from:body"' in text


def test_a_page_fetched_by_htmx_is_its_fragment(table):
    _banker, ann, _bob, game_id = table
    full = ann.get(f"/g/{game_id}/me")
    part = ann.get(f"/g/{game_id}/me", headers={"HX-Request": "true"})
    assert "<html" in full.text and "<html" not in part.text
    assert full.headers["Vary"] == part.headers["Vary"] == "HX-Request, X-Parts-Held"


def test_the_cached_replayer_is_fed_only_the_actions_it_lacks(app, table):
    banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "2"})
    cache = app.extensions["referee.replayers"]
    replayer = cache._replayers[game_id]
    assert replayer.seq == 1

    # another writer (a second app on the same instance folder) appends an action
    db = open_database(app.config["DATABASE"])
    insert_action(db, game_id, 1, {"type": "add", "player": "p2", "n": 5}, None)
    db.close()

    page = banker.get(f"/g/{game_id}/table")
    assert "p2 adds 5." in page.text
    assert cache._replayers[game_id] is replayer  # caught up, not rebuilt
    assert replayer.seq == 2


def test_a_restarted_app_rebuilds_the_game_from_the_database(app, table, tmp_path):
    _banker, ann, _bob, game_id = table
    ann.act(game_id, type="add", player="p1", **{"n:int": "2"})
    again = create_app({"TESTING": True}, instance_path=app.instance_path)
    with again.app_context():
        from referee.web.db import get_db
        from referee.web.render import replayers

        snapshot = replayers().snapshot(get_db(), get_game(get_db(), game_id))
    assert snapshot.seq == 1
    assert snapshot.state.counts == {"p1": 2, "p2": 0}


def test_the_joined_qr_code_is_inline_svg_with_the_lan_join_url(table):
    banker, _ann, _bob, game_id = table
    page = banker.get(f"/g/{game_id}/banker").text
    assert '<div class="qr"><svg' in page
    assert "localhost" not in page.split('class="join-url"')[1].split("</p>")[0]


def test_a_configured_public_url_is_used_for_the_qr_code(tmp_path, counter_game, browser):
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://table.example:9000/"},
                     instance_path=tmp_path / "other")
    from tests.web.conftest import Browser

    banker = Browser(app)
    game_id = banker.create_game()
    page = banker.get(f"/g/{game_id}/table").text
    assert f'href="http://table.example:9000/g/{game_id}/join?k=' in page


def test_an_unchanged_game_gives_the_same_snapshot_and_a_changed_one_a_new_one(app, table):
    from referee.web.db import get_db
    from referee.web.render import replayers

    _banker, ann, _bob, game_id = table
    with app.app_context():
        game = get_game(get_db(), game_id)
        first = replayers().snapshot(get_db(), game)
        assert replayers().snapshot(get_db(), game) is first  # nothing copied again
    ann.act(game_id, type="add", player="p1", **{"n:int": "2"})
    with app.app_context():
        later = replayers().snapshot(get_db(), game)
    assert later is not first and (first.seq, later.seq) == (0, 1)
    assert first.log == [] and later.log == [{"type": "add", "player": "p1", "n": 2}]


def test_a_log_with_a_gap_is_reported_not_replayed_twice(app, table):
    import sqlite3
    from contextlib import closing

    banker, _ann, _bob, game_id = table
    assert banker.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    app.extensions["referee.replayers"].evict(game_id)
    with closing(sqlite3.connect(app.config["DATABASE"])) as raw:  # as a hand edit would
        raw.execute("update actions set seq = 3 where game_id = ?", [game_id])
        raw.commit()
    page = banker.get(f"/g/{game_id}/banker")
    assert page.status_code == 503
    assert "The stored log has a gap" in page.text


def test_an_action_stored_since_that_no_longer_replays_is_named_by_its_position(app, table):
    """The game kept in memory is caught up with what was stored since; an action the rules
    refuse is named, and the game is not kept half way."""
    import sqlite3
    from contextlib import closing

    banker, _ann, _bob, game_id = table
    assert banker.act(game_id, type="add", player="p1", **{"n:int": "1"}).status_code == 303
    assert app.extensions["referee.replayers"].holds(game_id)
    with closing(sqlite3.connect(app.config["DATABASE"])) as raw:  # as a hand edit would
        raw.execute("insert into actions (game_id, seq, action, created) values (?, 1, ?, '')",
                    [game_id, '{"type": "add", "player": "p9", "n": 1}'])
        raw.commit()
    page = banker.get(f"/g/{game_id}/banker")
    assert page.status_code == 503
    assert "The stored log no longer replays: action 2 (&#39;add&#39;): No player" in page.text
    assert not app.extensions["referee.replayers"].holds(game_id)
