"""The toy race's words for its money and its rules (docs/explain.md): its three-rule book."""

from __future__ import annotations

from referee.games.contract import RuleNames, Wording

RULE_NAMES = RuleNames(
    # each transfer kind: its words, with the fields a report reads, and the rule that pays it
    money={"roll": Wording("prize for a roll of {die}", "ROLLING")},
    # each action type: the section its refusal names
    actions={"roll": "ROLLING"},
    # sections a refusal names that neither an action type nor a transfer kind names
    headings=frozenset({"TURNS", "WINNING"}),
)
