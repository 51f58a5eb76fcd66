"""Statements in small: lines of hand-made transfers, their words, who sees which, and the
rule a refusal names. (Whole games are in tests/test_explain.py.)"""

from __future__ import annotations

from types import SimpleNamespace

from referee.engine import BANK, IllegalAction, Transfer
from referee.engine.statement import Line, plain, statement, statements, total
from referee.games.contract import RuleNames, Wording
from referee.games.explain import (
    BANKER_VIEW,
    account_name,
    amount_text,
    describer,
    seen_lines,
)

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


def test_a_line_is_plain_data():
    line = Line(3, -5, "fee", "t", "r", "bob")
    assert line.fields == {} and line.as_dict()["seq"] == 3
    assert IllegalAction("x", "R").rule == "R"
