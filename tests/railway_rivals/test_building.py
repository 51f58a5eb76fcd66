"""The building stage (rules A1-A8): accounts from 20, payments to rivals, first to a town."""

from tests.railway_rivals.play import Table


def building(players: int = 3, **settings) -> Table:
    return Table(players, **settings).start(ann="Aston", bob="Bury", cy="Hull")


def test_each_company_starts_with_20_and_names_its_start_town():
    t = Table()
    assert t.balances() == {"ann": 20, "bob": 20, "cy": 20}
    assert [e.kind for e in t.state.entries] == ["capital"] * 3
    assert t.report()["stage"] == "building" and t.report()["mover"] == "ann"
    assert "not a start town on this map" in t.rejects("start_town", company="ann", town="Ely")
    t.start(ann="Aston", bob="Aston")
    assert t.state.stage == "setup" and t.report()["mover"] == "cy"
    t.start(cy="Hull")
    assert t.state.stage == "building" and t.builder == "ann"


def test_the_payments_of_the_building_figure():
    """Fig. 2 and rule A7: join 1, junction running alongside 3, straight alongside 5, cross 1."""
    t = building().throw(6)
    t.pays("join", "bob")
    assert t.balances() == {"ann": 19, "bob": 21, "cy": 20}
    t.pays("junction_alongside", "bob")
    assert t.balances() == {"ann": 16, "bob": 24, "cy": 20}
    t.pays("straight_alongside", "bob")
    assert t.balances() == {"ann": 11, "bob": 29, "cy": 20}
    t.pays("cross", "cy")
    assert t.balances() == {"ann": 10, "bob": 29, "cy": 21}
    assert [e.amount for e in t.state.entries if e.kind == "build_payment"] == [1, 3, 5, 1]


def test_alongside_is_2_per_half_hex_plus_1_for_joining():
    t = building().throw(5)
    t.pays("alongside", "bob", half_hexes=1)
    t.pays("alongside", "bob", half_hexes=2)
    assert t.balance("bob") == 20 + 3 + 5


def test_3_between_adjacent_town_hexes_and_every_rival_present_is_paid():
    t = building().throw(4)
    t.pays("adjacent_towns", "bob", towns=["Aston", "Bury"])
    assert t.balances() == {"ann": 17, "bob": 23, "cy": 20}
    assert "Name the two bordering town hexes" in t.rejects(
        "build_payment", company="ann", to="bob", kind="adjacent_towns", towns=["Aston", "Ely"])
    t.pays("join", ["bob", "cy"])  # two companies already there: pay both
    assert t.balances() == {"ann": 15, "bob": 24, "cy": 21}


def test_a_custom_amount_needs_its_reason_and_nobody_pays_himself():
    t = building().throw(4)
    assert "Say why" in t.rejects("build_payment", company="ann", to="bob", kind="custom",
                                  amount=4)
    t.pays("custom", "bob", amount=4, reason="junction and two half hexes")
    assert t.state.entries[-1].note == "junction and two half hexes"
    assert "pays nothing to itself" in t.rejects("build_payment", company="ann", to="ann",
                                                 kind="join")
    assert "cannot pay 17 units" in t.rejects("build_payment", company="ann", to="bob",
                                              kind="custom", amount=17, reason="x")


def test_first_to_a_town_earns_5_but_not_at_a_start_town():
    t = building().throw(3)
    t.reaches("Carlow")
    assert t.balance("ann") == 25
    assert "Hull is a start town" in t.rejects("reached_town", company="ann", town="Hull")
    t.done().throw(2)
    assert "Ann reached Carlow first already" in t.rejects("reached_town", company="bob",
                                                           town="Carlow")
    assert t.report()["players"][0]["towns_first"] == ["Carlow"]
    assert t.report()["unreached_towns"] == ["Dover", "Ely", "Frome", "Goole"]


def test_the_edition_profile_sets_the_first_to_town_income():
    t = building(edition="dampfross").throw(3).reaches("Carlow").reaches("Dover")
    assert t.balance("ann") == 20 + 6 + 3  # Dover is a small town on the test map


def test_turns_go_round_and_only_the_builder_acts():
    t = building()
    assert "First the build throw" in t.rejects("build_payment", company="ann", to="bob",
                                                kind="join")
    assert "Ann's turn to build" in t.rejects("build_throw", company="bob", die=3)
    t.turn(3).turn(5)
    assert t.builder == "cy"
    assert "thrown 2 already" in t.throw(2).rejects("build_throw", company="cy", die=4)
    t.done()
    assert t.builder == "ann" and t.state.building.round == 2


