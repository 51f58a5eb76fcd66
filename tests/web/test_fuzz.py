"""Random and malformed requests against every route of the app (found in app.url_map, so a
new route is fuzzed without touching this file): never a 500, no change on a refused request,
no secret in an answer that should not carry it, and the engine's invariants hold after.
"""

from __future__ import annotations

import io
import json
import random
import re
import string
import time

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict
from werkzeug.routing import IntegerConverter, Rule

from referee.engine import Replayer
from referee.engine.ledger import fold
from referee.games import registry
from referee.games.railbaron.rules import HANDLERS
from referee.web.db import open_database
from referee.web.store import get_game
from tests.railbaron.random_play import random_action
from tests.web.conftest import Browser
from tests.web.long_game import long_game

BATCH = 10  # examples per seed; a route gets batches until its time is up or it has MOST
MOST = 300
ROUTE_SECONDS = 0.45  # a slow page gets fewer examples (one batch at least), a fast one more
MORE_TIME = {"play.act": 2, "lobby.import_record": 2}  # where the rules meet the input
LEAST_BATCHES = {"play.act": 4}  # enough legal actions to move the games on, however slow
STATIC_FILES = ("app.css", "nosuch.css", "../referee.db", "%2e%2e/secret_key")


ACTION_TYPES = sorted({*HANDLERS, "undo", "add", "pay", "reset"})
ACTION_FIELDS = ["player", "dice", "white", "red", "railroad", "amount", "at", "rolls",
                 "region", "engine", "victim", "ridden", "within_white", "reason", "destination",
                 "fees", "city", "n", "railroads", "bidder"]
# text with lone surrogates: valid in JSON ("\\ud800"), not text any database can store
any_text = st.one_of(st.text(max_size=12),
                     st.text(st.characters(categories=("Cs", "Cf", "Lu", "Ll", "Zs")),
                             max_size=6))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**8, 10**8), any_text,
              st.sampled_from(["p1", "p2", "p9", "banker", "bank", "phantom", "superchief"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["city", "railroads", "p1", "x"]),
                                            inner, max_size=3)),
    max_leaves=6,
)


@st.composite
def record_bodies(draw) -> bytes:
    """A game record of any shape: some nearly right, some wrong in one place or many."""
    def player(i: int):
        return draw(st.one_of(
            st.fixed_dictionaries({"id": st.sampled_from([f"p{i}", "banker", "a/b", "", "p1"]),
                                   "name": st.one_of(any_text, json_values),
                                   "colour": st.one_of(st.sampled_from(["#d62828", "red;x"]),
                                                       json_values)}),
            json_values))
    record = {
        "format": draw(st.sampled_from(["referee.game/1", "referee.game/1", "other", None])),
        "game": draw(st.sampled_from(["railbaron", "prairie_railroads", "counter", "chess",
                                      None])),
        "map": draw(st.one_of(st.sampled_from(["us", "gb", "", "nosuch"]), json_values,
                              st.fixed_dictionaries({"key": any_text, "service": json_values,
                                                     "railroads": json_values}))),
        "settings": draw(st.one_of(st.dictionaries(
            st.sampled_from(["banker", "edition", "variants", "x"]), json_values, max_size=3),
            json_values)),
        "players": [player(i) for i in range(1, draw(st.integers(0, 7)) + 1)],
        "actions": draw(st.lists(st.one_of(
            st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)},
                                  optional={f: json_values for f in ACTION_FIELDS[:8]}),
            json_values), max_size=6)),
    }
    for key in draw(st.lists(st.sampled_from(sorted(record)), max_size=2, unique=True)):
        del record[key]
    return json.dumps(record, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")


def printable(max_size: int = 24) -> st.SearchStrategy[str]:
    return st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=max_size)


