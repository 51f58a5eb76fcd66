"""A player takes back his own tap: the one answer to which action a seat may take back now.

A seat may take back the latest action recorded, while it is still in force and was taken for
that seat: nobody else has acted since (no other seat, no banker's step, no undo or redo). It
is an action like undo (`take_back`, with the seat as `player`): what it takes back goes where
undo puts it, so the banker's Redo puts back the very same frame, dice and all. A player who
took back a tap and sends the same action again gets the dice he had rolled, not new ones
(`kept_dice`): taking back is for a mis-tap, never for a second roll.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from referee.engine.corrections import RENAME

TAKE_BACK = "take_back"
NOTHING_TO_TAKE_BACK = ("There is nothing to take back: a player takes back only the latest "
                        "action recorded, and only before anything else is recorded.")
NOT_YOURS = ("Only your own latest action can be taken back, before anyone else acts: ask the "
             "banker to undo it.")
NOT_YOURS_RECORDED = ("A player takes back only his own latest action, while nobody else has "
                      "acted since: this take-back names {seat}, but the latest action in force "
                      "is {other}.")
GAME_OVER = "The game is over: a player takes back nothing after the end."

SeatOf = Callable[[dict], "str | None"]  # action -> the seat it was taken for (None: the banker)
ENGINE_BANKER = frozenset({"undo", "redo", RENAME})  # the banker's in every game


def player_field(action: dict) -> str | None:
    """The usual seat of an action: its "player" field."""
    player = action.get("player")
    return player if isinstance(player, str) and player else None


def game_seat_of(banker_actions: Collection[str],
                 acting_player: Callable[[dict], str | None] = player_field) -> SeatOf:
    """A game's one answer to whose an action is: a take-back acts for the seat it names (the
    one whose own tap it takes back); undo, redo, name corrections and the game's own
    `banker_actions` are the banker's (None); anything else the game's `acting_player`."""
    banker = ENGINE_BANKER | frozenset(banker_actions)

    def seat_of(action: dict) -> str | None:
        kind = action.get("type")
        if kind == TAKE_BACK:
            return player_field(action)
        if kind in banker:
            return None
        return acting_player(action)

    return seat_of


def rules_seat_of(rules: Any) -> SeatOf:
    """The seat function of a rules object that brings none of its own: its `banker_actions`
    are the banker's, and an action's seat is its `acting_player` (default: "player")."""
    return game_seat_of(getattr(rules, "banker_actions", ()),
                        getattr(rules, "acting_player", player_field))


def latest_recorded(game: Any) -> Any | None:
    """The frame of the latest action recorded, if it is still in force (nothing recorded
    after it: no undo, redo or take-back either); None otherwise. `game` is a Replayer or a
    snapshot of one (its `seq` and `frames`)."""
    frames = game.frames
    if len(frames) < 2:
        return None
    top = frames[-1]
    return top if top.position == game.seq - 1 else None


def seat_of_action(seat_of: SeatOf, action: dict | None) -> str | None:
    """The seat `action` was taken for, None for the banker's own (or an unreadable one)."""
    if not isinstance(action, dict):
        return None
    try:
        seat = seat_of(action)
    except (KeyError, TypeError, ValueError):
        return None
    return seat if isinstance(seat, str) and seat else None


def own_latest(game: Any, seat: str | None, seat_of: SeatOf) -> Any | None:
    """The frame `seat` may take back now, or None: the latest action recorded, in force, and
    taken for that very seat (never another seat's, never a banker's own)."""
    if not seat:
        return None
    top = latest_recorded(game)
    if top is None or seat_of_action(seat_of, top.action) != seat:
        return None
    return top


def take_back_refusal(game: Any, seat: str | None, seat_of: SeatOf) -> str | None:
    """Why `seat` may not take back anything now, or None when it may (own_latest)."""
    if latest_recorded(game) is None:
        return NOTHING_TO_TAKE_BACK
    return None if own_latest(game, seat, seat_of) is not None else NOT_YOURS


def recorded_refusal(game: Any, action: dict, seat_of: SeatOf) -> str | None:
    """Why a recorded take-back (in a replay, an import, or the action endpoint) may not stand,
    in words naming the seats, or None: it must name the seat of the latest action recorded,
    still in force with nothing since."""
    seat = player_field(action)
    top = latest_recorded(game)
    if top is None:
        return NOTHING_TO_TAKE_BACK
    owner = seat_of_action(seat_of, top.action)
    if owner == seat:
        return None
    other = (f"the banker's {top.action.get('type')!r}" if owner is None
             else f"{owner}'s {top.action.get('type')!r}")
    return NOT_YOURS_RECORDED.format(seat=seat, other=other)


def kept_dice(game: Any, action: dict, rolled: Collection[str], seat_of: SeatOf) -> dict:
    """`action` with its server-rolled fields (`rolled`, "Roll for me") set to the dice of the
    action its seat has just taken back, when it is the same kind of action for the same seat
    and nothing else was recorded since the take-back; otherwise `action` as it is."""
    if not rolled or not game.log or not game.undone:
        return action
    last = game.log[-1]
    if last.get("type") != TAKE_BACK:
        return action
    taken = game.undone[-1].action or {}
    seat = last.get("player")
    if (taken.get("type") != action.get("type") or seat_of_action(seat_of, taken) != seat
            or seat_of_action(seat_of, action) != seat):
        return action
    return action | {name: taken[name] for name in rolled if name in taken}