def test_building_ends_when_every_town_is_reached():
    t = building().turn(4, "Carlow", "Dover").turn(4, "Ely", "Frome").turn(6)
    assert t.state.stage == "building"
    t.throw(3).reaches("Goole")
    assert t.state.stage == "building"  # the builder finishes the turn
    t.done()
    assert t.state.stage == "operating" and t.report()["race"]["number"] == 1
    assert t.report()["unreached_towns"] == []


def test_the_last_town_countdown_gives_everyone_two_more_turns():
    t = building().turn(4, "Carlow").turn(4, "Ely", "Frome")
    assert "2 towns are unreached" in t.rejects("last_town", company="ann")
    t.throw(2).reaches("Dover")
    t.do("last_town", company="ann")  # during Cy's turn: a turn half built is not one of two
    assert "already" in t.rejects("last_town", company="bob")
    t.done()
    for _ in range(5):
        t.turn(1)
        assert t.state.stage == "building"
    t.turn(1)
    assert t.state.stage == "operating"
    assert t.report()["unreached_towns"] == ["Goole"]


def test_tournament_rounds_share_one_throw_and_the_first_mover_rotates():
    """Rule C2: Alan throws 4, all build 4; Brian throws 5 and moves first, Alan last."""
    t = building(tournament=True)
    t.throw(4)
    assert "tournament rules" in t.done().rejects("build_throw", company="bob", die=5)
    t.done().done()
    assert t.state.building.order == ["bob", "cy", "ann"] and t.builder == "bob"
    t.throw(5)
    t.done().done()
    assert t.builder == "ann" and t.state.building.throw == 5
    t.done()
    assert t.state.building.order == ["cy", "ann", "bob"]


def test_the_sheet_reads_like_the_paper_one():
    t = building().throw(6).pays("join", "bob").reaches("Carlow").pays("straight_alongside",
                                                                        "cy")
    assert t.report()["sheet"]["ann"] == ["Building: 20 − 1 + 5 − 5 = 19"]
    assert t.report()["sheet"]["bob"] == ["Building: 20 + 1 = 21"]


def test_undo_takes_back_a_payment_exactly():
    t = building().throw(6)
    before = t.state
    t.pays("straight_alongside", "bob")
    t.do("undo")
    assert t.state == before and t.balances() == {"ann": 20, "bob": 20, "cy": 20}


def test_corrections_carry_a_reason_and_work_after_the_end():
    t = building()
    assert "Say why" in t.rejects("correction", company="bob", amount=-3)
    t.do("correction", company="bob", amount=-3, reason="paid Ann twice by mistake")
    assert t.balance("bob") == 17 and t.state.entries[-1].kind == "correction"


def test_joint_builds_and_leaps_count_to_their_limits():
    t = Table(4, tournament=True, joint_builds=True, leapfrog=True)
    t.start(ann="Aston", bob="Bury", cy="Hull", dee="Hull").throw(4)
    t.do("joint_build", company="ann", partner="bob", throws=[4, 4], hexes=6)
    assert "6 units" in t.events()[0]
    assert "3 units" in t.rejects("joint_build", company="ann", partner="bob", throws=[2, 2],
                                  hexes=4)  # 4 1/2 is impossible: two 2s build 3
    t.do("joint_build", company="ann", partner="bob", throws=[3, 3], hexes=4)
    assert "At most 10 joint hexes with one partner" in t.rejects(
        "joint_build", company="ann", partner="bob", throws=[1, 1], hexes=1)
    t.do("joint_build", company="ann", partner="cy", throws=[6, 6], hexes=9)
    t.do("joint_build", company="ann", partner="cy", throws=[1, 1], hexes=1)
    assert "At most 20 joint hexes per company" in t.rejects(
        "joint_build", company="ann", partner="dee", throws=[6, 6], hexes=1)
    assert "not played" in building().throw(3).rejects("leap", company="ann", rival="bob")


def test_leapfrog_allows_8_leaps_and_2_along_any_one_rival():
    t = Table(6, leapfrog=True).start(ann="Aston", bob="Bury", cy="Hull", dee="Hull",
                                       eve="Aston", fay="Bury").throw(3)
    t.do("leap", company="ann", rival="bob").do("leap", company="ann", rival="bob")
    assert "2 leaps along Bob's lines" in t.rejects("leap", company="ann", rival="bob")
    for rival in ("cy", "cy", "dee", "dee", "eve", "eve"):
        t.do("leap", company="ann", rival=rival)
    assert "has made its 8 leaps" in t.rejects("leap", company="ann", rival="fay")
    assert t.state.leaps == {"ann": {"bob": 2, "cy": 2, "dee": 2, "eve": 2}}
