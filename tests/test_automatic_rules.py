"""Every effect the app applies on its own names the rule that made it (docs/explain.md):
undeclaring, the rover's debt, a Western Build's dividend, race prizes, the end of a game."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from referee.engine import Replayer
from referee.engine.record import read_record
from referee.games import registry
from tests.railbaron.test_second_reading import declared_blue_with_45000
from tests.railway_rivals.test_races import racing

GAMES = Path(__file__).parent / "fixtures" / "games"


def said(frames) -> list:
    return [e for frame in frames for e in frame.outcome.events]


def rule_of(events, words: str, after: str = "") -> str | None:
    """The rule of the first line that says `words` after one that says `after` (None: the
    line names no rule)."""
    start = next(i for i, e in enumerate(events) if after in e)
    found = [e for e in events[start:] if words in e]
    assert found, words
    return getattr(found[0], "rule", None)


@cache
def recorded(name: str) -> list:
    record = read_record(GAMES / name)
    return said(Replayer(registry.rules_for(record), record["actions"]).frames)


@pytest.mark.parametrize("name, after, words, rule", [
    ("railbaron_game_2.json", "", "is no longer declared", "UNDECLARE"),
    ("railbaron_game_1.json", "", "and wins!", "DECLARING AND WINNING"),
    ("prairie_game_2.json", "builds the Western Build", "receives", "Construct Track"),
    ("prairie_game_2.json", "Pay Dividends (", "receives", "Pay Dividends"),
    ("prairie_game_2.json", "Final payoff", "receives", "Final Railroad Stock Payoffs"),
    ("barons_game_1.json", "", "Investor is removed from the game", "Setup"),
    ("barons_game_1.json", "", "is over and so is the game", "End of the Game"),
    ("railway_rivals_game_1.json", "", "is first to", "A6. Accounts"),
])
def test_a_recorded_games_automatic_effect_names_its_rule(name, after, words, rule):
    assert rule_of(recorded(name), words, after) == rule


def test_the_rover_and_the_rovered_players_debt_name_rover_play():
    t = declared_blue_with_45000()
    t.go_to("Knoxville").roll(2, 3).rover("blue")
    assert rule_of(t.events(), "heads for the alternate destination") == "ROVER PLAY"
    assert rule_of(t.events(), "cannot pay the $50,000 in cash") == "ROVER PLAY"
    t.do("sell_back", player="blue", railroad="SOU")
    assert rule_of(t.events(), "for the rover") == "ROVER PLAY"


def test_race_prizes_name_b6():
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    t.route("cy", length=8, ann=3)
    assert rule_of(said(t.game.frames), "without racing") == "B6"
