"""The Rail Baron turn on the phones and the banker console, step by step, through the forms the
pages render: tap the dice, record, arrive, buy, pay the fees, bid, declare, rover.

Played on the tiny fixture map (tests/fixtures/maps/tiny): North (Alpha, Bravo) and South
(Charlie, Delta, Echo); AA $10,000 (Alpha, Charlie, Delta), BB $8,000 (Bravo, Echo, Delta), CC
Public (Alpha, Bravo). Region table: odd 2–7 and even 7–12 are North. City table: North odd 2–7
Alpha; South odd 6–9 Delta, even 2–4 Echo, even 5–8 Charlie.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest
from werkzeug.datastructures import MultiDict

from tests.web.conftest import Browser

TINY = Path(__file__).resolve().parent.parent / "fixtures" / "maps" / "tiny"


# -- reading the rendered pages like a browser would ------------------------------------------


@dataclass
class Form:
    attrs: dict
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str | None, str, str]] = field(default_factory=list)  # name, value, text
    selects: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # name: (value, text)


class Page(HTMLParser):
    """The forms and links of a page, as a browser sees them; a button that asks for a page
    (`hx-get`, its own or its form's: a die face, a railroad chip) counts as a link to it too."""

    def __init__(self, html: str):
        super().__init__()
        self.forms: list[Form] = []
        self.links: list[tuple[dict, str]] = []
        self.taps: list[tuple[Form, dict]] = []  # every button of a form, with its attributes
        self._form: Form | None = None
        self._button: list | None = None
        self._select: str | None = None
        self._option: list | None = None
        self._link: list | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "form":
            self._form = Form(a)
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self._form.fields.append((a["name"], a.get("value", "")))
        elif tag == "button" and self._form is not None:
            self._button = [a.get("name"), a.get("value", ""), ""]
            self.taps.append((self._form, a))
            if a.get("hx-get"):
                self._link = [a | {"href": a["hx-get"]}, ""]
            elif self._form.attrs.get("hx-get"):  # a tap of a form of taps: its fields, its own
                mine = [(a["name"], a.get("value", ""))] if a.get("name") else []
                self._link = [a | {"href": self._form.attrs["hx-get"] + "?"
                                   + urlencode(self._form.fields + mine)}, ""]
        elif tag == "select" and self._form is not None:
            self._select = a["name"]
            self._form.selects[self._select] = []
        elif tag == "option" and self._select is not None:
            self._option = [a.get("value"), ""]
        elif tag == "a":
            self._link = [a, ""]

    def handle_data(self, data):
        for open_ in (self._button, self._option, self._link):
            if open_ is not None:
                open_[-1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "button" and self._button is not None and self._form is not None:
            name, value, text = self._button
            self._form.buttons.append((name, value, " ".join(text.split())))
            self._button = None
            if self._link is not None:
                self.links.append((self._link[0], " ".join(self._link[1].split())))
                self._link = None
        elif tag == "option" and self._option is not None and self._select is not None:
            value, text = self._option
            text = " ".join(text.split())
            self._form.selects[self._select].append((text if value is None else value, text))
            self._option = None
        elif tag == "select":
            self._select = None
        elif tag == "a" and self._link is not None:
            self.links.append((self._link[0], " ".join(self._link[1].split())))
            self._link = None

    def buttons(self) -> list[str]:
        return [text for f in self.forms for _n, _v, text in f.buttons]

    def find(self, button: str) -> tuple[Form, tuple]:
        found = [(f, b) for f in self.forms for b in f.buttons if button == b[2]]
        found = found or [(f, b) for f in self.forms for b in f.buttons if button in b[2]]
        assert len(found) == 1, f"{len(found)} buttons read {button!r}: {self.buttons()}"
        return found[0]


def press(browser: Browser, html: str, button: str, choose: dict | None = None,
          fill: dict | None = None):
    """Submit the form holding `button` as a browser would: its fields, the chosen options."""
    form, (name, value, _text) = Page(html).find(button)
    data = MultiDict()
    fill = dict(fill or {})
    for key, val in form.fields:
        data.add(key, fill.pop(key, val))
    for key, options in form.selects.items():
        wanted = (choose or {}).get(key)
        if wanted is None:
            continue
        values = [v for v, text in options if text == wanted]
        assert values, f"{wanted!r} is not among {[t for _v, t in options]}"
        data.add(key, values[0])
    for key, val in fill.items():
        data.add(key, val)
    if name:
        data.add(name, value)
    return browser.client.post(form.attrs["action"], data=data)


def tap(browser: Browser, html: str, **data: str) -> str:
    """Tap the button carrying these data-* attributes (a die face, a railroad chip) as a
    browser without scripts does: its form's fields (the page's seq among them), its own
    name and value."""
    taps = [(form, a) for form, a in Page(html).taps
            if all(a.get(f"data-{k}") == v for k, v in data.items())]
    assert len(taps) == 1, f"{len(taps)} taps with {data}"
    form, button = taps[0]
    fields = form.fields + ([(button["name"], button.get("value", ""))] if button.get("name")
                            else [])
    response = browser.get(form.attrs["action"] + "?" + urlencode(fields))
    assert response.status_code == 200
    return response.text


def cash_shown(html: str, pid: str) -> list[str]:
    """Every cash figure a page shows for player `pid` (his own line and the others' list)."""
    found = re.findall(rf'data-cash-of="{pid}">(.*?)</(?:span|p)>', html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", f)).split()) for f in found]


def auction_box(html: str) -> str:
    """The text of the running auction's box (its last line, the limit, is a part of its own)."""
    box = html[html.index('class="rb-auction"'):]
    return live(box[:box.index("<!--/part:auction-limit-->")])


def live(html: str) -> str:
    """The text of the live part of a page, tags dropped."""
    part = html[html.index('class="live"'):] if 'class="live"' in html else html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", part)).split())


# -- a table of two on the tiny map -------------------------------------------------------------


class Table:
    def __init__(self, banker: Browser, ann: Browser, bob: Browser, game_id: str):
        self.banker, self.ann, self.bob, self.game_id = banker, ann, bob, game_id

    def page(self, who: Browser) -> str:
        url = "banker" if who is self.banker else "me"
        response = who.get(f"/g/{self.game_id}/{url}")
        assert response.status_code == 200
        return response.text

    seated = False  # the banker holds Ann's seat: Bob acts from his own phone

    def do(self, **action) -> None:
        """An action recorded as raw JSON (to reach a position fast): by the banker, or by Bob's
        phone when the banker plays (he may not act for a seat whose cash he may not know)."""
        who = self.bob if self.seated and action.get("player") == "p2" else self.banker
        response = who.act(self.game_id, json=json.dumps(action))
        if response.status_code == 202:  # a banker who plays corrected a secret cash
            response = self.confirm(action["player"])
        assert response.status_code == 303, live(response.text)

    def confirm(self, seat: str, answer: str = "Confirm the correction") -> object:
        """The owner's phone answers the banker's correction of its secret cash."""
        phone = {"p1": self.ann, "p2": self.bob}[seat]
        return press(phone, self.page(phone), answer)

    def count(self) -> int:
        return int(self.banker.get(f"/g/{self.game_id}/version").text)

    def record(self) -> dict:
        return json.loads(self.banker.get(f"/g/{self.game_id}/export.json").text)

    def roll(self, who: Browser, red: int, w1: int, w2: int) -> str:
        """Tap a three-dice roll on a page and return the page with the Record button."""
        html = self.page(who)
        for key, face in (("red", red), ("w1", w1), ("w2", w2)):
            html = tap(who, html, die=key, face=str(face))
        return html

    def opening(self) -> None:
        """Ann goes first; homes Alpha (Ann) and Charlie (Bob)."""
        self.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
        for pid, dice in (("p1", [1, 1, 2]), ("p1", [1, 1, 2]), ("p2", [2, 3, 3]),
                          ("p2", [2, 3, 3])):
            self.do(type="roll_region" if self.count() % 2 else "roll_city",
                    player=pid, dice=dice)

    def ann_to_delta(self) -> None:
        """Ann's first destination: South (odd 8), then Delta (odd 7)."""
        self.do(type="roll_region", player="p1", dice=[1, 4, 4])
        self.do(type="roll_city", player="p1", dice=[1, 3, 4])


@pytest.fixture
def tiny_app(app):
    shutil.copytree(TINY, Path(app.instance_path) / "maps" / "tiny")
    return app


def make_table(browser, **fields) -> Table:
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="tiny", **fields)
    link = banker.join_link(game_id)
    assert ann.join(link, "p1").status_code == 303
    assert bob.join(link, "p2").status_code == 303
    return Table(banker, ann, bob, game_id)


@pytest.fixture
def rb(tiny_app, browser) -> Table:
    return make_table(browser, edition="modern")


# -- setup ----------------------------------------------------------------------------------------


def test_the_banker_rolls_for_the_first_player_for_everyone(rb):
    assert "Roll for everyone" not in rb.page(rb.ann)
    assert "Rolling for the first player" in live(rb.page(rb.ann))
    for _attempt in range(20):  # a tie rolls again among the tied
        html = rb.page(rb.banker)
        if "Roll for everyone" not in html:
            break
        assert press(rb.banker, html, "Roll for everyone").status_code == 303
    actions = rb.record()["actions"]
    assert actions and all(a["type"] == "roll_for_first_player" for a in actions)
    assert all(len(d) == 3 and all(1 <= x <= 6 for x in d)
               for a in actions for d in a["rolls"].values())
    assert "rolling for the region of the home city" in live(rb.page(rb.bob))


def test_the_home_city_is_looked_up_by_tapping_the_dice(rb):
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    bob_sees = live(rb.page(rb.bob))
    assert "Ann is rolling for the region of the home city" in bob_sees
    assert "Roll for me" not in rb.page(rb.bob)
    html = rb.roll(rb.ann, 1, 1, 2)
    assert "Odd 3: North" in live(html)
    form, _button = Page(html).find("Record red 1, 1, 2")
    answer = rb.ann.client.post(form.attrs["action"], data=MultiDict(form.fields),
                                headers={"HX-Request": "true"})
    assert answer.status_code == 200  # the fragment, with fresh dice for the city roll
    assert "for the city of North" in live(answer.text)
    assert 'aria-pressed="true"' not in answer.text
    assert rb.record()["actions"][-1] == {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]}
    html = rb.roll(rb.ann, 1, 1, 2)
    assert "Odd 3: Alpha" in live(html)
    assert press(rb.ann, html, "Record").status_code == 303
    assert "Alpha" in live(rb.page(rb.ann))
    assert "Bob is rolling for the region of the home city" in live(rb.page(rb.ann))


def test_a_phone_cannot_act_for_another_seat(rb):
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    html = rb.roll(rb.ann, 1, 1, 2)
    form, _button = Page(html).find("Record")
    data = MultiDict(form.fields)
    data["csrf_token"] = rb.bob.token()
    response = rb.bob.client.post(form.attrs["action"], data=data)
    assert response.status_code == 403
    assert "acts for Bob, not for Ann" in response.text
    assert len(rb.record()["actions"]) == 1


def test_a_phone_acting_out_of_turn_is_refused_with_whose_turn_it_is(rb):
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    response = rb.bob.act(rb.game_id, type="roll_region", player="p2", **{"dice:int": "1"})
    assert response.status_code == 403
    assert "It is not Bob&#39;s turn: Ann is to act." in response.text
    assert len(rb.record()["actions"]) == 1


def test_roll_for_me_has_the_server_roll_as_the_action_arrives(rb):
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    html = rb.page(rb.ann)
    form, _button = Page(html).find("Roll for me")
    assert [(k, v) for k, v in form.fields if "dice" in k] == [("dice:roll", "3")]  # no peeking
    assert press(rb.ann, html, "Roll for me").status_code == 303
    action = rb.record()["actions"][-1]
    assert action["type"] == "roll_region" and action["player"] == "p1"
    assert len(action["dice"]) == 3 and all(1 <= d <= 6 for d in action["dice"])


def test_the_dice_of_a_stale_page_are_forgotten(rb):
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    stale = rb.roll(rb.ann, 1, 1, 2)
    rb.do(type="roll_region", player="p1", dice=[1, 1, 2])
    assert "Record" not in Page(tap(rb.ann, stale, die="red", face="2")).buttons()


# -- a turn ---------------------------------------------------------------------------------------


def test_the_same_region_lets_the_player_choose_any_region(rb):
    rb.opening()
    html = rb.roll(rb.ann, 1, 1, 2)  # odd 3: North, where Ann's train stands (Alpha)
    assert press(rb.ann, html, "Record").status_code == 303
    html = rb.page(rb.ann)
    assert {"North", "South"} <= set(Page(html).buttons())
    assert "choose any region" in live(html)
    assert "North" not in Page(rb.page(rb.bob)).buttons()
    assert press(rb.ann, html, "South").status_code == 303
    assert "for the city of South" in live(rb.page(rb.ann))


def test_the_destination_shows_its_payoff_and_the_first_trip_offers_a_home_swap(rb):
    rb.opening()
    rb.ann_to_delta()
    html = rb.page(rb.ann)
    text = live(html)
    assert "Delta" in text and "pays $14,000 from Alpha" in text
    assert "Freight: roll the two white dice; double sixes give the red bonus die" in text
    assert "Swap home and destination" in Page(html).buttons()
    assert press(rb.ann, html, "Swap home and destination").status_code == 303
    assert "Home Delta Train at Delta Destination Alpha" in live(rb.page(rb.ann))
    assert rb.record()["actions"][-1] == {"type": "home_swap", "player": "p1"}
    assert "Swap home" not in rb.page(rb.ann)


def test_arrival_pays_the_chart_and_the_purchase_offers_only_legal_affordable_choices(rb):
    rb.opening()
    rb.ann_to_delta()
    html = rb.page(rb.ann)
    for key, face in (("w1", 2), ("w2", 3)):
        html = tap(rb.ann, html, die=key, face=str(face))
    assert press(rb.ann, html, "Record 2, 3").status_code == 303
    html = rb.page(rb.ann)
    assert "Move 5 mileposts (white 2+3)" in live(html)
    assert "Arrived at Delta" not in Page(html).buttons()  # no railroad tapped yet
    html = tap(rb.ann, html, rr="AA")
    assert 'aria-pressed="true"' in html
    assert press(rb.ann, html, "Arrived at Delta").status_code == 303
    assert rb.record()["actions"][-1] == {"type": "arrive", "player": "p1", "ridden": ["AA"]}
    html = rb.page(rb.ann)
    assert "$34,000" in live(html)
    buttons = Page(html).buttons()
    assert any("AA" in b and "$10,000" in b for b in buttons)
    assert any("BB" in b and "$8,000" in b for b in buttons)
    assert not any("CC" in b for b in buttons)  # Public: never for sale
    assert "Upgrade to Express · $4,000" in buttons
    assert "Upgrade to SuperChief · $40,000" not in buttons  # more than Ann's cash
    assert press(rb.ann, html, "Alpha Air Line").status_code == 303
    html = rb.page(rb.ann)
    assert "No use fees this turn. No fee for AA : your own." in live(html)
    assert press(rb.ann, html, "End the turn").status_code == 303
    assert "Bob is rolling for the region of the destination" in live(rb.page(rb.ann))


def bob_established_on_the_aa(rb) -> str:
    """Ann buys the AA while Bob's train stands on it at Charlie: Bob is established on the AA
    at the bank's $1,000; then Bob rolls to go to Alpha. Bob's page, with AA and CC tapped."""
    rb.opening()
    rb.ann_to_delta()
    for action in ({"type": "roll_move", "player": "p1", "white": [2, 3]},
                   {"type": "arrive", "player": "p1", "ridden": ["AA"]},
                   {"type": "buy", "player": "p1", "railroad": "AA"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},  # North
                   {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Alpha
                   {"type": "roll_move", "player": "p2", "white": [1, 2]}):
        rb.do(**action)
    html = tap(rb.bob, rb.page(rb.bob), rr="AA")
    assert "ride first" not in live(html)  # one railroad: the order changes nothing
    return tap(rb.bob, html, rr="CC")


def test_the_fee_summary_says_who_gets_what_and_why(rb):
    html = bob_established_on_the_aa(rb)
    groups = re.findall(r'data-owner="([^"]+)"', html)
    assert groups[0] == "here" and groups[-1] == "more"  # serving where he left, first
    assert 'class="rb-more" open' in html  # the rest behind one tap, open: CC is tapped there
    assert press(rb.bob, html, "Arrived at Alpha").status_code == 303
    assert press(rb.bob, rb.page(rb.bob), "Buy nothing").status_code == 303
    html = rb.page(rb.bob)
    text = live(html)
    # Bob's train stood at Charlie, on the AA, when Ann bought it: established at the bank's fee
    assert "Ann $1,000 for Ann's railroad AA · established: $1,000 instead of $5,000" in text
    assert "The bank $1,000 for the bank's railroads CC" in text
    assert "Total $2,000 ; cash $32,000 , after: $30,000." in text
    assert press(rb.bob, html, "Pay $2,000 and end the turn").status_code == 303
    console = rb.page(rb.banker)
    assert cash_shown(console, "p1") == ["$25,000"]  # 20,000 + 14,000 − 10,000 + 1,000
    assert cash_shown(console, "p2") == ["$30,000"]  # 20,000 + 12,000 − 2,000
    assert cash_shown(rb.page(rb.bob), "p1") == ["under $150,000"]


def order_choices(html: str) -> dict[str, str]:
    """The order choices of a page: data-order -> aria-pressed."""
    return {a["data-order"]: a["aria-pressed"] for a, _t in Page(html).links
            if "data-order" in a}


def test_the_order_ridden_is_asked_where_it_changes_a_fee_and_the_default_is_first(rb):
    html = bob_established_on_the_aa(rb)
    text = live(html)
    assert "Which did you ride first? You are established on the AA at $1,000" in text
    assert "AA first AA at $1,000 CC first AA at the full fee" in text
    assert order_choices(html) == {"AA-first": "true", "AA-late": "false"}
    milepost = dict(Page(html).find("Stop at a milepost")[0].fields)["json"]
    assert json.loads(milepost)["order"] == ["AA", "CC"]  # every report carries the order
    console = tap(rb.banker, tap(rb.banker, rb.page(rb.banker), rr="AA"), rr="CC")
    assert "Which did Bob ride first? Bob is established on the AA" in live(console)
    assert press(rb.bob, html, "Arrived at Alpha").status_code == 303
    assert rb.record()["actions"][-1] == {"type": "arrive", "player": "p2",
                                          "ridden": ["AA", "CC"], "order": ["AA", "CC"]}
    assert press(rb.bob, rb.page(rb.bob), "Buy nothing").status_code == 303
    assert "Ann $1,000 for Ann's railroad AA · established: $1,000 instead of $5,000" in live(
        rb.page(rb.bob))


def test_an_established_railroad_ridden_after_another_pays_the_full_fee(rb):
    html = bob_established_on_the_aa(rb)
    html = tap(rb.bob, html, order="AA-late")
    assert order_choices(html) == {"AA-first": "false", "AA-late": "true"}
    assert press(rb.bob, html, "Arrived at Alpha").status_code == 303
    assert rb.record()["actions"][-1]["order"] == ["CC", "AA"]
    assert press(rb.bob, rb.page(rb.bob), "Buy nothing").status_code == 303
    text = live(rb.page(rb.bob))
    assert "Ann $5,000 for Ann's railroad AA The bank" in text and "instead of" not in text
    assert "Total $6,000" in text


def test_classic_the_order_is_asked_as_in_the_modern_rules_for_one_established_railroad(
        tiny_app, browser):
    rb = make_table(browser, edition="classic")
    html = bob_established_on_the_aa(rb)
    assert "AA first AA at $1,000 CC first AA at the full fee" in live(html)
    assert order_choices(html) == {"AA-first": "true", "AA-late": "false"}
    html = tap(rb.bob, html, order="AA-late")
    assert press(rb.bob, html, "Arrived at Alpha").status_code == 303
    assert rb.record()["actions"][-1]["order"] == ["CC", "AA"]


def test_classic_only_the_railroad_ridden_first_keeps_its_established_fee(tiny_app, browser):
    """Classic establishment: Bob stands at Delta when Ann buys the BB and sells the bank out:
    established on the AA and the BB, he rides both; riding one ends it on the other."""
    rb = make_table(browser, edition="classic")
    rb.opening()
    rb.ann_to_delta()
    for action in ({"type": "roll_move", "player": "p1", "white": [2, 3]},
                   {"type": "arrive", "player": "p1", "ridden": ["AA"]},
                   {"type": "buy", "player": "p1", "railroad": "AA"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 4, 4]},  # South: his own
                   {"type": "choose_region", "player": "p2", "region": "South"},
                   {"type": "roll_city", "player": "p2", "dice": [1, 3, 4]},  # Delta
                   {"type": "roll_move", "player": "p2", "white": [1, 2]},
                   {"type": "arrive", "player": "p2", "ridden": ["AA"]},
                   {"type": "skip_purchase", "player": "p2"},
                   {"type": "end_turn", "player": "p2"},
                   {"type": "roll_region", "player": "p1", "dice": [1, 4, 4]},
                   {"type": "choose_region", "player": "p1", "region": "South"},
                   {"type": "roll_city", "player": "p1", "dice": [2, 1, 1]},  # Echo
                   {"type": "roll_move", "player": "p1", "white": [1, 1]},
                   {"type": "arrive", "player": "p1", "ridden": ["BB"]},
                   {"type": "buy", "player": "p1", "railroad": "BB"},  # the bank sells out
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},  # North
                   {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Alpha
                   {"type": "roll_move", "player": "p2", "white": [1, 2]}):
        rb.do(**action)
    html = tap(rb.bob, tap(rb.bob, rb.page(rb.bob), rr="AA"), rr="BB")
    text = live(html)
    assert "AA first AA at $1,000 BB first AA at the full fee" in text
    assert "BB first BB at $1,000 AA first BB at the full fee" in text
    assert order_choices(html) == {"AA-first": "true", "AA-late": "false",
                                   "BB-first": "false", "BB-late": "true"}
    html = tap(rb.bob, html, order="BB-first")
    assert order_choices(html) == {"AA-first": "false", "AA-late": "true",
                                   "BB-first": "true", "BB-late": "false"}
    html = tap(rb.bob, html, order="BB-late")  # neither first cannot be: the AA was
    assert order_choices(html) == {"AA-first": "true", "AA-late": "false",
                                   "BB-first": "false", "BB-late": "true"}
    html = tap(rb.bob, html, order="BB-first")
    form, _button = Page(html).find("Arrived at Alpha")
    data = MultiDict(form.fields)
    data["json"] = json.dumps({**json.loads(data["json"]), "payoff": "many"})  # refused
    answer = rb.bob.client.post(form.attrs["action"], data=data)
    assert answer.status_code == 422
    assert order_choices(answer.text) == {"AA-first": "false", "AA-late": "true",
                                          "BB-first": "true", "BB-late": "false"}
    assert press(rb.bob, html, "Arrived at Alpha").status_code == 303
    assert rb.record()["actions"][-1]["order"] == ["BB", "AA"]


def test_a_refused_report_keeps_the_order_chosen(rb):
    html = bob_established_on_the_aa(rb)
    html = tap(rb.bob, html, order="AA-late")
    form, _button = Page(html).find("Arrived at Alpha")
    data = MultiDict(form.fields)
    data["seq"] = str(int(data["seq"]))
    report = json.loads(data["json"])
    data["json"] = json.dumps({**report, "payoff": "many"})  # refused: not a whole number
    answer = rb.bob.client.post(form.attrs["action"], data=data)
    assert answer.status_code == 422
    assert order_choices(answer.text) == {"AA-first": "false", "AA-late": "true"}


def test_a_stop_is_reported_in_a_city_or_at_a_milepost(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[1, 2])
    html = tap(rb.ann, rb.page(rb.ann), rr="CC")
    cities = Page(html).find("Stop in this city")[0].selects["json"]
    assert [t for _v, t in cities][1:] == ["Alpha", "Bravo"]  # served by the CC; not Delta
    assert press(rb.ann, html, "Stop in this city", choose={"json": "Bravo"}).status_code == 303
    assert rb.record()["actions"][-1] == {"type": "stop", "player": "p1", "ridden": ["CC"],
                                          "at": {"city": "Bravo"}}
    assert "Bravo" in live(rb.page(rb.bob))


def test_a_stop_at_a_milepost_names_its_railroads(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[1, 2])
    html = tap(rb.ann, rb.page(rb.ann), rr="CC")
    html = tap(rb.ann, html, rr="AA")
    html = tap(rb.ann, html, mp="CC")
    assert press(rb.ann, html, "Stop at a milepost").status_code == 303
    assert rb.record()["actions"][-1]["at"] == {"railroads": ["AA", "CC"]}


def test_a_milepost_may_be_served_by_a_railroad_not_ridden(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[1, 2])
    html = tap(rb.ann, rb.page(rb.ann), rr="AA")
    html = tap(rb.ann, html, mp="BB")  # where the AA crosses the BB, ridden or not
    assert press(rb.ann, html, "Stop at a milepost").status_code == 303
    assert rb.record()["actions"][-1]["at"] == {"railroads": ["AA", "BB"]}


def test_a_bonus_and_a_bounce_out_are_stated_plainly(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[6, 6])
    text = live(rb.page(rb.ann))
    assert "Bonus! After moving the white dice, roll the red bonus die" in text
    html = rb.page(rb.ann)
    assert "Stop at a milepost" not in html  # the bonus must be moved first
    html = tap(rb.ann, html, die="red", face="4")
    assert press(rb.ann, html, "Record red 4").status_code == 303
    text = live(rb.page(rb.ann))
    assert "Move 16 mileposts: white 6+6, red bonus 4." in text
    assert "Arriving within the white 12 saves the red 4 for a bounce out." in text
    html = tap(rb.ann, rb.page(rb.ann), rr="AA")
    assert press(rb.ann, html, "Arrived at Delta within the white dice").status_code == 303
    assert press(rb.ann, rb.page(rb.ann), "Buy nothing").status_code == 303
    assert "rolling for the region of the destination" in live(rb.page(rb.ann))
    rb.do(type="roll_region", player="p1", dice=[1, 1, 1])  # North
    rb.do(type="roll_city", player="p1", dice=[1, 1, 1])  # Alpha
    assert "Bounce out: move 4 with the red die towards Alpha." in live(rb.page(rb.ann))


def test_a_superchief_roll_is_stated_in_one_line_and_its_bounce_out_in_another(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[2, 3])
    rb.do(type="arrive", player="p1", ridden=["AA"])  # $14,000: Ann has $34,000
    rb.do(type="adjust_cash", player="p1", amount=10_000, reason="the SuperChief's price")
    rb.do(type="upgrade", player="p1", engine="superchief")
    rb.do(type="end_turn", player="p1")
    rb.do(type="roll_region", player="p2", dice=[1, 1, 1])  # Bob: North, Alpha
    rb.do(type="roll_city", player="p2", dice=[1, 1, 1])
    rb.do(type="roll_move", player="p2", white=[1, 2])
    rb.do(type="stop", player="p2", ridden=["CC"], at={"railroads": ["CC"]})
    rb.do(type="end_turn", player="p2")
    rb.do(type="roll_region", player="p1", dice=[1, 1, 1])  # Ann: North, Alpha
    rb.do(type="roll_city", player="p1", dice=[1, 1, 1])
    rb.do(type="roll_move", player="p1", white=[4, 5], red=2)
    allowance = re.findall(r"<p>([^<]*)</p>", rb.page(rb.ann).split('class="rb-allowance"')[1]
                           .split("</div>")[0])
    assert allowance == ["Move 11 mileposts (white 4+5, red 2).",
                         "Arriving within the white 9 saves the red 2 for a bounce out."]


@pytest.fixture
def holey(tiny_app, browser) -> Table:
    """The tiny map with two cells made unknown: region odd 12 and the Alpha–Delta payoff."""
    folder = Path(tiny_app.instance_path) / "maps" / "holey"
    shutil.copytree(TINY, folder)
    for name, old, new in (("map.toml", 'key = "tiny"', 'key = "holey"'),
                           ("payoffs.csv", "Alpha,Delta,14000", "Alpha,Delta,?"),
                           ("region_table.csv", "odd,12,S", "odd,12,?")):
        path = folder / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    banker, ann, bob = browser(), browser(), browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="holey")
    link = banker.join_link(game_id)
    ann.join(link, "p1")
    bob.join(link, "p2")
    return Table(banker, ann, bob, game_id)


