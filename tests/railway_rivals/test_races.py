"""The operating stage (rules B1-B7, C1): key numbers, entries, routes and fees, the race."""

from tests.railway_rivals.play import Table


def racing(players: int = 3, **settings) -> Table:
    """Building done: Ann 35, Bob 30, Cy 25 on the test map (seat order ann, bob, cy)."""
    t = Table(players, **settings).through_building()
    return t


def test_after_building_the_accounts_stand_at_these_figures():
    t = racing()
    assert t.balances() == {"ann": 30, "bob": 30, "cy": 25}  # 5 towns: ann 2, bob 2, cy 1


def test_two_throws_name_a_town_and_the_same_town_is_thrown_again():
    t = racing()
    assert "each 1 to 6" in t.rejects("key_throw", dice=[7, 1])
    t.towns(43)
    assert t.state.race.towns == ["Hull"]
    t.towns(24)  # Hull again
    assert "again" in t.events()[0] and t.state.race.towns == ["Hull"]
    t.towns(51)
    assert t.state.race.towns == ["Hull", "Ely"] and t.state.race.keys == [43, 51]
    assert t.report()["race"]["towns"] == ["Hull", "Ely"]
    assert "at least 6 hexes" in t.rejects("key_throw", dice=[1, 1])


def test_a_key_number_is_never_from_the_average_die_and_never_invented():
    t = racing(average_die=True)
    assert "each 1 to 6" in t.rejects("key_throw", dice=[6, 7])
    assert "Key 65 is not in this map's table" in t.rejects("key_throw", dice=[6, 5])
    t.do("key_throw", dice=[6, 5], town="Goole")
    assert t.state.learned == {65: "Goole"}
    t.towns(66)
    assert t.state.race.towns == ["Goole", "Wales"]  # a special run off the map edge


def test_a_run_under_6_hexes_is_thrown_again():
    t = racing().towns(43, 51).long_enough(False)
    assert t.state.race.towns == [] and t.state.race.phase == "towns"
    t.towns(43, 51).long_enough()
    assert t.state.race.phase == "entries"


def test_a_lone_entrant_wins_20_without_racing():
    t = racing().towns(43, 51).long_enough().enter("cy").out("ann", "bob")
    assert t.state.race.phase == "routes"
    t.route("cy", length=7, ann=3)
    assert t.balances() == {"ann": 33, "bob": 30, "cy": 25 - 3 + 20}
    assert t.state.races[-1].trains["cy"].place == 1


def test_prizes_are_20_and_10_and_routes_go_richest_first():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob", "cy")
    assert t.state.race.declare_order == ["ann", "bob", "cy"]  # Ann and Bob tie: seat order
    assert "Ann declares first" in t.rejects("route", company="bob", hexes={}, length=8)
    t.route("ann", length=7).route("bob", length=9, cy=2).route("cy", length=8, ann=4)
    assert t.balances() == {"ann": 34, "bob": 28, "cy": 23}  # fees before the race
    assert t.report()["race"]["order"] == ["ann", "bob", "cy"]
    assert t.report()["race"]["remaining"] == {"ann": 7, "bob": 9, "cy": 8}
    t.moves(3, 6, 2, 4, 4)  # Ann 3, Bob 6, Cy 2, Ann 4 (7: first), Bob 4 (10: second)
    assert t.balances() == {"ann": 54, "bob": 38, "cy": 23}
    assert [e.amount for e in t.state.entries if e.kind == "prize"] == [20, 10]


def test_the_race_helper_keeps_the_throwing_order_and_the_average_die():
    t = racing(average_die=True).towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=6).route("bob", length=6)
    assert "one of 2, 3, 4, 5" in t.rejects("move", company="ann", die=6)
    assert "Ann throws now" in t.rejects("move", company="bob", die=3)
    t.moves(5, 2)
    assert t.report()["mover"] == "ann" and t.report()["race"]["remaining"] == {"ann": 1,
                                                                                 "bob": 4}
    t.moves(2)  # Ann home first; Bob, the only other, comes second
    assert t.balances() == {"ann": 50, "bob": 40, "cy": 25}


def test_fees_are_capped_at_10_per_rival():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    reason = t.rejects("route", company="ann", hexes={"bob": 11}, length=12, powers=[])
    assert "more than 10" in reason and "running powers" in reason
    t.route("ann", length=21, bob=10, cy=10)
    t.route("bob", length=8)
    assert t.balances() == {"ann": 10, "bob": 40, "cy": 35}


def test_running_powers_net_19_and_11_so_a_pays_b_8_and_both_run():
    """Rule B4: A pays B 19, B pays A for 11 hexes: the net result is A pays B 8."""
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=20, powers=["bob"], bob=19)
    assert "Ann claimed running powers with Bob" in t.rejects(
        "route", company="bob", hexes={"ann": 9}, length=12, powers=[])
    t.route("bob", length=12, powers=["ann"], ann=11)
    assert t.balances() == {"ann": 30 - 8, "bob": 30 + 8, "cy": 25}
    assert t.report()["race"]["fees"] == [{"from": "ann", "to": "bob", "amount": 8}]
    assert t.state.race.phase == "racing"


