"""Railway Rivals' money rules at their edges: the cases mutation testing found untested
(scripts/mutate, docs/testing.md). Each test is about one rule, in the game's words."""

from referee.games.railway_rivals.building import PAYMENTS
from referee.games.railway_rivals.state import ENTRY_KINDS
from tests.railway_rivals.play import Table, test_map_inline


def racing(players: int = 3, **settings) -> Table:
    """Building done: Ann 30, Bob 30, Cy 25 on the test map (seat order ann, bob, cy)."""
    return Table(players, **settings).through_building()


def building(players: int = 3, **settings) -> Table:
    return Table(players, **settings).start(ann="Aston", bob="Bury", cy="Hull")


def after_a_race() -> Table:
    """Race 1 run: Bob wins 20, Ann second 10, Cy earned 4 in fees; spending is open."""
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=6, cy=4).route("bob", length=6)
    t.moves(6)
    assert t.state.spending.allowance == {"ann": 10, "bob": 20, "cy": 4}
    return t


def last_transfer(t: Table):
    return t.game.frames[-1].outcome.transfers[-1]


# -- corrections (A6) -----------------------------------------------------------------------

def test_a_correction_is_a_whole_number_from_1_to_999_either_way():
    t = building()
    for amount in (0, 1000, -1000, 2.5, True, "5"):
        assert "A correction is a whole number" in t.rejects(
            "correction", company="ann", amount=amount, reason="check")
    t.do("correction", company="ann", amount=999, reason="the largest")
    assert t.balance("ann") == 20 + 999
    t.do("correction", company="ann", amount=-999, reason="taken back")
    t.do("correction", company="ann", amount=1, reason="one more")
    assert t.balance("ann") == 21
    assert "Correction for Ann: +1 unit (one more)." in t.events()
    assert last_transfer(t).fields["reason"] == "one more"  # every game's corrections say why
    t.do("correction", company="ann", amount=-5, reason="five less")
    assert t.balance("ann") == 16
    assert "Correction for Ann: −5 units (five less)." in t.events()
    assert t.state.winners == []  # a correction in the game names nobody the winner


# -- spending after a race (B6) ---------------------------------------------------------------

def test_spending_is_1_to_999_units_noted_as_new_track_unless_the_company_says():
    t = after_a_race()
    for amount in (0, 1000, True):
        assert "The amount spent must be a whole number 1 to 999" in t.rejects(
            "spend", company="ann", amount=amount)
    t.spends("ann", 2)
    assert t.state.entries[-1].note == "new track"
    assert "reason" not in last_transfer(t).fields  # only a correction carries a reason
    assert last_transfer(t).memo == f"{ENTRY_KINDS['spending']}: new track"
    t.do("spend", company="ann", amount=1, note="a bridge")
    assert t.state.entries[-1].note == "a bridge"
    assert last_transfer(t).memo == f"{ENTRY_KINDS['spending']}: a bridge"


def test_spending_cannot_take_more_than_the_company_has():
    t = after_a_race()
    t.do("correction", company="bob", amount=-45, reason="test: Bob is short")  # 50 to 5
    assert "Bob has 5 units and cannot pay 10 units for track" in t.rejects(
        "spend", company="bob", amount=10)
    t.spends("bob", 5)
    assert t.balance("bob") == 0


def test_a_company_is_done_spending_once():
    t = after_a_race()
    t.finished_spending("ann")
    assert "Ann is not spending now" in t.rejects("done_spending", company="ann")
    t.finished_spending("cy")
    assert "Ann is not spending now" in t.rejects("spend", company="ann", amount=1)


def test_with_the_check_after_the_race_a_target_reached_while_spending_waits():
    t = after_a_race()
    t.do("correction", company="ann", amount=300, reason="test: over the target")
    t.do("close_spending")
    assert not t.state.over and t.state.race.number == 2


