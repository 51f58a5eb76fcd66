"""The toy race's web parts (`WEB`): what its pages add to the web core's
(referee/web/presenter.py).

Only the dice of its one action differ from the generic pages: the web core draws them
(templates/_dice.html), the faces tapped or "Roll for me", rolled as the action arrives.
"""

from __future__ import annotations

from typing import Any

from referee.web.hooks import WebParts
from referee.web.presenter import Panel, Presenter


class ToyPage(Presenter):
    """The generic presenter, with the toy's die."""

    def act_templates(self, kind: str) -> list[str]:
        return [f"toy_race/act/{kind}.html"]

    def _prepare_roll(self, panel: Panel) -> None:
        self.dice_panel(panel, [("die", "Your die", "white")], [("die:int", "die")],
                        [("die", 1)])


def page_context(view: Any) -> dict:
    """The toy's presenter as the pages' `now`."""
    return {"now": ToyPage(view)}


WEB = WebParts(page_context=page_context)
