"""The action POST convention, read without a request."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from referee.web.forms import MAX_WHOLE, FormError, action_from_form


def read(*pairs: tuple[str, str]):
    return action_from_form(MultiDict(pairs))


def test_fields_become_the_action():
    posted = read(("type", "bid"), ("player", "p2"), ("amount:int", "10,500"), ("seq", "7"),
                  ("client_id", "abc_123"), ("csrf_token", "t"), ("page", "phone"))
    assert posted.action == {"type": "bid", "player": "p2", "amount": 10500}
    assert posted.seq == 7 and posted.client_id == "abc_123"


def test_a_repeated_field_is_a_list_in_order():
    posted = read(("type", "roll_region"), ("dice:int", "3"), ("dice:int", "1"),
                  ("dice:int", "6"), ("seq", "0"))
    assert posted.action["dice"] == [3, 1, 6]


def test_signed_numbers_may_be_negative_plain_ones_not():
    posted = read(("type", "adjust_cash"), ("amount:signed", "-5000"), ("seq", "0"))
    assert posted.action["amount"] == -5000
    with pytest.raises(FormError, match="cannot be negative"):
        read(("type", "bid"), ("amount:int", "-5000"), ("seq", "0"))
    with pytest.raises(FormError, match="too large"):
        read(("type", "adjust_cash"), ("amount:signed", f"-{MAX_WHOLE + 1}"), ("seq", "0"))


def test_a_figure_printed_in_thousands_is_the_whole_amount_it_means():
    assert read(("type", "arrive"), ("payoff:thousands", "26"), ("seq", "0")).action == {
        "type": "arrive", "payoff": 26_000}
    assert read(("type", "arrive"), ("payoff:thousands", " £3.5 "),
                ("seq", "0")).action["payoff"] == 3_500
    for bad in ("26000.5555", "lots", "-4", "1.2.3"):
        with pytest.raises(FormError, match="the figure as printed, in thousands"):
            read(("type", "arrive"), ("payoff:thousands", bad), ("seq", "0"))


def test_the_json_field_holds_the_action():
    posted = read(("json", '{"type": "adjust_cash", "player": "p1", "amount": -500}'),
                  ("reason", "miscount"), ("seq", "3"))
    assert posted.action == {"type": "adjust_cash", "player": "p1", "amount": -500,
                             "reason": "miscount"}


def test_no_client_id_is_none():
    assert read(("type", "undo"), ("seq", "0")).client_id is None


@pytest.mark.parametrize("text", ["[" * 100_000, '{"type": "x", "n": ' + "9" * 5000 + "}"])
def test_pathological_json_is_a_form_error(text):
    with pytest.raises(FormError):
        read(("json", text), ("seq", "0"))


def test_overlong_text_is_a_form_error():
    with pytest.raises(FormError, match="too long"):
        read(("type", "bid"), ("reason", "x" * 201), ("seq", "0"))


def test_json_nested_deeper_than_any_action_is_a_form_error():
    deep = '{"type": "undo", "a": ' + "[" * 500 + "]" * 500 + "}"
    with pytest.raises(FormError, match="nested too deep"):
        read(("json", deep), ("seq", "0"))


def test_a_roll_field_has_the_server_roll_the_dice_as_the_action_arrives():
    posted = read(("type", "roll_move"), ("white:roll", "2"), ("red:roll", "1"), ("seq", "4"))
    white, red = posted.action["white"], posted.action["red"]
    assert isinstance(white, list) and len(white) == 2 and all(1 <= d <= 6 for d in white)
    assert type(red) is int and 1 <= red <= 6
    rolls = {tuple(read(("type", "x"), ("dice:roll", "3"), ("seq", "0")).action["dice"])
             for _ in range(200)}
    assert len(rolls) > 50  # really drawn each time, not fixed


@pytest.mark.parametrize("count", ["0", "7", "two"])
def test_a_roll_of_no_dice_or_too_many_is_a_form_error(count):
    with pytest.raises(FormError):
        read(("type", "x"), ("dice:roll", count), ("seq", "0"))


def test_a_keyed_roll_field_rolls_for_each_player_as_the_action_arrives():
    posted = read(("type", "roll_for_first_player"), ("rolls.p1:roll", "3"),
                  ("rolls.p2:roll", "3"), ("seq", "0"))
    rolls = posted.action["rolls"]
    assert set(rolls) == {"p1", "p2"}
    assert all(len(d) == 3 and all(1 <= x <= 6 for x in d) for d in rolls.values())
    with pytest.raises(FormError, match="given twice"):
        read(("type", "x"), ("json", '{"rolls": {"p1": [1, 1, 1]}}'), ("rolls.p1:roll", "3"),
             ("seq", "0"))
    with pytest.raises(FormError, match="Unknown form field"):
        read(("type", "x"), ("rolls.p 1:roll", "3"), ("seq", "0"))


def test_a_draw_field_has_the_server_draw_one_of_the_choices_as_the_action_arrives():
    choices = ("B&O", "SOU", "UP")
    drawn = {read(("type", "draw_deed"), *(("railroad:draw", c) for c in choices),
                  ("seq", "0")).action["railroad"] for _ in range(200)}
    assert drawn == set(choices)  # each one can come, and nothing else
    with pytest.raises(FormError, match="nothing to draw from"):
        read(("type", "draw_deed"), ("railroad:draw", " "), ("seq", "0"))
