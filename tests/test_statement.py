"""Statements in small: lines of hand-made transfers, their words, who sees which, and the
rule a refusal names. (Whole games are in tests/test_explain.py.)"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from referee.engine import BANK, IllegalAction, Replayer, Transfer
from referee.engine.record import new_record, read_record
from referee.engine.statement import Line, plain, statement, statements, total
from referee.games import registry
from referee.games.contract import RuleNames, Wording
from referee.games.explain import (
    BANKER_VIEW,
    ENGINE_SECTIONS,
    UNKNOWN_ACTION,
    account_name,
    action_lines,
    amount_text,
    companies_of,
    describer,
    explain,
    refusal_rule,
    render,
    rule_names,
    seen_lines,
    visible,
)

GAMES = Path(__file__).parent / "fixtures" / "games"

WORDS = RuleNames(
    money={"fee": Wording("fee for the {railroads}", "USE FEES", "at the turn's end"),
           "payoff": Wording("payoff to {city}", "ARRIVAL"),
           "build": Wording("{railroad} builds", "Construct Track")},
    actions={"end_turn": "USE FEES"},
    companies=lambda a: f"the {a[9:]} treasury" if a.startswith("treasury:") else None,
    secret_cash=True,
    public=frozenset({"payoff"}),
)
NAMES = {"ann": "Ann", "bob": "Bob"}


def frame(position: int, *transfers: Transfer) -> SimpleNamespace:
    return SimpleNamespace(position=position, transfers=transfers)


FRAMES = [
    frame(-1, Transfer(BANK, "ann", 100, kind="start"), Transfer(BANK, "bob", 100, kind="start")),
    frame(0, Transfer("ann", "bob", 5, kind="fee", fields={"railroads": ["SOU", "LN"]})),
    frame(1),
    frame(2, Transfer(BANK, "ann", 30, kind="payoff", fields={"city": "Atlanta"}),
          Transfer("bob", "treasury:CRIP", 7, kind="build", fields={})),
]


def test_every_account_gets_a_signed_line_per_transfer_with_its_action():
    lines = statements(FRAMES)
    assert [(x.seq, x.amount, x.other) for x in lines["ann"]] == [
        (None, 100, BANK), (0, -5, "bob"), (2, 30, BANK)]
    assert [(x.seq, x.amount, x.other) for x in lines["bob"]] == [
        (None, 100, BANK), (0, 5, "ann"), (2, -7, "treasury:CRIP")]
    assert total(lines["ann"]) == 125 and total(lines["bob"]) == 98
    assert total(lines[BANK]) == -230 and total(lines["treasury:CRIP"]) == 7
    assert statement(FRAMES, "ann") == lines["ann"]
    assert statement(FRAMES, "bob") == lines["bob"]
    assert statement(FRAMES, "nobody") == [] and total([]) == 0
    assert lines["ann"][1].fields == {"railroads": ["SOU", "LN"]}


def test_without_a_games_words_a_line_says_its_kind():
    line = statements(FRAMES)["ann"][0]
    assert (line.text, line.rule, line.kind) == ("start", "", "start")
    assert plain(Transfer("a", "b", 1), "a") == ("transfer", "")
    assert line.as_dict() == {"seq": None, "amount": 100, "kind": "start", "text": "start",
                              "rule": ""}


def test_a_games_words_name_both_sides_the_amount_the_fields_and_the_rule():
    lines = statements(FRAMES, describer(WORDS, NAMES))
    fee = lines["ann"][1]
    assert fee.text == "Ann pays Bob $5: fee for the SOU, LN"
    assert fee.rule == "USE FEES — at the turn's end"
    assert lines["bob"][1].text == fee.text  # the same words on both sides
    assert lines["ann"][2].text == "The bank pays Ann $30: payoff to Atlanta"
    assert lines["ann"][2].rule == "ARRIVAL"
    assert lines["bob"][2].text == "Bob pays the CRIP treasury $7: ? builds"
    assert lines["ann"][0].text == "The bank pays Ann $100: start" and lines["ann"][0].rule == ""


def test_accounts_and_amounts_read_as_people_say_them():
    assert account_name(BANK, NAMES, WORDS) == "the bank"
    assert account_name("ann", NAMES, WORDS) == "Ann"
    assert account_name("treasury:KP", NAMES, WORDS) == "the KP treasury"
    assert account_name("zed", NAMES, WORDS) == "zed"
    assert account_name("zed", NAMES, None) == "zed"
    assert amount_text(20000, WORDS) == "$20,000"
    assert amount_text(1234, None) == "1,234"
    assert amount_text(3, RuleNames({}, {}, currency="{:,} units")) == "3 units"


def test_secret_cash_shows_others_only_public_lines_and_their_own_dealings():
    ann = statement(FRAMES, "ann", describer(WORDS, NAMES))
    assert seen_lines(WORDS, ann, "ann", "ann") == (ann, True)
    assert seen_lines(WORDS, ann, BANKER_VIEW, "ann") == (ann, True)
    bob_sees, complete = seen_lines(WORDS, ann, "bob", "ann")
    assert not complete and [x.kind for x in bob_sees] == ["fee", "payoff"]
    table_sees, complete = seen_lines(WORDS, ann, None, "ann")
    assert not complete and [x.kind for x in table_sees] == ["payoff"]
    cy_sees, _ = seen_lines(WORDS, ann, "cy", "ann")
    assert [x.kind for x in cy_sees] == ["payoff"]
    open_books = RuleNames(WORDS.money, {})
    assert seen_lines(open_books, ann, None, "ann") == (ann, True)
    assert seen_lines(None, ann, "bob", "ann") == (ann, True)


def test_one_actions_transfers_show_each_viewer_what_the_statements_do():
    both = FRAMES[3]
    lines = action_lines(WORDS, both, BANKER_VIEW, NAMES)
    assert [(x.seq, x.amount, x.kind, x.other) for x in lines] == [
        (2, 30, "payoff", BANK), (2, 7, "build", "bob")]
    assert lines[0].text == "The bank pays Ann $30: payoff to Atlanta"
    assert lines[0].rule == "ARRIVAL"
    assert [x.kind for x in action_lines(WORDS, both, None, NAMES)] == ["payoff"]
    assert [x.kind for x in action_lines(WORDS, both, "bob", NAMES)] == ["payoff", "build"]
    assert [x.kind for x in action_lines(WORDS, FRAMES[1], "cy", NAMES)] == []
    assert [x.kind for x in action_lines(WORDS, FRAMES[1], "ann", NAMES)] == ["fee"]
    assert action_lines(WORDS, FRAMES[1], "ann", NAMES)[0].seq == 0  # the first action
    assert action_lines(WORDS, FRAMES[0], BANKER_VIEW, NAMES)[0].seq is None
    fee = FRAMES[1].transfers[0]
    assert visible(WORDS, fee, "bob") and visible(WORDS, fee, BANKER_VIEW)
    assert not visible(WORDS, fee, None) and not visible(WORDS, fee, "cy")
    assert visible(RuleNames(WORDS.money, {}), fee, None) and visible(None, fee, "cy")


def test_a_line_is_plain_data():
    line = Line(3, -5, "fee", "t", "r", "bob")
    assert line.fields == {} and line.as_dict()["seq"] == 3
    assert IllegalAction("x", "R").rule == "R"


def test_companies_are_the_accounts_a_game_names_as_companies():
    assert companies_of(WORDS, ["ann", "treasury:KP", BANK, "treasury:MP"]) == [
        "treasury:KP", "treasury:MP"]
    assert companies_of(RuleNames({}, {}), ["treasury:KP"]) == []
    assert companies_of(None, ["treasury:KP"]) == []


@pytest.fixture
def toy():
    meta = registry.register("tests.toy_game")
    yield meta.key
    registry.GAMES.pop(meta.key)
    registry.PACKAGES.pop(meta.key)


@pytest.fixture
def counter(monkeypatch: pytest.MonkeyPatch) -> str:
    """The web tests' counter game (tests/web/counter_game.py): a game with no words."""
    from tests.web.counter_game import META

    monkeypatch.setitem(registry.GAMES, META.key, META)
    return META.key