def test_an_unknown_region_cell_is_read_from_the_printed_chart(holey):
    rb = holey
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    html = rb.roll(rb.ann, 1, 6, 6)
    assert "Odd 12: the chart cell is unknown: pick it from the printed chart below" in live(html)
    refused = press(rb.ann, html, "Record red 1, 6, 6")
    assert refused.status_code == 422
    assert "The region table's odd 12 cell is unknown in this chart" in live(refused.text)
    assert refused.text.count('aria-pressed="true"') == 3  # the dice tapped stay tapped
    assert press(rb.ann, refused.text, "Record red 1, 6, 6",
                 choose={"region": "South"}).status_code == 303
    assert rb.record()["actions"][-1] == {"type": "roll_region", "player": "p1",
                                          "dice": [1, 6, 6], "region": "S"}


def test_an_unknown_payoff_is_asked_for_from_the_printed_chart(holey):
    rb = holey
    rb.opening()
    rb.ann_to_delta()
    text = live(rb.page(rb.ann))
    assert "Alpha – Delta: the chart cell is unknown. Read the printed chart at arrival." in text
    rb.do(type="roll_move", player="p1", white=[2, 3])
    html = tap(rb.ann, rb.page(rb.ann), rr="AA")
    assert "the chart cell is unknown. Type the printed value" in live(html)
    response = press(rb.ann, html, "Arrived at Delta", fill={"payoff:int": "14,500"})
    assert response.status_code == 303
    assert "$34,500" in live(rb.page(rb.ann))


