"""Setting up: cash, hands, the deck, the six initial auctions and their free first segments."""

import pytest

from referee.engine.record import RecordError, new_record
from referee.games.prairie_railroads.game import rules_for
from tests.prairie_railroads.play import STANDARD_START, Table, standard_game


@pytest.mark.parametrize("players, cash, hand", [
    (3, 80, {"PD": 2, "OS": 6, "CT": 10}),
    (4, 70, {"PD": 1, "OS": 5, "CT": 8}),
    (5, 60, {"PD": 1, "OS": 4, "CT": 6}),
])
def test_starting_cash_and_hands_by_player_count(players, cash, hand):
    t = Table(players=players)
    assert {pid: t.cash(pid) for pid in t.state.players} == {
        pid: cash for pid in t.state.players}
    assert all(h == hand for h in t.state.hands.values())
    assert t.state.deck == {"PD": 6, "OS": 6, "CT": 10}
    assert t.state.ledger.total() == 0


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players):
    record = new_record("prairie_railroads", "", [{"id": f"p{i}"} for i in range(players)],
                        {"deck": {"PD": 2, "OS": 0, "CT": 0}})
    with pytest.raises(RecordError, match="3 to 5 players"):
        rules_for(record)


def test_the_deck_make_up_must_be_entered():
    record = new_record("prairie_railroads", "", [{"id": f"p{i}"} for i in range(3)], {})
    with pytest.raises(RecordError, match="settings.deck"):
        rules_for(record)
    record["settings"] = {"deck": {"PD": 2, "OS": -1, "CT": 0}}
    with pytest.raises(RecordError, match="settings.deck.OS"):
        rules_for(record)


def test_a_broken_board_table_is_named():
    record = new_record("prairie_railroads", "no_such_board", [{"id": f"p{i}"} for i in range(3)],
                        {"deck": {"PD": 2, "OS": 0, "CT": 0}})
    with pytest.raises(RecordError, match="no board manifest"):
        rules_for(record)


def test_auctions_run_in_order_each_opened_by_the_previous_winner():
    t = Table().starts("cy")
    assert t.state.auction.railroad == "CRIP"
    assert t.state.auction.bidders == ["cy", "ann", "bob"]  # clockwise from the starting player
    t.sell("ann", 30).first("Troy", "Whiting")
    assert t.rr("CRIP").income == 1  # Troy–Whiting: $1 (Troy is a start city)
    assert t.state.auction.railroad == "ATSF"
    assert t.state.auction.bidders == ["ann", "bob", "cy"]  # opened by the CRIP's owner
    assert t.cash("ann") == 50 and t.treasury("CRIP") == 30


def test_no_bid_gives_the_share_free_to_the_offering_player():
    t = Table().starts("bob").sell(None)
    assert t.rr("CRIP").shares == {"bob": 1}
    assert t.treasury("CRIP") == 0 and t.cash("bob") == 80
    t.first("Troy", "Marysville")  # the initial track is still built
    assert t.rr("CRIP").track == [("Troy", "Marysville")]


def test_bids_rise_stay_within_cash_and_a_dropped_player_stays_out():
    t = Table().starts("ann")
    assert "at least $1" in t.rejects("bid", player="ann", amount=0)
    t.do("bid", player="ann", amount=10)
    assert "at least $11" in t.rejects("bid", player="bob", amount=10)
    assert "nobody bids over his cash" in t.rejects("bid", player="bob", amount=81)
    t.do("pass", player="bob")
    assert "Cy's bid" in t.rejects("bid", player="bob", amount=20)
    t.do("bid", player="cy", amount=12).do("bid", player="ann", amount=13)
    t.do("pass", player="cy")
    assert t.rr("CRIP").shares == {"ann": 1} and t.treasury("CRIP") == 13


def test_first_segments_come_from_the_allowed_start_cities():
    t = Table().starts("ann").sell("ann", 5)
    assert "starts from Troy" in t.rejects("first_build", player="ann",
                                           **{"from": "Atchison", "to": "Topeka"})
    assert "Whiting or Marysville" in t.rejects("first_build", player="ann",
                                                **{"from": "Troy", "to": "Topeka"})
    assert "Ann builds the free CRIP" in t.rejects("first_build", player="bob",
                                         **{"from": "Troy", "to": "Whiting"})
    t.first("Troy", "Whiting").sell(None)
    assert "Topeka" in t.rejects("first_build", player="ann",
                                 **{"from": "Atchison", "to": "Whiting"})
    t.first("Atchison", "Topeka").sell(None).first("Kansas City", "Brill").sell(None)
    # the MKT may start from Kansas City, but Kansas City–Brill is the KP's now
    assert "already built" in t.rejects("first_build", player="ann",
                                        **{"from": "Kansas City", "to": "Brill"})


def test_the_mp_owner_plays_first():
    t = standard_game()
    assert t.state.stage == "play"
    assert t.now == "bob"  # Bob bought the MP
    assert [seg for rr in t.state.railroads.values() for seg in rr.track][-1] == (
        STANDARD_START[-1][2], STANDARD_START[-1][3])