def test_a_game_without_words_gets_plain_statements(counter):
    """The counter game gives no rule_names: its lines still add up, in the words of their
    kind."""
    players = [{"id": "p1", "name": "Ann", "colour": ""}, {"id": "p2", "name": "Bob",
                                                           "colour": ""}]
    record = new_record(counter, "", players, {})
    game = Replayer(registry.rules_for(record), [{"type": "pay", "player": "p1", "amount": 4}])
    assert explain(counter, game, ["p1", "p2"], {"speed": "fast"})["readings"] == []  # no words
    report = explain(counter, game, ["p1", "p2"])
    assert report["readings"] == []
    assert report["players"]["p1"] == {"balance": 96, "lines": [
        {"seq": None, "amount": 100, "kind": "opening_cash",
         "text": "The bank pays p1 100: opening_cash", "rule": ""},
        {"seq": 0, "amount": -4, "kind": "payment", "text": "P1 pays the bank 4: payment",
         "rule": ""}]}
    assert report["companies"] == {}
    assert rule_names(counter) is None
    assert refusal_rule(counter, {"type": "add"}, IllegalAction("no")) == UNKNOWN_ACTION
    assert refusal_rule(counter, {"type": "undo"}, IllegalAction("no")) == ENGINE_SECTIONS["undo"]
    assert refusal_rule(counter, "not an action", IllegalAction("no")) == UNKNOWN_ACTION
    assert render(counter, game, ["p1"]) == (
        "p1 (p1): 96\n"
        "      opening         +100  The bank pays p1 100: opening_cash\n"
        "     action 1           -4  P1 pays the bank 4: payment\n")


