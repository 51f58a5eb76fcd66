"""Setup: $200 each, the Investor draft as the rulebook runs it, the $450 Investor's gifts."""

from tests.railroad_barons.play import Table


def test_each_player_starts_with_200_and_a_selects_first():
    t = Table()
    assert t.cash("ann") == t.cash("bob") == 200
    assert t.report()["to_act"] == "ann" and t.report()["round"] == "Setup"
    assert "Bob answers the offer" in t.offer(30, 45).rejects("answer_offer", player="ann",
                                                                 take="cash")


def test_b_takes_the_named_cash_and_a_gets_the_card():
    t = Table().offer(60, 75).answer("cash")
    assert t.cash("bob") == 275 and t.cash("ann") == 200
    assert t.state.investors == {"ann": [60], "bob": []}
    assert t.said("Bob takes $75; Ann gets the $60 Investor.")


def test_b_takes_the_card_and_a_gets_the_named_cash():
    t = Table().offer(60).answer("investor")
    assert t.cash("ann") == 260 and t.state.investors["bob"] == [60]


def test_every_investor_is_offered_b_selects_two_a_the_fourth_and_the_fifth_pays_both():
    t = Table().offer(30).answer("cash")
    assert "Bob selects the next Investor" in t.rejects("offer_investor", player="ann",
                                                        investor=40)
    assert "offered for money or the card" in t.rejects("pick_investor", player="bob",
                                                         investor=40)
    # Bob selects the $40 and names $35: Ann takes the card, Bob the $35
    t.do("offer_investor", player="bob", investor=40, price=35)
    assert t.report()["to_act"] == "ann"
    t.do("answer_offer", player="ann", take="investor")
    assert t.said("Ann takes the $40 Investor; Bob gets $35.")
    # Bob selects the $50 at face value: Ann takes the $50, Bob the card
    t.do("offer_investor", player="bob", investor=50).do("answer_offer", player="ann",
                                                         take="cash")
    assert t.report()["to_act"] == "ann"
    # Ann selects the fourth, the $60 at $70: Bob takes the card
    t.do("offer_investor", player="ann", investor=60, price=70)
    t.do("answer_offer", player="bob", take="investor")
    assert t.state.investors == {"ann": [30, 40], "bob": [50, 60]}
    assert t.cash("ann") == 200 + 50 + 70 + 450 and t.cash("bob") == 200 + 30 + 35 + 450
    assert t.said("The $450 Investor is removed from the game: each player receives $450")
    assert t.state.stage == "stock" and t.state.priority == "ann"


def test_with_draft_offers_first_b_picks_two_a_the_fourth_and_the_fifth_pays_both():
    t = Table(settings={"draft_offers": "first"}).offer(30).answer("cash")
    assert "Bob selects the next Investor" in t.rejects("pick_investor", player="ann",
                                                        investor=40)
    assert "selected, not offered" in t.rejects("offer_investor", player="bob", investor=40)
    t.pick("bob", 40).pick("bob", 50)
    assert t.report()["to_act"] == "ann"
    t.pick("ann", 60)
    assert t.state.investors == {"ann": [30, 60], "bob": [40, 50]}
    assert t.cash("ann") == 200 + 450 and t.cash("bob") == 200 + 30 + 450
    assert t.said("The $450 Investor is removed from the game: each player receives $450")
    # the certificate and the railroad went back: the railroad at its place in the stack
    assert t.state.stack[:4] == ["Ash Line", "Birch Line", "Test Atlantic", "Cedar Line"]
    assert not t.h("MSC").started
    assert t.state.stage == "stock" and t.state.priority == "ann" and t.state.turn == "ann"


def test_the_450_investor_brings_the_msc_director_certificate_and_its_railroad():
    t = Table().offer(450, 380).answer("investor")
    assert t.cash("ann") == 580
    t.pick("bob", 30).pick("bob", 40).pick("ann", 50)
    assert t.cash("ann") == 580 + 60 and t.cash("bob") == 200 + 60  # the $60 was left over
    assert t.state.stage == "msc_par" and t.report()["to_act"] == "bob"
    assert "$70, $80, $90 or $100" in t.rejects("set_par", player="bob", par=110)
    t.do("set_par", player="bob", par=80)
    msc = t.h("MSC")
    assert msc.director == "bob" and msc.certs[40] == "bob" and t.value("MSC") == 80
    assert msc.railroads == [("Test Atlantic", 0)] and "Test Atlantic" not in t.state.stack
    assert not msc.operating and t.treasury("MSC") == 0
    assert t.cash("bob") == 260  # the certificate came with the card: nothing more to pay
    assert t.state.stage == "stock" and t.state.turn == "ann"


def test_a_value_other_than_the_face_value_may_be_named():
    t = Table().offer(40, 0).answer("cash")
    assert t.cash("bob") == 200
    assert "whole number of dollars" in Table().rejects("offer_investor", player="ann",
                                                        investor=40, price=-5)


def test_the_msc_40_that_came_with_the_450_investor_counts_toward_the_50_percent():
    """"50% bought from the bank": the 40% left the bank's stock with the Investor (its price
    was the draft), so the next 10% bought brings the capital, 10 × the current value."""
    t = Table().offer(450, 380).answer("investor")
    t.pick("bob", 30).pick("bob", 40).pick("ann", 50)
    t.do("set_par", player="bob", par=80)
    assert t.treasury("MSC") == 0 and not t.h("MSC").operating
    t.buy("ann", "MSC", 10)
    assert t.treasury("MSC") == 800 and t.h("MSC").operating
    assert t.said("50% of Marley, Scrooge & Cratchit is in players' hands: the bank pays it "
                  "$800 of capital (10 × $80).")