def test_chart_notes_are_shown_beside_the_payoff(rb):
    rb.opening()
    rb.ann_to_delta()
    rb.do(type="roll_move", player="p1", white=[1, 2])
    rb.do(type="stop", player="p1", ridden=["AA"])
    rb.do(type="end_turn", player="p1")
    rb.do(type="roll_region", player="p2", dice=[2, 1, 1])  # even 2: South, where Bob is
    rb.do(type="choose_region", player="p2", region="S")
    rb.do(type="roll_city", player="p2", dice=[2, 1, 1])  # even 2: Echo
    text = live(rb.page(rb.bob))
    assert "pays $6,000 from Charlie" in text
    assert "Note: Test note: a chart remark shown beside this payoff." in text


# -- the end of a turn: shortfall, auctions -----------------------------------------------


def test_an_auction_runs_on_every_phone(tiny_app, browser):
    rb = make_table(browser, edition="modern", variant="starting_auction")
    rb.do(type="roll_for_first_player", rolls={"p1": [6, 6, 6], "p2": [1, 1, 1]})
    for pid in ("p1", "p1", "p2", "p2"):
        kind = "roll_region" if len(rb.record()["actions"]) % 2 else "roll_city"
        rb.do(type=kind, player=pid, dice=[1, 1, 2] if pid == "p1" else [2, 3, 3])
    html = rb.page(rb.banker)
    assert "Draw for me" in Page(html).buttons()
    assert "Draw for me" not in rb.page(rb.ann)
    form, _b = Page(html).find("Draw for me")
    offered = sorted(value for name, value in form.fields if name == "railroad:draw")
    assert offered == ["AA", "BB"]  # the page offers the deeds; the server draws on arrival
    assert press(rb.banker, html, "Draw for me").status_code == 303
    drawn = rb.record()["actions"][-1]["railroad"]
    assert drawn in ("AA", "BB")
    price = {"AA": 10_000, "BB": 8_000}[drawn]
    ann, bob = auction_box(rb.page(rb.ann)), auction_box(rb.page(rb.bob))
    for text in (ann, bob):
        assert f"Minimum next bid: ${price // 2:,}" in text
        assert "Current bid: none yet" in text
    assert "Your bid." in ann and "Ann to bid." in bob
    assert "Your limit (your cash): $40,000" in ann  # $20,000 + the Starting Auction's $20,000
    assert "limit" not in bob and "$40,000" not in bob
    assert not any("Bid" in b for b in Page(rb.page(rb.bob)).buttons())
    html = rb.page(rb.ann)
    low = press(rb.ann, html, "Bid", fill={"amount:int": "100"})
    assert low.status_code == 422
    assert f"under the minimum ${price // 2:,}" in live(low.text)
    too_much = press(rb.ann, html, "Bid", fill={"amount:int": "50000"})
    assert too_much.status_code == 422 and "cannot bid $50,000" in live(too_much.text)
    assert press(rb.ann, rb.page(rb.ann), f"Bid ${price // 2 + 500:,}").status_code == 303
    bob = auction_box(rb.page(rb.bob))
    assert f"Current bid: ${price // 2 + 500:,} by Ann" in bob and "Your bid." in bob
    assert "Your limit (your cash): $40,000" in bob
    assert press(rb.bob, rb.page(rb.bob), f"Bid ${price // 2 + 1_000:,}").status_code == 303
    assert press(rb.ann, rb.page(rb.ann), "Pass").status_code == 303
    assert f"Bob buys the {drawn} for ${price // 2 + 1_000:,}" in live(rb.page(rb.ann))


