"""The figures a page shows before a move (railroad_barons.terms) are those the rules then apply:
capital at 50%, what a sale pays and the Director's drop, obsolescence, Operator tokens."""

import random

import pytest

from referee.games.railroad_barons.box import Box
from referee.games.railroad_barons.state import treasury
from referee.games.railroad_barons.terms import (
    aid_needed,
    capital_amount,
    capital_due,
    certificate_cost,
    free_tokens,
    obsoleted_by,
    sale_terms,
    suggested_tokens,
    worth,
)
from referee.games.railroad_barons.views import legal_actions
from tests.railroad_barons.play import Table
from tests.railroad_barons.random_play import random_action
from tests.railroad_barons.test_recorded_games import replayed
from tests.railroad_barons.test_stock_rounds import started


def test_the_capital_is_due_when_half_is_in_players_hands_and_only_once():
    t = Table().quick_start().buy("ann", "DPI", 40, par=100)
    dpi = t.h("DPI")
    assert certificate_cost(100, 40) == 400  # 4 × the starting value for the Director's 40%
    assert not capital_due(dpi)  # 40% sold
    assert capital_due(dpi, 10)  # Bob's 10% would make it 50%
    assert capital_amount(100) == 1000
    t.buy("bob", "DPI", 10)
    assert t.treasury("DPI") == 1000
    assert not capital_due(t.h("DPI"), 30)  # paid once a game


def test_an_exchange_up_that_reaches_half_sold_pays_the_capital_too():
    t = Table().quick_start().buy("ann", "DPI", 40, par=100).buy("bob", "DPI", 10)
    assert t.treasury("DPI") == 1000
    t.passes("ann")
    assert not capital_due(t.h("DPI"), 30 - 10)  # operating already
    assert certificate_cost(100, 30, give=10) == 200


def ann_may_sell(settings=None) -> Table:
    """Ann directs DPI with 40% + 20% and it is her turn; Bob holds 30%."""
    return started(settings).buy("ann", "DPI", 20).passes("bob")


def test_a_directors_sale_drops_the_marker_once_a_turn():
    t = ann_may_sell()
    box = t.rules.box
    assert not sale_terms(box, t.state, "bob", t.h("DPI"), 30, None, False).drops
    terms = sale_terms(box, t.state, "ann", t.h("DPI"), 20, None, False)
    assert terms.drops and (terms.units, terms.value, terms.proceeds) == (2, 100, 200)
    before = t.cash("ann")
    t.sell("ann", ("DPI", 20))
    assert t.cash("ann") - before == 200  # paid before the marker drops
    assert t.value("DPI") < 100
    assert not sale_terms(box, t.state, "ann", t.h("DPI"), 40, 10, False).drops


def test_a_directors_sale_paid_after_the_drop_is_paid_at_the_lower_value():
    t = ann_may_sell({"director_sale_price": "after_drop"})
    box = t.rules.box
    below = box.track[box.track[t.h("DPI").space].down].value
    terms = sale_terms(box, t.state, "ann", t.h("DPI"), 20, None, True)
    assert terms.value == below < 100
    before = t.cash("ann")
    t.sell("ann", ("DPI", 20))
    assert t.cash("ann") - before == 2 * below == terms.proceeds
    assert t.value("DPI") == below


def test_the_railroads_a_row_names_make_its_levels_obsolete_once():
    t = Table()
    box, state = t.rules.box, t.state
    fern, ivy, juniper = (box.card(n) for n in ("Fern Line", "Ivy Line", "Juniper Line"))
    assert obsoleted_by(box, state, fern.sides[0]) == [2]  # the first level 4
    assert obsoleted_by(box, state, ivy.sides[0]) == [4]  # I
    assert obsoleted_by(box, state, ivy.sides[1]) == [4]  # K
    assert obsoleted_by(box, state, juniper.sides[0]) == []  # J, at the level of I and K
    state.obsolete.append(4)
    assert obsoleted_by(box, state, ivy.sides[1]) == []  # obsolete already
    state.obsolete.append(2)
    assert obsoleted_by(box, state, fern.sides[0]) == []


