"""Construct Track: Discover Growth, who builds, single, double and Western Builds."""

from referee.games.prairie_railroads.economy import full_income, full_value
from referee.games.prairie_railroads.views import looking
from tests.prairie_railroads.play import standard_game

# After the standard start (test board): treasuries CRIP 20, ATSF 15, KP 10, MKT 0, SLSF 5,
# MP 12. Ann controls CRIP and SLSF, Bob ATSF and MP, Cy KP and MKT. Bob plays first.


def test_growth_takes_the_primary_then_the_secondary_then_a_choice():
    t = standard_game()
    t.card("CT").grow(1, 2).choose("ATSF").build("Topeka", "Pratt")
    assert t.state.grown == ["Pratt"]
    assert t.rr("ATSF").income == 2 + (2 + 3)  # Topeka $2, Pratt grown: $3
    t.card("CT").grow(1, 2)  # Cy: Pratt has grown, so Ransom, the secondary, grows
    assert t.state.grown == ["Pratt", "Ransom"]
    t.choose("KP").build("Ashby", "Topeka")
    t.card("CT")
    assert "choose an ungrown" in t.rejects("growth", player="ann", dice=[1, 2], city="Pratt")
    t.do("growth", player="ann", dice=[1, 2])  # the roll stands; the choice comes after it
    assert t.state.turn.phase == "growth_choice" and t.state.turn.roll == 12
    reason = t.rejects("grow_city", player="ann", city="Ransom")
    assert "choose an ungrown city" in reason and "Whiting" in reason
    t.do("grow_city", player="ann", city="Marysville")
    assert t.state.grown == ["Pratt", "Ransom", "Marysville"] and t.state.turn.roll is None
    assert t.rr("CRIP").income == 3  # Troy–Marysville: $0 + $3
    t.choose("CRIP").build("Marysville", "Cuba")
    t.card("CT")
    assert "Roll 11 grows Whiting" in t.rejects("growth", player="bob", dice=[1, 1],
                                                city="Topeka")


def test_growth_with_the_city_left_blank_follows_the_chart():
    """The phone's growth form sends an empty city for "as the chart says"."""
    t = standard_game()
    t.card("CT").grow(1, 2, city="")
    assert t.state.grown == ["Pratt"]


def test_growth_raises_the_income_of_every_railroad_at_the_city():
    t = standard_game()
    t.card("CT").grow(1, 5)  # roll 15: Topeka
    assert t.rr("ATSF").income == 3 and t.rr("ATSF").value == 5


def test_the_player_must_use_a_railroad_he_controls_when_one_can_build():
    t = standard_game()
    t.card("CT").grow(1, 1)
    assert "choose ATSF or MP" in t.rejects("choose_railroad", player="bob", railroad="KP")
    assert "underfinanced" in t.rejects("choose_railroad", player="bob", railroad="MKT")
    t.choose("MP")
    assert "Bob chooses the MP's track" in t.rejects(
        "build", player="cy", railroad="MP", **{"from": "Corvin", "to": "Fenwick"})


def test_without_a_financed_railroad_of_his_own_he_picks_any_and_its_controller_builds():
    t = standard_game()
    t.card("PD")  # Bob
    t.card("CT").grow(1, 1).choose("KP").build("Ashby", "Leavenworth")  # Cy: KP $10 -> $5
    t.card("PD")  # Ann
    t.card("PD")  # Bob
    t.card("CT").grow(1, 1).choose("KP").build("Ashby", "Topeka")  # KP $5 -> $0
    t.card("PD")  # Ann
    t.card("PD", source="deck")  # Bob
    t.card("CT").grow(3, 3)  # Cy: KP and MKT are underfinanced
    assert "underfinanced" in t.rejects("choose_railroad", player="cy", railroad="KP")
    t.choose("CRIP")
    assert t.state.turn.build.builder == "ann"
    t.do("build", player="ann", railroad="CRIP", **{"from": "Marysville", "to": "Cuba"})
    assert t.rr("CRIP").track[-1] == ("Marysville", "Cuba")
    assert t.now == "ann"


