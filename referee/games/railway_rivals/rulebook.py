"""Railway Rivals' words for its money and the rulebook section of each action
(docs/explain.md). Sections are the rulebook's numbered rules (with their printed titles where
they have one); settings are named as in docs/railway-rivals.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.contract import OlderReading, RuleNames, Wording
from referee.games.railway_rivals.citations import CAP, JOINT_FEES, LONE, POWERS, fee_rule
from referee.games.railway_rivals.derived import figures
from referee.games.railway_rivals.settings import before_the_settings

ACCOUNTS = "A6. Accounts"
PAYMENTS = "A4. Payments to rivals"
CORRECTIONS = "Banker's corrections (this app)"
# The table every line's rule is checked against (tests/test_line_rules.py): the rulebook's
# numbered rules (with their printed titles where they have one), the app's own sections; and
# each reading or setting a line may name.
HEADINGS = frozenset({
    "A1", "A2", "A3. Building costs", PAYMENTS, "A5. Junctions", ACCOUNTS,
    "A7. Extending lines", "A8. End of building stage", "B", "B1", "B2", "B3", "B4", "B5", "B6",
    "B7", "B8", "C1. Use of average die for runs", "C2. Tournament rules", "C4. Joint builds",
    "C5. Leapfrog", "D. Starting Towns", CORRECTIONS,
})
READINGS = frozenset({"edition", CAP, LONE, POWERS,
                      *(f"joint_fees: {k} ({v})" for k, v in JOINT_FEES.items())})

# What playing under the reading from before each setting means (docs/railway-rivals.md,
# "Records made before a setting existed").
BEFORE = {
    "joint_fees": "a joint train's fees are split rival by rival, the richer partner paying "
                  "the odd 1 of each (not added up and shared, B3, B4)",
    "own_lines_required": "any route is taken, even one all on rivals' lines (B4 asks it be "
                          "at least partly over the train's own)",
    "typed_towns_on_map": "a town typed for a key number the map's table lacks is kept as "
                          "typed, not checked against the map's towns",
}


def older_readings(rules: Any, settings: Mapping[str, Any]) -> tuple[OlderReading, ...]:
    """The settings a record leaves out and so plays as it was played before them."""
    return tuple(OlderReading(name, BEFORE[name]) for name in before_the_settings(settings))


MONEY = {
    # every entry of the accounts sheet carries its race (0: building), which the sheet reads
    "capital": Wording("starting capital", ACCOUNTS, fields=("race",)),
    "first_town": Wording("first to a town: {note}", ACCOUNTS, "edition", fields=("race",)),
    "build_payment": Wording("building payment: {note}", PAYMENTS, fields=("race",)),
    "race_fee": Wording("race fee: {note}", "B4", "fee_cap", fields=("race",), cite=fee_rule),
    "prize": Wording("race prize: {note}", "B6", fields=("race",)),
    "spending": Wording("spent on track: {note}", "B6", fields=("race",)),
    "correction": Wording("correction: {reason}", CORRECTIONS, fields=("race", "reason")),
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
    "correction": CORRECTIONS,
}

RULE_NAMES = RuleNames(MONEY, ACTIONS, currency="{:,} units", currency_one="{:,} unit",
                       figures=figures, older_readings=older_readings,
                       numbered=r"^[A-D](\d+)?(\. .+)?$")  # the numbered rules: "B4", "A6. ..."
