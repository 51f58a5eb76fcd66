"""Random legal play, for the property tests: every choice comes from the game's legal_actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.prairie_railroads.actions_track import growth_choices
from referee.games.prairie_railroads.views import legal_actions, looking

Pick = Callable[[list], Any]
Number = Callable[[int, int], int]


def random_action(rules, state, pick: Pick, number: Number) -> dict:
    """One legal action chosen with `pick` (choose from a list) and `number` (lo..hi)."""
    templates = [t for t in legal_actions(rules, state) if t["type"] not in ("adjust_cash",
                                                                              "no_build")]
    template = pick(templates)
    kind = template["type"]
    if kind == "first_player":
        return {"type": kind, "player": pick(template["players"])}
    if kind == "bid":
        lo, hi = template["minimum"], template["maximum"]
        return {"type": kind, "player": template["player"], "amount": number(lo, min(hi, lo + 12))}
    if kind == "pass":
        return {"type": kind, "player": template["player"]}
    if kind == "first_build":
        frm, to = pick(template["choices"])
        return {"type": kind, "player": template["player"], "from": frm, "to": to}
    if kind == "play_card":
        options = [(c, "hand") for c in template["hand"]] + [(c, "deck") for c in template["deck"]]
        card, source = pick(options)
        return {"type": kind, "player": template["player"], "card": card, "source": source}
    if kind == "offer":
        return {"type": kind, "player": template["player"], **pick(template["choices"])}
    if kind == "growth":
        dice = [number(1, 6), number(1, 6)]
        _, choices = growth_choices(looking(rules, state), 10 * dice[0] + dice[1])
        action = {"type": kind, "player": template["player"], "dice": dice}
        if choices and number(0, 1):  # else the roll stands and the city is chosen after it
            action["city"] = pick(choices)
        return action
    if kind == "grow_city":
        return {"type": kind, "player": template["player"], "city": pick(template["choices"])}
    if kind == "choose_railroad":
        rr = pick(template["railroads"])
        return {"type": kind, "player": template["player"], "railroad": rr,
                "builder": pick(template["controllers"][rr])}
    if kind == "build":
        base = {"type": kind, "player": template["player"], "railroad": template["railroad"]}
        kinds = [k for k in template["kinds"] if template.get(k)]
        chosen = pick(kinds)
        if chosen == "single":
            frm, to = pick(template["single"])
            return {**base, "kind": "single", "from": frm, "to": to}
        if chosen == "double":
            frm, via, to = pick(template["double"])
            return {**base, "kind": "double", "from": frm, "via": via, "to": to}
        return {**base, "kind": "western", "box": pick(template["western"])}
    raise AssertionError(f"no random play for {kind}")


def typed(action: dict, board, state) -> dict:
    """The same move as a table without a board table enters it: cities typed, new incomes given,
    the grown city named (from `board`, the board the table is looking at)."""
    out = dict(action)
    if out.get("kind") == "western":
        out["beside"] = list(board.western[out["box"]].segment)
    elif out["type"] in ("first_build", "build"):
        incomes = {}
        for end in ("from", "via", "to"):
            city = out.get(end)
            if city and (city not in state.cities or state.cities[city].income is None):
                incomes[city] = board.cities[city].income
        if incomes:
            out["incomes"] = incomes
    return out
