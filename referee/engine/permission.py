"""The one answer to "may this actor take this action now", and if not, why in words.

Composed here, once, from the game's own rule (who it asks now: `to_act`; whose an action is:
`seat_of`; what cash a seat may see: `visible_cash`) and the table's rules:

- a seat acts only for itself, and only while the game names it among those to act;
- a take-back is of the seat's own latest action, while nobody else has acted since, and
  never of the game's end (engine/takeback.py);
- the banker acts for anyone and for the bank; a banker who also plays (the seated banker)
  acts for another seat only while that seat's cash is open to him, and his correction of a
  cash that is secret to him takes effect only when its owner confirms it on his own phone;
- once the record of a game over has been given out (to the seated banker, or in the club's
  record of finished games), no undo takes the game back before its end;
- a table screen acts for nobody.

The action endpoint, every button of every page, replay and import ask `decide`; a button it
refuses is not drawn. Pure: no web, no storage (the web fills `Table` from what it stores).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engine.takeback import (
    TAKE_BACK,
    SeatOf,
    seat_of_action,
    take_back_refusal,
)

UNDO = "undo"

# The kinds of a refusal: how a page shows it.
NOT_YOURS = "not yours"  # the action is another seat's (or the banker's): a notice
NOT_NOW = "not now"  # this seat may act, but not now, or not this: a refusal beside the form
ASK_OWNER = "ask owner"  # the seated banker's correction of a secret cash: its owner confirms

GAME_OVER_STANDS = "The game is over: only the banker's Undo takes its end back."
END_STANDS = ("The game record has been given out (to the banker who plays, or in the club's "
              "record): the end stands, and no undo takes the game back before it. Correct a "
              "cash with a correction after the end.")


@dataclass(frozen=True)
class Actor:
    """Who sends an action: the seat its browser holds, the banker (who may hold a seat too),
    or neither (a table screen). `confirmed_by`: the seat that confirmed, on its own phone,
    the seated banker's correction of its cash."""

    seat: str | None = None
    banker: bool = False
    confirmed_by: str | None = None


@dataclass(frozen=True)
class Table:
    """One game's rules of the table, with the game's own answers.

    `seated_banker`: the banker's own seat when the banker also plays; `end_given`: the record
    of the game over has been given to him (the end stands); `secret_cash`: the game keeps
    some cash secret (a seated banker then moves no other seat while it runs)."""

    seat_of: SeatOf
    to_act: Callable[[Any], Collection[str]]
    visible_cash: Callable[[Any, str | None, str], int | None]
    over: Callable[[Any], bool]
    names: Mapping[str, str] = field(default_factory=dict)
    seated_banker: str | None = None
    end_given: Callable[[], bool] = lambda: False  # asked when it matters: at the decision
    secret_cash: bool = False

    def name(self, seat: str | None) -> str:
        return "the banker" if seat is None else self.names.get(seat, seat)


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused, in words, and how a page shows it (`kind`); for ASK_OWNER the
    seat whose phone confirms it."""

    words: str
    kind: str = NOT_NOW
    owner: str | None = None

    def __str__(self) -> str:
        return self.words


def decide(actor: Actor, action: dict, game: Any, table: Table) -> Refusal | None:
    """None when `actor` may take `action` now on `game` (a Replayer or a snapshot of one: its
    `state`, `seq`, `frames`), else the Refusal. An action that is not an object with a type is
    the rules' to refuse, not this."""
    if (refused := not_yours(actor, action, table)) is not None:
        return refused
    seat = seat_of_action(table.seat_of, action)
    kind = action.get("type") if isinstance(action, dict) else None
    if not actor.banker:
        if kind != TAKE_BACK and seat not in table.to_act(game.state):
            return Refusal(_not_turn(seat, game, table))
    elif (seat is not None and table.seated_banker not in (None, seat)
          and table.visible_cash(game.state, table.seated_banker, seat) is None):
        return Refusal(_secret_seat(table.name(seat)))
    if kind == TAKE_BACK:
        if table.over(game.state):
            return Refusal(GAME_OVER_STANDS)
        if (why := take_back_refusal(game, seat, table.seat_of)) is not None:
            return Refusal(why)
    if kind in (UNDO, TAKE_BACK) and undo_reopens(game, table) and table.end_given():
        return Refusal(END_STANDS)
    if seat is None and table.seated_banker is not None:  # the banker's own (a phone's: above)
        owner = secret_owner(action, game, table)
        if owner is not None and owner != actor.confirmed_by:
            return Refusal(_ask_owner(table.name(owner)), ASK_OWNER, owner)
    return None


