"""Each game's `final_figures`: what a finished game gives the players page, worked out by hand
from the recorded games (tests/fixtures/games/*.md); nothing while a game is under way."""

from __future__ import annotations

from pathlib import Path

from referee.engine.record import read_record
from referee.games import registry
from referee.games.contract import ranked
from referee.web.games.railbaron.report import player_reports
from tests.railbaron.play import play
from tests.railway_rivals.play import Table
from tests.railway_rivals.test_tournament_and_end import one_race

GAMES = Path(__file__).parent / "fixtures" / "games"


def figures_of(name: str, drop: int = 0):
    record = read_record(GAMES / f"{name}.json")
    if drop:
        record["actions"] = record["actions"][:-drop]
    replayer = registry.replay(record)
    return registry.game(record["game"]).final_figures(replayer.frames), replayer


def column(figures, key: str) -> dict[str, int]:
    return {pid: values[key] for pid, values in figures.values.items()}


def test_prairie_game_1_final_payoffs_and_places():
    figures, _ = figures_of("prairie_game_1")
    assert figures.winners == ("cy",)
    assert column(figures, "final_cash") == {"ann": 105, "bob": 112, "cy": 130}
    # the final payoff table: Ann CRIP 24 + SLSF 7, Bob ATSF 19 + MP 6, Cy ATSF 19 + KP 6 + MKT 6
    assert column(figures, "final_payoff") == {"ann": 31, "bob": 25, "cy": 31}
    assert dict(figures.places) == {"cy": 1, "bob": 2, "ann": 3}
    # the dividends' transfers, not the final payoff's
    assert column(figures, "dividends") == {"ann": 19, "bob": 34, "cy": 41}


def test_railroad_barons_game_1_scores_as_the_game_scored_them():
    figures, _ = figures_of("barons_game_1")
    assert figures.winners == ("bob",)
    assert figures.values["ann"] == {"final_score": 1940, "final_cash": 220, "share_value": 1720}
    assert figures.values["bob"] == {"final_score": 2535, "final_cash": 355, "share_value": 2180}


def test_rail_baron_game_2_with_its_bankrupt_player():
    figures, replayer = figures_of("railbaron_game_2")
    assert figures.winners == ("green",)
    # the hand-worked finals (railbaron_games.md): Red $243,000, Green $244,000, Yellow $0
    # (bankrupt), Blue $214,000
    assert column(figures, "final_cash") == {"blue": 214_000, "red": 243_000,
                                             "green": 244_000, "yellow": 0}
    assert column(figures, "bankruptcies") == {"blue": 0, "red": 0, "green": 0, "yellow": 1}
    assert dict(figures.places) == {"green": 1, "red": 2, "blue": 3, "yellow": 4}
    # the same transfers as the final report reads them
    for report in player_reports(replayer.state, replayer.frames, {}):
        mine = figures.values[report.id]
        assert (mine["trips"], mine["fees_paid"], mine["fees_received"]) == (
            report.payoffs, report.fees_paid, report.fees_received)
    assert column(figures, "biggest_payoff")["blue"] == 40_000  # Savannah–Knoxville, turn 26


def test_railway_rivals_game_2_played_to_its_winner():
    figures, _replayer = figures_of("railway_rivals_game_2")
    # the hand-worked ledger (railway_rivals_game_2.md): Bob reaches the target of 225 in race 9
    assert figures.winners == ("bob",)
    assert column(figures, "final_money") == {"ann": 20, "bob": 227, "cy": 66, "dee": 21}
    # Bob wins races 2 to 6, 8 and 9 (race 4 alone), Cy races 1 and 7
    assert column(figures, "races_won") == {"ann": 0, "bob": 7, "cy": 2, "dee": 0}
    # Ann: Dee's 2 hexes in race 1 and 3 in race 5; Dee: Bob's 2 in race 4, Cy's 1 in race 7
    # and Ann's 1 in race 8
    assert column(figures, "fees_received")["ann"] == 5
    assert column(figures, "fees_received")["dee"] == 4
    assert dict(figures.places) == {"bob": 1, "cy": 2, "dee": 3, "ann": 4}


