"""What the rules tell the table: legal next actions, who may see which cash, summaries, history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.errors import IllegalAction
from referee.games.railbaron.context import ANNOUNCE_CASH
from referee.games.railbaron.fees import money, turn_fees
from referee.games.railbaron.state import ENGINES, State

if TYPE_CHECKING:
    from collections.abc import Sequence

    from referee.engine.replay import Frame
    from referee.games.railbaron.rules import RailBaronRules

BANKER = "banker"
UNDER_ANNOUNCE = f"under {money(ANNOUNCE_CASH)}"


def to_act(state: State) -> str | None:
    """Who is to act now: the bidder whose turn it is in an auction, else the player whose turn
    it is; None when the banker records the next step (first-player rolls, draws) or it is over."""
    turn = state.turn
    if state.over or state.stage == "first_player" or turn is None:
        return None
    if turn.phase == "auction" and state.auction is not None:
        return state.auction.next_bidder
    if turn.phase == "shortfall" and turn.debt is not None:
        return turn.debt["debtor"]
    if turn.phase in ("phantom", "draw_deed"):
        return None
    return turn.player


def visible_cash(state: State, viewer: str | None, subject: str) -> int | None:
    """The cash of `subject` as `viewer` may know it: exact, or None meaning "under $150,000".

    A player knows his own cash; the banker knows everyone's; anyone knows the cash of a player
    at $150,000 or more (he has announced it).
    """
    cash = state.cash(subject)
    if viewer in (subject, BANKER) or cash >= ANNOUNCE_CASH:
        return cash
    return None


def _accepted(rules: RailBaronRules, state: State, action: dict) -> bool:
    try:
        rules.apply(state, action)
    except IllegalAction:
        return False
    return True


def legal_actions(rules: RailBaronRules, state: State) -> list[dict[str, Any]]:
    """The actions the rules accept next, each with its allowed choices."""
    if state.over:
        return []
    if state.stage == "first_player":
        return [{"type": "roll_for_first_player", "players": list(state.contenders)},
                {"type": "adjust_cash"}]
    turn = state.turn
    assert turn is not None
    pid = turn.player
    player = state.players[pid]
    board = rules.board
    phase = turn.phase
    out: list[dict[str, Any]] = []
    if phase == "region":
        out.append({"type": "roll_region", "player": pid})
        if turn.lookup == "destination" and _accepted(rules, state,
                                                      {"type": "declare", "player": pid}):
            out.append({"type": "declare", "player": pid})
    elif phase == "choose_region":
        out.append({"type": "choose_region", "player": pid, "regions": list(board.regions)})
    elif phase == "city":
        out.append({"type": "roll_city", "player": pid, "region": turn.region})
    elif phase == "move":
        out.append({"type": "roll_move", "player": pid, "engine": player.engine})
        if rules.settings.home_swap and not player.moved and not player.swapped:
            out.append({"type": "home_swap", "player": pid})
    elif phase == "bonus":
        out.append({"type": "roll_bonus", "player": pid})
    elif phase == "moving":
        if turn.bonus and turn.red is None:
            out.append({"type": "roll_bonus", "player": pid})
        out.append({"type": "arrive", "player": pid, "destination": player.destination,
                    "pays": player.trip_pays,
                    "bounce_within_white": turn.leg == 1 and turn.bonus
                    and not player.heading_home})
        if not (turn.bonus and turn.red is None and turn.leg == 1):
            out.append({"type": "stop", "player": pid})
    elif phase == "arrival":
        out.append({"type": "arrive", "player": pid, "destination": player.destination,
                    "pays": player.trip_pays, "bounce_within_white": False})
    elif phase == "purchase":
        cash = state.cash(pid)
        prices = {rr: rules.settings.scaled(board.railroads[rr].price) for rr in board.railroads}
        railroads = [rr for rr in board.non_public()
                     if state.owners[rr] is None and prices[rr] <= cash]
        if railroads:
            out.append({"type": "buy", "player": pid, "railroads": railroads,
                        "prices": {rr: prices[rr] for rr in railroads}})
        upgrades = {
            engine: rules.settings.upgrade_cost(player.engine, engine, len(state.players))
            for engine in ENGINES[ENGINES.index(player.engine) + 1:]
        }
        affordable = {e: c for e, c in upgrades.items() if c <= cash}
        if affordable:
            out.append({"type": "upgrade", "player": pid, "engines": affordable})
        out.append({"type": "skip_purchase", "player": pid})
    elif phase == "end":
        out.append({"type": "end_turn", "player": pid,
                    "fees": [f.as_dict() for f in turn_fees(state, board, rules.settings, pid)]})
    elif phase == "shortfall":
        if turn.debt is not None:  # the rovered player raises the rover fee
            pid = turn.debt["debtor"]
        owned = state.owned_by(pid)
        out.append({"type": "sell_back", "player": pid, "railroads": owned})
        out.append({"type": "auction", "player": pid, "railroads": owned})
    elif phase == "auction":
        auction = state.auction
        assert auction is not None
        bidder = auction.next_bidder
        out.append({"type": "bid", "player": bidder, "minimum": auction.minimum(),
                    "maximum": state.cash(bidder), "multiple": auction.multiple,
                    "railroad": auction.railroad})
        out.append({"type": "pass", "player": bidder})
    elif phase == "phantom":
        out.append({"type": "phantom_draw",
                    "railroads": [rr for rr in board.non_public() if state.owners[rr] is None]})
    elif phase == "draw_deed":
        out.append({"type": "draw_deed",
                    "railroads": [rr for rr in board.non_public()
                                  if state.owners[rr] is None and rr not in state.drawn]})
    if phase in ("moving", "purchase", "end") and state.stage == "play" and turn.white is not None:
        victims = [
            v.id for v in state.players.values()
            if v.declared and not v.bankrupt and not v.home_safe and v.id != pid
        ]
        if victims:
            out.append({"type": "rover", "player": pid, "victims": victims})
    out.append({"type": "adjust_cash"})
    return out


def summary(state: State) -> dict[str, Any]:
    """The final-state report of `referee replay`: exact figures, for the record's reader."""
    players = {}
    for pid, p in state.players.items():
        players[pid] = {
            "name": p.name,
            "cash": state.cash(pid),
            "railroads": sorted(state.owned_by(pid)),
            "engine": p.engine,
            "home": p.home,
            "destination": p.destination,
            "declared": p.declared,
            "bankrupt": p.bankrupt,
        }
    turn = state.turn
    return {
        "stage": state.stage,
        "turn": turn.number if turn else 0,
        "to_act": to_act(state),
        "phase": turn.phase if turn else state.stage,
        "sold_out": state.sold_out,
        "players": players,
        "bank_railroads": sorted(rr for rr, o in state.owners.items() if o is None),
        "phantom_railroads": sorted(state.owned_by("phantom")),
        "winners": list(state.winners),
        "corrections_after_end": [
            {"name": state.players[c["account"]].name,
             "change": ("+" if c["amount"] > 0 else "−") + money(abs(c["amount"])),
             "reason": c["reason"]}
            for c in state.corrections_after_end],
    }