def test_tied_controllers_the_card_player_chooses_who_builds():
    t = standard_game()
    t.card("OS").offer("MKT")
    t.do("bid", player="bob", amount=5).do("pass", player="cy").do("pass", player="ann")
    assert t.rr("MKT").shares == {"cy": 1, "bob": 1} and t.treasury("MKT") == 5
    t.card("PD").card("PD")  # Cy, Ann
    t.card("CT").grow(1, 1)  # Bob controls ATSF, MP and (tied) MKT
    assert "choose Cy or Bob" in t.rejects("choose_railroad", player="bob", railroad="MKT",
                                           builder="ann")
    t.choose("MKT", builder="cy")
    t.do("build", player="cy", railroad="MKT", **{"from": "Corvin", "to": "Fort Scott"})
    assert t.treasury("MKT") == 0 and t.rr("MKT").value == 10


def test_single_segments_connect_and_are_open():
    t = standard_game()
    t.card("CT").grow(1, 1).choose("MP")
    assert "no track at Topeka" in t.rejects("build", player="bob", railroad="MP",
                                             **{"from": "Topeka", "to": "Pratt"})
    assert "already built" in t.rejects("build", player="bob", railroad="MP",
                                        **{"from": "Corvin", "to": "Paola"})
    assert "no segment" in t.rejects("build", player="bob", railroad="MP",
                                     **{"from": "Corvin", "to": "Hollis"})
    t.build("Girard", "Dunmore")
    assert t.rr("MP").track == [("Girard", "Corvin"), ("Girard", "Dunmore")]
    assert t.rr("MP").income == 1 + 2 and t.treasury("MP") == 7


def test_one_way_segments_are_built_only_along_the_arrow():
    t = standard_game()
    t.card("CT").grow(1, 1).choose("ATSF").build("Topeka", "Glade", via="Pratt")
    t.card("PD").card("PD")
    t.do("adjust_cash", account="treasury:ATSF", amount=5, reason="test")
    t.card("CT").grow(1, 1).choose("ATSF")
    assert "one-way" in t.rejects("build", player="bob", railroad="ATSF",
                                  **{"from": "Glade", "to": "Fenwick"})
    template = next(a for a in t.rules.legal_actions(t.state) if a["type"] == "build")
    assert ["Glade", "Fenwick"] not in [list(s) for s in template["single"]]
    assert ("Glade", "Hollis") in template["single"]
    mp_turn = standard_game()
    mp_turn.card("CT").grow(1, 1).choose("MP").build("Corvin", "Fenwick")
    mp_turn.card("PD").card("PD").card("CT").grow(1, 1).choose("MP").build("Fenwick", "Glade")
    assert mp_turn.rr("MP").track[-1] == ("Fenwick", "Glade")


def test_double_segments_go_through_and_to_new_cities_for_15():
    t = standard_game()
    t.card("CT").grow(1, 1).choose("ATSF")
    assert "no track" in t.rejects("build", player="bob", railroad="ATSF", kind="double",
                                   **{"from": "Topeka", "via": "Atchison", "to": "Whiting"})
    t.build("Topeka", "Glade", via="Pratt")
    atsf = t.rr("ATSF")
    assert atsf.track[1:] == [("Topeka", "Pratt"), ("Pratt", "Glade")]
    assert t.treasury("ATSF") == 0 and atsf.value == 15
    assert atsf.income == 2 + (2 + 2) + (2 + 1)


def test_a_double_may_not_return_to_the_railroads_own_cities():
    t = standard_game()
    t.card("CT").grow(1, 1).choose("ATSF").build("Topeka", "Whiting")
    t.card("PD").card("CT").grow(1, 1).choose("CRIP")
    assert "no track" in t.rejects("build", player="ann", railroad="CRIP", kind="double",
                                   **{"from": "Marysville", "via": "Troy", "to": "Whiting"})


def test_a_drawn_card_builds_a_single_segment_only():
    t = standard_game()
    t.card("CT", source="deck").grow(1, 1).choose("ATSF")
    assert "single segment only" in t.rejects(
        "build", player="bob", railroad="ATSF", kind="double",
        **{"from": "Topeka", "via": "Pratt", "to": "Glade"})


