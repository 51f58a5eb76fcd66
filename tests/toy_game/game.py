"""The toy race's side of the game contract (referee.games.contract): GAME."""

from __future__ import annotations

from referee.games.contract import GameParts, Resolver
from tests.toy_game import views
from tests.toy_game.figures import final_figures
from tests.toy_game.rulebook import RULE_NAMES
from tests.toy_game.rules import BANKER_ACTIONS, ToyRules

__all__ = ["GAME", "rules_for"]


def rules_for(record: dict, resolve: Resolver | None = None) -> ToyRules:
    """The rules of a toy race record: two players, no board, no settings."""
    return ToyRules(record["players"])


GAME = GameParts(
    banker_actions=BANKER_ACTIONS,
    boards=None,
    rules_for=rules_for,
    who_acts=views.roller,
    visible_cash=views.visible_cash,
    history=views.history,
    summary=views.summary,
    render=views.render,
    final_figures=final_figures,
    rule_names=RULE_NAMES,
)
