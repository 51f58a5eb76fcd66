"""Railroad Barons' money rules at their edges: the cases mutation testing found untested
(scripts/mutate, docs/testing.md). Each test is about one rule, in the game's words."""

from tests.railroad_barons.play import Table
from tests.railroad_barons.test_stock_rounds import nine, rich


def started(settings=None) -> Table:
    """Ann directs DPI at $100 with 40%; Bob holds its 30% (DPI operates, $1,000 capital)."""
    t = Table(settings=settings).quick_start()
    t.buy("ann", "DPI", 40, par=100).buy("bob", "DPI", 30)
    return t


def two_operating() -> Table:
    """Ann directs SB and DPI (40% each), Bob holds 30% of each; SB operates first."""
    t = Table().quick_start()
    t.buy("ann", "SB", 40, par=70).buy("bob", "SB", 30)
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    return t


# -- selling (Stock Rounds) ---------------------------------------------------------------------

def test_a_sale_names_one_to_twenty_certificates_each_a_holding_and_a_percent():
    t = started().passes("ann")
    for sales in ({"holding": "DPI", "percent": 30}, [], [{"holding": "DPI", "percent": 30}] * 21):
        assert "Name the certificates to sell" in t.rejects("sell", player="bob", sales=sales)
    assert "Each sale names a Holding and a certificate" in t.rejects(
        "sell", player="bob", sales=["DPI 30%"])


def test_only_a_certificate_one_holds_is_sold_or_exchanged_for_a_smaller_one_the_bank_has():
    t = started().passes("ann")
    assert "Bob does not hold the 20% of Desmond Picable Inc." in t.rejects(
        "sell", player="bob", sales=[{"holding": "DPI", "percent": 20}])
    assert "takes a smaller certificate" in t.rejects(
        "sell", player="bob", sales=[{"holding": "DPI", "percent": 30, "exchange_for": 30}])
    t.sell("bob", ("DPI", 30, 20))
    assert t.h("DPI").owned("bob") == [20]
    t.end_turn("bob").buy("ann", "DPI", 10)  # Ann takes the 10% from the bank
    assert "The bank does not hold the 10% of Desmond Picable Inc." in t.rejects(
        "sell", player="bob", sales=[{"holding": "DPI", "percent": 20, "exchange_for": 10}])


def test_the_directors_two_sales_of_one_holding_in_one_go_drop_the_marker_once():
    t = started()
    rich(t)
    t.buy("ann", "DPI", 10)
    t.buy("bob", "MBS", 40, par=90)
    t.buy("ann", "DPI", 20)  # Ann 70%
    t.passes("bob")
    before = t.cash("ann")
    t.sell("ann", ("DPI", 10), ("DPI", 20))
    assert t.value("DPI") == 90  # one drop, after the sales (the default reading)
    assert t.cash("ann") - before == 100 + 2 * 100


def test_after_the_drop_the_directors_second_sale_in_the_turn_drops_nothing_more():
    t = started({"director_sale_price": "after_drop"})
    rich(t)
    t.buy("ann", "DPI", 10)
    t.buy("bob", "MBS", 40, par=90)
    t.buy("ann", "DPI", 20)  # Ann 70%
    t.passes("bob")
    before = t.cash("ann")
    t.sell("ann", ("DPI", 10))
    t.sell("ann", ("DPI", 20))
    assert t.value("DPI") == 90
    assert t.cash("ann") - before == 90 + 2 * 90


def test_a_sale_by_a_shareholder_who_is_not_the_director_moves_no_marker_after_the_drop():
    t = started({"director_sale_price": "after_drop"})
    t.passes("ann")
    before = t.cash("bob")
    t.sell("bob", ("DPI", 30))
    assert t.value("DPI") == 100 and t.cash("bob") - before == 300


def test_after_a_sale_the_priority_deal_is_no_longer_switched():
    t = Table().draft(offered=40, take="cash", b_picks=(30, 50), a_pick=60)  # Bob holds the $30
    t.buy("ann", "DPI", 40, par=100).buy("bob", "DPI", 30).buy("ann", "DPI", 10)
    t.end_stock_round()
    while t.state.stage == "operating":
        t.operate()
    assert t.state.turn == "bob"  # Ann bought last: Bob has the Priority Deal
    t.sell("bob", ("DPI", 30))  # the round's first move
    assert "only at the start of a Stock Round" in t.rejects("switch_priority", player="bob")


