"""The order of play: Stock Round, two Operating Rounds, the stack's top card out, the end."""

from __future__ import annotations

from referee.games.railroad_barons.context import Play, money
from referee.games.railroad_barons.state import OpTurn
from referee.games.railroad_barons.terms import shares_worth


def start_stock_round(play: Play) -> None:
    state = play.state
    state.stage = "stock"
    state.sr += 1
    state.orn = 0
    state.turn = state.priority
    state.fresh = True
    state.passes = 0
    state.last_actor = None
    state.sold_this_round = {pid: [] for pid in state.players}
    state.turn_sold = False
    state.turn_dropped = []
    record_worth(play, f"SR {state.sr}")
    play.say(f"Stock Round {state.sr}: {play.name(state.priority)} has the Priority Deal "
             "and begins.")


def next_stock_turn(play: Play, acted: bool) -> None:
    """The turn ends; two passes in a row end the Stock Round."""
    state = play.state
    if acted:
        state.last_actor = state.turn
        state.passes = 0
    else:
        state.passes += 1
    state.fresh = False
    state.turn_sold = False
    state.turn_dropped = []
    if state.passes >= 2:
        end_stock_round(play)
        return
    state.turn = state.other(state.turn)


def end_stock_round(play: Play) -> None:
    state = play.state
    if state.last_actor is not None:
        state.priority = state.other(state.last_actor)
        play.say(f"Both passed: Stock Round {state.sr} ends. {play.name(state.priority)} did "
                 "not make the last purchase or sale and takes the Priority Deal.")
    elif play.settings.priority_when_nobody_acts == "swap":
        state.priority = state.other(state.priority)
        play.say(f"Both passed at once: Stock Round {state.sr} ends and the Priority Deal "
                 f"passes to {play.name(state.priority)} (this table's setting).")
    else:
        play.say(f"Both passed at once: Stock Round {state.sr} ends and "
                 f"{play.name(state.priority)} keeps the Priority Deal.")
    start_operating_round(play, 1)


def start_operating_round(play: Play, number: int) -> None:
    state = play.state
    state.stage = "operating"
    state.orn = number
    state.op_queue = [k for k in play.box.operating_order() if state.holdings[k].operating]
    names = [play.hname(k) for k in state.op_queue]
    play.say(f"Operating Round {state.sr}.{number}: "
             + (f"{', '.join(names)} operate{'s' if len(names) == 1 else ''}."
                if names else "no Holding has its capital yet, so none operates."))
    next_holding(play)


def next_holding(play: Play) -> None:
    state = play.state
    if state.op_queue:
        key = state.op_queue.pop(0)
        state.op = OpTurn(key)
        h = state.holdings[key]
        play.say(f"{play.hname(key)} operates, directed by {play.name(h.director)}: place "
                 "the Operator tokens.")
        return
    state.op = None
    end_operating_round(play)


def end_operating_round(play: Play) -> None:
    state = play.state
    if state.ending:
        end_game(play)
        return
    if state.orn == 1:
        start_operating_round(play, 2)
        return
    remove_top_card(play)
    start_stock_round(play)


def remove_top_card(play: Play) -> None:
    """After each pair of Operating Rounds the top railroad card leaves the game."""
    state = play.state
    if not state.stack:
        play.say("The railroad stack is empty: no card leaves the game.")
        return
    name = state.stack.pop(0)
    card = play.box.card(name)
    side = card.removed_side
    state.out_of_game.append(name)
    s = card.sides[side]
    play.say(f"After the two Operating Rounds the top card, {name} ({s.category}, counted as "
             f"level {s.level}), leaves the game.")
    play.reached(s)
    play.clear_stack()


def end_game(play: Play) -> None:
    state = play.state
    state.stage = "over"
    state.op = None
    state.op_queue = []
    play.say(f"Operating Round {state.sr}.{state.orn} is over and so is the game.",
             "End of the Game")
    score(play)


def score(play: Play) -> None:
    """Share value plus cash; the highest wins (ties share the win)."""
    state = play.state
    state.scores = {}
    for pid in state.players:
        shares = {}
        for key, h in state.holdings.items():
            pct = h.share(pid)
            if pct:
                value = play.value(h)
                shares[key] = {"percent": pct, "value": value,
                               "worth": shares_worth(value, pct)}
        cash = play.cash(pid)
        total = cash + sum(s["worth"] for s in shares.values())
        state.scores[pid] = {"cash": cash, "shares": shares, "total": total}
        parts = [f"{play.hname(k)} {s['percent']}% × {money(s['value'])} per 10% = "
                 f"{money(s['worth'])}" for k, s in shares.items()]
        play.say(f"{play.name(pid)}: {money(cash)} cash"
                 + (" + " + " + ".join(parts) if parts else "") + f" = {money(total)}.",
                 "End of the Game")
    best = max(s["total"] for s in state.scores.values())
    state.winners = [pid for pid, s in state.scores.items() if s["total"] == best]
    names = " and ".join(play.name(pid) for pid in state.winners)
    play.say(f"{names} {'win' if len(state.winners) > 1 else 'wins'} with {money(best)}.",
             "End of the Game")
    record_worth(play, "end")


def record_worth(play: Play, label: str) -> None:
    """Each player's share value plus cash, for the value-over-time chart."""
    state = play.state
    state.values_by_round = state.values_by_round.appended(
        {"round": label, **{pid: play.worth(pid) for pid in state.players}})
