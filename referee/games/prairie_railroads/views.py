"""What the rules tell the table: legal next actions, the railroads' display, summaries."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.games.prairie_railroads.actions_stock import offer_choices
from referee.games.prairie_railroads.actions_track import (
    builders,
    cubes_left,
    double_options,
    fallback_cities,
    first_choices,
    single_options,
    western_options,
)
from referee.games.prairie_railroads.constants import (
    CARDS,
    DEVELOPMENT_CUBES,
    DOUBLE_COST,
    RAILROAD_NAMES,
    RAILROADS,
    SEGMENT_COST,
    START_CITIES,
    WESTERN_BUILDS_MAX,
    money,
    treasury,
)
from referee.games.prairie_railroads.context import Play
from referee.games.prairie_railroads.economy import (
    controllers,
    dividend_per_share,
    dividend_preview,
    final_per_share,
    final_preview,
    minimum_bid,
    western_cost,
)
from referee.games.prairie_railroads.state import State

if TYPE_CHECKING:
    from collections.abc import Sequence

    from referee.engine.replay import Frame
    from referee.games.prairie_railroads.rules import PrairieRules


def visible_cash(state: State, viewer: str | None, subject: str) -> int:
    """Cash is public in Prairie Railroads (players note each other's cash before bidding)."""
    return state.cash(subject)


class _Reading:
    """Stands in for a Step when the rules are only asked questions: no copy, no changes."""

    def __init__(self, state: State):
        self.state = state


def looking(rules: PrairieRules, state: State) -> Play:
    """A Play over `state` itself, for questions that change nothing."""
    return Play(rules, _Reading(state))  # type: ignore[arg-type]


def to_act(state: State) -> str | None:
    """Whose move it is now (None: the banker's, or the game is over)."""
    if state.over:
        return None
    if state.auction is not None:
        return state.auction.next_bidder
    if state.first_build is not None:
        return state.first_builder
    turn = state.turn
    if turn is None:
        return None
    if turn.phase == "build" and turn.build is not None:
        return turn.build.builder
    return turn.player


def legal_actions(rules: PrairieRules, state: State) -> list[dict[str, Any]]:
    """The actions the rules accept next, each with its allowed choices."""
    if state.over:
        return [{"type": "adjust_cash"}]
    out: list[dict[str, Any]] = []
    play = looking(rules, state)
    if state.stage == "first_player":
        out.append({"type": "first_player", "players": list(state.players)})
    elif state.auction is not None:
        auction = state.auction
        bidder = auction.next_bidder
        out.append({"type": "bid", "player": bidder, "railroad": auction.railroad,
                    "minimum": auction.to_beat(), "maximum": state.cash(bidder)})
        out.append({"type": "pass", "player": bidder})
    elif state.first_build is not None:
        rr = state.railroads[state.first_build]
        out.append({"type": "first_build", "player": state.first_builder, "railroad": rr.key,
                    "starts": [c for c in _starts(rr.key)],
                    "choices": first_choices(play, rr)})
    elif state.turn is not None:
        turn = state.turn
        pid = turn.player
        if turn.phase == "card":
            hand = {c: n for c, n in state.hands[pid].items() if n}
            deck = [c for c in CARDS if state.deck[c]]
            out.append({"type": "play_card", "player": pid, "hand": hand, "deck": deck})
        elif turn.phase == "offer":
            out.append({"type": "offer", "player": pid,
                        "choices": offer_choices(play, pid, turn.source or "hand")})
        elif turn.phase == "growth":
            out.append({"type": "growth", "player": pid, "board": rules.board is not None})
        elif turn.phase == "growth_choice" and rules.board is not None:
            out.append({"type": "grow_city", "player": pid, "roll": turn.roll,
                        "choices": fallback_cities(state, rules.board), "board": True})
        elif turn.phase == "growth_choice":
            # Without a board: the game's cities that have not grown, or a new one, or none
            # (a city may grow only while a development cube is left).
            cube_left = len(state.grown) < DEVELOPMENT_CUBES
            out.append({"type": "grow_city", "player": pid, "roll": turn.roll,
                        "choices": sorted(c for c in state.cities if c not in state.grown)
                        if cube_left else [], "new_city": cube_left, "board": False})
        elif turn.phase == "railroad":
            able = builders(play, pid)
            out.append({"type": "choose_railroad", "player": pid, "railroads": able,
                        "controllers": {rr: controllers(state.railroads[rr]) for rr in able}})
        elif turn.phase == "build" and turn.build is not None:
            out.append(build_template(play, turn.build.railroad, turn.build.builder,
                                      turn.build.source))
            if rules.board is None:
                out.append({"type": "no_build", "player": turn.build.builder,
                            "railroad": turn.build.railroad})
    out.append({"type": "adjust_cash"})
    return out


def _starts(key: str) -> list[str]:
    return list(START_CITIES[key])


def build_template(play: Play, key: str | None, builder: str | None, source: str) -> dict:
    state = play.state
    rr = state.railroads[key]  # type: ignore[index]
    cash = state.cash(treasury(rr.key))
    kinds = ["single"]
    wcost = western_cost(state.western_count)
    if source == "hand":
        if cash >= DOUBLE_COST and cubes_left(rr) >= 2:
            kinds.append("double")
        if (cash >= wcost and rr.western is None and state.western_count < WESTERN_BUILDS_MAX
                and cubes_left(rr) >= 1):
            kinds.append("western")
    template: dict[str, Any] = {"type": "build", "player": builder, "railroad": rr.key,
                                "kinds": kinds, "treasury": cash, "western_cost": wcost,
                                "single": single_options(play, rr),
                                "network": sorted(rr.cities())}
    if "double" in kinds:
        template["double"] = double_options(play, rr)
    if "western" in kinds:
        template["western"] = western_options(play, rr)
        template["own_segments"] = [list(seg) for seg in rr.track]
    return template


def railroad_rows(state: State) -> list[dict[str, Any]]:
    """The controller display: who controls each railroad now, its figures and minimum bid."""
    rows = []
    for key in RAILROADS:
        rr = state.railroads[key]
        rows.append({
            "key": key,
            "name": RAILROAD_NAMES[key],
            "shares": dict(rr.shares),
            "unsold": rr.unsold(),
            "controllers": controllers(rr),
            "treasury": state.cash(treasury(key)),
            "income": rr.income,
            "value": rr.value,
            "minimum_bid": minimum_bid(rr.value),
            "dividend": dividend_per_share(rr.income),
            "final_per_share": final_per_share(rr.value, rr.income, rr.sold()),
            "segments": [list(seg) for seg in rr.track],
            "western": rr.western,
            "underfinanced": state.cash(treasury(key)) < SEGMENT_COST,
        })
    return rows


def summary(state: State) -> dict[str, Any]:
    """The final-state report of `referee replay`: exact figures, for the record's reader."""
    preview = dividend_preview(state)
    players = {}
    for pid, name in state.players.items():
        players[pid] = {
            "name": name,
            "cash": state.cash(pid),
            "shares": {rr.key: rr.shares[pid] for rr in state.railroads.values()
                       if rr.shares.get(pid)},
            "hand": dict(state.hands[pid]),
            "dividend_preview": preview[pid],
            "final_payoff": state.final.get(pid, 0),
        }
    turn = state.turn
    return {
        "stage": state.stage,
        "turn": state.turns,
        "to_act": to_act(state),
        "phase": turn.phase if turn else state.stage,
        "players": players,
        "railroads": {row["key"]: {k: row[k] for k in ("shares", "treasury", "income", "value",
                                                       "controllers", "western")}
                      for row in railroad_rows(state)},
        "deck": dict(state.deck),
        "dividends_paid": state.dividends_paid,
        "grown": list(state.grown),
        "final_preview": final_preview(state) if not state.over else {},
        "winners": list(state.winners),
        "corrections_after_end": corrections_after_end(state),
    }


def corrections_after_end(state: State) -> list[dict[str, str]]:
    """The banker's corrections made once the game was over: who, the change, the reason."""
    return [{"name": state.players[c["account"]],
             "change": ("+" if c["amount"] > 0 else "−") + money(abs(c["amount"])),
             "reason": c["reason"]}
            for c in state.corrections_after_end]


def history(frames: Sequence[Frame]) -> list[dict[str, Any]]:
    """The readable log: one entry per turn, each with the lines its actions produced.

    The line that opens a turn ("Turn 3: Ann.") is the last one said by the action that began
    it; the entry's `label` tells it, so it is left out of `lines` (each event told once).
    `frames`: the entry's actions, for what they moved.
    """
    entries: list[dict[str, Any]] = []
    for before, frame in zip(frames, frames[1:], strict=False):
        state: State = before.state
        turn = state.turn
        number = turn.number if turn else 0
        label = f"Turn {number} — {state.players[turn.player]}" if turn else "Initial auctions"
        if not entries or entries[-1]["label"] != label:
            entries.append({"label": label, "turn": number, "player": turn and turn.player,
                            "lines": [], "frames": []})
        lines = list(frame.outcome.events)
        if lines and began_turn(state, frame.state):
            lines.pop()
        entries[-1]["lines"].extend(lines)
        entries[-1]["frames"].append(frame)
    return entries


def began_turn(before: State, after: State) -> bool:
    """Whether the action from `before` to `after` began a turn (and so said its opening)."""
    return after.turn is not None and after.turns != before.turns


def render(report: dict[str, Any]) -> str:
    """The text of `referee replay` for a `summary` of a Prairie Railroads game."""
    lines = [f"After turn {report['turn']} ({report['stage']}), "
             f"Pay Dividends played {report['dividends_paid']} of 8:"]
    for pid, p in report["players"].items():
        shares = ", ".join(f"{rr} ×{n}" for rr, n in p["shares"].items()) or "no shares"
        lines.append(f"  {p['name']} ({pid}): ${p['cash']}; {shares}")
    for key, rr in report["railroads"].items():
        lines.append(f"  {key}: Income ${rr['income']}, Value ${rr['value']}, "
                     f"treasury ${rr['treasury']}")
    for c in report.get("corrections_after_end", ()):
        lines.append(f"Corrected after the end: {c['name']} {c['change']} ({c['reason']})")
    if report["winners"]:
        names = [report["players"][w]["name"] for w in report["winners"]]
        lines.append("Winner: " + ", ".join(names))
    return "\n".join(lines)