def test_a_shortfall_offers_sell_back_and_auction(rb):
    rb.opening()
    rb.ann_to_delta()
    for action in ({"type": "roll_move", "player": "p1", "white": [2, 3]},
                   {"type": "arrive", "player": "p1", "ridden": ["AA"]},
                   {"type": "buy", "player": "p1", "railroad": "AA"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},  # North
                   {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Alpha
                   {"type": "roll_move", "player": "p2", "white": [1, 2]},
                   {"type": "arrive", "player": "p2", "ridden": ["AA"]},
                   {"type": "buy", "player": "p2", "railroad": "BB"},
                   {"type": "end_turn", "player": "p2"},  # $23,000 left
                   {"type": "adjust_cash", "player": "p2", "amount": -22_500, "reason": "test"},
                   {"type": "roll_region", "player": "p1", "dice": [1, 1, 2]},  # North
                   {"type": "roll_city", "player": "p1", "dice": [2, 1, 1]},  # Bravo
                   {"type": "roll_move", "player": "p1", "white": [1, 2]},
                   {"type": "stop", "player": "p1", "ridden": ["CC"]},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [2, 1, 1]},  # South
                   {"type": "roll_city", "player": "p2", "dice": [2, 1, 1]},  # Echo
                   {"type": "roll_move", "player": "p2", "white": [1, 2]},
                   {"type": "stop", "player": "p2", "ridden": ["AA"]}):
        rb.do(**action)
    html = rb.page(rb.bob)
    # Bob stays established on the AA at the bank's $1,000 (his train was at Charlie when
    # Ann bought it, and he has ridden nothing else since)
    assert "Short by $500" in live(html)  # owes Ann $1,000 with $500
    assert "Total $1,000 ; cash $500 ." in live(html)  # and no cash "after" the fees
    assert "after:" not in live(html)
    assert press(rb.bob, html, "Pay $1,000 and end the turn").status_code == 303
    html = rb.page(rb.bob)
    assert "Fees owed $1,000, cash $500: raise $500 by selling back" in live(html)
    assert "Fees owed $1,000, cash $500: raise $500 by selling back" in live(
        rb.page(rb.banker))  # a banker who does not play sees the figures too
    buttons = Page(html).buttons()
    assert "Yes: sell the BB for $4,000" in buttons and "BB Auction (opening $4,000)" in buttons
    # a sale asks once: its button is folded behind the railroad and its half price
    assert re.search(r"<summary[^>]*>\s*<span[^>]*>BB</span> Sell back for \$4,000</summary>\s*"
                     r"<p class=\"rare-ask\">Sell the [^<]+ back to the bank for \$4,000\?", html)
    assert press(rb.bob, html, "BB Auction").status_code == 303
    ann = live(rb.page(rb.ann))
    assert "Bravo & Bay · sold by Bob" in ann and "Your bid." in ann


