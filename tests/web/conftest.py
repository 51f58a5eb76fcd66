"""Fixtures of the web tests: an app over a temp instance folder and browsers at the table.

No mocks: a real SQLite file, the real engine, and a small test-only game ("counter")
registered in the game registry for the duration of each test.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from referee.games.registry import GAMES
from referee.web import create_app
from tests.web.counter_game import META as COUNTER

COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#facc15", "#111111", "#ffffff"]


@pytest.fixture
def counter_game(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(GAMES, COUNTER.key, COUNTER)
    return COUNTER.key


@pytest.fixture
def app(tmp_path, counter_game) -> Flask:
    return create_app({"TESTING": True}, instance_path=tmp_path / "instance")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Browser:
    """One browser (its own cookies) at the table."""

    def __init__(self, app: Flask):
        self.client = app.test_client()
        self._token: str | None = None

    def token(self) -> str:
        if self._token is None:
            page = self.client.get("/")
            self._token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
        return self._token

    def get(self, url: str, **kw) -> TestResponse:
        return self.client.get(url, **kw)

    def post(self, url: str, data: dict | None = None, htmx: bool = False, **kw) -> TestResponse:
        data = dict(data or {})
        data.setdefault("csrf_token", self.token())
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.post(url, data=data, headers=headers, **kw)

    def create_game(
        self,
        names: Iterable[str] = ("Ann", "Bob"),
        game: str = "counter",
        banker: str = "",
        **fields: str,
    ) -> str:
        """Create a game from the lobby form; return its id (this browser becomes banker)."""
        form = {"game": game, "banker": banker, **fields}
        for row, name in enumerate(names, start=1):
            form |= {f"name_{row}": name, f"colour_{row}": COLOURS[row - 1],
                     f"seat_{row}": str(row)}
        response = self.post("/new", form)
        assert response.status_code == 303, response.text
        return response.headers["Location"].split("/")[2]

    def join_link(self, game_id: str) -> str:
        """The join URL (path and query) shown on the banker console."""
        page = self.get(f"/g/{game_id}/banker").text
        return re.search(r'href="https?://[^/"]+(/g/[^"]+/join\?k=[^"]+)"', page).group(1)

    def join(self, link: str, player_id: str) -> TestResponse:
        key = link.split("k=", 1)[1]
        game_id = link.split("/")[2]
        return self.post(f"/g/{game_id}/join", {"k": key, "player": player_id})

    def seq(self, game_id: str) -> int:
        return int(self.get(f"/g/{game_id}/version").text)

    def act(self, game_id: str, htmx: bool = False, seq: int | None = None,
            **fields: object) -> TestResponse:
        data = {k: str(v) for k, v in fields.items()}
        data["seq"] = str(self.seq(game_id) if seq is None else seq)
        return self.post(f"/g/{game_id}/act", data, htmx=htmx)


@pytest.fixture
def browser(app: Flask) -> Callable[[], Browser]:
    """Make a new browser: `banker = browser()`."""
    return lambda: Browser(app)


@pytest.fixture
def table(browser) -> tuple[Browser, Browser, Browser, str]:
    """A counter game: (banker, Ann's phone as p1, Bob's phone as p2, game id)."""
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"])
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303
    return banker, ann, bob, game_id


# -- real browsers (Playwright driving Debian's chromium) on a live loopback server ----------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), '
    + 'textarea, .top a, a.button')]
  .filter(e => e.offsetParent !== null)
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.outerHTML.slice(0, 80))"""


@pytest.fixture
def live_url(app) -> Iterator[str]:
    from waitress.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    url = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = url
    closing = threading.Event()

    def run() -> None:
        try:
            server.run()
        except OSError:  # its socket closed under a select() by server.close() below
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield url
    closing.set()
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def _chromium_process():
    """One chromium per test process: launching it is most of a short browser test's work."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (scripts/test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


@pytest.fixture
def chromium(_chromium_process):
    """The browser for one test: every context (a phone, a laptop) it opens is closed after
    it, so no page of one test polls on into the next."""
    yield _chromium_process
    for context in list(_chromium_process.contexts):
        context.close()


def check_phone_layout(page) -> None:
    assert page.evaluate(NO_SIDEWAYS_SCROLL), f"{page.url} scrolls sideways at 360px"
    assert page.evaluate(SMALL_TARGETS) == [], f"{page.url} has targets under 44px"


def import_in(page, live_url: str, path) -> str:
    """Import a record through the lobby form; this browser becomes the game's banker. The
    game's id."""
    page.goto(live_url + "/")
    page.set_input_files('input[name="record"]', str(path))
    page.click("button:text-is('Import and replay')")
    page.wait_for_url("**/banker")
    return page.url.split("/g/")[1].split("/")[0]


def start_in_lobby(page, live_url: str, game: str, names, *, choose: dict | None = None,
                   tick=(), fill: dict | None = None) -> str:
    """Start a game of `game` from the lobby on `page`, whose browser becomes its banker: the
    game chosen and its rows awaited (they are disabled while the chosen game's are on their
    way), then the selects of `choose` set ({"#map": "tiny"}), the boxes of `tick` ticked, the
    fields of `fill` typed and the players' `names` typed in order. The join link."""
    page.goto(live_url + "/")
    page.select_option("#game", game)
    page.wait_for_selector("#name_1:enabled")
    for field, value in (choose or {}).items():
        page.select_option(field, value)
    for box in tick:
        page.check(box)
    for field, value in (fill or {}).items():
        page.fill(field, value)
    for row, name in enumerate(names, start=1):
        page.fill(f"#name_{row}", name)
    page.click("text=Start the game")
    page.wait_for_url("**/banker")
    return page.get_attribute(".join a", "href")


def join_phones(chromium, join_url: str, names) -> dict:
    """Each of `names` takes its seat on a phone of its own (360×740) from the join page: the
    phones' pages by name, each on its own page of the game."""
    phones = {}
    for name in names:
        phone = chromium.new_context(**PHONE).new_page()
        phone.goto(join_url)
        phone.click(f"button:has-text('{name}')")
        phone.wait_for_url("**/me")
        phones[name] = phone
    return phones
