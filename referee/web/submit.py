"""Appending one action to a game: checked by the engine first, then stored, all or nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlite_utils import Database

from referee.engine.permission import Refusal
from referee.engine.questions import Question, still_open
from referee.engine.replay import Replayer
from referee.engine.takeback import SeatOf, kept_dice
from referee.web import store
from referee.web.db import acknowledge, immediate
from referee.web.replayers import ReplayerCache
from referee.web.store import GameRow


@dataclass(frozen=True)
class Posted:
    """An action as a client sent it: the seq it saw and its idempotency key."""

    action: dict
    seq: int
    client_id: str | None = None
    rolled: frozenset[str] = frozenset()  # fields the server drew dice for ("Roll for me")

    def same_as(self, stored: dict) -> bool:
        """Whether `stored` is this action (dice drawn again for a resent form aside)."""
        def mine(action: dict) -> dict:
            return {k: v for k, v in action.items() if k not in self.rolled}
        return mine(stored) == mine(self.action)


class ReusedClientId(Exception):
    """A client_id already stored with a different action: nothing is applied."""

    def __init__(self) -> None:
        super().__init__("This form was already sent with another action, so nothing was "
                         "done: here is the game as it is now.")


@dataclass(frozen=True)
class Submitted:
    seq: int  # the game's seq once the action is in the log
    duplicate: bool  # the client had sent this action before; nothing was applied again


class NotNow(Exception):
    """The sender may not act now (another seat is to act); nothing was stored. `refusal`:
    the one answer's Refusal (engine/permission.py), when it gave one."""

    def __init__(self, why: str | Refusal):
        super().__init__(str(why))
        self.refusal = why if isinstance(why, Refusal) else None


# why the sender may not act on this state (engine/permission.py decide), or None
Refuse = Callable[[Replayer], "Refusal | str | None"]


def submit_action(db: Database, cache: ReplayerCache, game: GameRow, posted: Posted,
                  refuse: Refuse | None = None, question: Question | None = None,
                  seat_of: SeatOf | None = None) -> Submitted:
    """Apply and store `posted`; raise StaleAction, IllegalAction, NotNow or ReusedClientId and
    store nothing.

    Within the game's lock and one BEGIN IMMEDIATE transaction: a client_id already stored
    answers as before (ReusedClientId if it came with another action); otherwise the expected
    seq must equal the stored count, or, given the seat's `question`, that question must have
    stayed open since the page's seq (others answering theirs meanwhile: engine/questions.py);
    `refuse` must find no reason against the sender on the state now (asked of every page so
    accepted, an older one's answer to a question still open included; a stale page is refused
    as stale), the engine must accept the action, and only then is it inserted. One read
    before the insert: the count and the client's stored action together. Given `seat_of`
    (action -> its seat), dice the server rolled for an action its seat has just taken back
    and sends again are that action's own dice (engine/takeback.py, kept_dice): no reroll.
    """
    with cache.lock(game.id):
        applied = False
        try:
            with immediate(db):
                count, done = store.position(db, game.id, posted.client_id) or (0, None)
                if done is not None:
                    if not posted.same_as(done):
                        raise ReusedClientId()
                    return Submitted(count, duplicate=True)
                replayer = cache.current(db, game, count)
                if refuse is not None and _page_accepted(replayer, posted, count, question) and (
                        why := refuse(replayer)):
                    raise NotNow(why)
                if seat_of is not None and posted.rolled:
                    posted.action.update(kept_dice(replayer, posted.action, posted.rolled,
                                                   seat_of))
                replayer.submit(posted.action, expected_seq=posted.seq, question=question)
                applied = True
                store.insert_action(db, game.id, count, posted.action, posted.client_id)
                # stored when the newest checkpoint in force changed (every SAVE_EVERY
                # actions in force, and after an undo below it): a restart replays little
                cache.save_checkpoint(db, game, replayer)
        except BaseException:
            if applied:
                cache.evict(game.id)  # the cache ran ahead of a write that did not land
            raise
        acknowledge(db, game.id, game.title, count + 1)
        return Submitted(count + 1, duplicate=False)


def _page_accepted(replayer: Replayer, posted: Posted, count: int,
                   question: Question | None) -> bool:
    """Whether the page `posted` was drawn on still counts: the current one, or an older one
    whose seat's question stayed open since (otherwise the engine refuses it as stale)."""
    return posted.seq == count or (
        question is not None and still_open(replayer, posted.seq, question))
