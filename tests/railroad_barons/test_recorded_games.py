"""Two whole recorded games replay to the scores worked out by hand (tests/fixtures/games)."""

from pathlib import Path

import pytest

from referee.engine import IllegalAction, Replayer
from referee.engine.record import read_record
from referee.games.railroad_barons.box import Obsolescence
from referee.games.railroad_barons.game import rules_for, summary
from referee.games.railroad_barons.views import render

GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"


def replayed(name: str, upto: int | None = None):
    record = read_record(GAMES / f"{name}.json")
    rules = rules_for(record)
    return rules, Replayer(rules, record["actions"][:upto])


def position_of(name: str, action: dict) -> int:
    return read_record(GAMES / f"{name}.json")["actions"].index(action)


@pytest.mark.parametrize("name, totals, cash, treasuries", [
    ("barons_game_1", {"ann": 1940, "bob": 2535}, {"ann": 220, "bob": 355},
     {"MSC": 1150, "SB": 70}),
    ("barons_game_2", {"ann": 650, "bob": 5210}, {"ann": 230, "bob": 660},
     {"SB": 520, "AVR": 700, "MBS": 700}),
])
def test_recorded_game_replays_to_the_hand_worked_scores(name, totals, cash, treasuries):
    assert (GAMES / "barons_games.md").is_file()
    rules, game = replayed(name)
    report = summary(game.state, rules)
    assert report["stage"] == "over" and report["round"] == "OR 3.2"
    assert {p: s["total"] for p, s in report["scores"].items()} == totals
    assert {p: s["cash"] for p, s in report["scores"].items()} == cash
    assert {k: report["holdings"][k]["treasury"] for k in treasuries} == treasuries
    assert report["winners"] == ["bob"]
    assert render(report).endswith("Winner: Bob")


def test_game_1_scores_in_detail():
    rules, game = replayed("barons_game_1")
    scores = summary(game.state, rules)["scores"]
    assert scores["ann"]["shares"] == {
        "MSC": {"percent": 40, "value": 350, "worth": 1400},
        "SB": {"percent": 40, "value": 80, "worth": 320}}
    assert scores["bob"]["shares"]["MSC"] == {"percent": 60, "value": 350, "worth": 2100}
    assert game.state.holdings["MSC"].certs == {40: "bob", 30: "ann", 20: "bob", 10: "ann"}
    assert game.state.obsolete == [2]
    assert "Test Atlantic" in game.state.out_of_game and "Birch Line" in game.state.out_of_game


def test_game_1_delays_the_swap_to_bobs_next_turn():
    sell = {"type": "sell", "player": "ann", "sales": [{"holding": "MSC", "percent": 10}]}
    at = position_of("barons_game_1", sell)
    rules, game = replayed("barons_game_1", at + 1)
    msc = game.state.holdings["MSC"]
    assert msc.director == "bob" and msc.certs[40] == "ann"
    assert summary(game.state, rules)["holdings"]["MSC"]["value"] == 90


def test_game_1_passes_through_the_directors_aid():
    rules, game = replayed("barons_game_1")
    aid = [t for t in game.transfers() if "Director's aid" in t.memo]
    assert [(t.source, t.target, t.amount) for t in aid] == [("ann", "treasury:SB", 60)]


def test_game_2_bob_at_the_limit_may_only_exchange_and_must_sell_at_ten():
    exchange = {"type": "buy", "player": "bob", "holding": "MBS", "percent": 30, "give": 20}
    at = position_of("barons_game_2", exchange)
    rules, game = replayed("barons_game_2", at)
    assert game.state.certificate_count("bob") == 9
    with pytest.raises(IllegalAction, match="limit of 9 certificates and may only exchange"):
        game.submit({"type": "buy", "player": "bob", "holding": "MBS", "percent": 30})
    forced = {"type": "sell", "player": "bob", "sales": [{"holding": "AVR", "percent": 10}]}
    at = position_of("barons_game_2", forced)
    rules, game = replayed("barons_game_2", at)
    assert game.state.certificate_count("bob") == 10
    with pytest.raises(IllegalAction, match="over the limit of 9 certificates and must sell"):
        game.submit({"type": "pass", "player": "bob"})


def test_the_replay_report_has_the_fields_of_the_interface():
    rules, game = replayed("barons_game_1", 19)
    report = summary(game.state, rules)
    for key in ("stage", "round", "to_act", "priority", "players", "holdings", "stack_top",
                "winners"):
        assert key in report
    assert report["round"] == "OR 1.1" and report["to_act"] == "bob"
    assert report["players"]["bob"]["certificates"] == {"MSC": [40, 20]}
    assert report["players"]["ann"]["investors"] == [450, 50]
    msc = report["holdings"]["MSC"]
    assert {k: msc[k] for k in ("value", "par", "treasury", "director",
                                "director_certificate_holder", "operating",
                                "network_tokens", "investors")} == {
        "value": 90, "par": 100, "treasury": 1000, "director": "bob",
        "director_certificate_holder": "bob", "operating": True, "network_tokens": 1,
        "investors": []}
    assert "scores" not in report


def test_game_1_every_investor_drafted_went_through_the_money_or_card_offer():
    rules, game = replayed("barons_game_1", 8)  # the four offers and their answers
    draft = [(t.target, t.amount, t.kind, dict(t.fields)) for t in game.transfers()
             if t.kind.startswith("draft")]
    assert draft == [("bob", 400, "draft_money", {"investor": 450, "price": 400}),
                     ("ann", 30, "draft_money", {"investor": 30, "price": 30}),
                     ("ann", 40, "draft_money", {"investor": 40, "price": 40}),
                     ("bob", 50, "draft_money", {"investor": 50, "price": 50}),
                     ("ann", 60, "draft_removed", {"investor": 60}),
                     ("bob", 60, "draft_removed", {"investor": 60})]
    assert game.state.investors == {"ann": [450, 50], "bob": [30, 40]}


def test_game_1_dividends_are_the_exact_percentage_of_the_revenue():
    rules, game = replayed("barons_game_1")
    paid = [(t.target, t.amount, t.fields["revenue"]) for t in game.transfers()
            if t.kind == "holding_dividend"]
    # MSC: Bob 60%, Ann 40% of $25, $65, $80, $75, $125, $125; SB: Ann 40%, Bob 10% of $80
    assert paid == [("ann", 10, 25), ("bob", 15, 25), ("ann", 26, 65), ("bob", 39, 65),
                    ("ann", 32, 80), ("bob", 48, 80), ("ann", 30, 75), ("bob", 45, 75),
                    ("ann", 50, 125), ("bob", 75, 125), ("ann", 50, 125), ("bob", 75, 125),
                    ("ann", 32, 80), ("bob", 8, 80)]


@pytest.mark.parametrize("name", ["barons_game_1", "barons_game_2"])
def test_a_record_whose_box_sets_obsolescence_by_level_only_replays_as_before(name):
    """Both records carry the test box as it was recorded, before obsolescence by category:
    rows of (level, obsoletes), read as they always were."""
    record = read_record(GAMES / f"{name}.json")
    assert record["map"]["obsolescence"] == [[4, "2"], [5, "3"]]
    rules, game = replayed(name)
    assert rules.box.obsolescence == [Obsolescence(4, (), (2,)), Obsolescence(5, (), (3,))]
    assert game.state.obsolete == [2]