def test_a_game_under_way_gives_no_figures():
    assert figures_of("prairie_game_1", drop=1)[0] is None
    assert figures_of("barons_game_1", drop=1)[0] is None
    assert figures_of("railbaron_game_1", drop=1)[0] is None
    assert figures_of("railway_rivals_game_1")[0] is None  # its companies are still racing


def test_railway_rivals_races_won_fees_and_a_shared_win():
    t = Table(3).through_building()  # ann 30, bob 30, cy 25
    t.do("correction", company="ann", amount=200, reason="test").do(
        "correction", company="bob", amount=208, reason="test")
    assert registry.game("railway_rivals").final_figures(t.game.frames) is None
    # Bob's train runs 2 hexes on Ann's line: 2 to Ann; Ann wins (20), Bob second (10)
    t.towns(43, 51).long_enough().enter("ann").enter("bob").out("cy")
    for tid in list(t.state.race.declare_order):
        t.route(tid, length=6, **({"ann": 2} if tid == "bob" else {}))
    t.moves(6) if t.state.race.throw_order[0] == "ann" else t.moves(1, 6)
    figures = registry.game("railway_rivals").final_figures(t.game.frames)
    assert t.state.winners == ["ann"] and figures.winners == ("ann",)
    assert column(figures, "races_won") == {"ann": 1, "bob": 0, "cy": 0}
    assert column(figures, "fees_received") == {"ann": 2, "bob": 0, "cy": 0}
    assert column(figures, "final_money") == {c: t.balance(c) for c in ("ann", "bob", "cy")}


def test_railway_rivals_a_tie_gives_both_the_win():
    t = Table(3).through_building()
    t.do("correction", company="ann", amount=200, reason="test").do(
        "correction", company="bob", amount=210, reason="test")
    one_race(t, winner="ann", second="bob")  # 250 each
    figures = registry.game("railway_rivals").final_figures(t.game.frames)
    assert figures.winners == ("ann", "bob")
    assert dict(figures.places) == {"ann": 1, "bob": 1, "cy": 3}


def test_rail_baron_a_player_bankrupt_before_his_first_payoff():
    t = play(players=("blue", "red")).set_up(homes=["Atlanta", "Knoxville"])
    t.trip("Knoxville", "LN", buy="LN")  # blue: Atlanta–Knoxville, and he buys the LN
    t.go_to("Atlanta").roll(2, 3).stop("LN")  # red rides Blue's LN
    t.adjust("red", -(t.cash("red") - 500), "to $500").end_turn()  # owes the established $1,000
    figures = registry.game("railbaron").final_figures(t.game.frames)
    assert figures.winners == ("blue",) and dict(figures.places) == {"blue": 1, "red": 2}
    assert figures.values["red"] == {"final_cash": 0, "fees_paid": 0, "fees_received": 0,
                                     "biggest_payoff": 0, "trips": 0, "bankruptcies": 1}
    assert figures.values["blue"]["trips"] == 1 and figures.values["blue"]["bankruptcies"] == 0


def test_places_share_a_tie_and_follow_the_winners():
    values = {s: {"cash": c} for s, c in
              {"a": 5, "b": 9, "c": 7, "d": 7, "e": 1}.items()}
    assert ranked(values, ["a"], "cash") == {"a": 1, "b": 2, "c": 3, "d": 3, "e": 5}
    assert ranked(values, ["c", "d"], "cash") == {"c": 1, "d": 1, "b": 3, "a": 4, "e": 5}


def test_rail_baron_starts_from_the_player_who_won_the_roll_for_first_player():
    # game 2: Red and Green tie at 14 on three dice, Red then rolls 14 against Green's 9; the
    # turns go round the seats (Blue, Red, Green, Yellow) from Red
    figures, _ = figures_of("railbaron_game_2")
    assert dict(figures.starts) == {"red": 1, "green": 2, "yellow": 3, "blue": 4}
    assert figures.score == "final_cash"
