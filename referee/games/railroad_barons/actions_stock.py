"""A Stock Round turn: sell (and exchange down), buy one (or exchange up), or pass."""

from __future__ import annotations

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railroad_barons.box import PARS
from referee.games.railroad_barons.context import LIMIT, Play, handles, money
from referee.games.railroad_barons.flow import next_stock_turn
from referee.games.railroad_barons.state import DIRECTOR, PERCENTS, Holding, treasury
from referee.games.railroad_barons.terms import (
    capital_amount,
    capital_due,
    certificate_cost,
    sale_terms,
    tens,
)

BUY = "Buying a Stock Certificate"  # the rulebook sections a refusal names
SELL = "Selling Stock Certificates"

MAX_SALES = 20


def stock_turn(play: Play, action: dict) -> str:
    play.stage("stock")
    pid = play.player(action)
    require(pid == play.state.turn,
            f"It is {play.name(play.state.turn)}'s turn in the Stock Round.")
    return pid


def percent(value: object, what: str) -> int:
    require(value in PERCENTS, f"{what} is a 40%, 30%, 20% or 10% certificate.")
    return value  # type: ignore[return-value]


@handles("switch_priority")
def switch_priority(play: Play, action: dict) -> None:
    """The $30 Investor: its owner switches the Priority Deal once, as a Stock Round begins."""
    play.stage("stock")
    state = play.state
    pid = play.player(action)
    owns = [v for v in state.investors[pid] if play.box.investors[v].ability == "priority"]
    require(bool(owns), f"{play.name(pid)} does not hold the Investor that switches the "
            "Priority Deal.")
    require(not state.priority_switched, "The Priority Deal has been switched once this game "
            "already.")
    require(state.fresh, "The Priority Deal is switched only at the start of a Stock Round.")
    state.priority_switched = True
    state.priority = state.other(state.priority)
    state.turn = state.priority
    play.say(f"{play.name(pid)} uses the ${owns[0]} Investor to switch the Priority Deal: "
             f"{play.name(state.priority)} begins Stock Round {state.sr}.")


@handles("sell")
def sell(play: Play, action: dict) -> None:
    """Sell one or more certificates to the bank, or exchange them down for smaller ones."""
    pid = stock_turn(play, action)
    state = play.state
    sales = action.get("sales")
    require(isinstance(sales, list) and 0 < len(sales) <= MAX_SALES,
            "Name the certificates to sell.")
    sold: list[str] = []
    for sale in sales:
        require(isinstance(sale, dict), "Each sale names a Holding and a certificate.")
        h = play.holding(sale.get("holding"))
        pct = percent(sale.get("percent"), "The certificate sold")
        name = play.hname(h.key)
        require(h.certs[pct] == pid, f"{play.name(pid)} does not hold the {pct}% of {name}.")
        smaller = sale.get("exchange_for")
        if smaller is not None:
            smaller = percent(smaller, "The certificate taken in exchange")
            require(smaller < pct, "An exchange when selling takes a smaller certificate.")
            require(h.certs[smaller] is None,
                    f"The bank does not hold the {smaller}% of {name}.")
        if pct == DIRECTOR and h.director == pid:  # no Director changes before the end
            other = state.other(pid)
            require(h.share(other) >= DIRECTOR,
                    f"The Director may sell the Director certificate of {name} only when "
                    f"{play.name(other)} owns at least 40% of it.", SELL)
        after_drop = play.settings.director_sale_price == "after_drop"
        terms = sale_terms(play.box, state, pid, h, pct, smaller, after_drop)
        director_sells = terms.drops
        if director_sells and after_drop:
            drop(play, h)
        units, value, proceeds = terms.units, terms.value, terms.proceeds
        # the Director's sale: its price is the setting's reading (director_sale_price)
        price = {"director_sale_price": play.settings.director_sale_price} \
            if director_sells else {}
        h.certs[pct] = None
        if smaller is not None:
            h.certs[smaller] = pid
            play.pay(BANK, pid, proceeds,
                     f"{name}: {pct}% exchanged for the {smaller}%", "certificate_exchange",
                     holding=h.key, percent=smaller, give=pct, way="down", **price)
            play.say(f"{play.name(pid)} exchanges the {pct}% of {name} for the {smaller}% and "
                     f"receives {money(proceeds)} ({units} × {money(value)}).")
        else:
            play.pay(BANK, pid, proceeds, f"{name}: {pct}% sold", "certificate_sale",
                     holding=h.key, percent=pct, **price)
            play.say(f"{play.name(pid)} sells the {pct}% of {name} for "
                     f"{money(proceeds)} ({units} × {money(value)}).")
        if director_sells and h.key not in state.turn_dropped:
            sold.append(h.key)
        if h.key not in state.sold_this_round[pid]:
            state.sold_this_round[pid].append(h.key)
    for key in sold:
        if key not in state.turn_dropped:
            drop(play, state.holdings[key])
    play.check_forty()
    play.settle()
    state.turn_sold = True
    state.fresh = False


def drop(play: Play, h: Holding) -> None:
    """The Director sold: the marker moves down one line, once a turn, before any change."""
    play.state.turn_dropped.append(h.key)
    play.say(f"The Director sold {play.hname(h.key)}:")
    play.move(h, "down")