def not_yours(actor: Actor, action: dict, table: Table) -> Refusal | None:
    """The part of `decide` that needs no state: a phone acts only for its own seat, never for
    the banker's own actions; a table screen for nobody."""
    if actor.banker:
        return None
    seat = seat_of_action(table.seat_of, action)
    if seat is None or seat != actor.seat:
        return Refusal(_not_yours(actor, seat, table), NOT_YOURS)
    return None


def may(actor: Actor, action: dict, game: Any, table: Table) -> bool:
    """Whether a page of `actor` draws `action`'s button: the actions `decide` takes, and the
    seated banker's corrections that go to their owner's phone to be confirmed."""
    refusal = decide(actor, action, game, table)
    return refusal is None or refusal.kind == ASK_OWNER


def undo_reopens(game: Any, table: Table) -> bool:
    """Whether undoing the latest frame in force would take the game back before its end."""
    frames = game.frames
    if len(frames) < 2:
        return False
    top = frames[-1]
    return table.over(top.state) and not table.over(frames[-2].state)


def secret_owner(action: dict, game: Any, table: Table) -> str | None:
    """The seat whose cash a banker's own action moves while that cash is secret to the banker
    who also plays (his correction of it), or None. Found by what the action would move: a
    correction the rules refuse moves nothing here (the rules' refusal comes when it is sent)."""
    seated = table.seated_banker
    if seated is None:
        return None
    preview = getattr(game, "preview", None)
    if preview is None:  # a page's snapshot: the form is drawn, the write decides
        return None
    seats = set(table.names) - {seated}
    try:
        transfers = preview(action).transfers
    except Exception:  # noqa: BLE001  the rules refuse it, or cannot read it: theirs to say
        return None
    for transfer in transfers:
        for account in (transfer.source, transfer.target):
            if account in seats and table.visible_cash(game.state, seated, account) is None:
                return account
    return None


def may_move_seat(banker_seat: str | None, seat: str, over: bool, table: Table) -> bool:
    """Whether the banker may put `seat` on another phone (its rejoin code, or freeing it): a
    banker apart always; a banker who also plays his own seat, and another's only in a game
    that keeps no cash secret or once it is over (the phone that took the seat would show that
    seat's cash; an announced cash may be made secret again by an undo)."""
    return banker_seat is None or seat == banker_seat or over or not table.secret_cash


def _not_yours(actor: Actor, seat: str | None, table: Table) -> str:
    if seat is None:
        return "Only the banker may record this action."
    if actor.seat is None:
        return "This browser holds no seat in this game."
    return f"This phone acts for {table.name(actor.seat)}, not for {table.name(seat)}."


def _not_turn(seat: str, game: Any, table: Table) -> str:
    name = table.name(seat)
    to_act = list(table.to_act(game.state))
    if not to_act:
        return f"{name} has nothing to do now."
    acting = " or ".join(dict.fromkeys(table.name(p) for p in to_act))
    return f"It is not {name}'s turn: {acting} is to act."


def _secret_seat(name: str) -> str:
    return (f"{name} acts from his own phone: a banker who also plays records only the "
            "banker's actions for another seat, whose cash he may not know.")


def _ask_owner(name: str) -> str:
    return (f"{name}'s cash is secret to a banker who also plays: the correction goes to "
            f"{name}'s phone, and takes effect when {name} confirms it there.")