# -- declaring, rover, the end --------------------------------------------------------------------


def test_declare_rover_and_the_win_screen(rb):
    rb.opening()
    rb.ann_to_delta()
    for action in ({"type": "roll_move", "player": "p1", "white": [2, 3]},
                   {"type": "arrive", "player": "p1", "ridden": ["AA"]},  # $34,000, less $1,000
                   {"type": "skip_purchase", "player": "p1"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},  # North
                   {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},  # Alpha
                   {"type": "roll_move", "player": "p2", "white": [1, 2]},
                   {"type": "stop", "player": "p2", "ridden": ["AA"]},
                   {"type": "end_turn", "player": "p2"}):
        rb.do(**action)
    assert "Declare" not in Page(rb.page(rb.ann)).buttons()
    response = press(rb.banker, rb.page(rb.banker), "Correct the cash",
                     choose={"player": "Ann"},
                     fill={"amount:signed": "170,000", "reason": "a long night"})
    assert response.status_code == 303
    assert cash_shown(rb.page(rb.bob), "p1") == ["$203,000"]  # $150,000 or more: announced
    html = rb.page(rb.ann)
    assert "Declare" in Page(html).buttons()
    assert press(rb.ann, html, "Declare").status_code == 303
    assert "rolling for the region of the alternate destination" in live(rb.page(rb.ann))
    rb.do(type="roll_region", player="p1", dice=[1, 1, 2])  # North
    rb.do(type="roll_city", player="p1", dice=[2, 1, 1])  # Bravo: the alternate
    assert "(alternate Bravo)" in live(rb.page(rb.bob))
    assert "Alpha (home, declared): no payoff for the trip home" in live(rb.page(rb.ann))
    rb.do(type="roll_move", player="p1", white=[1, 2])
    rb.do(type="stop", player="p1", ridden=["AA"])
    rb.do(type="end_turn", player="p1")
    rb.do(type="roll_move", player="p2", white=[1, 2])
    html = rb.page(rb.bob)
    assert "Rover Ann +$50,000" in Page(html).buttons()  # the rover fee, named
    assert "Rover" not in rb.page(rb.ann)
    assert press(rb.bob, html, "Rover Ann").status_code == 303
    text = live(rb.page(rb.ann))
    assert "Bob rovers Ann: $50,000 to Bob." in text
    assert cash_shown(rb.page(rb.bob), "p1") == ["$152,000"]
    # the banker takes the rover back
    console = rb.page(rb.banker)
    assert "Last action:" in console and "Bob rovers Ann" in live(console)
    assert press(rb.banker, console, "Yes, take it back").status_code == 303
    assert "Rover Ann +$50,000" in Page(rb.page(rb.bob)).buttons()
    rb.do(type="stop", player="p2", ridden=["AA"])
    rb.do(type="end_turn", player="p2")
    rb.do(type="roll_move", player="p1", white=[1, 2])
    rb.do(type="arrive", player="p1", ridden=["AA"])  # home, Alpha
    rb.do(type="skip_purchase", player="p1")
    rb.do(type="end_turn", player="p1")
    for who in (rb.ann, rb.bob):
        html = rb.page(who)
        assert "Ann wins!" in live(html)
        assert Page(html).forms == []
        assert f"/g/{rb.game_id}/history" in html
    assert "Ann wins!" in live(rb.page(rb.banker))
    # the end is the banker's to take back, not the winning tap's phone
    refused = rb.ann.act(rb.game_id, type="take_back", player="p1", page="phone", htmx=True)
    assert refused.status_code == 403 and "The game is over" in refused.text


