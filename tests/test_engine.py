"""The game-independent engine: log, replay, undo, stale writes, ledger, records."""

import json

import pytest

from referee.engine import IllegalAction, Replayer, StaleAction, Transfer
from referee.engine.ledger import Ledger, fold
from referee.engine.record import FORMAT, RecordError, check_record, read_record
from referee.engine.replay import ReplayError
from referee.engine.rules import working_copy
from tests.books import balances
from tests.railbaron.play import play


def test_transfers_move_positive_whole_amounts_between_two_accounts():
    with pytest.raises(ValueError):
        Transfer("bank", "blue", 0)
    with pytest.raises(ValueError):
        Transfer("bank", "blue", 10.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Transfer("blue", "blue", 5)
    assert fold([Transfer("bank", "blue", 5), Transfer("blue", "red", 2)]) == {
        "bank": -5, "blue": 3, "red": 2}


def test_a_fold_starts_from_the_opening_balances():
    opening = {"bank": -20, "blue": 20}
    assert fold([Transfer("blue", "red", 5)], opening) == {"bank": -20, "blue": 15, "red": 5}
    assert opening == {"bank": -20, "blue": 20}  # the opening balances are not changed


def test_a_ledger_posts_transfers_and_always_sums_to_zero():
    ledger = Ledger()
    ledger.post(Transfer("bank", "blue", 20))
    ledger.post(Transfer("blue", "red", 5))
    assert (ledger.balance("bank"), ledger.balance("blue"), ledger.balance("red")) == (-20, 15, 5)
    assert ledger.balance("green") == 0 and ledger.total() == 0
    paid = Transfer("bank", "blue", 20, "payoff", kind="payoff", fields={"from": "Atlanta"})
    assert paid.as_dict() == {"source": "bank", "target": "blue", "amount": 20, "memo": "payoff",
                              "kind": "payoff", "fields": {"from": "Atlanta"}}


def test_ledgers_are_equal_only_when_every_balance_is():
    paid = Ledger({"bank": -5, "blue": 5})
    assert paid == Ledger({"bank": -5, "blue": 5, "red": 0})  # an empty account is no account
    assert paid != Ledger({"bank": -5, "red": 5})
    assert paid != Ledger({"bank": -6, "blue": 6})
    assert paid != Ledger()
    assert paid.__eq__({"bank": -5, "blue": 5}) is NotImplemented


def test_two_game_states_that_differ_only_in_cash_are_not_equal():
    t = play().set_up()
    before = working_copy(t.state)
    t.adjust("red", 5_000, "forgot a payoff")
    assert balances(t.state) != balances(before)
    assert t.state != before


def test_undo_is_an_action_that_restores_the_prior_state():
    t = play().set_up()
    before = t.state
    t.roll_region(3, (3, 4))
    seq = t.game.seq
    t.undo()
    assert t.game.seq == seq + 1
    assert balances(t.state) == balances(before)
    assert t.state == before
    assert t.game.log[-1] == {"type": "undo"}


def test_nothing_to_undo_at_the_start():
    t = play()
    assert "nothing to undo" in t.rejects("undo")


def test_a_stale_sequence_number_is_rejected_not_merged():
    t = play()
    seq = t.game.seq
    t.first_player(blue=(6, 6, 6), red=(1, 1, 1), green=(1, 1, 1))
    with pytest.raises(StaleAction) as err:
        t.game.submit({"type": "roll_region", "player": "blue", "dice": [1, 1, 1]},
                      expected_seq=seq)
    assert "Someone acted first" in str(err.value)
    assert t.game.seq == seq + 1
    t.game.submit({"type": "roll_region", "player": "blue", "dice": [1, 1, 1]},
                  expected_seq=seq + 1)


def test_an_action_must_be_an_object_with_a_type():
    t = play()
    for bad in (None, [], {"no": "type"}, {"type": 3}):
        with pytest.raises(IllegalAction):
            t.game.submit(bad)  # type: ignore[arg-type]
    assert "no action 'fly'" in t.rejects("fly")


def test_replay_of_the_log_reproduces_the_state_and_names_an_illegal_action():
    t = play().set_up().go_to("Knoxville").roll(2, 3).arrive("LN").buy("SOU").end_turn()
    again = Replayer(t.rules, t.game.log)
    assert balances(again.state) == balances(t.state) != {}
    assert again.state == t.state
    bad = [*t.game.log, {"type": "buy", "player": "red", "railroad": "SOU"}]
    with pytest.raises(ReplayError) as err:
        Replayer(t.rules, bad)
    assert err.value.position == len(t.game.log)
    assert f"action {len(bad)} ('buy')" in str(err.value)


def test_a_preview_records_nothing():
    t = play().set_up()
    outcome = t.game.preview({"type": "roll_region", "player": "blue", "dice": [3, 3, 4]})
    assert outcome.state.turn.region == "AP"
    assert t.turn.region is None


def test_records_are_checked_field_by_field(tmp_path):
    good = {"format": FORMAT, "game": "railbaron", "map": "us", "settings": {},
            "players": [{"id": "blue"}], "actions": [{"type": "undo"}]}
    assert check_record(good) is good
    for key, value, message in [
        ("format", "x", "'format' must be"),
        ("players", [{"name": "no id"}], "players[0] needs a non-empty 'id'"),
        ("actions", [3], "actions[0] must be an object"),
        ("map", 3, "'map' must be a map key"),
    ]:
        with pytest.raises(RecordError) as err:
            check_record({**good, key: value})
        assert message in str(err.value)
    path = tmp_path / "broken.json"
    path.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(RecordError, match="line 1: not valid JSON"):
        read_record(path)
    path.write_text(json.dumps(good), encoding="utf-8")
    assert read_record(path)["game"] == "railbaron"


def test_a_game_registers_one_handler_per_action_type():
    from referee.engine import Handlers

    handlers = Handlers()

    @handlers.on("buy")
    def buy(play, action):
        return None

    assert handlers["buy"] is buy
    with pytest.raises(ValueError, match="two handlers for the action 'buy'"):
        handlers.on("buy")(buy)