class Table:
    """The app with a Rail Baron game (30 actions in) and a counter game, and their people."""

    def __init__(self, app):
        self.app = app
        self.banker = Browser(app)
        record, actions = long_game(30, seed=2)
        upload = {"record": (io.BytesIO(json.dumps({**record, "actions": actions}).encode()),
                             "rb.json")}
        response = self.banker.post("/import", upload, content_type="multipart/form-data")
        assert response.status_code == 303, response.text
        self.railbaron = response.headers["Location"].split("/")[2]
        self.counter = self.banker.create_game(["Ann", "Bob"])
        self.phones = {}
        for gid in (self.railbaron, self.counter):
            link = self.banker.join_link(gid)
            phone = Browser(app)
            assert phone.join(link, "p1").status_code == 303
            self.phones[gid] = phone
        self.stranger = Browser(app)
        self.people = {"banker": self.banker, "stranger": self.stranger,
                       **{f"phone-{gid}": p for gid, p in self.phones.items()}}
        self.field_names = self._field_names()
        self.watch = open_database(app.config["DATABASE"])  # sees every commit of the app's

    def data_version(self) -> int:
        """Changes whenever another connection commits a change to the database."""
        return self.watch.execute("PRAGMA data_version").fetchone()[0]

    def _field_names(self) -> list[str]:
        """Every form field name the app's own pages use, plus the action convention's."""
        pages = ["/", "/new/options?game=railbaron"]
        for gid in (self.railbaron, self.counter):
            pages += [f"/g/{gid}/banker", f"/g/{gid}/table", f"/g/{gid}/history"]
        names = {"type", "json", "seq", "client_id", "page", "player", "n:int", "amount:int",
                 "amount:signed", "dice:int", "railroad", "region", "k", "record", "game", "map"}
        for page in pages:
            names |= set(re.findall(r'name="([^"]+)"', self.banker.get(page).text))
        for gid, phone in self.phones.items():
            names |= set(re.findall(r'name="([^"]+)"', phone.get(f"/g/{gid}/me").text))
        names.discard("csrf_token")
        return sorted(names)

    def act_form(self, game_id: str, person: Browser, kind: str, given) -> MultiDict | None:
        """The form of an action at the game's current seq: `given` ("junk"), or a legal next
        action drawn with the seed `given` ("legal"). None for an unknown game."""
        with self.app.app_context():
            from referee.web.db import get_db
            from referee.web.render import replayers

            game = get_game(get_db(), game_id)
            if game is None:
                return None
            snapshot = replayers().snapshot(get_db(), game)
        rng = random.Random(given if kind == "legal" else 0)
        if kind == "junk":
            action = given
        elif game.game == "railbaron":
            action = random_action(snapshot.rules, snapshot.state, rng)
        else:
            action = rng.choice([{"type": "add", "player": rng.choice(["p1", "p2"]),
                                  "n": rng.randint(1, 10)}, {"type": "undo"},
                                 {"type": "pay", "player": "p1", "amount": rng.randint(1, 9)}])
        return MultiDict({"json": json.dumps(action), "seq": str(snapshot.seq),
                          "csrf_token": person.token()})

    def secrets(self) -> dict[str, set[str]]:
        """The banker secrets and the seat secrets stored now."""
        db = open_database(self.app.config["DATABASE"])
        try:
            return {
                "banker": {r[0] for r in db.execute("select banker_secret from games")},
                "seat": {r[0] for r in db.execute("select secret from seats") if r[0]},
            }
        finally:
            db.close()


@pytest.fixture
def fuzz_table(app) -> Table:
    table = Table(app)
    yield table
    table.watch.close()


def value_strategy(table: Table) -> st.SearchStrategy[str]:
    known = ["p1", "p2", "p9", "us", "gb", "railbaron", "counter", "#d62828", "phone",
             "banker", "table", "history", "add", "pay", "reset", "undo", "roll_region",
             "0", "1", "-1", "30", "10,500", "99999999999999", "1e9", "", " ",
             '{"type": "add", "player": "p1", "n": 1}', '{"type": "undo"}', "[" * 50, "null",
             '{"type": "roll_region", "player": "p1", "dice": [1, 2, 3]}',
             "<script>alert(1)</script>", "\x00", "../../etc/passwd",
             table.railbaron, table.counter]
    return st.one_of(st.sampled_from(known), printable(), st.integers(-10**15, 10**15).map(str))


def path_value(table: Table, rule: Rule, name: str) -> st.SearchStrategy:
    if isinstance(rule._converters.get(name), IntegerConverter):
        # an int part of a path matches digits only: anything else never reaches the view
        return st.one_of(st.sampled_from([0, 1, 2, 10**12]), st.integers(0, 10**15))
    known = {
        "game_id": [table.railbaron, table.counter, "nosuchgame"],
        "player_id": ["p1", "p2", "p4", "banker"],
        "key": ["us", "gb", "_template", "nosuch"],
        "filename": list(STATIC_FILES),
    }.get(name, [])
    text = st.text(string.ascii_letters + string.digits + "-_.<>'\"%é", min_size=1,
                   max_size=20)
    return st.one_of(st.sampled_from(known), text) if known else text