@handles("buy")
def buy(play: Play, action: dict) -> None:
    """Buy one certificate from the bank (or exchange one up); the turn ends."""
    pid = stock_turn(play, action)
    state = play.state
    h = play.holding(action.get("holding"))
    name = play.hname(h.key)
    pct = percent(action.get("percent"), "The certificate bought")
    require(h.key not in state.sold_this_round[pid],
            f"{play.name(pid)} sold {name} this Stock Round and may buy it again only in "
            "the next.", BUY)
    require(h.certs[pct] is None, f"The bank does not hold the {pct}% of {name}.")
    count = state.certificate_count(pid)
    require(count <= LIMIT, f"{play.name(pid)} holds {count} certificates: sell down to "
            f"{LIMIT} first.", BUY)
    give = action.get("give")
    if not h.started:
        require(pct == DIRECTOR, f"The first certificate of {name} must be the Director's "
                "40%.", BUY)
        require(give is None, "A Holding is started by buying the Director certificate.")
        par = action.get("par")
        require(par in PARS, "Set the starting share value: $70, $80, $90 or $100.",
                "Starting a Holding")
        require(count < LIMIT, f"{play.name(pid)} is at the limit of {LIMIT} certificates.",
                BUY)
        cost = certificate_cost(par, DIRECTOR)
        play.needs(pid, cost, play.name(pid))
        h.space, h.par = play.box.par_space(par), par
        h.certs[DIRECTOR], h.director = pid, pid
        play.pay(pid, BANK, cost, f"{name}: started at {money(par)}, 40% bought",
                 "certificate_purchase", holding=h.key, percent=DIRECTOR, par=par)
        play.say(f"{play.name(pid)} starts {name} at {money(par)} and pays {money(cost)} "
                 f"(4 × {money(par)}) for the Director certificate (40%).")
    else:
        value = play.value(h)
        if give is not None:
            give = percent(give, "The certificate given in exchange")
            require(h.certs[give] == pid, f"{play.name(pid)} does not hold the {give}% of "
                    f"{name}.")
            require(give < pct, "An exchange when buying takes a larger certificate.")
            units = tens(pct, give)
            cost = certificate_cost(value, pct, give)
            play.needs(pid, cost, play.name(pid))
            h.certs[give], h.certs[pct] = None, pid
            play.pay(pid, BANK, cost, f"{name}: {give}% exchanged for the {pct}%",
                     "certificate_exchange", holding=h.key, percent=pct, give=give, way="up")
            play.say(f"{play.name(pid)} returns the {give}% of {name} and takes the {pct}%, "
                     f"paying {money(cost)} ({units} × {money(value)}).")
        else:
            require(count < LIMIT, f"{play.name(pid)} is at the limit of {LIMIT} certificates "
                    "and may only exchange.", BUY)
            units = tens(pct)
            cost = certificate_cost(value, pct)
            play.needs(pid, cost, play.name(pid))
            h.certs[pct] = pid
            play.pay(pid, BANK, cost, f"{name}: {pct}% bought", "certificate_purchase",
                     holding=h.key, percent=pct)
            play.say(f"{play.name(pid)} buys the {pct}% of {name} for {money(cost)} "
                     f"({units} × {money(value)}).")
    capital(play, h)
    play.settle()
    next_stock_turn(play, acted=True)


def capital(play: Play, h: Holding) -> None:
    """At 50% bought from the bank the Holding receives 10 × its share value, once."""
    if not capital_due(h):
        return
    h.operating = True
    value = play.value(h)
    name = play.hname(h.key)
    amount = capital_amount(value)
    play.pay(BANK, treasury(h.key), amount, f"{name}: capital at 50% sold", "holding_capital",
             holding=h.key, value=value)
    play.say(f"{h.sold()}% of {name} is in players' hands: the bank pays it "
             f"{money(amount)} of capital (10 × {money(value)}). It operates from the "
             "next Operating Round.")


def must_sell(play: Play, pid: str) -> bool:
    """Over the limit with some certificate he may sell."""
    state = play.state
    if state.certificate_count(pid) <= LIMIT:
        return False
    return bool(sellable(play, pid))


def sellable(play: Play, pid: str) -> list[dict]:
    """The single sales the player may make now (each tried on a copy)."""
    from referee.engine.rules import Step

    out = []
    for key, h in play.state.holdings.items():
        for pct in h.owned(pid):
            sale = {"holding": key, "percent": pct}
            trial = Play(play.rules, Step(play.state))
            try:
                sell(trial, {"type": "sell", "player": pid, "sales": [sale]})
            except IllegalAction:
                continue
            out.append(sale)
    return out


@handles("end_turn")
def end_turn(play: Play, action: dict) -> None:
    """End a turn of sales without buying."""
    pid = stock_turn(play, action)
    require(play.state.turn_sold, "Sell first, or pass.")
    require(not must_sell(play, pid), f"{play.name(pid)} is over the limit of {LIMIT} "
            "certificates and must sell more.", BUY)
    play.say(f"{play.name(pid)} ends the turn.")
    next_stock_turn(play, acted=True)


@handles("pass")
def pass_turn(play: Play, action: dict) -> None:
    pid = stock_turn(play, action)
    require(not play.state.turn_sold, "After selling, end the turn or buy one certificate.")
    require(not must_sell(play, pid), f"{play.name(pid)} is over the limit of {LIMIT} "
            "certificates and must sell.", BUY)
    play.say(f"{play.name(pid)} passes.")
    next_stock_turn(play, acted=False)
