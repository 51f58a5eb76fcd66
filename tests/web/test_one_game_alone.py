"""The app with one game installed, any one (or only the toy race): the shared pages name no
game, so the lobby, the boards pages, the players page and the new game's options all answer.

Each case empties the registry but for one game before the app is built, as an install with
that game's folders alone would leave it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee.games import registry
from referee.web import create_app

SHIPPED = sorted(registry.GAMES)
TOY = "tests.toy_game"


@pytest.fixture
def alone(request) -> Iterator[str]:
    """The registry holding one game only: a shipped one by key, or the toy race; the whole
    registry back as it was, in its order (the lobby's), afterwards."""
    games, packages = dict(registry.GAMES), dict(registry.PACKAGES)
    wanted = registry.register(TOY).key if request.param == TOY else request.param
    for key in list(registry.GAMES):
        if key != wanted:
            del registry.GAMES[key]
    yield wanted
    registry.GAMES.clear()
    registry.GAMES.update(games)
    registry.PACKAGES.clear()
    registry.PACKAGES.update(packages)


def pages(key: str) -> list[str]:
    """The pages every install serves, whatever its games."""
    boards = registry.game(key).boards
    own = [f"/boards/{key}"] if getattr(boards, "manifest", None) else []
    return ["/", "/boards", *own, "/players", f"/new/options?game={key}", "/new/options"]


@pytest.mark.parametrize("alone", [*sorted(registry.GAMES), TOY], indirect=True)
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


def test_a_game_s_own_pages_are_named_and_addressed_by_its_key():
    """One rule for every game's blueprints: named `<key>` or `<key>_<part>`, at addresses under
    `/<key>/` (a page outside a game) or `/g/<game_id>/<key>/` (a page of one game)."""
    from referee.web.hooks import hooks_for

    astray = []
    for key in registry.GAMES:
        for blueprint in hooks_for(key).web.blueprints():
            if blueprint.name != key and not blueprint.name.startswith(key + "_"):
                astray.append(f"{key}: blueprint {blueprint.name}")
            prefix = blueprint.url_prefix or ""
            if prefix not in (f"/{key}", f"/g/<game_id>/{key}") and not prefix.startswith(
                    (f"/{key}/", f"/g/<game_id>/{key}/")):
                astray.append(f"{key}: {blueprint.name} at {prefix!r}")
    assert astray == []
