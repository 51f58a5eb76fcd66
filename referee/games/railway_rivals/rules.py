"""The rules of Railway Rivals as actions.

Each action is a plain dict with a `type`; `apply` checks it against the state and returns the
outcome, or raises IllegalAction naming the rule. docs/railway-rivals.md lists every action;
the handlers live in building.py, races.py and accounts.py, the shared helpers in context.py.
"""

from __future__ import annotations

from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, Step

# The action modules register their handlers on import.
from referee.games.railway_rivals import accounts, building, races  # noqa: F401
from referee.games.railway_rivals.context import HANDLERS, Play, units
from referee.games.railway_rivals.mapdata import RivalsMap
from referee.games.railway_rivals.settings import Settings
from referee.games.railway_rivals.state import State

STARTING_CAPITAL = 20  # A6
RESERVED = {BANK, "banker"}
# Recorded by the accounts keeper for the table: corrections and closing the spending.
BANKER_ACTIONS = frozenset({"correction", "close_spending"})
AFTER_END = frozenset({"correction"})  # once the game is over, only corrections


class RivalsRules:
    """The rules object the engine replays a Railway Rivals game with."""

    game = "railway_rivals"
    banker_actions = BANKER_ACTIONS

    def __init__(self, rivals_map: RivalsMap, players: list[dict], settings: Settings):
        if not 2 <= len(players) <= 6:
            raise ValueError(f"Railway Rivals takes 2 to 6 companies, not {len(players)}")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids):
            raise ValueError("every company needs a different id")
        if bad := [i for i in ids if i in RESERVED or "+" in i]:
            raise ValueError(f"{bad[0]!r} cannot be a company id")
        self.map = rivals_map
        self.players = [dict(p) for p in players]
        self.settings = settings

    def initial(self) -> Outcome:
        state = State(
            ledger=Ledger(),
            companies={p["id"]: p.get("name") or p["id"] for p in self.players},
            towns=list(self.map.towns),
            target=self.settings.target(len(self.players)),
        )
        play = Play(self, Step(state))
        for cid in state.companies:
            play.pay(BANK, cid, STARTING_CAPITAL, "", "capital")
        play.say(f"Each company starts with {units(STARTING_CAPITAL)}. The target is "
                 f"{units(state.target)}. Each company names its start town.")
        return play.step.outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.find(action, "Railway Rivals", over=state.over, after_end=AFTER_END)
        play = Play(self, Step(state))
        handler(play, action)
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        from referee.games.railway_rivals.views import legal_actions

        return legal_actions(self, state)

    def rename(self, state: State, company: str, name: str) -> None:
        """The engine's name correction (referee.engine.corrections): the sheet and every
        later line use the corrected name."""
        state.companies[company] = name
