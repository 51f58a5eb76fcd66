"""Railway Rivals' words for its money and the rulebook section of each action
(docs/explain.md). Sections are the rulebook's numbered rules (with their printed titles where
they have one); settings are named as in docs/railway-rivals.md."""

from __future__ import annotations

from referee.games.contract import RuleNames, Wording
from referee.games.railway_rivals.derived import figures

ACCOUNTS = "A6. Accounts"
PAYMENTS = "A4. Payments to rivals"

MONEY = {
    # every entry of the accounts sheet carries its race (0: building), which the sheet reads
    "capital": Wording("starting capital", ACCOUNTS, fields=("race",)),
    "first_town": Wording("first to a town: {note}", ACCOUNTS, "edition", fields=("race",)),
    "build_payment": Wording("building payment: {note}", PAYMENTS, fields=("race",)),
    "race_fee": Wording("race fee: {note}", "B4", "fee_cap", fields=("race",)),
    "prize": Wording("race prize: {note}", "B6", fields=("race",)),
    "spending": Wording("spent on track: {note}", "B6", fields=("race",)),
    "correction": Wording("correction: {note}", ACCOUNTS, fields=("race", "reason")),
}

ACTIONS = {
    "start_town": "D. Starting Towns",
    "build_throw": "A1",
    "build_payment": PAYMENTS,
    "reached_town": ACCOUNTS,
    "last_town": "A8. End of building stage",
    "end_turn": "A8. End of building stage",
    "joint_build": "C4. Joint builds",
    "leap": "C5. Leapfrog",
    "key_throw": "B1",
    "run_length": "B3",
    "enter": "B3",
    "stay_out": "B3",
    "route": "B4",
    "move": "B5",
    "spend": "B6",
    "done_spending": "B6",
    "close_spending": "B6",
    "correction": ACCOUNTS,
}

RULE_NAMES = RuleNames(MONEY, ACTIONS, currency="{:,} units", currency_one="{:,} unit",
                       figures=figures,
                       numbered=r"^[A-D](\d+)?(\. .+)?$")  # the numbered rules: "B4", "A6. ..."
