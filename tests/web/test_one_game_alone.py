"""The app with one game installed, any one (or only the toy race): the shared pages name no
game, so the lobby, the boards pages, the players page and the new game's options all answer.

Each case empties the registry but for one game before the app is built, as an install with
that game's folders alone would leave it.
"""

from __future__ import annotations

import pytest

from referee.games import registry
from referee.web import create_app

SHIPPED = sorted(registry.GAMES)
TOY = "tests.toy_game"


@pytest.fixture
def alone(request, monkeypatch: pytest.MonkeyPatch) -> str:
    """The registry holding one game only: a shipped one by key, or the toy race."""
    wanted = request.param
    if wanted == TOY:
        meta = registry._meta_of(TOY)
        monkeypatch.setitem(registry.PACKAGES, meta.key, TOY)
        wanted = meta.key
        monkeypatch.setitem(registry.GAMES, meta.key, meta)
    for key in list(registry.GAMES):
        if key != wanted:
            monkeypatch.delitem(registry.GAMES, key)
    return wanted


def pages(key: str) -> list[str]:
    """The pages every install serves, whatever its games."""
    boards = registry.game(key).boards
    own = [f"/boards/{key}"] if getattr(boards, "manifest", None) else []
    return ["/", "/boards", *own, "/players", f"/new/options?game={key}", "/new/options"]


@pytest.mark.parametrize("alone", [*SHIPPED, TOY], indirect=True)
def test_the_shared_pages_answer_with_one_game_installed(alone, tmp_path):
    app = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    client = app.test_client()
    answers = {url: client.get(url) for url in pages(alone)}
    failed = {url: r.status_code for url, r in answers.items() if r.status_code != 200}
    assert failed == {}
    title = registry.GAMES[alone].title
    assert title in answers["/"].text
    others = [registry._meta_of(p).title for p in ("referee.games." + k for k in SHIPPED)
              if not p.endswith("." + alone)]
    shown = [t for t in others if t in answers["/"].text or t in answers["/boards"].text]
    assert shown == []  # a game not installed is named nowhere


def test_every_game_s_boards_page_is_listed_on_the_boards_page(tmp_path):
    client = create_app({"TESTING": True}, instance_path=tmp_path / "instance").test_client()
    page = client.get("/boards").text
    for key, meta in registry.GAMES.items():
        if getattr(registry.game(key).boards, "manifest", None):
            assert meta.title in page, key
