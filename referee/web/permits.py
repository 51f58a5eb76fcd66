"""One stored game's rules of the table, as engine/permission.py asks them: filled once here
from the game's hooks and what the database keeps, for the action endpoint and every page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine import permission
from referee.games import registry
from referee.games.explain import rule_names
from referee.web import store
from referee.web.actors import Actor
from referee.web.db import get_db
from referee.web.hooks import hooks_for
from referee.web.store import GameRow


def table_of(game: GameRow, names: Mapping[str, str]) -> permission.Table:
    """The rules of the table of `game`; `names`: the seats' names in force (for the words)."""
    hooks = hooks_for(game.game)
    words = rule_names(game.game)
    return permission.Table(
        seat_of=registry.seat_of(game.game),
        to_act=hooks.to_act,
        visible_cash=hooks.visible_cash,
        over=lambda state: game_over(game, state),
        names=names,
        seated_banker=seated_banker_of(game),
        end_given=lambda: store.record_given(get_db(), game.id),
        secret_cash=bool(words is not None and words.secret_cash),
    )


def actor_of(actor: Actor) -> permission.Actor:
    """The engine's actor of a request's role: its seat, and whether it holds the banker's
    secret (a table screen holds neither)."""
    return permission.Actor(seat=actor.player_id, banker=actor.banker)


def seated_banker_of(game: GameRow) -> str | None:
    """The banker's own seat when the banker is also a player, else None."""
    banker = game.banker
    return banker if any(p["id"] == banker for p in game.players) else None


def game_over(game: GameRow, state: Any) -> bool:
    """Whether the game is over: its state says so (`over`), or, for a state that does not
    say, its summary names winners (a summary may draw much: asked only then)."""
    over = getattr(state, "over", None)
    if over is not None:
        return bool(over)
    return bool(hooks_for(game.game).game.summary(state).get("winners"))
