"""Operating Rounds: tokens, revenue, pay out or withhold, railroads, obsolescence, aid, end."""

import pytest

from tests.railroad_barons.play import Table, the_test_box


def dpi_operating(settings=None, price: int = 70) -> Table:
    """Ann directs DPI (40%), Bob holds 30%; DPI has 10 × value of capital and operates."""
    t = Table(settings=settings).quick_start()
    t.buy("ann", "DPI", 40, par=price).buy("bob", "DPI", 30)
    t.end_stock_round()
    assert t.state.op.holding == "DPI"
    return t


def test_only_holdings_with_capital_operate_in_the_fixed_order():
    t = Table().quick_start()
    t.buy("ann", "MBS", 40, par=70).buy("bob", "SB", 40, par=70)
    t.buy("ann", "MBS", 10).buy("bob", "SB", 10)
    t.buy("ann", "AVR", 40, par=70)  # AVR started but below 50%: no capital, no operating
    t.end_stock_round()
    assert t.report()["round"] == "OR 1.1"
    assert t.state.op.holding == "SB" and t.state.op_queue == ["MBS"]
    assert t.report()["to_act"] == "bob"


def test_tokens_are_limited_by_the_circles_and_the_tokens_on_the_card():
    t = dpi_operating()  # DPI: 4 tokens, 2 (+) and 2 (▼) circles on the test box
    assert "(+) tokens must be a whole number 0 to 2" in t.rejects(
        "place_tokens", player="ann", plus=3)
    assert "DPI" not in t.rejects("place_tokens", player="ann", plus=2, down=2, network=1)
    assert "has 4 Operator tokens on its card" in t.rejects(
        "place_tokens", player="ann", plus=2, down=2, network=1)
    assert "directs Desmond Picable" in t.rejects("place_tokens", player="bob", plus=1)


def test_no_railroad_means_no_revenue_and_the_marker_stays():
    t = dpi_operating()
    t.tokens(plus=1, down=1, network=1)
    assert t.state.op.phase == "buy" and t.value("DPI") == 70
    assert t.said("Desmond Picable Inc. has no revenue (it has no railroad); its marker stays.")
    assert t.h("DPI").network == 1


def test_withholding_puts_the_revenue_in_the_treasury_and_the_marker_stays():
    t = dpi_operating()
    t.tokens(plus=1, down=1).buy_railroad().finish()  # Ash Line, income $15
    assert t.treasury("DPI") == 700 - 60
    t.tokens(plus=0, down=1, network=1)
    assert t.state.op.revenue == 25  # $15 + one network token $10
    t.withhold()
    assert t.treasury("DPI") == 640 + 25 and t.value("DPI") == 70
    assert t.said("Desmond Picable Inc. withholds: its $25 revenue goes to its treasury "
                  "(now $665); the marker stays at $70.")


def test_paying_out_moves_the_marker_up_and_the_unowned_part_is_lost():
    t = dpi_operating()
    t.tokens(plus=1, down=1).buy_railroad().finish()
    t.tokens(down=1, network=1)
    ann, bob = t.cash("ann"), t.cash("bob")
    t.pay_out()
    # $25 by percentage: Ann 40% $10, Bob 30% $7.50 → $7; 30% unowned ($7.50), $1 lost
    assert (t.cash("ann") - ann, t.cash("bob") - bob) == (10, 7)
    assert t.said("Desmond Picable Inc. pays $25: each his percentage, rounded down to whole "
                  "dollars; Ann 40% → $10, Bob 30% → $7; $7 unowned, $1 lost to rounding.")
    assert t.value("DPI") == 80


def test_dividends_rounded_up_when_the_table_says_so():
    t = dpi_operating({"dividend_rounding": "up"})
    t.tokens(plus=1, down=1).buy_railroad().finish()
    t.tokens(down=1, network=1)
    ann, bob = t.cash("ann"), t.cash("bob")
    t.pay_out()
    assert (t.cash("ann") - ann, t.cash("bob") - bob) == (10, 8)  # 40% $10; 30% $7.50 → $8


