"""An action copies only what it reads: the fields it never reads stay shared with the state
before it, a refused action leaves that state as it was, and a Journal is shared, not copied."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field

import pytest

from referee.engine import IllegalAction, Replayer, Step
from referee.engine.journal import CHUNK, Journal
from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, require


@dataclass
class Toy:
    ledger: Ledger
    counts: dict[str, int] = field(default_factory=dict)
    untouched: list[int] = field(default_factory=lambda: list(range(100)))
    said: Journal = field(default_factory=Journal)

    def bump(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1


class ToyRules:
    game = "toy"
    banker_actions = frozenset()

    def initial(self) -> Outcome:
        return Outcome(Toy(Ledger()))

    def apply(self, state: Toy, action: dict) -> Outcome:
        step = Step(state)
        step.state.bump(action["type"])
        step.state.said = step.state.said.appended(action["type"])
        if action.get("pay"):
            step.transfer(BANK, "ann", action["pay"], kind="toy")
        require(action["type"] != "refused", "Refused after changing its copy.")
        return step.outcome()

    def legal_actions(self, state: Toy) -> list[dict]:
        return []


def test_an_action_shares_every_field_it_does_not_read():
    game = Replayer(ToyRules())
    before = game.state
    game.submit({"type": "a", "pay": 5})
    after = game.state
    assert type(after) is Toy and after.__dict__.keys() == before.__dict__.keys()
    assert after.untouched is before.untouched  # never read: shared
    assert after.counts is not before.counts and before.counts == {}
    assert after.ledger is not before.ledger and before.ledger.balance("ann") == 0
    assert after.counts == {"a": 1} and after.ledger.balance("ann") == 5


def test_a_refused_action_changes_nothing_it_read():
    game = Replayer(ToyRules())
    game.submit({"type": "a"})
    state = game.state
    with pytest.raises(IllegalAction):
        game.submit({"type": "refused", "pay": 3})
    assert game.state is state
    assert state.counts == {"a": 1} and list(state.said) == ["a"]
    assert state.ledger.balance("ann") == 0


def test_undo_gives_back_the_very_state_before():
    game = Replayer(ToyRules())
    game.submit({"type": "a"})
    kept = game.state
    game.submit({"type": "b"})
    game.submit({"type": "undo"})
    assert game.state is kept and game.state.counts == {"a": 1}


def test_a_journal_shares_its_full_chunks_and_reads_like_a_tuple():
    items = list(range(3 * CHUNK + 5))
    journal = Journal(items)
    longer = journal.appended("x", "y")
    assert list(journal) == items and list(longer) == [*items, "x", "y"]
    assert longer._chunks[:3] == journal._chunks and longer._chunks[0] is journal._chunks[0]
    assert longer[-1] == "y" and longer[0] == 0 and longer[CHUNK] == CHUNK
    assert longer[2:4] == (2, 3) and len(longer) == len(items) + 2
    assert list(reversed(longer))[:3] == ["y", "x", items[-1]]
    assert journal == items and Journal() == []
    with pytest.raises(IndexError):
        journal[len(items)]


def test_what_is_derived_from_a_journal_is_worked_out_once_for_that_very_journal():
    folds = []

    def total(journal) -> int:
        folds.append(len(journal))
        return sum(journal)

    journal = Journal(range(100))
    assert journal.derived("total", total) == journal.derived("total", total) == 4950
    assert folds == [100]  # once, whoever asks again
    longer = journal.appended(50)
    assert longer.derived("total", total) == 5000 and folds == [100, 101]  # its own
    assert journal.derived(("total", "again"), total) == 4950 and folds == [100, 101, 100]
    copy = pickle.loads(pickle.dumps(journal))  # a checkpoint keeps the items, not the figures
    assert copy.derived("total", total) == 4950 and folds[-1] == 100 and len(folds) == 4