def history(frames: Sequence[Frame]) -> list[dict[str, Any]]:
    """The readable log: one entry per turn, each with the lines its actions produced."""
    entries: list[dict[str, Any]] = []
    for before, frame in zip(frames, frames[1:], strict=False):
        state: State = before.state
        turn = state.turn
        number = turn.number if turn else 0
        who = state.players[turn.player].name if turn else ""
        label = f"Turn {number} — {who}" if number else "Setup"
        if not entries or entries[-1]["label"] != label:
            entries.append({"label": label, "turn": number, "lines": []})
        entries[-1]["lines"].extend(frame.outcome.events)
    return entries


def render(report: dict[str, Any]) -> str:
    """The text of `referee replay` for a `summary` of a Rail Baron game."""
    lines = [f"After turn {report['turn']} ({report['stage']}):"]
    for pid, p in report["players"].items():
        status = "bankrupt" if p["bankrupt"] else ("declared" if p["declared"] else "")
        rails = ", ".join(p["railroads"]) or "no railroads"
        lines.append(
            f"  {p['name']} ({pid}): ${p['cash']:,}; {p['engine']}; home {p['home'] or '-'}; "
            f"destination {p['destination'] or '-'}; {rails}" + (f"; {status}" if status else "")
        )
    for c in report.get("corrections_after_end", ()):
        lines.append(f"Corrected after the end: {c['name']} {c['change']} ({c['reason']})")
    if report["winners"]:
        names = [report["players"][w]["name"] for w in report["winners"]]
        lines.append("Winner: " + ", ".join(names))
    return "\n".join(lines)