def test_a_western_build_lies_beside_an_own_segment_adds_25_and_pays_a_dividend():
    t = standard_game()
    t.do("adjust_cash", account="treasury:ATSF", amount=50, reason="test: a rich ATSF")
    t.card("CT").grow(3, 3).choose("ATSF").build("Topeka", "Pratt")
    t.card("PD").card("PD")
    t.card("CT").grow(3, 4).choose("ATSF")
    assert "must have built" in t.rejects("build", player="bob", railroad="ATSF",
                                          kind="western", box="Ransom")
    assert "Unknown Western Build" in t.rejects("build", player="bob", railroad="ATSF",
                                                kind="western", box="Nowhere")
    t.build("Pratt", "Ransom")
    t.card("PD").card("PD")
    income, cash = t.rr("ATSF").income, t.cash("bob")
    t.card("CT").grow(3, 5).choose("ATSF")
    template = next(a for a in t.rules.legal_actions(t.state) if a["type"] == "build")
    assert template["western"] == ["Ransom"] and template["western_cost"] == 15
    t.western("Ransom")
    atsf = t.rr("ATSF")
    assert atsf.western == "Ransom" and atsf.value == 3 * 5 + 25 and atsf.income == income
    income_of = looking(t.rules, t.state).income_of  # a recount from the track agrees
    assert (full_value(atsf), full_income(atsf, income_of)) == (atsf.value, atsf.income)
    assert t.treasury("ATSF") == 65 - 5 - 5 - 15
    assert t.cash("bob") == cash + -(-income // 5)  # his one share is paid at once
    assert t.state.western_count == 1
    t.card("PD", source="deck").card("PD", source="deck")
    t.card("CT").grow(3, 6).choose("ATSF")
    assert "already has its Western Build" in t.rejects(
        "build", player="bob", railroad="ATSF", kind="western", box="Elgin")


def test_the_next_western_build_costs_5_more():
    from referee.games.prairie_railroads.economy import western_cost

    assert [western_cost(n) for n in range(6)] == [15, 20, 25, 30, 35, 40]


def test_when_every_railroad_is_underfinanced_nothing_is_built():
    t = standard_game()
    for rr, cash in (("CRIP", 20), ("ATSF", 15), ("KP", 10), ("SLSF", 5), ("MP", 12)):
        t.do("adjust_cash", account=f"treasury:{rr}", amount=-cash, reason="test")
    t.card("CT").grow(1, 5)
    assert t.state.grown == ["Topeka"]  # growth still happens
    assert any("underfinanced" in e for e in t.events())
    assert t.now == "cy"


def test_a_railroad_boxed_in_may_still_make_its_western_build_on_a_personal_card():
    """"That railroad may choose to construct the Western Build": only underfinanced railroads
    are passed over. The position (every segment from the ATSF's track taken) is set directly:
    reaching it by play takes dozens of turns."""
    from referee.games.prairie_railroads.actions_track import can_build, single_options
    from referee.games.prairie_railroads.views import looking

    t = standard_game()
    t.do("adjust_cash", account="treasury:ATSF", amount=30, reason="for the Western Build")
    t.card("CT")  # Bob, from his hand
    state = t.state
    state.railroads["ATSF"].track += [("Topeka", "Pratt"), ("Pratt", "Ransom")]
    state.railroads["CRIP"].track += [("Whiting", "Topeka")]
    state.railroads["KP"].track += [("Ashby", "Topeka")]
    state.railroads["SLSF"].track += [("Glade", "Pratt")]
    play = looking(t.rules, state)
    atsf = state.railroads["ATSF"]
    assert single_options(play, atsf) == []
    assert can_build(play, atsf)
    state.turn.source = "deck"  # a drawn card allows no Western Build
    assert not can_build(looking(t.rules, state), atsf)


def test_a_double_segment_needs_15_in_the_treasury():
    t = standard_game()
    t.card("CT").grow(1, 1).choose("ATSF").build("Topeka", "Ashby")  # ATSF: $15 - $5
    t.card("PD").card("PD")
    t.card("CT").grow(1, 1).choose("ATSF")
    assert "treasury has $10; a double segment costs $15" in t.rejects(
        "build", player="bob", railroad="ATSF", kind="double",
        **{"from": "Topeka", "via": "Pratt", "to": "Glade"})
    t.build("Topeka", "Pratt")
    assert t.treasury("ATSF") == 5
