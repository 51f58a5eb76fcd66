"""Each Railroad Barons line names the rule that set it: an exchange down is a sale ("considered
a single sell operation"), only the Director's sale names the reading of its price; each rule is
of the table beside the rulebook's headings."""

from tests.railroad_barons.test_stock_rounds import started
from tests.test_line_rules import cited_lines

SELL = "Selling Stock Certificates"


def lines(t, pid: str, kind: str) -> list[dict]:
    return cited_lines(t.record, t.game, pid, kind)


def test_an_exchange_down_is_a_sale_not_a_purchase():
    t = started()
    t.passes("ann")
    t.sell("bob", ("DPI", 30, 10))  # Bob is not the Director
    (line,) = lines(t, "bob", "certificate_exchange")
    assert line["amount"] == 200 and line["rule"] == SELL
    assert line["text"] == "The bank pays Bob $200: DPI: the 30% exchanged for the 10%"


def test_an_exchange_up_is_a_purchase():
    t = started()
    t.passes("ann").buy("bob", "DPI", 10)  # Bob: 30% and 10%
    t.passes("ann").buy("bob", "DPI", 20, give=10)  # the 10% given for the 20%
    (line,) = lines(t, "bob", "certificate_exchange")
    assert line["amount"] == -100 and line["rule"] == "Buying a Stock Certificate"


def test_a_sale_by_a_player_who_is_not_the_director_names_no_directors_reading():
    t = started({"director_sale_price": "after_drop"})
    t.passes("ann").sell("bob", ("DPI", 30))
    (line,) = lines(t, "bob", "certificate_sale")
    assert line["amount"] == 300 and line["rule"] == SELL


def test_the_directors_sale_names_the_reading_of_its_price():
    for reading, paid in (("before_drop", 100), ("after_drop", 90)):
        t = started({"director_sale_price": reading})
        t.buy("ann", "DPI", 10)
        t.passes("bob")
        t.sell("ann", ("DPI", 10))
        (line,) = lines(t, "ann", "certificate_sale")
        assert line["amount"] == paid
        assert line["rule"] == (f"{SELL} — The Director's sale price (director_sale_price: "
                                f"{reading})")


def test_the_directors_exchange_down_is_his_sale_with_its_reading():
    t = started()
    t.buy("ann", "DPI", 20)  # Ann 60%: 40 + 20
    t.passes("bob")
    t.sell("ann", ("DPI", 20, 10))
    (line,) = lines(t, "ann", "certificate_exchange")
    assert line["amount"] == 100 and t.value("DPI") == 90
    assert line["rule"] == f"{SELL} — The Director's sale price (director_sale_price: before_drop)"
