"""Who beats whom (referee/web/rivals.py): places compared game by game, ties as ties, a
merged name one person, and the months and lengths of the club's games."""

from __future__ import annotations

from dataclasses import replace

from referee.games.contract import Figure
from referee.web.people import Played, club, club_lengths, club_months
from referee.web.store import NameCorrection

POINTS = Figure("points", "Points", "mean")


def seat(game: str, pid: str, name: str, place: int, started: str | None = None,
         ended: str | None = None) -> Played:
    return Played(game, "toy", game, f"2026-01-0{game[-1]}", pid, name, place == 1, place, 3,
                  (POINTS,), {"points": 10 - place}, started, ended)


# g1: Ann and Bob tie for first, Cy third; g2: Cy first, Ann second, Bobby (Bob) third
GAMES = [seat("g1", "a", "Ann", 1, "2026-05-01T19:00:00+02:00", "2026-05-01T20:00:00+02:00"),
         seat("g1", "b", "Bob", 1, "2026-05-01T19:00:00+02:00", "2026-05-01T20:00:00+02:00"),
         seat("g1", "c", "Cy", 3, "2026-05-01T19:00:00+02:00", "2026-05-01T20:00:00+02:00"),
         seat("g2", "a", "Ann", 2, "2026-06-02T19:00:00+02:00", "2026-06-02T20:31:00+02:00"),
         seat("g2", "b", "Bobby", 3, "2026-06-02T19:00:00+02:00", "2026-06-02T20:31:00+02:00"),
         seat("g2", "c", "Cy", 1, "2026-06-02T19:00:00+02:00", "2026-06-02T20:31:00+02:00")]
MERGE = NameCorrection(1, "merge", "Bobby", "Bob", (), "same Bob", "2026-06-03")


def rivals(people, name: str) -> dict:
    person = next(p for p in people if p.name == name)
    return {r.name: (r.games, r.won, r.lost, r.tied) for r in person.rivals}


def test_places_decide_who_beat_whom_and_a_shared_place_is_a_tie():
    people = club(GAMES, [MERGE])
    assert rivals(people, "Ann") == {"Bob": (2, 1, 0, 1), "Cy": (2, 1, 1, 0)}
    assert rivals(people, "Bob") == {"Ann": (2, 0, 1, 1), "Cy": (2, 1, 1, 0)}
    assert rivals(people, "Cy") == {"Ann": (2, 1, 1, 0), "Bob": (2, 1, 1, 0)}


def test_without_the_merge_bobby_is_a_rival_of_his_own():
    people = club(GAMES, [])
    assert rivals(people, "Ann") == {"Cy": (2, 1, 1, 0), "Bob": (1, 0, 0, 1),
                                     "Bobby": (1, 1, 0, 0)}


def test_two_seats_of_one_name_in_a_game_are_not_rivals_and_each_meets_the_others():
    # two people called Bob at one table, until the banker splits them: each seat meets Ann
    bob_twice = [*GAMES[:2], replace(GAMES[2], name="Bob")]
    people = club(bob_twice, [])
    assert rivals(people, "Bob") == {"Ann": (2, 0, 1, 1)}
    assert rivals(people, "Ann") == {"Bob": (2, 1, 0, 1)}


def test_months_lengths_and_last_played():
    people = club(GAMES, [MERGE])
    ann = next(p for p in people if p.name == "Ann")
    assert (ann.last_played, ann.average_minutes) == ("2026-06-02", 76)  # (60 + 91) / 2 = 75.5
    assert ann.months == {"2026-05": 1, "2026-06": 1}
    assert club_months(GAMES) == {"2026-05": 1, "2026-06": 1}  # games, not seats
    assert club_lengths(GAMES) == {"toy": 76}
    undated = club([replace(s, started=None, ended=None) for s in GAMES], [])
    assert all(p.last_played is None and p.average_minutes is None for p in undated)