def test_a_winner_spends_the_prize_only_and_fee_income_counts_for_the_others():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.do("correction", company="cy", amount=5, reason="test: found 5 in the box")
    t.route("ann", length=6, cy=4).route("bob", length=6, ann=3)  # Bob pays Ann 3
    t.moves(6)  # Ann (33 after the fees) throws first and wins; Bob (27) comes second
    race = t.state.races[-1]
    assert race.trains["ann"].place == 1 and race.trains["bob"].place == 2
    # Ann earned 3 in fees and won 20: she spends her prize only; Cy his fee income only
    assert t.state.spending.allowance == {"ann": 20, "bob": 10, "cy": 4}
    notes = [e.note for e in t.state.entries if e.kind == "prize"]
    assert notes == ["race 1, first", "race 1, second"]


def test_a_lone_runners_prize_is_noted_as_such():
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    t.route("cy", length=6)
    assert [e.note for e in t.state.entries if e.kind == "prize"] == ["race 1, lone runner"]


# -- payments while building (A4, A7) ---------------------------------------------------------

def test_payment_sizes_are_checked_before_anything_is_paid():
    t = building().throw(6)
    for half_hexes in (0, 13, True):
        assert "The half hexes alongside must be a whole number 1 to 12" in t.rejects(
            "build_payment", company="ann", to="bob", kind="alongside", half_hexes=half_hexes)
    t.do("correction", company="ann", amount=200, reason="test: a rich company")
    t.pays("alongside", "bob", half_hexes=12)
    assert t.balance("bob") == 20 + 25
    assert "The payment must be a whole number 1 to 99" in t.rejects(
        "build_payment", company="ann", to="bob", kind="custom", amount=0, reason="x")
    assert "Unknown payment 'teleport'" in t.rejects("build_payment", company="ann", to="bob",
                                                     kind="teleport")


def test_a_company_may_pay_out_exactly_what_it_has():
    t = building().throw(6)
    t.pays("custom", "bob", amount=20, reason="everything")
    assert t.balances() == {"ann": 0, "bob": 40, "cy": 20}


def test_a_payment_to_two_rivals_needs_the_money_for_both():
    t = building().throw(6)
    assert "Ann has 20 units and cannot pay 22 units for building" in t.rejects(
        "build_payment", company="ann", to=["bob", "cy"], kind="custom", amount=11, reason="x")
    t.pays("custom", ["bob", "cy"], amount=10, reason="a junction")
    assert t.balances() == {"ann": 0, "bob": 30, "cy": 30}
    assert "Ann a junction: pays Bob and Cy 10 units each." in t.events()


def test_one_rival_paid_is_told_without_each():
    t = building().throw(6).pays("join", "bob")
    assert "Ann joins a rival's line: pays Bob 1 unit." in t.events()


def test_payments_after_a_race_use_the_allowance_for_every_rival_paid():
    t = after_a_race()
    t.pays("join", ["ann", "bob"], company="cy")  # 1 each: 2 of Cy's 4
    assert t.state.spending.allowance["cy"] == 2


def test_the_bordering_town_hexes_are_named_on_a_map_that_lists_them():
    t = building().throw(4)
    assert "Name the two bordering town hexes" in t.rejects(
        "build_payment", company="ann", to="bob", kind="adjacent_towns", towns=["Aston"])
    assert "Unknown town None" in t.rejects("build_payment", company="ann", to="bob",
                                            kind="adjacent_towns")
    t.pays("adjacent_towns", "bob", towns=["Aston", "Bury", "Ely"])  # the first two count
    assert t.state.entries[-1].note == f"{PAYMENTS['adjacent_towns'][1]} (Aston–Bury)"


def test_a_map_without_bordering_towns_listed_takes_the_payment_as_it_is():
    board = test_map_inline()
    board["neighbours"] = []
    t = Table(map_ref=board).start(ann="Aston", bob="Bury", cy="Hull").throw(4)
    t.pays("adjacent_towns", "bob")
    assert t.balances() == {"ann": 17, "bob": 23, "cy": 20}
    assert t.state.entries[-1].note == PAYMENTS["adjacent_towns"][1]


