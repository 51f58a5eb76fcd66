"""Pay Dividends, the eighth Pay Dividends card, running out of cards, the final payoff."""

from referee.games.prairie_railroads.views import legal_actions, railroad_rows, summary
from tests.prairie_railroads.play import Table, standard_game


def test_pay_dividends_pays_income_over_five_rounded_up_per_share():
    t = standard_game()
    t.card("CT").grow(1, 5).choose("ATSF").build("Topeka", "Pratt")  # ATSF: 3 + (3 + 2) = 8
    cash = {p: t.cash(p) for p in ("ann", "bob", "cy")}
    t.card("PD")  # Cy
    # Ann: CRIP 2 -> $1, SLSF 2 -> $1; Bob: ATSF 8 -> $2, MP 1 -> $1; Cy: KP 1 -> $1, MKT 1 -> $1
    assert {p: t.cash(p) - cash[p] for p in cash} == {"ann": 2, "bob": 3, "cy": 2}
    assert t.state.dividends_paid == 1


def test_the_controller_display_previews_each_players_dividend():
    t = standard_game()
    rows = {r["key"]: r for r in railroad_rows(t.state)}
    assert rows["MKT"]["controllers"] == ["cy"] and rows["MKT"]["underfinanced"]
    assert rows["CRIP"]["minimum_bid"] == 1 and rows["CRIP"]["dividend"] == 1
    assert summary(t.state)["players"]["bob"]["dividend_preview"] == 2
    assert rows["SLSF"]["treasury"] == 5 and not rows["SLSF"]["underfinanced"]  # $5 builds


def test_before_the_initial_auctions_no_railroad_has_controllers_or_a_payoff():
    rows = railroad_rows(Table().starts("ann").state)
    assert all(r["controllers"] == [] and r["final_per_share"] == 0 for r in rows)


def test_the_eighth_pay_dividends_card_ends_the_game_with_the_final_payoff():
    t = standard_game(deck={"PD": 2, "OS": 0, "CT": 0})
    for _ in range(6):  # every hand's two PD cards
        t.card("PD")
    t.card("PD", source="deck")
    assert t.state.dividends_paid == 7 and not t.state.over
    cash = {p: t.cash(p) for p in ("ann", "bob", "cy")}
    t.card("PD", source="deck")  # the eighth: no dividend, the final payoff instead
    assert t.state.over
    # every railroad: one share sold, so each pays Value + Income: CRIP 5+2, SLSF 5+2, ...
    assert {p: t.cash(p) - cash[p] for p in cash} == {
        "ann": (5 + 2) + (5 + 2), "bob": (5 + 2) + (5 + 1), "cy": (5 + 1) + (5 + 1)}
    assert all(t.treasury(rr) == 0 for rr in t.state.railroads)
    assert cash == {"ann": 55 + 7 * 2, "bob": 53 + 7 * 2, "cy": 70 + 7 * 2}
    assert t.state.winners == ["cy"] and t.cash("cy") == 96
    assert legal_actions(t.rules, t.state) == [{"type": "adjust_cash"}]
    assert "game is over" in t.rejects("play_card", player="ann", card="PD")


def test_a_correction_after_the_end_names_the_winners_again():
    t = standard_game(deck={"PD": 2, "OS": 0, "CT": 0})
    for _ in range(8):
        source = "hand" if t.state.hands[t.now]["PD"] else "deck"
        t.card("PD", source=source)
    assert t.state.winners == ["cy"] and t.cash("ann") == 83 and t.cash("cy") == 96
    t.do("adjust_cash", account="ann", amount=20, reason="a payoff miscounted")
    assert t.state.winners == ["ann"]  # $103 against $96
    assert "treasuries went back" in t.rejects("adjust_cash", account="treasury:CRIP",
                                               amount=5, reason="late")


def test_winners_are_the_richest_ties_allowed():
    t = standard_game(deck={"PD": 2, "OS": 0, "CT": 0})
    for _ in range(8):
        source = "hand" if t.state.hands[t.now]["PD"] else "deck"
        t.card("PD", source=source)
    best = max(t.cash(p) for p in ("ann", "bob", "cy"))
    assert t.state.winners == [p for p in ("ann", "bob", "cy") if t.cash(p) == best]


