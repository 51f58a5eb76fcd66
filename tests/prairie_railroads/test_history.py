"""The readable log tells each event once: a turn's opening line is its entry's heading."""

from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games.prairie_railroads.views import history
from referee.games.registry import replay

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"


@pytest.mark.parametrize("name", ["prairie_game_1", "prairie_game_2"])
def test_every_event_is_told_once_and_each_turn_opens_with_its_heading(name):
    frames = replay(read_record(GAMES / f"{name}.json")).frames
    said = [line for frame in frames[1:] for line in frame.outcome.events]
    entries = history(frames)
    told = [line for entry in entries for line in entry["lines"]]
    openings = [f"Turn {e['turn']}: {frames[-1].state.players[e['player']]}."
                for e in entries if e["turn"]]
    assert len(openings) >= 12
    assert [line for line in said if line not in openings] == told
    assert sorted(said) == sorted(told + openings)
    assert [e["label"] for e in entries[1:3]] == [
        f"Turn 1 — {frames[-1].state.players[entries[1]['player']]}",
        f"Turn 2 — {frames[-1].state.players[entries[2]['player']]}"]


def test_a_turn_that_ends_the_game_has_no_opening_to_leave_out():
    frames = replay(read_record(GAMES / "prairie_game_1.json")).frames
    last = history(frames)[-1]
    assert last["lines"][-1] == frames[-1].outcome.events[-1]
    assert "wins" in last["lines"][-1] or "Final" in " ".join(last["lines"])
