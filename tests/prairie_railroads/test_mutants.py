"""Prairie Railroads' track payment at its edge: the last track cube (a case mutation testing
found untested: scripts/mutate, docs/testing.md)."""

from referee.games.prairie_railroads.actions_track import cubes_left
from referee.games.prairie_railroads.economy import full_value
from tests.prairie_railroads.test_without_a_board import typed_start


def test_a_railroad_builds_with_its_last_track_cube_and_then_has_none():
    t = typed_start()  # without a board: the table names each new city and its income
    t.do("adjust_cash", account="treasury:MP", amount=999, reason="test: money for track")
    end, n = "Whiting", 0
    while cubes_left(t.rr("MP")) > 1:  # one segment a turn, each player building the MP
        t.card("CT").grow(1, 1).choose("MP")
        t.build(end, f"Town {n}", **{f"Town {n}": 1})
        end, n = f"Town {n}", n + 1
    assert len(t.rr("MP").track) == 30 and cubes_left(t.rr("MP")) == 1
    treasury = t.treasury("MP")
    t.card("CT").grow(1, 1).choose("MP").build(end, "Last Town", **{"Last Town": 1})
    assert t.rr("MP").track[-1] == (end, "Last Town") and cubes_left(t.rr("MP")) == 0
    assert t.treasury("MP") == treasury - 5


def test_a_railroad_without_a_western_build_is_worth_its_segments_alone():
    """Value: $5 a segment, and the Western Build's $25 only where one is built."""
    t = typed_start()
    mp = t.rr("MP")
    assert mp.western is None and len(mp.track) == 1
    assert full_value(mp) == mp.value == 5
    for rr in t.state.railroads.values():
        if rr.western is None:
            assert full_value(rr) == rr.value == 5 * len(rr.track), rr.key


def test_a_banker_correction_naming_an_unknown_account_is_refused_and_changes_nothing():
    t = typed_start()
    cash = {"ann": t.cash("ann"), "MP": t.treasury("MP")}
    assert t.rejects("adjust_cash", account="treasury:XX", amount=10,
                     reason="a railroad not in the game") == "Unknown account 'treasury:XX'."
    assert t.rejects("adjust_cash", account="zed", amount=10,
                     reason="nobody at this table") == "Unknown account 'zed'."
    assert {"ann": t.cash("ann"), "MP": t.treasury("MP")} == cash