@st.composite
def requests_for(draw, table: Table, rule: Rule, method: str):
    values = {name: draw(path_value(table, rule, name)) for name in rule.arguments}
    adapter = table.app.url_map.bind("localhost")
    path = adapter.build(rule.endpoint, values, method=method, force_external=False)
    query = draw(st.lists(st.tuples(st.sampled_from(table.field_names + ["seq", "k", "x"]),
                                    value_strategy(table)), max_size=4))
    who = draw(st.sampled_from(sorted(table.people)))
    headers = {"HX-Request": "true"} if draw(st.booleans()) else {}
    form = None
    if rule.endpoint == "play.act" and draw(st.integers(0, 1)) == 0:
        # from the banker or the game's own phone, at the game's seq, to reach the rules:
        # a legal action (the game moves on, its pages show new states), or an action of a
        # real type with fields of the wrong kinds
        game_id = draw(st.sampled_from([table.railbaron, table.counter]))
        who = draw(st.sampled_from(["banker", f"phone-{game_id}"]))
        path = adapter.build(rule.endpoint, {"game_id": game_id}, method=method)
        if not draw(st.booleans()):  # the simplest example is a legal action: the games move
            return who, method, path, query, headers, ("legal", draw(st.integers(0, 2**32)))
        pick = draw(st.randoms(use_true_random=False))  # every type as often as the others
        action = {"type": pick.choice(ACTION_TYPES)}
        if pick.random() < 0.5:
            action["player"] = "p1"
        for name in pick.sample(ACTION_FIELDS, pick.randint(0, 5)):
            action[name] = draw(json_values)
        return who, method, path, query, headers, ("junk", action)
    if rule.endpoint == "lobby.import_record" and draw(st.booleans()):
        # a record body generated whole, uploaded as the lobby's form sends it
        form = MultiDict({"csrf_token": table.people[who].token()})
        form["record"] = (io.BytesIO(draw(record_bodies())), "g.json")
        return who, method, path, query, headers, form
    if method == "POST":
        fields = draw(st.lists(st.tuples(st.sampled_from(table.field_names),
                                         value_strategy(table)), max_size=8))
        form = MultiDict(fields)
        token = draw(st.sampled_from(["good", "good", "good", "missing", "wrong", "header"]))
        person = table.people[who]
        if token == "good":
            form["csrf_token"] = person.token()
        elif token == "wrong":
            form["csrf_token"] = draw(printable(70))
        elif token == "header":
            headers["X-CSRF-Token"] = person.token()
        if draw(st.integers(0, 5)) == 0:  # a file upload, of anything
            body = draw(st.one_of(st.binary(max_size=200), record_bodies(), st.sampled_from([
                b'{"format": "referee.game/1", "game": "counter", "map": "", '
                b'"players": [{"id": "a"}, {"id": "b"}], "actions": [{"type": "reset"}]}',
                b"\xff\xfe", b"{}", b"[]"])))
            name = draw(st.sampled_from(["record", "file", "tables", "upload"]))
            form[name] = (io.BytesIO(body), draw(st.sampled_from(["g.json", "m.zip", ""])))
    return who, method, path, query, headers, form


def routes(app) -> list[tuple[Rule, str]]:
    out = []
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.append((rule, method))
    return out


def check_invariants(table: Table) -> None:
    """Each stored game replays from its log to the state the app holds, money conserved."""
    cache = table.app.extensions["referee.replayers"]
    db = open_database(table.app.config["DATABASE"])
    try:
        with table.app.app_context():
            for (gid,) in db.execute("select id from games").fetchall():
                game = get_game(db, gid)
                log = [json.loads(r[0]) for r in db.execute(
                    "select action from actions where game_id = ? order by seq", [gid])]
                rules = registry.rules_for(game.record(), cache.resolve_map)
                replayed = Replayer(rules, log)
                held = cache._replayers.get(gid)
                if held is not None:
                    assert held.seq <= len(log), "the cache ran ahead of the database"
                    if held.seq == len(log):
                        assert held.state == replayed.state
                balances = replayed.state.ledger.balances
                assert sum(balances.values()) == 0, "money is conserved"
                assert {k: v for k, v in fold(replayed.transfers()).items() if v} == \
                    {k: v for k, v in balances.items() if v}
    finally:
        db.close()


