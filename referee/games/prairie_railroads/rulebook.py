"""Prairie Railroads' words for its money and the rulebook section of each action
(docs/explain.md). Section names are the rulebook's headings; readings are named as in
docs/prairie-railroads.md."""

from __future__ import annotations

from referee.games.contract import RuleNames, Wording
from referee.games.prairie_railroads.derived import figures

CORRECTIONS = "Banker's corrections (this app)"
SETUP = "Setting Up The Game"

# The table every line's rule is checked against (tests/test_line_rules.py): the rulebook's
# headings (its text's misprints "Pav" read "Pay"), the app's own sections; no line names a
# reading.
HEADINGS = frozenset({
    SETUP, "SEQUENCE OF PLAY", "Offer Stock", "Construct Track", "Pay Dividends",
    "Final Payoff", "Final Railroad Stock Payoffs", "Determining a railroad's Value",
    "Determining a railroad's Income", "Discover Growth", CORRECTIONS,
})
READINGS: frozenset[str] = frozenset()

MONEY = {
    "starting_cash": Wording("starting cash", SETUP),
    "auction": Wording("initial auction: a {railroad} share", SETUP),
    "share_purchase": Wording("a {railroad} share", "Offer Stock"),
    "build": Wording("the {railroad} builds track", "Construct Track"),
    "western_build": Wording("the {railroad} Western Build", "Construct Track"),
    "dividend": Wording("{railroad} dividend on {shares} share(s)", "Pay Dividends"),
    "final_payoff": Wording("{railroad} final payoff on {shares} share(s)",
                            "Final Railroad Stock Payoffs"),
    "treasury_return": Wording("the {railroad} treasury goes back to the bank", "Final Payoff"),
    "correction": Wording("correction: {reason}", CORRECTIONS),
}

ACTIONS = {
    "first_player": SETUP,
    "first_build": SETUP,
    "play_card": "SEQUENCE OF PLAY",
    "offer": "Offer Stock",
    "bid": "Offer Stock",
    "pass": "Offer Stock",
    "growth": "Discover Growth",
    "grow_city": "Discover Growth",
    "choose_railroad": "Construct Track",
    "build": "Construct Track",
    "no_build": "Construct Track",
    "adjust_cash": CORRECTIONS,
    "correct_deck": CORRECTIONS,
    "correct_growth": CORRECTIONS,
    "correct_income": CORRECTIONS,
}

TREASURY = "treasury:"


def company(account: str) -> str | None:
    """A railroad's treasury account ("treasury:CRIP") as the table says it."""
    return f"the {account[len(TREASURY):]} treasury" if account.startswith(TREASURY) else None


RULE_NAMES = RuleNames(MONEY, ACTIONS, companies=company, figures=figures)
