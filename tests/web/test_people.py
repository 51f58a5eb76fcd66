"""People from seats (referee/web/people.py): names matched, corrections applied in order."""

from __future__ import annotations

from referee.games.contract import Figure
from referee.web.people import Played, club, counted_names, person_key, shown_name
from referee.web.store import NameCorrection

CASH = Figure("cash", "Cash", "mean", "Average cash", "$")


def seat(game: str, pid: str, name: str, won: bool = False, cash: int = 0) -> Played:
    return Played(game, "toy", game, f"2026-01-0{game[-1]}", pid, name, won, 1 if won else 2,
                  2, (CASH,), {"cash": cash})


def correction(n: int, kind: str, name: str, into: str, *seats: tuple[str, str],
               taken_back: str | None = None) -> NameCorrection:
    return NameCorrection(n, kind, name, into, seats, "why", "2026-01-09", taken_back)


SEATS = [seat("g1", "a", "Ann", True, 10), seat("g1", "b", "Bob", cash=5),
         seat("g2", "a", "ANN", cash=3), seat("g2", "b", "Bobby", True, 8)]


def test_names_match_without_case_and_spaces():
    assert person_key(" Ann  Lee ") == person_key("annlee") == "annlee"
    people = club(SEATS, [])
    # most wins first, then most games; "Ann" and "ANN" once each: the newer spelling shows
    assert [(p.name, p.games, p.wins) for p in people] == [
        ("ANN", 2, 1), ("Bobby", 1, 1), ("Bob", 1, 0)]
    assert people[0].by_game["toy"].figures == [(CASH, 7)]  # (10 + 3) / 2, halves up


def test_the_name_shown_is_the_most_used_spelling_the_newest_of_a_tie():
    assert shown_name(["Ann", "ANN", "ANN"]) == "ANN"
    assert shown_name(["Ann", "ANN"]) == "ANN"
    assert shown_name(["ANN", "Ann"]) == "Ann"


def test_merge_split_and_taken_back_in_order():
    merged = correction(1, "merge", "Bobby", "Bob")
    assert counted_names(SEATS, [merged])[("g2", "b")] == "Bob"
    split = correction(2, "split", "Bob", "Rob", ("g1", "b"))
    names = counted_names(SEATS, [merged, split])
    assert (names[("g1", "b")], names[("g2", "b")]) == ("Rob", "Bob")
    back = correction(1, "merge", "Bobby", "Bob", taken_back="2026-01-10")
    assert counted_names(SEATS, [back])[("g2", "b")] == "Bobby"


def test_a_correction_of_a_game_no_longer_counted_or_of_an_unknown_kind_changes_nothing():
    plain = counted_names(SEATS, [])
    gone = correction(1, "split", "Ann", "Ann Lee", ("g9", "a"))  # a game since taken back
    assert counted_names(SEATS, [gone]) == plain
    unknown = correction(2, "rename", "Ann", "Anna", ("g1", "a"))  # a later version's kind
    assert counted_names(SEATS, [unknown]) == plain


def test_figures_total_as_their_game_says_sum_mean_or_largest():
    figures = (Figure("trips", "Trips"), CASH, Figure("best", "Biggest payoff", "max"))
    played = [Played(g, "toy", g, f"2026-01-0{n}", "a", "Ann", False, 2, 2, figures,
                     {"trips": n, "cash": 5 * n, "best": best})
              for n, (g, best) in enumerate((("g1", 4), ("g2", 9), ("g3", 6)), start=1)]
    (ann,) = club(played, [])
    assert [(f.key, v) for f, v in ann.by_game["toy"].figures] == [
        ("trips", 1 + 2 + 3), ("cash", 10), ("best", 9)]


def test_a_game_counted_before_its_figures_grew_totals_what_it_has():
    trips = Figure("trips", "Trips")
    older = Played("g1", "toy", "g1", "2026-01-01", "a", "Ann", False, 2, 2, (CASH,),
                   {"cash": 4})
    newer = Played("g2", "toy", "g2", "2026-01-02", "a", "Ann", True, 1, 2, (CASH, trips),
                   {"cash": 8, "trips": 3})
    (ann,) = club([newer, older], [])
    assert [(f.key, v) for f, v in ann.by_game["toy"].figures] == [("cash", 6), ("trips", 3)]