def fuzz_route(table: Table, rule: Rule, method: str) -> int:
    """Fuzz one route in seeded batches until its time is up; return how many requests."""
    secrets: dict[str, set[str]] = {}
    done = 0

    @settings(max_examples=BATCH, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(request=requests_for(table, rule, method))
    def check(request):
        nonlocal done
        done += 1
        who, method, path, query, headers, form = request
        person = table.people[who]
        if isinstance(form, tuple):  # filled in now: it needs the game's current seq
            form = table.act_form(path.split("/")[2], person, *form)
        before = table.data_version()
        kwargs = {"query_string": query, "headers": headers}
        if form is not None:
            kwargs["data"] = form
        response = person.client.open(path, method=method, **kwargs)
        status = response.status_code
        assert status < 500, f"{method} {path} {query} {form} -> {status}"
        changed = table.data_version() != before
        if method == "GET" or status >= 400:
            assert not changed, f"{method} {path} {form} -> {status} changed the database"
        if changed or not secrets:
            secrets.update(table.secrets())
        body = response.get_data()
        for seat_secret in secrets["seat"]:
            assert seat_secret.encode() not in body, f"{method} {path} shows a seat secret"
        if who != "banker":
            for banker_secret in secrets["banker"]:
                assert banker_secret.encode() not in body, f"{method} {path} shows a banker secret"
        response.close()

    start, batch = time.perf_counter(), 0
    more = MORE_TIME.get(rule.endpoint, 1)
    budget = ROUTE_SECONDS * more
    while batch < LEAST_BATCHES.get(rule.endpoint, 1) or (
            done < MOST * more and time.perf_counter() - start < budget):
        seed(batch)(check)()
        batch += 1
    return done


def test_every_route_survives_random_and_malformed_requests(fuzz_table):
    table = fuzz_table
    version = table.data_version()  # the watch sees a commit (else the checks below are void)
    assert table.banker.act(table.counter, type="reset").status_code == 303
    assert table.data_version() != version
    tried = {f"{method} {rule.rule}": fuzz_route(table, rule, method)
             for rule, method in routes(table.app)}
    moved = table.watch.execute("select count(*) from actions where game_id = ?",
                                [table.railbaron]).fetchone()[0]
    assert moved > 30, "no legal action reached the Rail Baron game: the fuzz stayed outside"
    assert {"POST /g/<game_id>/act", "GET /g/<game_id>/me", "POST /new"} <= set(tried)
    assert min(tried.values()) >= BATCH, tried
    check_invariants(table)


MALFORMED = [None, "x", -1, 10**8, True, [], [7, 7, 7], ["a", "b"], {}, {"city": 5}]


@pytest.mark.parametrize("at", [0, 30])
def test_every_rail_baron_action_with_fields_of_the_wrong_kind_is_refused_cleanly(app, at):
    """Each action type the rules know, at the game's own seq, as the banker (who may post
    anything), with every field of one wrong kind: a 303 or a 4xx, never a 500, and nothing
    stored unless accepted."""
    record, actions = long_game(at, seed=2)
    banker = Browser(app)
    upload = {"record": (io.BytesIO(json.dumps({**record, "actions": actions}).encode()),
                         "rb.json")}
    game_id = banker.post("/import", upload,
                          content_type="multipart/form-data").headers["Location"].split("/")[2]
    seq = at
    for kind in sorted(HANDLERS):
        for value in MALFORMED:
            action = {"type": kind, **{name: value for name in ACTION_FIELDS}}
            if value is None:
                action = {"type": kind}
            response = banker.post(f"/g/{game_id}/act",
                                   {"json": json.dumps(action), "seq": str(seq),
                                    "page": "history"}, htmx=True)
            assert response.status_code in (200, 409, 422), (kind, value, response.status_code)
            if response.status_code == 200:
                seq += 1
            assert banker.seq(game_id) == seq
