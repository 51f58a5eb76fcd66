"""What the rules tell the table: whose move, the legal next actions, the replay summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.engine.errors import IllegalAction
from referee.games.railroad_barons.box import PARS
from referee.games.railroad_barons.state import DIRECTOR, PERCENTS, State, treasury
from referee.games.railroad_barons.terms import free_tokens

if TYPE_CHECKING:
    from referee.engine.replay import Frame
    from referee.games.railroad_barons.rules import BaronsRules


def round_label(state: State) -> str:
    if state.stage in ("draft", "msc_par"):
        return "Setup"
    if state.stage == "stock":
        return f"SR {state.sr}"
    return f"OR {state.sr}.{state.orn}"


def to_act(state: State) -> str | None:
    """Whose move it is now (None: the game is over)."""
    if state.stage == "draft":
        chooser = state.chooser
        return state.other(chooser) if state.draft.step == "answer" else chooser
    if state.stage == "msc_par":
        return state.msc_owner
    if state.stage == "stock":
        return state.turn
    if state.stage == "operating" and state.op is not None:
        return state.holdings[state.op.holding].director
    return None


def candidates(rules: BaronsRules, state: State) -> list[dict[str, Any]]:
    """Actions worth trying now: every legal one is among them (tried in `legal_actions`)."""
    pid = to_act(state)
    if pid is None:
        return []
    out: list[dict[str, Any]] = []
    if state.stage == "draft":
        step = state.draft.step
        if step == "offer":
            for v in state.pool:
                out += [{"type": "offer_investor", "player": pid, "investor": v, "price": v}]
        elif step == "answer":
            out += [{"type": "answer_offer", "player": pid, "take": t}
                    for t in ("cash", "investor")]
        else:
            out += [{"type": "pick_investor", "player": pid, "investor": v} for v in state.pool]
    elif state.stage == "msc_par":
        out += [{"type": "set_par", "player": pid, "par": p} for p in PARS]
    elif state.stage == "stock":
        out.append({"type": "switch_priority", "player": state.other(pid)})
        out.append({"type": "switch_priority", "player": pid})
        for key, h in state.holdings.items():
            for pct in h.owned(pid):
                out.append({"type": "sell", "player": pid,
                            "sales": [{"holding": key, "percent": pct}]})
                for smaller in PERCENTS:
                    if smaller < pct and h.certs[smaller] is None:
                        out.append({"type": "sell", "player": pid, "sales": [
                            {"holding": key, "percent": pct, "exchange_for": smaller}]})
            if not h.started:
                out += [{"type": "buy", "player": pid, "holding": key, "percent": DIRECTOR,
                         "par": p} for p in PARS]
                continue
            for pct in PERCENTS:
                if h.certs[pct] is None:
                    out.append({"type": "buy", "player": pid, "holding": key, "percent": pct})
                    out += [{"type": "buy", "player": pid, "holding": key, "percent": pct,
                             "give": g} for g in h.owned(pid) if g < pct]
        out.append({"type": "end_turn", "player": pid})
        out.append({"type": "pass", "player": pid})
    elif state.op is not None:
        op = state.op
        h = state.holdings[op.holding]
        if op.phase == "tokens":
            card = rules.box.holdings[h.key]
            free = free_tokens(rules.box, h)
            for plus in range(card.plus + 1):
                for down in range(card.down + 1):
                    for net in (0, 1):
                        if plus + down + net <= free:
                            out.append({"type": "place_tokens", "player": pid, "plus": plus,
                                        "down": down, "network": net})
        elif op.phase == "revenue":
            out += [{"type": "pay_out", "player": pid}, {"type": "withhold", "player": pid}]
        else:
            if state.stack:
                card = rules.box.card(state.stack[0])
                out += [{"type": "buy_railroad", "player": pid, "side": i}
                        for i in range(len(card.sides))]
            for other in state.holdings.values():
                if other.key != h.key:
                    for name, _ in other.railroads:
                        out.append({"type": "buy_from_holding", "player": pid,
                                    "from": other.key, "railroad": name, "price": 1,
                                    "agreed_by": other.director})
                    out += [{"type": "assign_investor", "player": pid, "investor": v,
                             "from": other.key} for v in other.investors]
            out += [{"type": "assign_investor", "player": pid, "investor": v}
                    for v in state.investors[pid]]
            excess = len(h.railroads) - op.down
            names = [r[0] for r in h.railroads]
            out.append({"type": "finish", "player": pid,
                        "discard": names[:max(excess, 0)]})
    return out


def legal_actions(rules: BaronsRules, state: State) -> list[dict[str, Any]]:
    """The concrete actions the rules accept now (each tried on a copy of the state)."""
    out = []
    for action in candidates(rules, state):
        try:
            rules.apply(state, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def holding_report(state: State, key: str) -> dict[str, Any]:
    h = state.holdings[key]
    book = state.book
    name, color = book["holdings"][key]

    def railroad(n: str, side: int) -> dict[str, Any]:
        category, level, _cost, income = book["cards"][n][side]
        return {"name": n, "category": category, "level": level, "income": income}

    return {
        "name": name,
        "color": color,
        "started": h.started,
        "value": book["values"][h.space] if h.space else None,
        "space": h.space,
        "par": h.par,
        "treasury": state.cash(treasury(key)),
        "director": h.director,
        "director_certificate_holder": h.certs[DIRECTOR],
        "certificates": {str(p): h.certs[p] for p in PERCENTS},
        "operating": h.operating,
        "railroads": [railroad(n, s) for n, s in h.railroads],
        "network_tokens": h.network,
        "investors": list(h.investors),
    }


def summary(state: State) -> dict[str, Any]:
    """The report of `referee replay --json`: exact figures, for the record's reader."""
    players = {}
    for pid, name in state.players.items():
        players[pid] = {
            "name": name,
            "cash": state.cash(pid),
            "certificates": {k: h.owned(pid) for k, h in state.holdings.items()
                             if h.owned(pid)},
            "certificate_count": state.certificate_count(pid),
            "investors": list(state.investors[pid]),
        }
    top = state.stack[0] if state.stack else None
    report: dict[str, Any] = {
        "game": "railroad_barons",
        "box": state.book["box"],
        "stage": state.stage,
        "round": round_label(state),
        "to_act": to_act(state),
        "priority": state.priority or None,
        "operating": state.op.holding if state.op else None,
        "players": players,
        "holdings": {k: holding_report(state, k) for k in state.holdings},
        "stack_top": top,
        "stack_left": len(state.stack),
        "obsolete_levels": sorted(state.obsolete),
        "winners": list(state.winners),
        "values_by_round": list(state.values_by_round),
        "corrections_after_end": corrections_after_end(state),
    }
    if state.over:
        report["scores"] = state.scores
    return report