def test_a_level_two_rows_make_obsolete_is_named_once():
    box = Box.from_dict(Table().rules.box.to_dict()
                        | {"obsolescence": [[4, "", "2"], ["", "E", "2 3"]]})
    fern = box.card("Fern Line").sides[0]  # E, level 4: both rows
    assert obsoleted_by(box, Table().state, fern) == [2, 3]


def test_operator_tokens_in_the_route_network_never_come_back():
    t = started().end_stock_round()
    h = t.h(t.state.op.holding)
    box = t.rules.box
    card = box.holdings[h.key]
    assert free_tokens(box, h) == card.tokens
    plus, down = suggested_tokens(box, h)
    assert plus == min(card.plus, card.tokens)
    assert down == min(card.down, card.tokens - plus)
    t.tokens(plus=0, down=0, network=1)
    assert free_tokens(box, t.h(h.key)) == card.tokens - 1


def test_the_directors_aid_is_what_the_treasury_lacks():
    assert aid_needed(have=30, cost=100) == 70
    assert aid_needed(have=130, cost=100) == 0


def previews_hold(rules, state) -> int:
    """Every legal buy, sale and railroad purchase does what its terms say; returns how many
    were checked."""
    box = rules.box
    after_drop = rules.settings.director_sale_price == "after_drop"
    checked = 0
    for action in legal_actions(rules, state):
        kind = action["type"]
        if kind not in ("buy", "sell", "buy_railroad"):
            continue
        outcome = rules.apply(state, action)
        new = outcome.state
        if kind == "buy":
            pid, key = action["player"], action["holding"]
            h = state.holdings[key]
            value = action.get("par") or box.track[h.space].value
            cost = certificate_cost(value, action["percent"], action.get("give"))
            assert state.cash(pid) - new.cash(pid) == cost, action
            due = capital_due(h, action["percent"] - (action.get("give") or 0)) and h.started
            paid = new.cash(treasury(key)) - state.cash(treasury(key))
            assert paid == (capital_amount(value) if due else 0), action
        elif kind == "sell":
            sale = action["sales"][0]
            h = state.holdings[sale["holding"]]
            terms = sale_terms(box, state, action["player"], h, sale["percent"],
                               sale.get("exchange_for"), after_drop)
            pid = action["player"]
            assert new.cash(pid) - state.cash(pid) == terms.proceeds, action
            dropped = new.holdings[h.key].space != h.space
            assert dropped == (terms.drops and bool(box.track[h.space].down)), action
        else:
            side = box.card(state.stack[0]).sides[action["side"]]
            assert sorted(set(new.obsolete) - set(state.obsolete)) == \
                sorted(obsoleted_by(box, state, side)), action
            pid = action["player"]
            need = aid_needed(state.cash(treasury(state.op.holding)), side.cost)
            assert state.cash(pid) - new.cash(pid) == need, action
        checked += 1
    return checked


@pytest.mark.parametrize("seed,reading", [(1, "before_drop"), (2, "after_drop"),
                                          (3, "after_drop")])
def test_the_pages_previews_are_what_the_rules_then_do(seed, reading):
    t = Table(settings={"director_sale_price": reading})
    rng = random.Random(seed)
    checked = 0
    for _ in range(120):
        if t.state.over:
            break
        checked += previews_hold(t.rules, t.state)
        t.game.submit(random_action(t.rules, t.state, rng))
    assert checked > 50


@pytest.mark.parametrize("name, totals", [("barons_game_1", {"ann": 1940, "bob": 2535}),
                                          ("barons_game_2", {"ann": 650, "bob": 5210})])
def test_worth_is_the_hand_worked_final_score_of_the_recorded_games(name, totals):
    rules, game = replayed(name)
    assert {pid: worth(rules.box, game.state, pid) for pid in totals} == totals
    t = started()
    assert worth(t.rules.box, t.state, "ann") == t.cash("ann") + 4 * 100


def test_every_preview_of_a_recorded_game_is_what_the_rules_do():
    rules, game = replayed("barons_game_2")
    checked = sum(previews_hold(rules, frame.state) for frame in game.frames)
    assert checked > 100
