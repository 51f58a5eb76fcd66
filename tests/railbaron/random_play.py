"""Random play: the legal actions of a state, filled in with random choices."""

from __future__ import annotations

import random

from referee.games.railbaron.settings import ESTABLISHMENTS, UNDECLARES
from referee.games.railbaron.views import legal_actions


def dice(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def random_action(rules, state, rng: random.Random) -> dict:
    """One action drawn from the legal ones (now and then a banker's correction)."""
    options = [a for a in legal_actions(rules, state) if a["type"] != "adjust_cash"]
    if not options or rng.random() < 0.03:
        pid = rng.choice(list(state.players))
        return {"type": "adjust_cash", "player": pid, "amount": rng.choice([50_000, 120_000]),
                "reason": "random play"}
    weights = [0.2 if a["type"] in ("stop", "skip_purchase", "pass") else 1.0 for a in options]
    template = rng.choices(options, weights)[0]
    kind = template["type"]
    action = {k: v for k, v in template.items() if k in ("type", "player")}
    board = rules.board
    railroads = list(board.railroads)
    if kind == "roll_for_first_player":
        action["rolls"] = {pid: dice(rng, 3) for pid in template["players"]}
    elif kind in ("roll_region", "roll_city"):
        action["dice"] = dice(rng, 3)
    elif kind == "choose_region":
        action["region"] = rng.choice(template["regions"])
    elif kind == "roll_move":
        action["white"] = dice(rng, 2)
        if template["engine"] == "superchief":
            action["red"] = rng.randint(1, 6)
    elif kind == "roll_bonus":
        action["red"] = rng.randint(1, 6)
    elif kind in ("arrive", "stop"):
        if state.turn.phase != "arrival":
            action["ridden"] = rng.sample(railroads, rng.randint(1, 3))
            action["within_white"] = rng.random() < 0.7
        if kind == "stop":
            action.pop("within_white", None)
            if rng.random() < 0.3:
                action["at"] = {"city": rng.choice(list(board.cities))}
            else:
                action["at"] = {"railroads": rng.sample(railroads, rng.randint(1, 3))}
    elif kind in ("buy", "sell_back", "auction", "phantom_draw", "draw_deed"):
        action["railroad"] = rng.choice(template["railroads"])
    elif kind == "upgrade":
        action["engine"] = rng.choice(list(template["engines"]))
    elif kind == "bid":
        low, high = template["minimum"], template["maximum"]
        if high < low:
            return {"type": "pass", "player": template["player"]}
        action["amount"] = rng.randint(low, min(high, low + 3_000)) // 500 * 500
        action["amount"] = max(action["amount"], low)
    elif kind == "rover":
        action["victim"] = rng.choice(template["victims"])
    return action


def random_settings(rng: random.Random, players: int) -> dict:
    variants = [v for v in ("short_game", "discounted_superchief", "free_superchief",
                            "starting_auction") if rng.random() < 0.3]
    if players == 2 and rng.random() < 0.5:
        variants.append("honeymoon")
    settings = {"edition": rng.choice(["modern", "classic"]), "variants": variants}
    if rng.random() < 0.3:  # a table's own choice of the rules the editions word differently
        settings |= {"establishment": rng.choice(ESTABLISHMENTS),
                     "undeclare": rng.choice(UNDECLARES), "home_swap": rng.random() < 0.5}
    return settings
