"""The one answer to "may this actor take this action now" (engine/permission.py), in a Rail
Baron game at a table: a seat for itself while it is to act, its own latest tap to take back,
the banker for anyone, a banker who also plays held to what his seat may know, a table screen
for nobody."""

from __future__ import annotations

import pytest

from referee.engine import permission
from referee.engine.permission import ASK_OWNER, NOT_NOW, NOT_YOURS, Actor, decide, may
from referee.games import registry
from tests.railbaron.play import play

GAME = registry.game("railbaron")
NAMES = {"blue": "Blue", "red": "Red", "green": "Green"}


def table(seated: str | None = None, given: bool = False, secret: bool = True):
    return permission.Table(
        seat_of=registry.seat_of("railbaron"), to_act=GAME.to_act,
        visible_cash=GAME.visible_cash, over=lambda state: state.over, names=NAMES,
        seated_banker=seated, end_given=lambda: given, secret_cash=secret)


def seat(pid: str) -> Actor:
    return Actor(seat=pid)


BANKER = Actor(banker=True)
ROLL = {"type": "roll_region", "player": "blue", "dice": [3, 3, 4]}


def test_a_seat_acts_for_itself_while_it_is_to_act():
    t = play().set_up()
    assert decide(seat("blue"), ROLL, t.game, table()) is None
    refused = decide(seat("red"), ROLL, t.game, table())
    assert refused.kind == NOT_YOURS
    assert refused.words == "This phone acts for Red, not for Blue."
    red_roll = {**ROLL, "player": "red"}
    refused = decide(seat("red"), red_roll, t.game, table())
    assert (refused.kind, refused.words) == (NOT_NOW, "It is not Red's turn: Blue is to act.")
    assert not may(seat("red"), red_roll, t.game, table())
    assert may(seat("blue"), ROLL, t.game, table())


def test_a_phone_records_none_of_the_bankers_own_and_a_table_screen_nothing():
    t = play().set_up()
    correction = {"type": "adjust_cash", "player": "blue", "amount": 500, "reason": "x"}
    assert decide(seat("blue"), correction, t.game, table()).words == (
        "Only the banker may record this action.")
    screen = decide(Actor(), ROLL, t.game, table())
    assert screen.kind == NOT_YOURS and "holds no seat" in screen.words
    assert decide(Actor(), {"type": "undo"}, t.game, table()).kind == NOT_YOURS


def test_a_seat_with_nothing_to_do_is_told_so():
    t = play().set_up()
    empty = permission.Table(seat_of=registry.seat_of("railbaron"), to_act=lambda s: [],
                             visible_cash=GAME.visible_cash, over=lambda s: s.over, names=NAMES)
    assert decide(seat("blue"), ROLL, t.game, empty).words == "Blue has nothing to do now."


def test_the_banker_apart_acts_for_anyone():
    t = play().set_up()
    assert decide(BANKER, ROLL, t.game, table()) is None
    assert decide(BANKER, {**ROLL, "player": "red"}, t.game, table()) is None  # rules' to say
    correction = {"type": "adjust_cash", "player": "red", "amount": 500, "reason": "x"}
    assert decide(BANKER, correction, t.game, table()) is None


def test_a_take_back_is_the_seats_own_latest_while_nobody_acted_since():
    t = play().set_up().roll_region(3, (3, 4))
    own = {"type": "take_back", "player": "blue"}
    assert decide(seat("blue"), own, t.game, table()) is None
    assert decide(BANKER, own, t.game, table()) is None  # the banker, for blue
    others = {"type": "take_back", "player": "red"}
    assert decide(seat("red"), others, t.game, table()).kind == NOT_NOW
    assert "Only your own latest action" in decide(seat("red"), others, t.game, table()).words
    assert decide(seat("red"), own, t.game, table()).kind == NOT_YOURS
    t.adjust("red", 1_000, "a missed payoff")
    assert decide(seat("blue"), own, t.game, table()) is not None