def test_running_powers_must_net_under_10():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=20, powers=["bob"], bob=19)
    assert "the difference must be at most 9" in t.rejects(
        "route", company="bob", hexes={"ann": 9}, length=12, powers=["ann"])
    t.route("bob", length=12, powers=["ann"], ann=10)  # net 9: allowed
    assert t.balances()["bob"] == 39


def test_a_joint_train_shares_the_prize_and_the_richer_partner_pays_the_odd_1():
    t = racing().towns(43, 51).long_enough().enter("bob", partner="cy").enter("ann")
    assert list(t.state.race.trains) == ["bob", "ann"]
    assert t.state.race.declare_order == ["ann", "bob"]  # tie 30/30: Ann sits first
    t.route("ann", length=10, bob=2)
    assert "Cy's own lines are free" in t.rejects("route", company="cy", hexes={"cy": 3},
                                                  length=8)
    t.route("cy", length=8, ann=5)  # 5 to Ann: Bob (richer, 32) pays 3, Cy 2
    assert t.balances() == {"ann": 28 + 5, "bob": 32 - 3, "cy": 25 - 2}
    assert t.state.race.throw_order == ["ann", "bob"]  # Ann 33; the joint train by Bob's 29
    t.moves(4, 5, 4)  # Ann 4 (6 to go), the joint train 5 (3 to go), Ann 4 (2 to go)
    t.moves(4)  # the joint train arrives first; Ann, the only other, is second
    assert t.state.races[-1].trains["bob"].place == 1
    assert t.balances() == {"ann": 33 + 10, "bob": 29 + 10, "cy": 23 + 10}


def test_after_a_race_the_winners_spend_their_prize_and_the_others_their_fee_income():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=6, cy=4).route("bob", length=6)
    t.moves(6)  # Bob, richer after the fees (30 to 26), throws first and wins
    assert t.state.spending.allowance == {"ann": 10, "bob": 20, "cy": 4}
    assert "Spending after the race comes first" in t.rejects("key_throw", dice=[1, 1])
    assert "may spend 4 units more" in t.rejects("spend", company="cy", amount=5)
    t.spends("cy", 3).pays("join", "ann", company="cy")
    assert "may spend 0 units more" in t.rejects("spend", company="cy", amount=1)
    t.spends("ann", 8).finished_spending("ann", "cy")
    assert t.report()["mover"] == "bob"
    t.finished_spending("bob")
    assert t.state.spending is None and t.state.race.number == 2
    assert t.report()["sheet"]["cy"][-1] == "Race 1 (Hull–Ely): 25 + 4 − 3 − 1 = 25"
    assert t.report()["sheet"]["ann"][-1] == "Race 1 (Hull–Ely): 30 − 4 + 10 + 1 − 8 = 29"


def test_a_race_nobody_enters_is_skipped():
    t = racing().towns(43, 51).long_enough().out("ann", "bob", "cy")
    assert t.state.race.number == 2 and t.state.races[-1].trains == {}


def test_a_company_cannot_pay_fees_it_does_not_have():
    t = racing().towns(43, 51).long_enough().enter("ann", "cy").out("bob")
    t.do("correction", company="cy", amount=-20, reason="test: a poor company")
    t.route("ann", length=6)
    assert "Cy cannot pay these fees" in t.rejects("route", company="cy",
                                                   hexes={"ann": 6}, length=7)


def test_a_lone_runner_may_take_20_without_a_route_where_the_table_plays_so():
    t = racing(lone_runner_pays_fees=False).towns(43, 51).long_enough().enter("bob")
    t.out("ann", "cy")
    assert t.balances() == {"ann": 30, "bob": 50, "cy": 25}
    assert t.state.spending.allowance == {"bob": 20}


def test_the_banker_closes_the_spending_for_everyone():
    t = racing().towns(43, 51).long_enough().enter("ann", "bob").out("cy")
    t.route("ann", length=6).route("bob", length=6).moves(6)
    assert "spend" in [a["type"] for a in t.rules.legal_actions(t.state)]
    t.do("close_spending")
    assert t.state.spending is None and t.state.race.number == 2
    assert "Nobody is spending now" in t.rejects("close_spending")


def test_the_next_actions_follow_the_race():
    t = racing()
    kinds = [[a["type"] for a in t.rules.legal_actions(t.state)]]
    t.towns(43, 51)
    kinds.append([a["type"] for a in t.rules.legal_actions(t.state)])
    t.long_enough()
    kinds.append([a["type"] for a in t.rules.legal_actions(t.state)])
    t.enter("ann", "bob").out("cy")
    kinds.append([a["type"] for a in t.rules.legal_actions(t.state)])
    t.route("ann", length=6).route("bob", length=6)
    kinds.append([a["type"] for a in t.rules.legal_actions(t.state)])
    assert [k[1:] for k in kinds] == [["key_throw"], ["run_length"], ["enter", "stay_out"],
                                      ["route"], ["move"]]
    assert all(k[0] == "correction" for k in kinds)
    assert t.rules.legal_actions(t.state)[1] == {"type": "move", "company": "ann",
                                                 "die": [1, 2, 3, 4, 5, 6]}