def corrections_after_end(state: State) -> list[dict[str, str]]:
    """The banker's corrections made once the game was over: who or what, the change, the
    reason."""
    out = []
    for c in state.corrections_after_end:
        if "holding" in c:
            name = state.book["holdings"][c["holding"]][0] + "'s marker"
            change = f"${c['from']} → ${c['to']}"
        else:
            account = c["account"]
            name = state.players[account] if account in state.players else \
                state.book["holdings"][account.removeprefix("treasury:")][0] + "'s treasury"
            change = ("+" if c["amount"] > 0 else "−") + f"${abs(c['amount'])}"
        out.append({"name": name, "change": change, "reason": c["reason"]})
    return out


def visible_cash(state: State, viewer: str | None, subject: str) -> int:
    """Cash is public in Railroad Barons: the table view shows each player's cash."""
    return state.cash(subject)


def render(report: dict[str, Any]) -> str:
    """The text of `referee replay` for a summary of a Railroad Barons game."""
    lines = [f"{report['round']} ({report['stage']}), Priority Deal: {report['priority']}"]
    for pid, p in report["players"].items():
        certs = "; ".join(f"{k} {'+'.join(str(c) + '%' for c in v)}"
                          for k, v in p["certificates"].items()) or "no certificates"
        lines.append(f"  {p['name']} ({pid}): ${p['cash']}; {certs}")
    for key, h in report["holdings"].items():
        if h["started"]:
            lines.append(f"  {key}: ${h['value']}, treasury ${h['treasury']}, Director "
                         f"{h['director']}, {len(h['railroads'])} railroads")
    for pid, s in report.get("scores", {}).items():
        lines.append(f"  {report['players'][pid]['name']} scores ${s['total']}")
    for c in report.get("corrections_after_end", ()):
        lines.append(f"Corrected after the end: {c['name']} {c['change']} ({c['reason']})")
    if report["winners"]:
        names = [report["players"][w]["name"] for w in report["winners"]]
        lines.append("Winner: " + ", ".join(names))
    return "\n".join(lines)


def history(frames: Sequence[Frame]) -> list[dict[str, Any]]:
    """The readable log: one entry per round (Setup, SR n, OR n.m), each with its lines."""
    entries: list[dict[str, Any]] = []
    for before, frame in zip(frames, frames[1:], strict=False):
        label = round_label(before.state)
        if not entries or entries[-1]["label"] != label:
            entries.append({"label": label, "turn": len(entries), "lines": [], "frames": []})
        entries[-1]["lines"].extend(frame.outcome.events)
        entries[-1]["frames"].append(frame)
    return entries
