"""Prairie Railroads' track payment at its edge: the last track cube (a case mutation testing
found untested: scripts/mutate, docs/testing.md)."""

from referee.games.prairie_railroads.actions_track import cubes_left
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
