"""Railroad Barons' words for its money and the rulebook section of each action
(docs/explain.md). Section names are the rulebook's headings; readings and settings are named
as in docs/railroad-barons.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.contract import RuleNames, Wording
from referee.games.railroad_barons.derived import figures
from referee.games.railroad_barons.settings import CHOICES

CORRECTIONS = "Banker's corrections (this app)"
BUY = "Buying a Stock Certificate"
SELL = "Selling Stock Certificates"
REVENUE = "Calculate and Pay out Revenue"
RAILROADS = "Buy Railroads and Assign Investors"

# The table every line's rule is checked against (tests/test_line_rules.py): the rulebook's
# headings, the app's own sections; and each reading or setting a line may name.
HEADINGS = frozenset({
    "Holdings", "Railroad Corporations", "Investors", "Players vs. Holdings", "Money", "Setup",
    "Game Play", "Stock Round (SR)", SELL, BUY, "Starting a Holding",
    "Transferring the Directorship", "Operating Round (OR)", "Place Operator Tokens", REVENUE,
    RAILROADS, "Discard Railroads", "End of the Game", CORRECTIONS,
})
READINGS = frozenset({"The draft (draft_offers)", "Dividends (dividend_rounding)",
                      "director_aid", *(f"The Director's sale price (director_sale_price: {v})"
                                        for v in CHOICES["director_sale_price"])})

DIRECTOR_SALE = "The Director's sale price"


def sale_rule(fields: Mapping[str, Any]) -> tuple[str, str]:
    """A sale's rule: the Director's sale names its price's reading; anyone else's none."""
    price = fields.get("director_sale_price")
    return SELL, f"{DIRECTOR_SALE} (director_sale_price: {price})" if price else ""


def exchange_rule(fields: Mapping[str, Any]) -> tuple[str, str] | None:
    """An exchange down is a sale ("considered a single sell operation"); up, a purchase."""
    return sale_rule(fields) if fields.get("way") == "down" else None


MONEY = {
    "starting_cash": Wording("starting cash", "Setup"),
    "draft_money": Wording("the draft: ${price} instead of the ${investor} Investor", "Setup",
                           "The draft (draft_offers)"),
    "draft_removed": Wording("the draft: face value of the removed ${investor} Investor",
                             "Setup"),
    "certificate_purchase": Wording("{holding} {percent}% certificate", BUY),
    "certificate_exchange": Wording("{holding}: the {give}% exchanged for the {percent}%", BUY,
                                    cite=exchange_rule),
    "certificate_sale": Wording("{holding} {percent}% sold", SELL, cite=sale_rule),
    "holding_capital": Wording("{holding} capital: 10 × ${value} at 50% sold", "Holdings"),
    "holding_dividend": Wording("{holding} dividend: {percent}% of ${revenue}", REVENUE,
                                "Dividends (dividend_rounding)"),
    "withheld": Wording("{holding} revenue withheld", REVENUE),
    "railroad_purchase": Wording("{holding} buys the {railroad} from the bank", RAILROADS,
                                 fields=("side",)),  # the card's side: its income (derived.py)
    "railroad_trade": Wording("{holding} buys the {railroad} from {seller}", RAILROADS),
    "director_aid": Wording("Director's aid to {holding} for the {railroad}", RAILROADS,
                            "director_aid"),
    "correction": Wording("correction: {reason}", CORRECTIONS),
}

ACTIONS = {
    "pick_investor": "Setup",
    "offer_investor": "Setup",
    "answer_offer": "Setup",
    "set_par": "Starting a Holding",
    "buy": BUY,
    "sell": SELL,
    "pass": "Stock Round (SR)",
    "switch_priority": "Investors",
    "place_tokens": "Place Operator Tokens",
    "pay_out": REVENUE,
    "withhold": REVENUE,
    "buy_railroad": RAILROADS,
    "buy_from_holding": RAILROADS,
    "assign_investor": RAILROADS,
    "end_turn": "Operating Round (OR)",
    "finish": "Discard Railroads",
    "adjust_cash": CORRECTIONS,
    "correct_value": CORRECTIONS,
}

TREASURY = "treasury:"


def company(account: str) -> str | None:
    """A Holding's treasury account ("treasury:MSC") as the table says it."""
    return f"the {account[len(TREASURY):]} treasury" if account.startswith(TREASURY) else None


RULE_NAMES = RuleNames(MONEY, ACTIONS, companies=company, figures=figures)