def test_a_two_sided_card_is_bought_at_the_level_chosen():
    t = dpi_operating(price=100)  # $1,000 of capital
    t.tokens(plus=2, down=2).buy_railroad().buy_railroad().finish()  # Ash, Birch
    t.tokens(plus=2, down=2)
    t.pay_out()
    t.buy_railroad()  # Test Atlantic: the $450 Investor was left out, it is in the stack
    assert "Choose the side of the Cedar Line" in t.rejects("buy_railroad", player="ann")
    t.buy_railroad(side=1)
    assert ("Cedar Line", 1) in t.h("DPI").railroads
    assert t.said("buys the Cedar Line (B, level 3, income $30) from the bank for $110.")
    assert "choose 2 to discard" in t.rejects("finish", player="ann")
    t.finish("Ash Line", "Birch Line")
    assert [r[0] for r in t.h("DPI").railroads] == ["Test Atlantic", "Cedar Line"]
    assert {"Ash Line", "Birch Line"} <= set(t.state.out_of_game)


def test_the_first_level_4_railroad_makes_level_2_obsolete_everywhere_without_compensation():
    t = Table().quick_start()
    for pid in ("ann", "bob"):
        t.do("adjust_cash", account=pid, amount=2000, reason="money for the test")
    t.buy("ann", "DPI", 40, par=100).buy("bob", "MBS", 40, par=100)
    t.buy("ann", "DPI", 10).buy("bob", "MBS", 10)
    t.end_stock_round()
    t.operate(plus=2, down=2, buys=2)  # DPI: Ash, Birch
    t.tokens(plus=2, down=2).buy_railroad().buy_railroad(side=0).finish()  # MBS: Test
    # Atlantic and the Cedar Line at level 2
    t.tokens(plus=1, down=2).pay_out()  # OR 1.2, DPI: Dune Line (level 3)
    t.buy_railroad().finish("Birch Line")
    mbs_treasury = t.treasury("MBS")
    t.tokens(plus=1, down=2).withhold()
    assert t.state.stack[0] == "Elm Line"
    t.buy_railroad(side=1)  # the Elm Line at level 4
    assert t.h("DPI").railroads == [("Dune Line", 0)]
    assert t.h("MBS").railroads == [("Elm Line", 1)]
    assert t.said("The first level 4 railroad makes level 2 obsolete: Desmond Picable Inc.'s "
                  "Ash Line, McGreed Bros. & Sons's Test "
                  "Atlantic and McGreed Bros. & Sons's Cedar Line leave the game without "
                  "compensation.")
    assert t.treasury("MBS") == mbs_treasury + 35 - 180  # only the revenue and the cost
    assert t.state.obsolete == [2]


def test_after_each_pair_of_operating_rounds_the_top_card_leaves_as_if_bought():
    t = dpi_operating()
    t.operate(plus=2, down=2, buys=2)  # Ash, Birch
    t.operate(plus=2, down=2, buys=1, discard=("Ash Line",))  # Test Atlantic
    assert t.state.stage == "stock" and t.state.sr == 2
    assert t.state.out_of_game == ["Ash Line", "Cedar Line"]
    assert t.said("After the two Operating Rounds the top card, Cedar Line (B, counted as "
                  "level 2), leaves the game.")


def test_a_removed_d_card_counts_as_level_3():
    t = dpi_operating(price=100)
    t.operate(plus=2, down=2, buys=2)  # Ash, Birch
    t.tokens(plus=2, down=2).pay_out()
    t.buy_railroad().buy_railroad(side=0).finish("Ash Line", "Birch Line")
    t.end_stock_round()  # Dune Line left the game after OR 1.2
    assert t.state.stack[0] == "Elm Line"
    t.operate(down=2)
    t.operate(down=2)
    assert t.said("the top card, Elm Line (D, counted as level 3), leaves the game.")
    assert 3 in t.state.levels_seen and t.state.obsolete == []


def test_the_directors_aid_pays_exactly_the_difference_for_a_first_railroad():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)  # $700 of capital
    t.end_stock_round()
    t.tokens(plus=1, down=1)
    t.do("adjust_cash", account="treasury:DPI", amount=-660, reason="for the test")
    ann = t.cash("ann")
    t.buy_railroad()  # $60, the treasury holds $40
    assert ann - t.cash("ann") == 20 and t.treasury("DPI") == 0
    assert t.said("Desmond Picable Inc. has no railroad and $40: Ann pays the difference, "
                  "$20 ($60 − $40).")


