"""A Holding operates: tokens, revenue paid out or withheld, railroads and Investors, discards."""

from __future__ import annotations

from referee.engine.ledger import BANK
from referee.engine.rules import require
from referee.games.railroad_barons.context import Play, handles, listing, money
from referee.games.railroad_barons.flow import next_holding
from referee.games.railroad_barons.state import Holding, OpTurn, treasury
from referee.games.railroad_barons.terms import aid_needed, free_tokens


def operating(play: Play, action: dict, *phases: str) -> tuple[str, Holding, OpTurn]:
    """The Director of the Holding now operating, who must be the one acting."""
    play.stage("operating")
    op = play.state.op
    assert op is not None
    h = play.state.holdings[op.holding]
    pid = play.player(action)
    require(pid == h.director, f"{play.name(h.director)} directs {play.hname(h.key)}.")
    if phases and op.phase not in phases:
        require(False, f"{play.hname(h.key)}: {PHASES[op.phase]} first.")
    return pid, h, op


PHASES = {"tokens": "place the Operator tokens", "revenue": "pay out or withhold the revenue",
          "buy": "buy railroads, assign Investors, then finish"}


def whole(value: object, what: str, hi: int) -> int:
    require(type(value) is int and 0 <= value <= hi,  # type: ignore[operator]
            f"{what} must be a whole number 0 to {hi}.")
    return value  # type: ignore[return-value]


@handles("place_tokens")
def place_tokens(play: Play, action: dict) -> None:
    """Operator tokens on the (+) and (▼) circles, and at most one into the route network."""
    pid, h, op = operating(play, action, "tokens")
    card = play.box.holdings[h.key]
    free = free_tokens(play.box, h)
    plus = whole(action.get("plus", 0), "(+) tokens", card.plus)
    down = whole(action.get("down", 0), "(▼) tokens", card.down)
    network = whole(action.get("network", 0), "Tokens into the route network", 1)
    require(plus + down + network <= free,
            f"{play.hname(h.key)} has {free} Operator tokens on its card.")
    op.plus, op.down = plus, down
    if network:
        h.network += 1
    play.say(f"{play.hname(h.key)} places {plus} on (+), {down} on (▼)"
             + (" and 1 into the route network" if network else "") + ".")
    op.revenue, parts = play.revenue(h)
    if op.revenue == 0 and not play.settings.zero_payout_moves:
        why = "it has no railroad" if not h.railroads else "its railroads earn nothing"
        play.say(f"{play.hname(h.key)} has no revenue ({why}); its marker stays.")
        op.phase = "buy"
        return
    op.phase = "revenue"
    play.say(f"Revenue {money(op.revenue)}: " + (" + ".join(parts) or "nothing") + ".")


