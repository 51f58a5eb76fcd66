"""Every transfer the games make says what it is: a kind and the fields reports read, as each
game's own words (RuleNames.money: the fields its `what` names and its `fields`) say."""

from __future__ import annotations

import pytest

from referee.engine import BANK, Step
from referee.engine.ledger import Ledger
from referee.engine.record import read_record
from referee.games.contract import Wording
from referee.games.explain import rule_names
from referee.games.registry import replay
from tests.recorded import recorded_games


class _State:
    def __init__(self) -> None:
        self.ledger = Ledger()


def test_a_transfer_keeps_its_kind_and_fields():
    step = Step(_State())
    t = step.transfer(BANK, "p1", 500, "bought the B&O", "purchase", railroad="B&O")
    assert (t.kind, dict(t.fields)) == ("purchase", {"railroad": "B&O"})
    assert t.as_dict()["fields"] == {"railroad": "B&O"} and step.ledger.balance("p1") == 500


@pytest.mark.parametrize("path", recorded_games(), ids=lambda p: p.name)
def test_every_transfer_of_a_recorded_game_has_a_known_kind_and_its_fields(path):
    record = read_record(path)
    words = rule_names(record["game"])
    assert words is not None, "a game with money names its transfer kinds (rule_names)"
    transfers = list(replay(record).transfers())
    assert transfers
    for t in transfers:
        assert t.kind in words.money, t
        assert words.money[t.kind].carries <= set(t.fields), t


def test_a_kind_carries_the_fields_its_words_name_and_those_it_lists():
    assert Wording("use fee for the {railroads}", "USE FEES").carries == {"railroads"}
    assert Wording("{holding} buys the {railroad}", "R", fields=("side",)).carries == {
        "holding", "railroad", "side"}
    assert Wording("starting capital", "A1").carries == frozenset()