def test_no_aid_for_a_holding_that_has_a_railroad_or_when_the_setting_is_off():
    t = dpi_operating({"director_aid": False})
    t.tokens(plus=1, down=1)
    t.do("adjust_cash", account="treasury:DPI", amount=-660, reason="for the test")
    assert "has $40, not the $60 the Ash Line costs" in t.rejects("buy_railroad", player="ann")


def test_a_holding_buys_another_holdings_railroad_at_an_agreed_price():
    t = Table().quick_start()
    t.buy("ann", "SB", 40, par=70).buy("bob", "SB", 30)
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    t.operate(plus=1, down=1, buys=1)  # SB buys Ash
    t.tokens(plus=1, down=1)
    assert "at least $1" in t.rejects("buy_from_holding", player="ann", **{"from": "SB"},
                                      railroad="Ash Line", price=0)
    t.do("buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=25)
    assert t.h("DPI").railroads == [("Ash Line", 0)] and t.h("SB").railroads == []
    assert t.treasury("SB") == 700 - 60 + 25 and t.treasury("DPI") == 700 - 25


def test_an_investor_stays_with_the_holding_and_moves_only_between_its_directors_holdings():
    t = Table().draft(offered=40, take="cash", b_picks=(30, 50), a_pick=60)  # Ann: 40, 60
    t.buy("ann", "SB", 40, par=70).buy("bob", "SB", 30)
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    t.tokens(plus=2, down=1).buy_railroad().assign(40).finish()
    t.tokens(plus=1, down=1).assign(40, **{"from": "SB"}).finish()
    assert t.h("DPI").investors == [40] and t.h("SB").investors == []
    assert t.state.investors["ann"] == [60]


def test_the_game_ends_when_the_operating_round_ends_and_scores_show_the_breakdown():
    t = Table().quick_start()
    t.do("adjust_cash", account="ann", amount=300, reason="a dividend paid short earlier")
    t.buy("ann", "DPI", 40, par=100).buy("bob", "DPI", 30)
    t.do("correct_value", holding="DPI", space="s11", reason="the marker was knocked")
    t.buy("ann", "MBS", 40, par=70).buy("bob", "MBS", 20)
    t.buy("ann", "MBS", 10)
    t.end_stock_round()
    t.tokens(plus=1, down=1).buy_railroad().finish()  # DPI: Ash Line
    t.operate(plus=1, down=1, buys=1)  # MBS: Birch
    t.tokens(plus=0, down=1)
    t.pay_out()  # DPI $15 → $260 to $350
    assert t.said("the game ends when this Operating Round ends")
    assert not t.state.over
    t.finish()
    t.operate(down=1)  # MBS still operates in this round
    assert t.state.over and t.report()["round"] == "OR 1.2"
    s = t.report()["scores"]
    ann_cash = t.cash("ann")
    assert s["ann"]["shares"]["DPI"] == {"percent": 40, "value": 350, "worth": 1400}
    assert s["ann"]["total"] == ann_cash + 1400 + s["ann"]["shares"]["MBS"]["worth"]
    assert t.state.winners == ["ann"]
    assert "Ann wins with" in t.events()[-1]
    assert "The game is over." in t.rejects("pass", player="ann")


@pytest.mark.parametrize("setting, moves", [(False, False), (True, True)])
def test_a_zero_payout_moves_the_marker_only_when_the_table_says_so(setting, moves):
    t = dpi_operating({"zero_payout_moves": setting})
    t.tokens(plus=1, down=1)
    if moves:
        assert t.state.op.phase == "revenue"
        t.pay_out()
        assert t.value("DPI") == 80
    else:
        assert t.state.op.phase == "buy" and t.value("DPI") == 70


def to_the_top_level_railroads(box: dict | None = None) -> Table:
    """Ann directs SB and DPI, both rich. OR 1.1: SB buys the Ash, Birch and Test Atlantic, DPI
    the Cedar and the Dune. OR 1.2: SB buys the Elm (D3) and the Fern (E4: level 2 is obsolete)
    and the Gale (F4); then DPI operates, the next card on top."""
    t = Table(box=box).quick_start()
    t.buy("ann", "SB", 40, par=70).buy("bob", "SB", 30)
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    for holding in ("SB", "DPI"):
        t.do("adjust_cash", account=f"treasury:{holding}", amount=2000, reason="for the test")
    t.operate(plus=3, down=3, buys=3)  # SB
    t.tokens(plus=2, down=2).buy_railroad(side=0).buy_railroad().finish()  # DPI
    t.tokens(plus=3, down=3).withhold()  # SB, OR 1.2
    t.buy_railroad(side=0).buy_railroad().buy_railroad(side=0).finish()
    assert t.state.obsolete == [2]
    assert [r[0] for r in t.h("SB").railroads] == ["Elm Line", "Fern Line", "Gale Line"]
    t.tokens(plus=2, down=2).withhold()  # DPI, with the Dune Line
    return t


def test_an_i_or_k_railroad_makes_level_4_obsolete():
    """The rulebook: "I and K category Railroads ... Either will cause level 4 Railroads to
    become obsolete"; the test box says so by category (I and K are level 5, like J)."""
    t = to_the_top_level_railroads()
    assert t.state.stack[0] == "Ivy Line"
    t.buy_railroad(side=1)  # the K side of the Ivy Line
    assert t.said("The first I or K railroad makes level 4 obsolete: Seedy Brothers's Fern "
                  "Line and Seedy Brothers's Gale Line leave the game without compensation.")
    assert t.state.obsolete == [2, 4]
    assert [r[0] for r in t.h("SB").railroads] == ["Elm Line"]
    assert t.h("DPI").railroads == [("Dune Line", 0), ("Ivy Line", 1)]
    assert t.state.levels_seen == [2, 3, 4, 5]  # each level once, in the order first seen


def test_a_j_railroad_at_the_level_of_i_and_k_makes_nothing_obsolete():
    """With the Juniper (J5) on top of the Ivy (I5/K5): the first level 5 railroad is a J,
    which the rulebook does not list; the Ivy after it still makes level 4 obsolete."""
    box = the_test_box().to_dict()
    rows = box["railroads"]
    ivy = next(r for r in rows if r[0] == "Ivy Line")
    rows.remove(ivy)
    rows.append(ivy)  # the Juniper Line now lies above the Ivy Line
    t = to_the_top_level_railroads(box)
    assert t.state.stack == ["Juniper Line", "Ivy Line"]
    t.buy_railroad()
    assert t.state.obsolete == [2]
    assert [r[0] for r in t.h("SB").railroads] == ["Elm Line", "Fern Line", "Gale Line"]
    t.buy_railroad(side=0)  # the I side
    assert t.said("The first I or K railroad makes level 4 obsolete: Seedy Brothers's Fern "
                  "Line and Seedy Brothers's Gale Line leave the game without compensation.")
    assert t.state.obsolete == [2, 4]


def test_a_card_of_the_level_just_made_obsolete_leaves_the_top_of_the_stack_at_once():
    """With the Birch Line (A2) under the Elm Line: the Elm bought at level 4 makes level 2
    obsolete, and the Birch, now on top, leaves the game before anyone may buy it."""
    box = the_test_box().to_dict()
    rows = box["railroads"]
    birch = next(r for r in rows if r[0] == "Birch Line")
    rows.remove(birch)
    rows.insert([r[0] for r in rows].index("Elm Line") + 1, birch)
    t = Table(box=box).quick_start()
    t.buy("ann", "SB", 40, par=100).buy("bob", "SB", 30)
    t.end_stock_round()
    t.do("adjust_cash", account="treasury:SB", amount=2000, reason="for the test")
    t.tokens(plus=3, down=3).buy_railroad().buy_railroad().buy_railroad(side=0).finish()
    # the Ash, the Test Atlantic and the Cedar at level 2
    t.tokens(plus=3, down=3).withhold().buy_railroad()  # OR 1.2: the Dune (C3)
    assert t.state.stack[:2] == ["Elm Line", "Birch Line"]
    t.buy_railroad(side=1)
    assert t.said("The Birch Line on top of the stack is obsolete and leaves the game.")
    assert t.state.stack[0] == "Fern Line" and "Birch Line" in t.state.out_of_game
