"""Stock Rounds: turns, selling and exchanging, buying, limits, Directors and the Priority Deal."""

import pytest

from tests.railroad_barons.play import Table


def started(settings=None) -> Table:
    """Ann directs DPI at $100 with 40%; Bob holds its 30% (DPI operates, $1,000 capital)."""
    t = Table(settings=settings).quick_start()
    t.buy("ann", "DPI", 40, par=100).buy("bob", "DPI", 30)
    return t


def test_a_buy_ends_the_turn_and_two_passes_in_a_row_end_the_round():
    t = started()
    assert t.state.turn == "ann" and t.treasury("DPI") == 1000
    t.passes("ann")
    t.buy("bob", "MBS", 40, par=70)
    t.passes("ann")
    assert t.state.stage == "stock"
    t.passes("bob")
    assert t.state.stage == "operating"
    # Bob made the last purchase: Ann takes the Priority Deal
    assert t.state.priority == "ann"
    assert t.said("Ann did not make the last purchase or sale and takes the Priority Deal.")


def test_sell_then_buy_in_one_turn_and_no_pass_after_selling():
    t = started()
    t.passes("ann")
    t.sell("bob", ("DPI", 30))
    assert "end the turn or buy" in t.rejects("pass", player="bob")
    t.buy("bob", "SB", 40, par=70)
    assert t.state.turn == "ann"


def test_a_turn_of_sales_ends_without_a_buy():
    t = started()
    t.passes("ann").sell("bob", ("DPI", 30)).end_turn("bob")
    assert t.state.turn == "ann" and t.state.passes == 0


def test_a_holding_sold_this_round_cannot_be_bought_again_until_the_next():
    t = started()
    t.passes("ann").sell("bob", ("DPI", 30))
    reason = t.rejects("buy", player="bob", holding="DPI", percent=20)
    assert "sold Desmond Picable Inc. this Stock Round" in reason


def test_a_sale_pays_current_value_per_10_percent_and_exchange_pays_the_difference():
    t = started()
    t.passes("ann")
    before = t.cash("bob")
    t.sell("bob", ("DPI", 30, 10))
    assert t.cash("bob") - before == 200
    assert t.h("DPI").owned("bob") == [10]
    assert t.said("Bob exchanges the 30% of Desmond Picable Inc. for the 10% and receives "
                  "$200 (2 × $100).")
    # the exchange counted as a sale: no buying DPI this round
    assert "sold Desmond Picable" in t.rejects("buy", player="bob", holding="DPI", percent=20)


def test_the_directors_sale_drops_the_marker_once_however_many_are_sold():
    t = started()
    t.buy("ann", "DPI", 10)  # Ann 50%, Bob 30%
    t.passes("bob")
    before = t.cash("ann")
    t.sell("ann", ("DPI", 10))
    assert t.cash("ann") - before == 100  # paid before the drop (the default reading)
    assert t.value("DPI") == 90


def test_the_directors_sale_paid_after_the_drop_when_the_table_says_so():
    t = started({"director_sale_price": "after_drop"})
    t.buy("ann", "DPI", 10)
    t.passes("bob")
    before = t.cash("ann")
    t.sell("ann", ("DPI", 10))
    assert t.cash("ann") - before == 90 and t.value("DPI") == 90


def test_two_sales_in_one_turn_drop_the_marker_once():
    t = started()
    rich(t)
    t.buy("ann", "DPI", 10)
    t.buy("bob", "MBS", 40, par=90)
    t.buy("ann", "DPI", 20)  # Ann 70%
    t.passes("bob")
    before = t.cash("ann")
    t.sell("ann", ("DPI", 10))
    t.sell("ann", ("DPI", 20))
    assert t.value("DPI") == 90
    # the first sale at $100 before the drop, the second at $90 after it
    assert t.cash("ann") - before == 100 + 2 * 90
    assert t.state.turn == "ann"  # the turn goes on: Ann may still buy one
    t.buy("ann", "MBS", 10)
    assert t.state.turn == "bob"


def test_a_non_director_sale_leaves_the_marker():
    t = started()
    t.passes("ann").sell("bob", ("DPI", 30))
    assert t.value("DPI") == 100


def test_the_director_certificate_is_sold_only_when_the_opponent_owns_40_percent():
    t = started()
    t.passes("ann").buy("bob", "DPI", 10)  # Bob 40% (30 + 10)
    t.buy("ann", "DPI", 20)  # Ann 60%
    t.passes("bob")
    # Bob owns 40%: Ann may sell the Director certificate
    t.sell("ann", ("DPI", 40))
    dpi = t.h("DPI")
    assert dpi.director == "bob"  # 40% against Ann's 20%
    assert dpi.certs[40] == "bob" and dpi.owned("bob") == [40]  # 30 + 10 went to the bank
    assert t.said("Bob gives the 30% and 10% of Desmond Picable Inc. to the bank for the "
                  "Director's 40% certificate.")


