"""Rail Baron's words for its money and the rulebook section of each action (docs/explain.md).

Section names are the rulebook's own headings; readings are named as in
docs/railbaron-actions.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.contract import RuleNames, Wording
from referee.games.railbaron.derived import figures

CORRECTIONS = "Banker's corrections (this app)"
FEES_READING = "fees at the turn's end, with the owners of that moment " \
    "(Readings of the rulebook)"

def established(fields: Mapping[str, Any]) -> str:
    """An established use fee's words: at which rate, since when and where (ESTABLISHMENT)."""
    if "since_turn" not in fields:
        return ""
    turn = fields["since_turn"]
    when = f"turn {turn}" if turn else "the start of the game"
    return (f"established at {fields.get('established', '?')} (instead of "
            f"${fields.get('full', 0):,}), since {when} at {fields.get('since_at', '?')}")


MONEY = {
    "starting_cash": Wording("starting cash", "START"),
    "payoff": Wording("payoff {start}–{destination}", "ARRIVAL"),
    "purchase": Wording("bought the {railroad}", "PURCHASE"),
    "upgrade": Wording("engine upgrade to {engine}", "PURCHASE"),
    "use_fee": Wording("use fee for the {railroads}", "USE FEES", FEES_READING, established,
                       "ESTABLISHMENT"),
    "rover": Wording("rover fee", "ROVER PLAY"),
    "auction": Wording("the {railroad} bought at auction", "AUCTION"),
    "sale": Wording("no bid: the bank buys the {railroad} at half price", "AUCTION"),
    "sell_back": Wording("the {railroad} sold back to the bank at half price", "AUCTION"),
    "bankruptcy": Wording("a bankrupt player's cash goes to the bank", "BANKRUPTCY"),
    "correction": Wording("correction: {reason}", CORRECTIONS),
}

ACTIONS = {
    "roll_for_first_player": "START",
    "roll_region": "CITY LOOKUP",
    "choose_region": "CITY LOOKUP",
    "roll_city": "CITY LOOKUP",
    "home_swap": "HOME SWAP",
    "roll_move": "MOVEMENT",
    "stop": "MOVEMENT",
    "roll_bonus": "BONUS ROLL",
    "arrive": "ARRIVAL",
    "buy": "PURCHASE",
    "upgrade": "PURCHASE",
    "skip_purchase": "PURCHASE",
    "end_turn": "USE FEES",
    "sell_back": "AUCTION",
    "auction": "AUCTION",
    "bid": "AUCTION",
    "pass": "AUCTION",
    "declare": "DECLARING AND WINNING",
    "rover": "ROVER PLAY",
    "draw_deed": "STARTING AUCTION",
    "phantom_draw": "HONEYMOON (2 PLAYER) RULES",
    "adjust_cash": CORRECTIONS,
}

# ANNOUNCING: another seat learns of a player's money only the payoffs (read off the chart
# at the table) and what passed between the two of them.
RULE_NAMES = RuleNames(MONEY, ACTIONS, secret_cash=True, public=frozenset({"payoff"}),
                       figures=figures,
                       # "Short Game 2": the heading and the numbered modification
                       headings=frozenset({"SHORT GAME"}))
