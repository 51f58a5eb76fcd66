"""The pay-out line of Railroad Barons names only what is there: the players who hold shares,
and an unowned part only when some shares are still the bank's."""

from tests.railroad_barons.play import Table


def pay_line(t: Table) -> str:
    """The line the pay-out just told."""
    return next(line for line in t.events() if " pays $" in line)


def first_pay_out(t: Table) -> str:
    """The first Holding to operate buys a railroad, then pays its revenue out."""
    t.end_stock_round()
    t.tokens(plus=1, down=1).buy_railroad().finish()
    t.tokens(down=1).pay_out()
    return pay_line(t)


def test_a_holding_whose_shares_are_all_sold_has_no_unowned_part():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.buy("ann", "DPI", 20).buy("bob", "DPI", 10)
    line = first_pay_out(t)
    assert "Ann 60%" in line and "Bob 40%" in line
    assert "unowned" not in line


def test_a_player_without_a_share_is_not_named_in_the_pay_out():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).passes("bob").buy("ann", "DPI", 10)
    line = first_pay_out(t)
    assert "Ann 50%" in line and "unowned" in line
    assert "Bob" not in line