def test_a_player_with_no_card_to_play_ends_the_game():
    t = Table(deck={"PD": 0, "OS": 0, "CT": 0}, board=None).starts("ann")
    for start, to in (("Troy", "Whiting"), ("Atchison", "Topeka"), ("Kansas City", "Lawrence"),
                      ("Paola", "Osawatomie"), ("Columbus", "Oswego"), ("Girard", "Walnut")):
        t.sell(None).do("first_build", player=t.state.first_builder,
                        incomes={to: 1, "Whiting": 1}, **{"from": start, "to": to})
    turns = 0
    while not t.state.over:  # every treasury is empty: CT builds nothing, OS sells nothing
        hand = t.state.hands[t.now]
        turns += 1
        if hand["PD"]:
            t.card("PD")
        elif hand["OS"]:
            t.card("OS").offer("CRIP").sell(None)
        else:
            t.card("CT").grow(1, 1)
    assert turns == 3 * 18
    assert any("has no card to play" in e for e in t.events())
    assert t.state.dividends_paid == 6 and t.state.winners


def test_the_final_payoff_preview_adds_every_railroad_of_each_player():
    t = standard_game(deck={"PD": 2, "OS": 0, "CT": 0})
    for _ in range(6):
        t.card("PD")
    t.card("PD", source="deck")
    preview = summary(t.state)["final_preview"]
    assert preview == {"ann": (5 + 2) + (5 + 2), "bob": (5 + 2) + (5 + 1),
                       "cy": (5 + 1) + (5 + 1)}
    t.do("adjust_cash", account="treasury:MKT", amount=1, reason="a dollar found")
    cash = {p: t.cash(p) for p in ("ann", "bob", "cy")}
    t.card("PD", source="deck")  # the eighth: the final payoff, as previewed
    assert {p: t.cash(p) - cash[p] for p in cash} == preview
    report = summary(t.state)["players"]
    assert {p: report[p]["final_payoff"] for p in cash} == preview
    assert t.treasury("MKT") == 0  # even a last dollar goes back to the bank
    assert t.state.turn is None and summary(t.state)["phase"] == "over"


def test_the_dividend_preview_counts_every_share_and_matches_the_payment():
    t = standard_game()
    t.card("CT").grow(1, 5).choose("ATSF").build("Topeka", "Pratt")  # ATSF Income 8: $2 a share
    t.card("OS").offer("ATSF")  # Cy offers; Bob buys a second ATSF share
    t.do("pass", player="cy").do("pass", player="ann").do("bid", player="bob", amount=3)
    assert t.rr("ATSF").shares == {"bob": 2}
    preview = summary(t.state)["players"]["bob"]["dividend_preview"]
    assert preview == 2 * 2 + 1  # ATSF 2 × $2, MP 1 × $1
    bob = t.cash("bob")
    t.card("PD")  # Ann
    assert t.cash("bob") - bob == preview


def test_banker_corrections_are_whole_amounts_with_a_reason_and_name_no_winner_in_play():
    t = standard_game()
    for bad in ("5", 5.0, 0, 10_001, -10_001):
        assert "whole amount, not zero, at most 10000" in t.rejects(
            "adjust_cash", account="ann", amount=bad, reason="x")
    for bad in ("", "  ", 5, None):
        assert "Give the reason" in t.rejects("adjust_cash", account="ann", amount=5, reason=bad)
    assert "Ann has only $55" in t.rejects("adjust_cash", account="ann", amount=-56, reason="x")
    t.do("adjust_cash", account="ann", amount=1, reason="a dollar short")
    assert "The banker corrects Ann's cash by +1: a dollar short." in t.events()
    t.do("adjust_cash", account="treasury:KP", amount=-1, reason="a dollar over")
    assert "The banker corrects treasury:KP's cash by -1: a dollar over." in t.events()
    t.do("adjust_cash", account="cy", amount=10_000, reason="the largest correction")
    t.do("adjust_cash", account="ann", amount=-56, reason="all of it")
    assert (t.cash("ann"), t.treasury("KP"), t.cash("cy")) == (0, 9, 10_070)
    assert t.state.winners == []  # a correction in play names nobody


def test_a_railroad_with_no_income_pays_no_dividend_and_says_nothing():
    t = Table(deck={"PD": 2, "OS": 0, "CT": 0}, board=None).starts("ann")
    for start, to, income in (("Troy", "Whiting", 0), ("Atchison", "Topeka", 1),
                              ("Kansas City", "Lawrence", 1), ("Paola", "Osawatomie", 1),
                              ("Columbus", "Oswego", 1), ("Girard", "Walnut", 1)):
        t.sell(None).do("first_build", player=t.state.first_builder, incomes={to: income},
                        **{"from": start, "to": to})
    assert t.rr("CRIP").income == 0 and t.rr("CRIP").shares == {"ann": 1}
    cash = t.cash("ann")
    t.card("PD")  # Ann holds every share: five railroads of Income 1 pay $1 each
    assert t.cash("ann") == cash + 5
    assert not any("CRIP" in e for e in t.events())