def test_nothing_is_taken_back_after_the_end():
    t = play().set_up().roll_region(3, (3, 4))
    ended = permission.Table(**{**table().__dict__, "over": lambda state: True})
    refused = decide(seat("blue"), {"type": "take_back", "player": "blue"}, t.game, ended)
    assert refused.words == permission.GAME_OVER_STANDS


def test_an_undo_that_reopens_the_game_is_refused_once_the_record_was_given():
    t = play().set_up().roll_region(3, (3, 4))
    before_end, at_end = t.game.frames[-2].state, t.game.frames[-1].state
    over = {id(at_end)}

    def ended(state) -> bool:
        return id(state) in over

    given = permission.Table(seat_of=registry.seat_of("railbaron"), to_act=GAME.to_act,
                             visible_cash=GAME.visible_cash, over=ended, names=NAMES,
                             seated_banker="blue", end_given=lambda: True)
    assert permission.undo_reopens(t.game, given)
    assert decide(BANKER, {"type": "undo"}, t.game, given).words == permission.END_STANDS
    not_given = permission.Table(**{**given.__dict__, "end_given": lambda: False})
    assert decide(BANKER, {"type": "undo"}, t.game, not_given) is None
    assert not ended(before_end)


def test_a_banker_who_plays_acts_for_another_seat_only_while_its_cash_is_open():
    t = play().set_up()
    red_roll = {**ROLL, "player": "red"}
    refused = decide(BANKER, red_roll, t.game, table(seated="blue"))
    assert refused.kind == NOT_NOW and "Red acts from his own phone" in refused.words
    assert decide(BANKER, ROLL, t.game, table(seated="blue")) is None  # his own seat
    t.adjust("red", 140_000, "announced")
    assert decide(BANKER, red_roll, t.game, table(seated="blue")) is None


def test_his_correction_of_a_secret_cash_goes_to_its_owner_and_stands_once_confirmed():
    t = play().set_up()
    correction = {"type": "adjust_cash", "player": "red", "amount": 150_000, "reason": "x"}
    asked = decide(BANKER, correction, t.game, table(seated="blue"))
    assert (asked.kind, asked.owner) == (ASK_OWNER, "red")
    assert "goes to Red's phone" in asked.words
    assert may(BANKER, correction, t.game, table(seated="blue"))  # the form is drawn
    confirmed = Actor(banker=True, confirmed_by="red")
    assert decide(confirmed, correction, t.game, table(seated="blue")) is None
    assert decide(Actor(banker=True, confirmed_by="green"), correction, t.game,
                  table(seated="blue")).kind == ASK_OWNER
    own = {**correction, "player": "blue"}
    assert decide(BANKER, own, t.game, table(seated="blue")) is None  # his own cash
    assert decide(BANKER, correction, t.game, table()) is None  # a banker apart
    t.adjust("red", 140_000, "announced")
    assert decide(BANKER, correction, t.game, table(seated="blue")) is None  # open to him
    assert decide(confirmed, correction, t.game, table(seated="blue")) is None


def test_a_correction_the_rules_refuse_is_theirs_to_refuse():
    t = play().set_up()
    wrong = {"type": "adjust_cash", "player": "red", "amount": 0, "reason": "x"}
    assert permission.secret_owner(wrong, t.game, table(seated="blue")) is None
    assert permission.secret_owner(wrong, t.game, table()) is None


@pytest.mark.parametrize(("banker_seat", "moved", "over", "secret", "allowed"), [
    (None, "red", False, True, True),  # a banker apart
    ("blue", "blue", False, True, True),  # his own seat
    ("blue", "red", False, True, False),  # another's, secret cash, running
    ("blue", "red", True, True, True),  # the game is over
    ("blue", "red", False, False, True),  # a game that keeps no cash secret
])
def test_who_moves_a_seat_to_another_phone(banker_seat, moved, over, secret, allowed):
    assert permission.may_move_seat(banker_seat, moved, over, table(secret=secret)) is allowed


