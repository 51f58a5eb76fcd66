"""Templates' url_for is remembered: the same URL as Flask builds, for every kind of call."""
import pytest

from referee.web.urls import remembered_url_for


def counting(app):
    """The app's url_for remembered, and the endpoints it was actually built for."""
    built = []

    def build(endpoint, **values):
        built.append(endpoint)
        return app.url_for(endpoint, **values)

    return remembered_url_for(build), built


def test_a_remembered_url_is_the_one_flask_builds_and_is_built_once(app):
    url_for, built = counting(app)
    with app.test_request_context("/"):
        first = url_for("why.why", game_id="abc", account="p1", page="banker")
        again = url_for("why.why", page="banker", account="p1", game_id="abc")
        other = url_for("why.why", game_id="abc", account="p2", page="banker")
        static = url_for("static", filename="app.css")
        assert first == again == app.url_for("why.why", game_id="abc", account="p1",
                                             page="banker")
        assert other != first and other.startswith("/g/abc/why/p2")
        assert static == app.url_for("static", filename="app.css") != "/static/app.css"
        assert url_for("play.version", game_id="abc", seq=1).endswith("seq=1")
        assert url_for("play.version", game_id="abc", seq=True).endswith("seq=True")
    assert built[:3] == ["why.why", "why.why", "static"]  # the second call was remembered


def test_what_cannot_be_remembered_is_built_each_time(app):
    url_for, built = counting(app)
    with app.test_request_context("/"):
        for _ in range(2):
            url_for("why.why", game_id="abc", account="p1", page="banker", _external=True)
            url_for("why.why", game_id="abc", account="p1", page=["banker"])
    assert len(built) == 4
    with app.app_context(), pytest.raises(RuntimeError, match="outside an active request"):
        url_for("why.why", game_id="abc", account="p1", page="b")  # as Flask says it
    with app.test_request_context("/", base_url="http://127.0.0.1/club/"):
        assert url_for("static", filename="app.css").startswith("/club/static/")  # its prefix


def test_pages_use_the_remembered_url_for(app):
    assert app.jinja_env.globals["url_for"].__qualname__.startswith("remembered_url_for")