# -- buying -------------------------------------------------------------------------------------

def test_a_certificate_another_player_holds_is_not_for_sale():
    t = started().passes("ann")
    assert "The bank does not hold the 30% of Desmond Picable Inc." in t.rejects(
        "buy", player="bob", holding="DPI", percent=30)


# -- railroads between Holdings (Operating Rounds) ------------------------------------------------

def test_a_holding_buys_railroads_only_with_its_plus_tokens():
    t = two_operating()
    t.tokens(plus=0, down=1)
    assert "has 0 (+) tokens this round and has added 0" in t.rejects("buy_railroad",
                                                                      player="ann")


def test_a_railroad_bought_from_another_holding_uses_a_plus_token():
    t = two_operating()
    t.operate(plus=1, down=1, buys=1)  # SB buys the Ash Line
    t.tokens(plus=1, down=1)
    sb, dpi = t.treasury("SB"), t.treasury("DPI")
    t.do("buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=1)
    assert (t.treasury("SB") - sb, t.treasury("DPI") - dpi) == (1, -1)  # $1 changes hands
    assert t.state.op.added == 1
    assert "has 1 (+) token this round and has added 1" in t.rejects(
        "buy_from_holding", player="ann", **{"from": "DPI"}, railroad="Ash Line", price=1)


def test_a_holding_buys_a_railroad_another_holding_has_at_a_price_from_1_to_99999():
    t = two_operating()
    t.operate(plus=1, down=1, buys=1)  # SB buys the Ash Line
    t.tokens(plus=2, down=1)
    assert "does not buy its own railroad" in t.rejects(
        "buy_from_holding", player="ann", **{"from": "DPI"}, railroad="Ash Line", price=5)
    assert "has no railroad 'Birch Line'" in t.rejects(
        "buy_from_holding", player="ann", **{"from": "SB"}, railroad="Birch Line", price=5)
    for price in (0, 100_000, 2.5, True):
        assert "The agreed price is at least $1" in t.rejects(
            "buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line",
            price=price)
    assert "not the $99999 needed" in t.rejects(  # a price in range, more than DPI has
        "buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=99_999)


def test_a_holding_pays_only_what_its_treasury_has():
    t = two_operating()
    t.operate(plus=1, down=1, buys=1)  # SB buys the Ash Line
    t.tokens(plus=1, down=1)
    have = t.treasury("DPI")
    assert f"not the ${have + 1} needed" in t.rejects(
        "buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=have + 1)
    t.do("buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=have)
    assert t.treasury("DPI") == 0


def test_a_holding_is_started_with_the_directors_certificate_bought_not_exchanged():
    t = started().passes("ann")
    assert "started by buying the Director certificate" in t.rejects(
        "buy", player="bob", holding="MBS", percent=40, par=70, give=10)


def test_at_the_limit_of_9_no_holding_is_started():
    t = nine(Table().quick_start(), dpi=(10,))
    assert "Ann is at the limit of 9 certificates." in t.rejects(
        "buy", player="ann", holding="AVR", percent=40, par=70)


def bob_to_buy_with_the_10() -> Table:
    """Bob holds DPI's 30% and 10%, the bank its 20%; it is Bob's turn."""
    t = started().passes("ann").buy("bob", "DPI", 10).passes("ann")
    assert t.h("DPI").owned("bob") == [30, 10] and t.state.turn == "bob"
    return t


def test_each_purchase_is_paid_from_the_players_cash():
    t = bob_to_buy_with_the_10()
    t.do("adjust_cash", account="bob", amount=50 - t.cash("bob"), reason="for the test")
    assert "Bob has $50, not the $280 needed" in t.rejects(
        "buy", player="bob", holding="MBS", percent=40, par=70)
    assert "Bob has $50, not the $200 needed" in t.rejects(
        "buy", player="bob", holding="DPI", percent=20)
    assert "Bob has $50, not the $100 needed" in t.rejects(
        "buy", player="bob", holding="DPI", percent=20, give=10)
    t.do("adjust_cash", account="bob", amount=50, reason="for the test")
    t.buy("bob", "DPI", 20, give=10)
    assert t.cash("bob") == 0 and t.h("DPI").owned("bob") == [30, 20]


def test_an_exchange_when_buying_gives_a_smaller_certificate_one_holds():
    t = bob_to_buy_with_the_10()
    assert "Bob does not hold the 20% of Desmond Picable Inc." in t.rejects(
        "buy", player="bob", holding="DPI", percent=20, give=20)
    assert "An exchange when buying takes a larger certificate" in t.rejects(
        "buy", player="bob", holding="DPI", percent=20, give=30)


# -- the banker's corrections -------------------------------------------------------------------

def test_a_correction_is_a_whole_amount_from_1_to_10000_either_way():
    t = started()
    for amount in (0, 10_001, -10_001, 2.5, True):
        assert "A correction is a whole amount, not zero, at most 10000 either way" in t.rejects(
            "adjust_cash", account="ann", amount=amount, reason="check")
    before = t.cash("ann")
    t.do("adjust_cash", account="ann", amount=10_000, reason="the largest")
    t.do("adjust_cash", account="ann", amount=1, reason="one more")
    assert t.cash("ann") == before + 10_001
    assert t.said("The banker corrects Ann by +$1: one more.")
    t.do("adjust_cash", account="ann", amount=-10_000, reason="taken back")
    assert t.cash("ann") == before + 1
    assert t.said("The banker corrects Ann by -$10000: taken back.")
    assert t.state.scores == {}  # a correction during the game scores nobody


def test_a_correction_names_a_player_or_a_holdings_treasury():
    t = started()
    assert "Unknown account 'treasury:XYZ'" in t.rejects("adjust_cash", account="treasury:XYZ",
                                                         amount=5, reason="check")


def test_a_correction_takes_at_most_what_the_account_holds():
    t = started()
    cash = t.cash("bob")
    assert f"Bob has only ${cash}" in t.rejects("adjust_cash", account="bob",
                                                 amount=-(cash + 1), reason="too much")
    t.do("adjust_cash", account="bob", amount=-cash, reason="all of it")
    assert t.cash("bob") == 0


# -- revenue and worth --------------------------------------------------------------------------

def test_the_revenue_is_told_part_by_part():
    t = Table().draft(offered=40, take="cash", b_picks=(30, 50), a_pick=60)  # Ann: 40, 60
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    t.tokens(plus=1, down=1)
    t.buy_railroad().finish()  # the Ash Line, income $15
    t.tokens(down=1)
    assert t.said("Revenue $15: Ash Line $15.")
    t.pay_out().finish()
    t.end_stock_round()
    t.tokens(plus=1, down=1, network=1)
    assert t.said("Revenue $25: Ash Line $15 + 1 network token $10.")
    t.pay_out().assign(40).finish()
    t.tokens(down=1)
    assert t.said("Revenue $35: Ash Line $15 + 1 network token $10 + $40 Investor $10.")


def worth(t: Table, pid: str) -> int:
    """Cash, and each Holding's share value for every 10% held."""
    return t.cash(pid) + sum(t.value(k) * h.share(pid) // 10
                             for k, h in t.state.holdings.items() if h.started)


def test_each_players_worth_is_kept_at_each_stock_round_and_at_the_end():
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
    t.pay_out()  # the game ends when this Operating Round ends
    t.finish()
    t.operate(down=1)
    assert t.state.over
    last = t.state.values_by_round[-1]
    assert last == {"round": "end", "ann": worth(t, "ann"), "bob": worth(t, "bob")}
    assert last["ann"] == t.report()["scores"]["ann"]["total"]
    assert last["ann"] > t.cash("ann") + 1400  # her 40% of DPI at $350 and her MBS
    t.do("adjust_cash", account="bob", amount=5_000, reason="found after the end")
    assert t.report()["scores"]["bob"]["cash"] == t.cash("bob")  # scored again


def test_the_worth_at_the_start_of_a_stock_round_counts_every_holding():
    t = rich(started())
    t.buy("ann", "MBS", 40, par=70)
    t.end_stock_round()
    while t.state.stage == "operating":
        t.operate()
    first = t.state.values_by_round[-1]
    assert first["round"] == "SR 2"
    assert first == {"round": "SR 2", "ann": worth(t, "ann"), "bob": worth(t, "bob")}
    assert first["ann"] == t.cash("ann") + 4 * t.value("DPI") + 4 * t.value("MBS")


# -- the Director's aid -------------------------------------------------------------------------

def dpi_operating() -> Table:
    """Ann directs DPI (40%), Bob holds 30%; DPI ($700 of capital) operates."""
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    return t


def test_a_treasury_with_exactly_the_cost_needs_no_aid():
    t = dpi_operating()
    t.tokens(plus=1, down=1)
    t.do("adjust_cash", account="treasury:DPI", amount=-640, reason="for the test")  # $60
    ann = t.cash("ann")
    t.buy_railroad()  # the Ash Line, $60
    assert t.treasury("DPI") == 0 and t.cash("ann") == ann
    assert not [line for line in t.events() if "pays the difference" in line]


def test_the_aid_is_for_a_first_railroad_and_only_from_a_director_who_can_pay_it():
    t = dpi_operating()
    t.tokens(plus=2, down=1)
    t.do("adjust_cash", account="treasury:DPI", amount=-660, reason="for the test")  # $40
    t.do("adjust_cash", account="ann", amount=10 - t.cash("ann"), reason="for the test")
    assert "Ann has $10, not the $20 needed" in t.rejects("buy_railroad", player="ann")
    t.do("adjust_cash", account="ann", amount=10, reason="for the test")
    t.buy_railroad()  # Ann pays the $20 the treasury lacks
    assert t.cash("ann") == 0 and t.treasury("DPI") == 0
    assert "Desmond Picable Inc. has $0, not the $" in t.rejects(  # no aid for a second
        "buy_railroad", player="ann")


def test_a_railroad_from_the_stack_and_one_from_a_holding_use_two_plus_tokens():
    t = two_operating()
    t.operate(plus=1, down=1, buys=1)  # SB buys the Ash Line
    t.tokens(plus=2, down=1)
    t.buy_railroad()
    t.do("buy_from_holding", player="ann", **{"from": "SB"}, railroad="Ash Line", price=5)
    assert t.state.op.added == 2
    assert "has 2 (+) tokens this round and has added 2" in t.rejects("buy_railroad",
                                                                      player="ann")


def test_a_railroad_is_bought_only_while_the_stack_has_one():
    """Two rich Holdings buy two railroads a turn until the stack of ten is gone (its top card,
    the Ivy Line, leaves after the two Operating Rounds); then a purchase is refused."""
    t = two_operating()
    for holding in ("SB", "DPI"):
        t.do("adjust_cash", account=f"treasury:{holding}", amount=2000, reason="for the test")
    t.tokens(plus=2, down=1).buy_railroad().buy_railroad().finish("Ash Line")  # SB, OR 1.1
    t.tokens(plus=2, down=1).buy_railroad().buy_railroad(side=0).finish("Test Atlantic")  # DPI
    t.tokens(plus=2, down=1).withhold()  # SB, OR 1.2
    t.buy_railroad().buy_railroad(side=0).finish("Birch Line", "Dune Line")
    t.tokens(plus=2, down=1).withhold()  # DPI
    t.buy_railroad().buy_railroad(side=0).finish("Fern Line")
    assert t.state.stack == ["Juniper Line"]  # the Ivy Line left after the two rounds
    assert t.state.obsolete == [2, 4]  # the Ivy Line, an I, made level 4 obsolete
    assert t.h("SB").railroads == [("Elm Line", 0)]
    t.end_stock_round()
    t.tokens(plus=2, down=2).withhold().buy_railroad().finish()  # SB takes the last card
    assert t.state.stack == []
    assert t.h("DPI").railroads == []  # its Gale Line (F4) is obsolete: no revenue
    t.tokens(plus=2, down=1)  # DPI
    assert t.rejects("buy_railroad", player=t.director) == "The railroad stack is empty."