def test_a_refusal_reads_as_its_words():
    t = play().set_up()
    refused = decide(seat("red"), ROLL, t.game, table())
    assert str(refused) == refused.words


def test_a_table_keeps_no_cash_secret_and_gives_no_record_unless_told():
    plain = permission.Table(seat_of=registry.seat_of("railbaron"), to_act=GAME.to_act,
                             visible_cash=GAME.visible_cash, over=lambda s: s.over)
    assert plain.end_given() is False and plain.secret_cash is False
    assert permission.may_move_seat("blue", "red", False, plain)
    assert plain.name("red") == "red" and plain.name(None) == "the banker"


def ended_at(t, *frames) -> permission.Table:
    """A table whose game is over at exactly these frames' states, its record given."""
    over = {id(f.state) for f in frames}
    return permission.Table(seat_of=registry.seat_of("railbaron"), to_act=GAME.to_act,
                            visible_cash=GAME.visible_cash, over=lambda s: id(s) in over,
                            names=NAMES, seated_banker="blue", end_given=lambda: True)


def test_an_undo_reopens_the_game_only_from_its_end_back_to_before_it():
    t = play()
    assert not permission.undo_reopens(t.game, ended_at(t))  # nothing recorded
    t.first_player(blue=[6, 6, 6], red=[1, 1, 1], green=[2, 2, 2])
    first = t.game.frames[-1]
    assert permission.undo_reopens(t.game, ended_at(t, first))  # one action: the end
    assert not permission.undo_reopens(t.game, ended_at(t))
    t = play().set_up()
    top, below = t.game.frames[-1], t.game.frames[-2]
    assert permission.undo_reopens(t.game, ended_at(t, top))
    assert not permission.undo_reopens(t.game, ended_at(t, top, below))  # over before it too
    assert not permission.undo_reopens(t.game, ended_at(t, below))  # goes on at the top


def test_the_end_stands_only_for_an_undo_or_take_back_that_reopens_it():
    t = play().set_up().roll_region(3, (3, 4))
    top, below = t.game.frames[-1], t.game.frames[-2]
    reopening = ended_at(t, top)
    assert decide(BANKER, {"type": "undo"}, t.game, reopening).words == permission.END_STANDS
    correction = {"type": "adjust_cash", "player": "blue", "amount": 500, "reason": "x"}
    assert decide(BANKER, correction, t.game, reopening) is None  # a correction after the end
    assert decide(BANKER, {"type": "undo"}, t.game, ended_at(t, top, below)) is None


def test_a_banker_who_plays_ending_his_own_turn_that_pays_another_asks_nobody():
    """Blue's turn ends paying Green a use fee: the banker who plays Blue records it; only a
    banker's own correction of another's secret cash goes to its owner's phone."""
    from tests.railbaron.test_fees_and_establishment import example_2

    t = example_2().stop("ACL", "LN")
    t.end_turn()  # the fees are paid as the turn ends
    stop = t.game.log[-1]
    assert any("green" in (x.source, x.target) for x in t.game.frames[-1].transfers)
    t.undo()
    assert decide(BANKER, stop, t.game, table(seated="blue")) is None
    assert decide(seat("blue"), stop, t.game, table(seated="blue")) is None
    assert decide(Actor(seat="blue", banker=True), stop, t.game, table(seated="blue")) is None


def test_a_correction_asks_nobody_where_no_banker_plays_or_the_game_cannot_preview():
    t = play().set_up()
    correction = {"type": "adjust_cash", "player": "red", "amount": 150_000, "reason": "x"}
    assert permission.secret_owner(correction, t.game, table()) is None
    assert permission.secret_owner(correction, t.game, table(seated="blue")) == "red"

    class Snapshot:  # a page's snapshot: its state and frames, and no preview
        state, frames, seq = t.game.state, t.game.frames, t.game.seq

    assert permission.secret_owner(correction, Snapshot(), table(seated="blue")) is None