def test_with_negative_accounts_allowed_a_company_pays_beyond_its_money():
    t = building(allow_negative=True).throw(6)
    t.pays("custom", "bob", amount=30, reason="more than Ann has")
    assert t.balances() == {"ann": -10, "bob": 50, "cy": 20}


# -- first to a town (A6) ---------------------------------------------------------------------

def test_only_the_builder_after_the_throw_reaches_a_town():
    t = building()
    assert "First the build throw" in t.rejects("reached_town", company="ann", town="Carlow")
    t.throw(3)
    assert "It is Ann's turn to build, not Bob's" in t.rejects("reached_town", company="bob",
                                                               town="Carlow")


def test_a_small_town_pays_the_small_town_income_and_a_town_the_town_income():
    t = building(edition="dampfross").throw(3).reaches("Dover")
    assert t.balance("ann") == 20 + 3
    t.reaches("Carlow")
    assert t.balance("ann") == 20 + 3 + 6


# -- joint builds (C4) ------------------------------------------------------------------------

def joint_table() -> Table:
    return Table(4, tournament=True, joint_builds=True).start(
        ann="Aston", bob="Bury", cy="Hull", dee="Hull")


def test_joint_builds_are_refused_where_they_are_not_played_and_before_the_throw():
    t = building().throw(4)
    assert "Joint builds are not played" in t.rejects(
        "joint_build", company="ann", partner="bob", throws=[4, 4], hexes=3)
    t = joint_table()
    assert "First the build throw" in t.rejects(
        "joint_build", company="ann", partner="bob", throws=[4, 4], hexes=3)
    t.throw(4)
    assert "with another company" in t.rejects(
        "joint_build", company="ann", partner="ann", throws=[4, 4], hexes=3)


def test_a_joint_build_takes_two_throws_of_1_to_6_and_1_to_40_hexes():
    t = joint_table().throw(4)
    for throws in ([4, 4, 4], [0, 4], [7, 4], [True, 4], [4]):
        assert "Give both companies' throws" in t.rejects(
            "joint_build", company="ann", partner="bob", throws=throws, hexes=3)
    for hexes in (0, 41):
        assert "The joint hexes must be a whole number 1 to 40" in t.rejects(
            "joint_build", company="ann", partner="bob", throws=[6, 6], hexes=hexes)
    t.do("joint_build", company="ann", partner="bob", throws=[6, 6], hexes=9)
    assert t.state.joint_hexes == {"ann+bob": 9}


def test_the_20_joint_hexes_count_only_a_companys_own_joint_lines():
    t = joint_table().throw(4)
    t.do("joint_build", company="ann", partner="bob", throws=[6, 6], hexes=9)
    t.do("joint_build", company="ann", partner="bob", throws=[1, 1], hexes=1)
    t.do("joint_build", company="ann", partner="cy", throws=[6, 6], hexes=9)
    t.do("joint_build", company="ann", partner="cy", throws=[1, 1], hexes=1)
    t.done().done()  # Ann and Bob have built: Cy builds on the round's throw
    t.do("joint_build", company="cy", partner="dee", throws=[1, 1], hexes=1)  # cy 11, dee 1
    assert t.state.joint_hexes == {"ann+bob": 10, "ann+cy": 10, "cy+dee": 1}


# -- race fees (B4) ---------------------------------------------------------------------------

def test_running_powers_net_the_other_way_the_rival_pays():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=12, powers=["bob"], bob=5)
    t.route("bob", length=12, powers=["ann"], ann=9)  # Bob owes 9, Ann 5: Bob pays Ann 4
    assert t.balances() == {"ann": 34, "bob": 26, "cy": 25}
    assert t.report()["race"]["fees"] == [{"from": "bob", "to": "ann", "amount": 4}]


