"""Readings of the rulebook put right: B4's own lines, B3 and B4's joint fees on the total, and
refusals in words (a spending step out of turn, a town read from the map that is no town)."""

from referee.engine import Replayer
from referee.games.railway_rivals.game import rules_for
from referee.games.railway_rivals.settings import Settings, SettingsError
from tests.railway_rivals.play import Table

OWN_LINES = "His route must be at least partly over his own lines"


def racing(players: int = 3, **settings) -> Table:
    """Building done on the test map: Ann 30, Bob 30, Cy 25 (with 4: Dee 25 too)."""
    return Table(players, **settings).through_building()


# -- B4: "His route must be at least partly over his own lines." ------------------------------

def test_a_route_all_on_rivals_lines_is_refused_in_the_rules_words():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    reason = t.rejects("route", company="ann", hexes={"bob": 5, "cy": 3}, length=8)
    assert reason.startswith(OWN_LINES) and "8 hexes on rivals' lines" in reason
    assert "none of Ann's route is on its own lines" in reason
    assert "(B4)" in reason
    t.route("ann", length=9, bob=5, cy=3).route("bob", length=8)  # one hex of its own
    assert t.balances() == {"ann": 30 - 8, "bob": 35, "cy": 28}


def test_a_joint_train_must_run_partly_over_either_partners_lines():
    t = racing().towns(43, 51).long_enough().enter("bob", partner="cy").enter("ann")
    t.route("ann", length=8)
    reason = t.rejects("route", company="cy", hexes={"ann": 7}, length=7)
    assert OWN_LINES in reason and "none of Bob and Cy's route is on their own lines" in reason
    t.route("cy", length=8, ann=7)


def test_a_lone_runner_must_run_partly_over_its_own_lines_too():
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    assert OWN_LINES in t.rejects("route", company="cy", hexes={"ann": 6}, length=6)
    assert "The movement the route needs must be a whole number" in t.rejects(
        "route", company="cy", hexes={"ann": 6})
    t.route("cy", length=7, ann=6)
    assert t.balances() == {"ann": 36, "bob": 30, "cy": 25 - 6 + 20}


def test_a_record_made_before_the_reading_keeps_accepting_its_routes():
    t = racing(own_lines_required=False).towns(43, 51).long_enough().enter("ann").out("bob", "cy")
    t.route("ann", length=None, bob=6)  # a lone runner's length could be left out
    assert t.balances() == {"ann": 30 - 6 + 20, "bob": 36, "cy": 25}
    record = dict(t.record, settings={})  # written before the setting existed
    assert not rules_for(record).settings.own_lines_required
    assert Replayer(rules_for(record), record["actions"]).state == t.state


# -- B3, B4: a joint train shares its costs; the richer partner pays the odd 1 -----------------

def joint_race(**settings) -> Table:
    """Four companies (Ann 30, Bob, Cy and Dee 25): Ann and Cy run a joint train, Bob alone."""
    t = racing(4, **settings).towns(43, 51).long_enough()
    return t.enter("ann", partner="cy").enter("bob").out("dee")


def test_a_joint_trains_fees_are_split_on_their_total():
    t = joint_race()
    t.route("ann", length=10, bob=3, dee=5).route("bob", length=8)  # 8: 4 each, not 5 and 3
    assert t.balances() == {"ann": 30 - 4, "bob": 25 + 3, "cy": 25 - 4, "dee": 25 + 5}
    assert sorted(t.state.race.fees) == [("ann", "bob", 3), ("ann", "dee", 1),
                                         ("cy", "dee", 4)]
    assert [e.note for e in t.state.entries if e.kind == "race_fee" and e.target == "dee"] == [
        "race 1, 1 of 5 hexes (joint: 8 shared 4 and 4)",
        "race 1, 4 of 5 hexes (joint: 8 shared 4 and 4)"]


def test_the_richer_partner_pays_the_odd_1_of_the_total_once():
    t = joint_race()
    t.route("ann", length=10, bob=3, dee=4).route("bob", length=8)  # 7: Ann (30) 4, Cy 3
    assert t.balances() == {"ann": 26, "bob": 28, "cy": 22, "dee": 29}


def test_partners_level_on_money_the_one_seated_first_pays_the_odd_1():
    t = racing(4).towns(43, 51).long_enough()
    t.enter("cy", partner="dee").enter("ann").out("bob")  # Cy and Dee both on 25
    t.route("ann", length=8).route("cy", length=10, ann=3, bob=2)  # 5: Cy 3, Dee 2
    assert t.balances() == {"ann": 33, "bob": 27, "cy": 22, "dee": 23}


def test_a_table_may_split_each_rivals_fee_apart_as_a_house_rule():
    t = joint_race(joint_fees="per_rival")
    t.route("ann", length=10, bob=3, dee=5).route("bob", length=8)  # 3: 2 + 1; 5: 3 + 2
    assert t.balances() == {"ann": 25, "bob": 28, "cy": 22, "dee": 30}


def test_a_record_without_the_setting_keeps_each_fee_split_apart():
    assert Settings.from_record({}).joint_fees == "per_rival"
    assert Settings.from_record({"joint_fees": "on_total"}).joint_fees == "on_total"
    try:
        Settings.from_record({"joint_fees": "halves"})
    except SettingsError as err:
        assert "settings.joint_fees must be one of on_total, per_rival" in str(err)
    else:
        raise AssertionError("an unknown reading was accepted")


# -- refusals in words ------------------------------------------------------------------------

def test_done_spending_in_a_building_turn_is_refused_in_words():
    t = Table(3).start(ann="Aston", bob="Bury", cy="Hull").throw(4)
    assert "Spending comes after a race" in t.rejects("done_spending", company="ann")


def test_a_town_read_from_the_map_for_a_missing_key_must_be_a_town_of_the_map():
    t = racing().towns(43)
    reason = t.rejects("key_throw", dice=[6, 5], town="Atlantis")
    assert "Key 65: 'Atlantis' is not a town of the Test map" in reason and "Goole" in reason
    t.do("key_throw", dice=[6, 5], town="goole")
    assert t.state.race.towns == ["Hull", "Goole"] and t.state.learned == {65: "Goole"}


def test_a_record_from_before_the_check_keeps_the_town_as_it_was_typed():
    """Games recorded before the check took any typed name: they replay as they were played."""
    t = racing(typed_towns_on_map=False).towns(43)
    t.do("key_throw", dice=[6, 5], town=" Atlantis ")
    assert t.state.race.towns == ["Hull", "Atlantis"]


def test_split_per_rival_two_hexes_cost_each_partner_1():
    t = joint_race(joint_fees="per_rival")
    t.route("ann", length=10, bob=2).route("bob", length=8)
    assert sorted(t.state.race.fees) == [("ann", "bob", 1), ("cy", "bob", 1)]