def dividend(revenue: int, pct: int, rounding: str = "down") -> int:
    """A player's part of the revenue: exactly his percentage, to whole dollars (the setting
    `dividend_rounding` says down or up when it is not whole)."""
    if rounding == "up":
        return -(-revenue * pct // 100)
    return revenue * pct // 100


@handles("pay_out")
def pay_out(play: Play, action: dict) -> None:
    """The revenue as dividends: each player his percentage of it; the marker moves up a line."""
    pid, h, op = operating(play, action, "revenue")
    name = play.hname(h.key)
    paid = []
    total = 0
    for p in play.state.players:
        pct = h.share(p)
        if pct:
            amount = dividend(op.revenue, pct, play.settings.dividend_rounding)
            total += amount
            play.pay(BANK, p, amount, f"{name} dividend: {pct}% of {money(op.revenue)}",
                     "holding_dividend", holding=h.key, percent=pct, revenue=op.revenue)
            paid.append(f"{play.name(p)} {pct}% → {money(amount)}")
    unowned = 100 - h.sold()
    rest = []
    if unowned:
        rest.append(f"{money(op.revenue * unowned // 100)} unowned")
    left = op.revenue - total - op.revenue * unowned // 100
    if left > 0:
        rest.append(f"{money(left)} lost to rounding")
    per10 = f"{money(op.revenue // 10)} per 10%" if op.revenue % 10 == 0 else \
        f"each his percentage, rounded {play.settings.dividend_rounding} to whole dollars"
    play.say(f"{name} pays {money(op.revenue)}: {per10}; "
             + (", ".join(paid) or "no player owns a share")
             + ("; " + ", ".join(rest) if rest else "") + ".")
    play.move(h, "up")
    op.phase = "buy"


@handles("withhold")
def withhold(play: Play, action: dict) -> None:
    """The whole revenue goes to the treasury; the marker stays."""
    pid, h, op = operating(play, action, "revenue")
    name = play.hname(h.key)
    play.pay(BANK, treasury(h.key), op.revenue, f"{name}: revenue withheld", "withheld",
             holding=h.key)
    play.say(f"{name} withholds: its {money(op.revenue)} revenue goes to its treasury "
             f"(now {money(play.cash(treasury(h.key)))}); the marker stays at "
             f"{money(play.value(h))}.")
    op.phase = "buy"


def room(play: Play, h: Holding, op: OpTurn) -> None:
    require(op.added < op.plus, f"{play.hname(h.key)} has {op.plus} (+) token"
            f"{'s' if op.plus != 1 else ''} this round and has added {op.added}.",
            "Buy Railroads and Assign Investors")


@handles("buy_railroad")
def buy_railroad(play: Play, action: dict) -> None:
    """Buy the top railroad of the stack at its printed cost (the side chosen for two-sided
    cards); the Director's aid makes up a first railroad the treasury cannot pay."""
    pid, h, op = operating(play, action, "buy")
    room(play, h, op)
    state = play.state
    require(bool(state.stack), "The railroad stack is empty.")
    card = play.box.card(state.stack[0])
    sides = play.usable_sides(card.name)
    side = action.get("side", sides[0] if len(sides) == 1 else None)
    require(side in sides, f"Choose the side of the {card.name}: "
            + " or ".join(f"{card.sides[i].category} level {card.sides[i].level} for "
                          f"{money(card.sides[i].cost)}" for i in sides) + ".")
    s = card.sides[side]
    name = play.hname(h.key)
    account = treasury(h.key)
    have = play.cash(account)
    aid = aid_needed(have, s.cost)
    if aid:
        require(play.settings.director_aid and not h.railroads,
                f"{name} has {money(have)}, not the {money(s.cost)} the {card.name} costs.")
        play.needs(pid, aid, play.name(pid))
        play.pay(pid, account, aid, f"{name}: Director's aid for its first railroad",
                 "director_aid", holding=h.key, railroad=card.name)
        play.say(f"{name} has no railroad and {money(have)}: {play.name(pid)} pays the "
                 f"difference, {money(aid)} ({money(s.cost)} − {money(have)}).")
    play.pay(account, BANK, s.cost, f"{name}: {card.name} bought from the bank",
             "railroad_purchase", holding=h.key, railroad=card.name, side=side)
    state.stack.pop(0)
    h.railroads.append((card.name, side))
    op.added += 1
    play.say(f"{name} buys {play.describe(card.name, side)} from the bank for {money(s.cost)}.")
    play.reached(s)


@handles("buy_from_holding")
def buy_from_holding(play: Play, action: dict) -> None:
    """Buy another Holding's railroad at a price its Director agreed to ($1 at least)."""
    pid, h, op = operating(play, action, "buy")
    room(play, h, op)
    seller = play.holding(action.get("from"))
    require(seller.key != h.key, "A Holding does not buy its own railroad.")
    rr = action.get("railroad")
    owned = [r for r in seller.railroads if r[0] == rr]
    require(bool(owned), f"{play.hname(seller.key)} has no railroad {rr!r}.")
    price = action.get("price")
    require(type(price) is int and 1 <= price <= 99_999, "The agreed price is at least $1.")
    agreed = action.get("agreed_by", pid)
    require(agreed == seller.director, f"{play.name(seller.director)} directs "
            f"{play.hname(seller.key)} and must agree to the price.")
    play.needs(treasury(h.key), price, play.hname(h.key))
    play.pay(treasury(h.key), treasury(seller.key), price,
             f"{play.hname(h.key)} buys the {rr} from {play.hname(seller.key)}",
             "railroad_trade", holding=h.key, railroad=rr, seller=seller.key)
    seller.railroads.remove(owned[0])
    h.railroads.append(owned[0])
    op.added += 1
    play.say(f"{play.hname(h.key)} buys the {rr} from {play.hname(seller.key)} for "
             f"{money(price)}.")


@handles("assign_investor")
def assign_investor(play: Play, action: dict) -> None:
    """Assign an Investor the Director holds, or move one from another Holding he directs."""
    pid, h, op = operating(play, action, "buy")
    room(play, h, op)
    value = action.get("investor")
    state = play.state
    source = action.get("from")
    if source is None:
        require(value in state.investors[pid], f"{play.name(pid)} holds no ${value} Investor.")
        require(play.box.investors[value].ability == "bonus",  # type: ignore[index]
                f"The ${value} Investor is not one that is assigned to Holdings.")
        state.investors[pid].remove(value)  # type: ignore[arg-type]
        where = f"from {play.name(pid)}"
    else:
        other = play.holding(source)
        require(other.key != h.key and other.director == pid and value in other.investors,
                f"{play.name(pid)} directs no other Holding with the ${value} Investor.")
        other.investors.remove(value)  # type: ignore[arg-type]
        where = f"from {play.hname(other.key)}"
    h.investors.append(value)  # type: ignore[arg-type]
    op.added += 1
    play.say(f"The ${value} Investor joins {play.hname(h.key)} ({where}); it adds "
             f"{money(play.box.investors[value].bonus)} to revenue while the Holding has a "  # type: ignore[index]
             "railroad.")


@handles("finish")
def finish(play: Play, action: dict) -> None:
    """End the Holding's turn, discarding railroads beyond its (▼) tokens (Director's choice)."""
    pid, h, op = operating(play, action, "buy")
    excess = len(h.railroads) - op.down
    discard = action.get("discard", [])
    require(isinstance(discard, list) and all(isinstance(d, str) for d in discard),
            "List the railroads to discard by name.")
    name = play.hname(h.key)
    if excess <= 0:
        require(not discard, f"{name} keeps every railroad: {op.down} (▼) token"
                f"{'s' if op.down != 1 else ''}.")
    else:
        names = [r[0] for r in h.railroads]
        require(len(discard) == excess and len(set(discard)) == excess
                and all(d in names for d in discard),
                f"{name} has {len(names)} railroads and {op.down} (▼) tokens: choose "
                f"{excess} to discard from {', '.join(names)}.")
        for d in discard:
            h.railroads = [r for r in h.railroads if r[0] != d]
            play.state.out_of_game.append(d)
        play.say(f"{name} discards {listing(discard)}: removed from the game without "
                 "compensation.")
    next_holding(play)