def test_home_that_is_also_the_alternate_pays_the_trip(rb):
    """DECLARING: no payoff for the trip home, unless home is also the alternate destination."""
    rb.opening()
    rb.ann_to_delta()
    for action in ({"type": "roll_move", "player": "p1", "white": [2, 3]},
                   {"type": "arrive", "player": "p1", "ridden": ["AA"]},  # at Delta
                   {"type": "skip_purchase", "player": "p1"},
                   {"type": "end_turn", "player": "p1"},
                   {"type": "roll_region", "player": "p2", "dice": [1, 1, 1]},
                   {"type": "roll_city", "player": "p2", "dice": [1, 1, 1]},
                   {"type": "roll_move", "player": "p2", "white": [1, 2]},
                   {"type": "stop", "player": "p2", "ridden": ["AA"]},
                   {"type": "end_turn", "player": "p2"},
                   {"type": "adjust_cash", "player": "p1", "amount": 170_000, "reason": "test"},
                   {"type": "declare", "player": "p1"},
                   {"type": "roll_region", "player": "p1", "dice": [1, 1, 1]},  # North
                   {"type": "roll_city", "player": "p1", "dice": [1, 1, 1]},  # Alpha: home
                   {"type": "roll_move", "player": "p1", "white": [1, 2]}):
        rb.do(**action)
    text = live(rb.page(rb.ann))
    assert "no payoff" not in text
    assert "pays $14,000 from Delta" in text
    assert press(rb.ann, tap(rb.ann, rb.page(rb.ann), rr="AA"),
                 "Arrived at Alpha").status_code == 303
    assert "Ann arrives at Alpha from Delta: payoff $14,000." in live(rb.page(rb.bob))


