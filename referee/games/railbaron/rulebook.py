"""Rail Baron's words for its money and the rulebook section of each action (docs/explain.md).

Section names are the rulebook's own headings; readings are named as in
docs/railbaron-actions.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.contract import OlderReading, RuleNames, Wording
from referee.games.railbaron.citations import (
    CLASSIC_FEES,
    CLASSIC_READING,
    FEES_READING,
    HONEYMOON,
    STARTING_AUCTION,
    auction_rule,
    fee_rule,
    fee_words,
    start_rule,
    start_words,
)
from referee.games.railbaron.derived import figures
from referee.games.railbaron.settings import before_the_settings

CORRECTIONS = "Banker's corrections (this app)"

# The table every line's rule is checked against (tests/test_line_rules.py): the modern
# rulebook's headings as printed, the classic summary's use-fee paragraph (it has no headings),
# the app's own sections; and each reading or setting a line may name.
HEADINGS = frozenset({
    "START", "CITY LOOKUP", "HOME CITY", "DESTINATION", "HOME SWAP", "MOVEMENT", "NON-REUSE",
    "BONUS ROLL", "ARRIVAL", "PURCHASE", "BOUNCE OUT", "USE FEES", "ESTABLISHMENT", "AUCTION",
    "BANKRUPTCY", "ANNOUNCING", "DECLARING AND WINNING", "ROVER PLAY", "UNDECLARE",
    "SHORT GAME", "AUTOMATED LOOKUPS", "DISCOUNTED SUPERCHIEF", "FREE SUPERCHIEF",
    STARTING_AUCTION, HONEYMOON, CLASSIC_FEES, CORRECTIONS,
})
READINGS = frozenset({FEES_READING, CLASSIC_READING, "starting_auction_extra"})

MONEY = {
    "starting_cash": Wording("starting cash", "START", more=start_words, cite=start_rule),
    "payoff": Wording("payoff {start}–{destination}", "ARRIVAL"),
    "purchase": Wording("bought the {railroad}", "PURCHASE"),
    "upgrade": Wording("engine upgrade to {engine}", "PURCHASE"),
    "use_fee": Wording("use fee for the {railroads}", "USE FEES", FEES_READING, fee_words,
                       "ESTABLISHMENT", fee_rule),
    "rover": Wording("rover fee", "ROVER PLAY"),
    "auction": Wording("the {railroad} bought at auction", "AUCTION", cite=auction_rule),
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
    "draw_deed": STARTING_AUCTION,
    "phantom_draw": HONEYMOON,
    "adjust_cash": CORRECTIONS,
}

# What playing under the readings from before an edition rule was a setting means (a classic
# record that names none of them: docs/railbaron-actions.md, "Editions").
BEFORE = {
    "establishment": "a rise in fees establishes a player on every railroad at his milepost "
                     "(the modern ESTABLISHMENT), not only on the railroad whose fee rose as "
                     "in the classic rules",
    "undeclare": "a declared player is undeclared when use fees take his cash under $200,000 "
                 "(the modern UNDECLARE), not by any drop below it as in the classic rules",
}  # (home_swap is played the same before and after it was a setting)


def older_readings(rules: Any, settings: Mapping[str, Any]) -> tuple[OlderReading, ...]:
    """The edition rules a record leaves out and so plays as it was played before them."""
    return tuple(OlderReading(name, BEFORE[name])
                 for name in before_the_settings(settings, rules.settings.edition))


# ANNOUNCING: another seat learns of a player's money only the payoffs (read off the chart
# at the table) and what passed between the two of them.
RULE_NAMES = RuleNames(MONEY, ACTIONS, secret_cash=True, public=frozenset({"payoff"}),
                       figures=figures, older_readings=older_readings,
                       # "Short Game 2": the heading and the numbered modification
                       headings=frozenset({"SHORT GAME"}))
