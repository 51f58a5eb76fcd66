"""The banker corrects what the table typed, each with a reason: a city's income, the city that
grew, the draw deck, a name; the figures after it follow, and a slip of the thumb on a growth
city is caught instead of becoming a new city."""

from tests.prairie_railroads.test_without_a_board import typed_start


def test_a_mistyped_income_is_corrected_and_the_income_follows():
    t = typed_start()
    assert t.rr("CRIP").income == 2  # Troy–Marysville, Marysville typed as $2
    assert "Say why" in t.rejects("correct_income", city="Marysville", income=3, reason="")
    assert "start city" in t.rejects("correct_income", city="Troy", income=3, reason="x")
    assert "among the cities" in t.rejects("correct_income", city="Nowhere", income=3,
                                           reason="x")
    assert "0 to 9" in t.rejects("correct_income", city="Marysville", income=12, reason="x")
    t.do("correct_income", city="marysville", income=3, reason="the board says $3")
    assert t.state.cities["Marysville"].income == 3
    assert t.rr("CRIP").income == 3
    assert "The banker corrects Marysville's income from $2 to $3: the board says $3." in t.events()
    # the next build to Marysville takes the corrected income as known
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT").grow(1, 1).choose("CRIP")
    assert "Marysville's income is $3" in t.rejects(
        "build", player=t.now, railroad="CRIP", **{"from": "Marysville", "to": "Cuba"},
        incomes={"Cuba": 1, "Marysville": 2})


def test_the_wrong_growth_city_is_moved_and_a_misspelling_never_becomes_a_city():
    t = typed_start()
    t.do("adjust_cash", account="treasury:CRIP", amount=20, reason="test")
    t.card("CT")
    owner = t.now
    refused = t.rejects("growth", player=owner, dice=[2, 3], city="Marysvile")
    assert "did you mean Marysville?" in refused
    assert "Marysvile" not in t.state.cities
    t.grow(2, 3, city="Topeka")  # the table meant Marysville
    income = t.rr("CRIP").income
    assert "or confirm that it is a new city" in t.rejects(
        "correct_growth", grown="Topeka", city="Marysvile", reason="x")
    t.do("correct_growth", grown="Topeka", city="Marysville", reason="misread the chart")
    assert t.state.grown == ["Marysville"]
    assert t.rr("CRIP").income == income + 1  # Marysville grew: +$1 on the CRIP's segment
    assert "Topeka" in t.state.cities  # a city built to stays known
    t.do("correct_growth", grown="Marysville", city="Cuba", new_city=True, reason="x")
    assert t.state.grown == ["Cuba"] and t.rr("CRIP").income == income
    t.do("correct_growth", grown="Cuba", city="Marysville", reason="no, it was Marysville")
    assert "Cuba" not in t.state.cities  # a name only the mistake brought in is forgotten


def test_the_draw_deck_is_recounted_and_a_name_corrected():
    t = typed_start()
    assert "0 to 60" in t.rejects("correct_deck", deck={"PD": 2, "OS": -1, "CT": 1}, reason="x")
    t.do("correct_deck", deck={"PD": 3, "OS": 1, "CT": 4}, reason="counted again")
    assert t.state.deck == {"PD": 3, "OS": 1, "CT": 4}
    assert "already" in t.rejects("correct_deck", deck={"PD": 3, "OS": 1, "CT": 4}, reason="x")
    t.do("rename_player", player="ann", name="Anne", reason="spelled wrong")
    assert t.state.players["ann"] == "Anne"