def test_the_cash_correction_form_puts_each_error_beside_its_field(rb):
    console = rb.page(rb.banker)
    bad = press(rb.banker, console, "Correct the cash", choose={"player": "Bob"},
                fill={"amount:signed": "lots", "reason": "found money"})
    assert bad.status_code == 422
    assert re.search(r'id="adjust-amount-error"[^>]*>amount must be a whole number', bad.text)
    assert bad.text.count("amount must be a whole number") == 1
    assert 'value="found money"' in bad.text and 'value="p2" selected' in bad.text
    no_reason = press(rb.banker, console, "Correct the cash", choose={"player": "Bob"},
                      fill={"amount:signed": "-500", "reason": " "})
    assert no_reason.status_code == 422
    assert re.search(r'id="adjust-reason-error"[^>]*>reason: say why', no_reason.text)
    too_much = press(rb.banker, console, "Correct the cash", choose={"player": "Bob"},
                     fill={"amount:signed": "-25000", "reason": "fine"})
    assert too_much.status_code == 422
    assert "Bob has less than $25,000: cannot take $25,000." in too_much.text
    ok = press(rb.banker, console, "Correct the cash", choose={"player": "Bob"},
               fill={"amount:signed": "-2,000", "reason": "miscounted payoff"})
    assert ok.status_code == 303
    assert rb.record()["actions"][-1] == {"type": "adjust_cash", "player": "p2",
                                          "amount": -2000, "reason": "miscounted payoff"}
    assert 'name="amount:signed"' not in rb.page(rb.bob)


