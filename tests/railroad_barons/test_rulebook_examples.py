"""The rulebook's worked examples, with their numbers, played on the test box."""

from tests.railroad_barons.play import Table


def dpi_at_100_with_abby_holding_10() -> Table:
    t = Table("abby", "bruno").quick_start()
    t.passes("abby")
    t.buy("bruno", "DPI", 40, par=100)
    t.buy("abby", "DPI", 10)
    t.passes("bruno")
    assert t.value("DPI") == 100 and t.h("DPI").certs[20] is None
    return t


def test_abby_pays_200_for_the_20_percent_dpi_at_100():
    t = dpi_at_100_with_abby_holding_10()
    before = t.cash("abby")
    t.buy("abby", "DPI", 20)
    assert before - t.cash("abby") == 200
    assert t.h("DPI").owned("abby") == [20, 10]
    assert t.said("Abby buys the 20% of Desmond Picable Inc. for $200 (2 × $100).")


def test_abby_pays_100_and_returns_her_10_percent_for_the_20_percent():
    t = dpi_at_100_with_abby_holding_10()
    before = t.cash("abby")
    t.buy("abby", "DPI", 20, give=10)
    assert before - t.cash("abby") == 100
    assert t.h("DPI").owned("abby") == [20]
    assert t.h("DPI").certs[10] is None  # the 10% went back to the bank
    assert t.said("Abby returns the 10% of Desmond Picable Inc. and takes the 20%, "
                  "paying $100 (1 × $100).")


def test_ann_starts_mbs_at_90_and_her_later_10_percent_brings_900_of_capital():
    t = Table("ann", "bob").quick_start()
    before = t.cash("ann")
    t.buy("ann", "MBS", 40, par=90)
    assert before - t.cash("ann") == 360
    assert t.value("MBS") == 90 and t.h("MBS").director == "ann"
    assert t.said("Ann starts McGreed Bros. & Sons at $90 and pays $360 (4 × $90) for the "
                  "Director certificate (40%).")
    assert t.treasury("MBS") == 0 and not t.h("MBS").operating
    t.passes("bob")
    t.buy("ann", "MBS", 10)
    assert t.treasury("MBS") == 900 and t.h("MBS").operating
    assert t.said("the bank pays it $900 of capital (10 × $90)")


def test_brenda_directs_on_the_20_percent_and_swaps_when_she_buys_the_last_10():
    t = Table("alphonse", "brenda").quick_start()
    t.buy("alphonse", "DPI", 40, par=80)
    t.buy("brenda", "DPI", 30)
    t.passes("alphonse")
    t.buy("brenda", "DPI", 20)
    dpi = t.h("DPI")
    assert dpi.director == "brenda"
    assert dpi.certs[40] == "alphonse"  # the certificate cannot be exchanged yet
    assert t.said("Brenda now holds 50% of Desmond Picable Inc., more than Alphonse's 40%, "
                  "and becomes its Director")
    assert t.report()["holdings"]["DPI"]["director_certificate_holder"] == "alphonse"
    t.passes("alphonse")
    t.buy("brenda", "DPI", 10)
    dpi = t.h("DPI")
    assert dpi.certs == {40: "brenda", 30: "alphonse", 20: "brenda", 10: "alphonse"}
    assert t.said("Brenda gives the 30% and 10% of Desmond Picable Inc. to Alphonse for the "
                  "Director's 40% certificate.")


def test_seedy_brothers_100_revenue_pays_aaron_50_and_becky_30():
    t = Table("aaron", "becky")
    t.draft(offered=50, take="cash", b_picks=(30, 40), a_pick=60)
    assert t.state.investors["aaron"] == [50, 60]
    t.buy("aaron", "SB", 40, par=100)
    t.buy("becky", "SB", 30)
    t.buy("aaron", "SB", 10)
    t.end_stock_round()
    assert t.state.op.holding == "SB"
    t.operate(plus=3, down=3, buys=3)  # no railroad yet, no revenue: buys three
    t.tokens(plus=2, down=3, network=1).withhold()  # OR 1.2: $45 + $10 = $55 withheld
    t.assign(50).assign(60).finish()
    t.end_stock_round()
    t.tokens(plus=0, down=3, network=1)
    assert t.state.op.revenue == 100  # 3 × $15 + 2 network × $10 + $15 + $20
    cash = {p: t.cash(p) for p in ("aaron", "becky")}
    t.pay_out()
    assert t.cash("aaron") - cash["aaron"] == 50
    assert t.cash("becky") - cash["becky"] == 30
    assert t.said("Seedy Brothers pays $100: $10 per 10%; Aaron 50% → $50, Becky 30% → $30; "
                  "$20 unowned.")


def test_anns_two_plus_tokens_let_her_add_two_railroads_or_investors_in_total():
    t = Table("ann", "bob").draft(offered=40, take="cash", b_picks=(30, 50), a_pick=60)
    t.buy("ann", "MBS", 40, par=90)
    t.passes("bob")
    t.buy("ann", "MBS", 10)
    t.end_stock_round()
    t.tokens(plus=2, down=2)
    t.buy_railroad().buy_railroad()
    reason = t.rejects("assign_investor", player="ann", investor=40)
    assert "2 (+) tokens this round and has added 2" in reason
    t.finish()