def test_the_director_certificate_stays_when_the_opponent_owns_less_than_40():
    t = started()
    t.buy("ann", "DPI", 10)
    t.passes("bob")
    assert "only when Bob owns at least 40%" in t.rejects(
        "sell", player="ann", sales=[{"holding": "DPI", "percent": 40}])


def test_the_first_certificate_of_a_holding_is_the_directors_at_a_starting_value():
    t = Table().quick_start()
    assert "must be the Director's 40%" in t.rejects("buy", player="ann", holding="SB",
                                                     percent=20)
    assert "$70, $80, $90 or $100" in t.rejects("buy", player="ann", holding="SB",
                                                  percent=40, par=60)


def test_a_tie_keeps_the_director():
    t = started()
    t.passes("ann").buy("bob", "DPI", 10)  # 40 against 40
    assert t.h("DPI").director == "ann"


def rich(t: Table) -> Table:
    for pid in ("ann", "bob"):
        t.do("adjust_cash", account=pid, amount=3000, reason="money for the test")
    return t


def nine(t: Table, dpi: tuple[int, ...], mbs=(30, 20, 10)) -> Table:
    """Ann buys all of SB, MBS's 40% and `mbs`, and `dpi` of DPI; Bob answers each buy."""
    rich(t)
    t.buy("ann", "SB", 40, par=70).buy("bob", "DPI", 40, par=70) if 40 not in dpi else \
        t.buy("ann", "SB", 40, par=70).passes("bob")
    for pct in (30, 20, 10):
        t.buy("ann", "SB", pct).passes("bob")
    t.buy("ann", "MBS", 40, par=70).passes("bob")
    for pct in mbs:
        t.buy("ann", "MBS", pct).passes("bob")
    for pct in dpi:
        t.buy("ann", "DPI", pct, **({"par": 70} if pct == 40 else {})).passes("bob")
    assert t.state.certificate_count("ann") == 9 and t.state.turn == "ann"
    return t


def test_at_the_limit_of_9_no_purchase_only_an_exchange():
    t = nine(Table().quick_start(), dpi=(10,))
    reason = t.rejects("buy", player="ann", holding="DPI", percent=30)
    assert "at the limit of 9 certificates and may only exchange" in reason
    t.buy("ann", "DPI", 30, give=10)
    assert t.state.certificate_count("ann") == 9 and t.h("DPI").director == "bob"


def test_at_the_limit_even_a_purchase_that_would_change_the_director_is_refused():
    t = nine(Table().quick_start(), dpi=(30, 10), mbs=(30, 20))
    # 30% + 10% + 20% would outweigh Bob's 40% and the swap would bring Ann back to 9
    assert "limit of 9" in t.rejects("buy", player="ann", holding="DPI", percent=20)


def test_over_the_limit_after_a_directorship_change_sales_are_forced():
    t = nine(Table().quick_start(), dpi=(40,))
    t.passes("ann")
    for _ in range(4):  # SB and MBS operate twice without railroads
        t.operate()
    assert t.state.sr == 2 and t.state.turn == "bob"
    t.buy("bob", "DPI", 30)
    t.passes("ann").buy("bob", "DPI", 20)
    assert t.h("DPI").director == "bob" and t.h("DPI").certs[40] == "ann"
    t.passes("ann").buy("bob", "DPI", 10)
    assert t.h("DPI").certs[40] == "bob"
    assert t.state.certificate_count("ann") == 10
    assert t.said("Ann holds 10 certificates, over the limit of 9: they must sell")
    assert "must sell" in t.rejects("pass", player="ann")
    assert "sell down to 9 first" in t.rejects("buy", player="ann", holding="AVR", percent=40,
                                               par=70)
    t.sell("ann", ("DPI", 10))
    assert t.state.certificate_count("ann") == 9
    t.end_turn("ann")


def test_the_30_investor_switches_the_priority_deal_once_at_the_start_of_a_round():
    t = Table().quick_start()  # Ann holds the $30 Investor, and the Priority Deal
    assert "does not hold the Investor" in t.rejects("switch_priority", player="bob")
    t.do("switch_priority", player="ann")
    assert t.state.priority == "bob" and t.state.turn == "bob"
    assert t.said("Ann uses the $30 Investor to switch the Priority Deal: Bob begins")
    t.buy("bob", "SB", 40, par=70)
    assert "once this game" in t.rejects("switch_priority", player="ann")


def test_the_priority_deal_stays_when_nobody_buys_or_sells():
    t = Table().quick_start().end_stock_round()
    assert t.state.priority == "ann"
    t = Table(settings={"priority_when_nobody_acts": "swap"}).quick_start().end_stock_round()
    assert t.state.priority == "bob"


@pytest.mark.parametrize("settings, message", [
    ({"dividend_rounding": "sideways"}, "settings.dividend_rounding must be one of"),
    ({"director_aid": "yes"}, "settings.director_aid must be true or false"),
    ({"colour": 1}, "settings.colour: Railroad Barons has no such setting"),
])
def test_settings_are_checked(settings, message):
    from referee.engine.record import RecordError

    with pytest.raises(RecordError, match=message):
        Table(settings=settings)