def test_running_powers_with_no_hexes_back_pay_the_whole_fee():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=12, powers=["bob"], bob=5)
    t.route("bob", length=12, powers=["ann"])
    assert t.balances() == {"ann": 25, "bob": 35, "cy": 25}


def test_a_joint_train_on_one_hex_pays_1_from_the_richer_partner_and_nothing_from_the_other():
    for joint_fees in ("on_total", "per_rival"):
        t = racing(joint_fees=joint_fees).towns(43, 51).long_enough()
        t.enter("bob", partner="cy").enter("ann")
        t.route("ann", length=10).route("cy", length=8, ann=1)
        assert t.balances() == {"ann": 31, "bob": 29, "cy": 25}
        assert t.report()["race"]["fees"] == [{"from": "bob", "to": "ann", "amount": 1}]
        assert not [line for line in t.events() if "pays Ann 0 units" in line]


def test_running_powers_that_cancel_out_pay_nothing():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=12, powers=["bob"], bob=5)
    t.route("bob", length=12, powers=["ann"], ann=5)
    assert t.balances() == {"ann": 30, "bob": 30, "cy": 25}
    assert t.state.race.fees == [] and t.state.race.phase == "racing"


def test_fees_received_in_the_same_race_cover_fees_paid():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob", "cy")
    t.do("correction", company="cy", amount=-25, reason="test: Cy has nothing")
    t.route("ann", length=8).route("bob", length=8, cy=6)
    t.route("cy", length=8, ann=6)  # Cy pays Ann 6 out of the 6 Bob pays Cy
    assert t.balances() == {"ann": 36, "bob": 24, "cy": 0}


def test_with_negative_accounts_allowed_fees_are_paid_beyond_the_money():
    t = racing(allow_negative=True).towns(43, 51).long_enough().enter("ann", "cy").out("bob")
    t.do("correction", company="cy", amount=-25, reason="test: Cy has nothing")
    t.route("ann", length=6).route("cy", length=7, ann=6)
    assert t.balances() == {"ann": 36, "bob": 30, "cy": -6}


# -- tournament spending (C2) -----------------------------------------------------------------

def tournament_race(t: Table, winner: str, second: str, keys=(43, 51)) -> Table:
    t.towns(*keys).long_enough()
    for c in t.ids:
        t.enter(c) if c in (winner, second) else t.out(c)
    for tid in list(t.state.race.declare_order):
        t.route(tid, length=6)
    t.moves(6) if t.state.race.throw_order[0] == winner else t.moves(1, 6)
    return t


def test_tournament_spending_is_capped_by_the_credit_and_never_below_nothing():
    t = Table(4, tournament=True).through_building()
    t.do("correction", company="cy", amount=3 - t.balance("cy"), reason="test: Cy has 3")
    t.do("correction", company="dee", amount=-t.balance("dee"), reason="test: Dee has 0")
    tournament_race(t, "ann", "bob")
    tournament_race(t, "bob", "ann", keys=(24, 13))
    assert t.balance("cy") == 3 and t.balance("dee") == 0
    allowance = t.state.spending.allowance
    assert allowance["cy"] == 3 and allowance["dee"] == 0  # 5 under 50, but only what they have


def test_a_payment_of_a_kind_the_accounts_sheet_has_no_line_for_is_a_fault_not_money():
    """Every payment is one of the sheet's kinds of entry: any other is refused before
    a unit moves, so no entry can sit on the sheet without its line."""
    import pytest

    from referee.engine.rules import Step
    from referee.games.railway_rivals.context import Play

    t = building()
    play = Play(t.rules, Step(t.state))
    with pytest.raises(ValueError, match="'tip' is not a kind of account entry"):
        play.pay("bank", "ann", 5, "a tip", "tip")
    assert play.step.transfers == [] and len(play.state.entries) == len(t.state.entries)
    play.pay("bank", "ann", 5, "", "correction")
    assert play.cash("ann") == t.balance("ann") + 5