def test_the_readable_statement_signs_money_out_and_parts_accounts():
    game = registry.replay(read_record(GAMES / "railbaron_game_1.json"))
    text = render("railbaron", game, ["blue", "red"])
    assert "    action 12     -$16,000  Blue pays the bank $16,000: bought the LN  [PURCHASE]\n" \
        in text
    assert "\n\nRed (red): $" in text


def test_a_refusal_of_a_malformed_type_names_the_apps_rule():
    assert refusal_rule("railbaron", {"type": ["buy"]}, IllegalAction("no")) == UNKNOWN_ACTION
    assert refusal_rule("railbaron", {"type": "buy"}, IllegalAction("no")) == "PURCHASE"


def test_one_unit_in_reads_plus_one(toy):
    players = [{"id": "p1", "name": "Ann", "colour": ""}, {"id": "p2", "name": "Bob",
                                                           "colour": ""}]
    record = new_record(toy, "", players, {})
    game = Replayer(registry.rules_for(record), [{"type": "roll", "player": "p1", "die": 1}])
    assert "  +$1  The bank pays Ann $1: prize for a roll of 1  [ROLLING]" in render(
        toy, game, ["p1", "p2"])


def test_a_phrase_without_a_section_of_its_own_leaves_the_rule_as_it_is():
    """`more_rule` joins the rule only where a wording has one; `cite` names its own rule."""
    plain_more = Wording("fee", "USE FEES", more=lambda fields: "with more words")
    assert plain_more.cited({}, more=True) == ("USE FEES", "")
    joined = Wording("fee", "USE FEES", "a reading", more=lambda fields: "x",
                     more_rule="ESTABLISHMENT")
    assert joined.cited({}, more=True) == ("USE FEES; ESTABLISHMENT", "a reading")
    assert joined.cited({}, more=False) == ("USE FEES", "a reading")
    cited = Wording("fee", "USE FEES", cite=lambda f: ("HONEYMOON", "") if f else None)
    assert cited.cited({"phantom": 5_000}) == ("HONEYMOON", "")
    assert cited.cited({}) == ("USE FEES", "")