def test_the_banker_console_guides_whoever_is_to_act(rb):
    rb.opening()
    html = rb.page(rb.banker)
    assert "To act: Ann" in live(html)
    html = rb.roll(rb.banker, 1, 4, 4)
    assert "Odd 8: South" in live(html)
    assert press(rb.banker, html, "Record red 1, 4, 4").status_code == 303
    assert rb.record()["actions"][-1] == {"type": "roll_region", "player": "p1", "dice": [1, 4, 4]}
    console = rb.page(rb.banker)
    assert cash_shown(console, "p1") == cash_shown(console, "p2") == ["$20,000"]


def test_the_banker_taps_the_real_dice_of_the_first_player_rolls(rb):
    html = rb.page(rb.banker)
    for pid, dice in (("p1", (2, 3, 4)), ("p2", (6, 5, 1))):
        for i, face in enumerate(dice):
            html = tap(rb.banker, html, die=f"f-{pid}-{i}", face=str(face))
    assert press(rb.banker, html, "Record the rolls (Ann 9, Bob 12)").status_code == 303
    assert rb.record()["actions"][-1] == {"type": "roll_for_first_player",
                                          "rolls": {"p1": [2, 3, 4], "p2": [6, 5, 1]}}
    assert "Bob is rolling for the region of the home city." in live(rb.page(rb.ann))


def test_a_banker_who_plays_sees_the_others_cash_only_as_his_seat_may(tiny_app, browser):
    """ANNOUNCING: cash under $150,000 is secret from opponents, the banker's console too when
    the banker holds a seat (Ann here); a banker apart still sees every figure."""
    table = make_table(browser, edition="modern", banker="1")
    table.seated = True
    table.opening()
    console = table.page(table.banker)
    assert cash_shown(console, "p1") == ["$20,000"]  # his own
    assert cash_shown(console, "p2") == ["under $150,000"]
    assert "Bank:" not in console and "$20,000" not in live(console).replace(
        cash_shown(console, "p1")[0], "", 1)
    apart = make_table(browser, edition="modern")
    apart.opening()
    assert cash_shown(apart.page(apart.banker), "p2") == ["$20,000"]
