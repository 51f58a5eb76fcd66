"""The banker's corrections with their reasons, undo, and the history in words."""

from referee.engine import Replayer
from referee.games.railroad_barons.views import history, render
from tests.railroad_barons.play import Table


def test_a_cash_correction_needs_a_reason_and_cannot_overdraw():
    t = Table().quick_start()
    assert "Give the reason" in t.rejects("adjust_cash", account="ann", amount=10, reason=" ")
    assert "has only $650" in t.rejects("adjust_cash", account="ann", amount=-700,
                                        reason="miscounted")
    t.do("adjust_cash", account="ann", amount=-50, reason="paid twice for the same share")
    assert t.cash("ann") == 600
    assert t.said("The banker corrects Ann by -$50: paid twice for the same share.")


def test_a_treasury_and_a_marker_can_be_corrected():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.do("adjust_cash", account="treasury:DPI", amount=5, reason="bank paid $695")
    assert t.treasury("DPI") == 705
    assert t.said("The banker corrects Desmond Picable Inc.'s treasury by +$5")
    assert "Unknown space" in t.rejects("correct_value", holding="DPI", space="s99",
                                        reason="x")
    assert "has not been started" in t.rejects("correct_value", holding="SB", space="s4",
                                               reason="x")
    t.do("correct_value", holding="DPI", space="s5", reason="the marker slid")
    assert t.value("DPI") == 80


def test_another_directors_railroad_needs_his_agreement():
    t = Table().quick_start()
    t.buy("ann", "SB", 40, par=70).buy("bob", "DPI", 40, par=70)
    t.buy("ann", "SB", 10).buy("bob", "DPI", 10)
    t.end_stock_round()
    t.operate(plus=1, down=1, buys=1)  # SB (Ann) buys Ash
    t.tokens(plus=1, down=1)
    assert "Ann directs Seedy Brothers and must agree" in t.rejects(
        "buy_from_holding", player="bob", **{"from": "SB"}, railroad="Ash Line", price=100)
    t.do("buy_from_holding", player="bob", **{"from": "SB"}, railroad="Ash Line", price=100,
         agreed_by="ann")
    assert t.h("DPI").railroads == [("Ash Line", 0)]


def test_undo_takes_back_a_purchase_exactly_and_replay_agrees():
    t = Table().quick_start()
    before = t.state
    t.buy("ann", "DPI", 40, par=90)
    t.do("undo")
    assert t.state == before
    t.buy("ann", "MBS", 40, par=80)
    assert Replayer(t.rules, t.game.log).state == t.state


def test_the_history_reads_round_by_round():
    t = Table().quick_start()
    t.buy("ann", "DPI", 40, par=70).buy("bob", "DPI", 30)
    t.end_stock_round()
    entries = history(t.game.frames)
    assert [e["label"] for e in entries] == ["Setup", "SR 1"]
    lines = [line for e in entries for line in e["lines"]]
    assert "Ann starts Desmond Picable Inc. at $70 and pays $280 (4 × $70) for the Director " \
           "certificate (40%)." in lines
    assert "Bob buys the 30% of Desmond Picable Inc. for $210 (3 × $70)." in lines
    text = render(t.report())
    assert text.startswith("OR 1.1 (operating), Priority Deal: ann")
    assert "  Ann (ann): $370; DPI 40%" in text
