"""Who may do what, asked of the rules by the pages too: the last-town countdown (A8), joint
train partners (B3) and running powers (B4). Each answer is checked against the rules' own
verdict on the move it offers."""

from referee.engine import IllegalAction
from referee.games.railway_rivals.building import countdown_open
from referee.games.railway_rivals.races import joint_partners, power_partners
from tests.railway_rivals.play import Table


def building() -> Table:
    return Table(3).start(ann="Aston", bob="Bury", cy="Hull")


def accepted(t: Table, action: dict) -> bool:
    try:
        t.rules.apply(t.state, action)
    except IllegalAction:
        return False
    return True


def test_the_countdown_opens_with_one_town_left_and_only_once():
    t = building()
    assert not countdown_open(t.state)
    t.turn(4, "Carlow").turn(4, "Ely", "Frome")
    assert len(t.state.unreached()) == 2 and not countdown_open(t.state)
    t.throw(2).reaches("Dover")
    assert t.state.unreached() == ["Goole"] and countdown_open(t.state)
    assert accepted(t, {"type": "last_town", "company": "bob"})
    t.do("last_town", company="ann")
    assert not countdown_open(t.state)  # running already
    assert not accepted(t, {"type": "last_town", "company": "bob"})


def test_no_countdown_before_the_building_stage_or_after_it():
    t = Table(3)
    assert not countdown_open(t.state)  # the start towns are still being named
    t = building()
    for town in t.state.unreached():
        t.turn(4, town)
    assert t.state.stage == "operating" and not countdown_open(t.state)
    assert not accepted(t, {"type": "last_town", "company": "ann"})


def racing() -> Table:
    """Building done on the test map (Ann 35, Bob 30, Cy 25); race 1's towns are thrown."""
    return Table(3).through_building().towns(43, 51).long_enough()


def test_a_joint_train_is_formed_with_a_company_that_has_not_answered():
    t = racing()
    assert joint_partners(t.state.race, t.ids, "ann") == ["bob", "cy"]
    t.out("bob")
    assert joint_partners(t.state.race, t.ids, "ann") == ["cy"]
    assert "has answered already" in t.rejects("enter", company="ann", partner="bob")
    assert "run by two companies" in t.rejects("enter", company="ann", partner="ann")
    assert accepted(t, {"type": "enter", "company": "ann", "partner": "cy"})


def test_running_powers_are_offered_between_two_trains_each_of_one_company():
    t = racing().enter("ann", "bob").out("cy")
    race = t.state.race
    assert power_partners(race, t.ids, "ann") == ["bob"]
    assert power_partners(race, t.ids, "bob") == ["ann"]
    assert power_partners(race, t.ids, "cy") == []  # stays out
    assert accepted(t, {"type": "route", "company": "ann", "hexes": {"bob": 3}, "length": 8,
                        "powers": ["bob"]})
    assert "each with its own train" in t.rejects(
        "route", company="ann", hexes={}, length=8, powers=["cy"])


def test_a_joint_train_exchanges_no_running_powers():
    t = racing().enter("bob", partner="cy").enter("ann")
    race = t.state.race
    assert power_partners(race, t.ids, "ann") == []  # the only other train is joint
    assert power_partners(race, t.ids, "bob") == power_partners(race, t.ids, "cy") == []
    assert "each with its own train" in t.rejects(
        "route", company="ann", hexes={"bob": 2}, length=10, powers=["bob"])
