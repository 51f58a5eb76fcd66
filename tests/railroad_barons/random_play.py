"""Random legal play for the property tests: every action is one the rules accept."""

from __future__ import annotations

import random

from referee.engine.errors import IllegalAction
from referee.engine.rules import Outcome
from referee.games.railroad_barons.views import candidates


def random_action(rules, state, rng: random.Random) -> dict:
    """A random accepted action: a kind chosen first, then one of its accepted forms."""
    return random_step(rules, state, rng)[0]


def random_step(rules, state, rng: random.Random) -> tuple[dict, Outcome]:
    """A random accepted action and its outcome (the rules applied once, as the engine does)."""
    by_kind: dict[str, list[dict]] = {}
    for action in candidates(rules, state):
        by_kind.setdefault(action["type"], []).append(action)
    kinds = list(by_kind)
    rng.shuffle(kinds)
    if "pay_out" in kinds and rng.random() < 0.8:  # Directors mostly pay: games reach the end
        kinds.remove("pay_out")
        kinds.insert(0, "pay_out")
    if "pass" in kinds and rng.random() < 0.3:  # and Stock Rounds end now and then
        kinds.remove("pass")
        kinds.insert(0, "pass")
    for kind in kinds:
        options = by_kind[kind]
        rng.shuffle(options)
        if kind == "place_tokens" and rng.random() < 0.7:  # mostly keep the railroads
            options.sort(key=lambda a: (-a["down"], -a["plus"]))
        for action in options:
            action = vary(action, state, rng)
            try:
                outcome = rules.apply(state, action)
            except IllegalAction:
                continue
            return action, outcome
    raise AssertionError(f"no legal action at all in {state.stage}")


def vary(action: dict, state, rng: random.Random) -> dict:
    """Prices the players choose freely."""
    if action["type"] == "offer_investor":
        return {**action, "price": max(0, action["price"] + rng.randint(-20, 20))}
    if action["type"] == "buy_from_holding":
        return {**action, "price": rng.randint(1, 120)}
    return action
