"""What every game page shows, read from a Snapshot: players, cash as allowed, the event log."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from referee.engine import permission
from referee.engine.ledger import BANK
from referee.engine.replay import REDO, UNDO
from referee.engine.takeback import TAKE_BACK
from referee.games.contract import RuleNames, write_amount
from referee.games.explain import BANKER_VIEW, older_readings, rule_names, visible
from referee.web.actors import Actor
from referee.web.hooks import hooks_for
from referee.web.names import seat_names
from referee.web.permits import game_over, seated_banker_of, table_of
from referee.web.replayers import Snapshot
from referee.web.store import GameRow, Seat

RECENT = 12


@dataclass(frozen=True)
class PlayerLine:
    id: str
    name: str
    colour: str
    seat: int  # 1-based turn order
    cash: int | None  # None: not shown to this viewer
    claimed: bool
    banker: bool
    you: bool


@dataclass(frozen=True)
class EventLine:
    number: int  # 1-based position in the log
    type: str
    texts: list[str]
    status: str  # "in force", "taken back", "undo" or "redo"
    money: tuple[int, ...] = ()  # the amounts it moved that the page may see (docs/explain.md)

    def key(self) -> list:
        """All a history line is drawn from, as plain data (a keyed part: referee/web/parts.py),
        each line with the rule it names."""
        return [self.number, self.type, [[str(t), getattr(t, "rule", None)] for t in self.texts],
                self.status, list(self.money)]


def balances_of(state: Any) -> dict[str, int]:
    ledger = getattr(state, "ledger", None)
    return dict(getattr(ledger, "balances", None) or {})


@dataclass(frozen=True)
class GameView:
    """One page of one game for one actor."""

    game: GameRow
    snapshot: Snapshot
    actor: Actor
    page: str  # "phone", "banker", "table" or "history"
    seats: tuple[Seat, ...]

    @property
    def seq(self) -> int:
        return self.snapshot.seq

    @property
    def you(self) -> PlayerLine | None:
        return next((p for p in self.players if p.you), None)

    @cached_property
    def names(self) -> dict[str, str]:
        """Each player's name in force: as entered, or as the banker corrected it since."""
        return seat_names(self.game.players, self.snapshot.frames[-1])

    def name(self, pid: str | None) -> str:
        return self.names.get(str(pid), str(pid))

    @cached_property
    def players(self) -> list[PlayerLine]:
        state = self.snapshot.state
        balances = balances_of(state)
        visible_cash = hooks_for(self.game.game).visible_cash
        viewer = self.actor.player_id if self.page == "phone" else None
        claimed = {s.player_id for s in self.seats if s.claimed}
        lines = []
        for number, p in enumerate(self.game.players, start=1):
            pid = p["id"]
            if self.page == "banker" and not self.seated_banker:
                cash: int | None = balances.get(pid, 0)
            elif self.page == "banker":  # a banker who plays sees what his seat may see
                cash = visible_cash(state, self.seated_banker, pid)
            elif self.page in ("phone", "table"):
                cash = visible_cash(state, viewer, pid)
            else:
                cash = None
            lines.append(PlayerLine(
                id=pid,
                name=self.name(pid),
                colour=str(p.get("colour") or ""),
                seat=number,
                cash=cash,
                claimed=pid in claimed,
                banker=pid == self.game.banker,
                you=pid == self.actor.player_id,
            ))
        return lines

    @cached_property
    def older_readings(self) -> list[str]:
        """The readings from before a setting the game plays under, as its record leaves the
        setting out (an older or imported record): one line each, said on the console and the
        table view (docs/explain.md)."""
        return older_readings(self.game.game, self.snapshot.rules, self.game.settings)

    @property
    def accent(self) -> str | None:
        """The colour of the seat whose own page this is (its phone, its history), for the
        page's accent; None on the banker console and the table view (the neutral accent)."""
        you = self.you
        return (you.colour or None) if you and self.page in ("phone", "history") else None

    @cached_property
    def legal(self) -> list[dict]:
        """The rules' legal actions now, asked once per page (the presenter, the cue)."""
        return self.snapshot.rules.legal_actions(self.snapshot.state)

    @cached_property
    def to_act(self) -> list[str]:
        """The players who may act now: the game's one answer (referee.games.contract)."""
        return hooks_for(self.game.game).to_act(self.snapshot.state)

    @cached_property
    def to_act_names(self) -> list[str]:
        return [self.name(pid) for pid in self.to_act]

    @cached_property
    def winner_names(self) -> list[str]:
        """Who has won, from the game's summary (none while the game goes on)."""
        if getattr(self.snapshot.state, "over", None) is False:
            return []  # a game that says it goes on has no winners: its summary is not drawn
        report = hooks_for(self.game.game).game.summary(self.snapshot.state)
        return [self.name(pid) for pid in report.get("winners", ())]

    @property
    def seated_banker(self) -> str | None:
        """The banker's own seat when the banker is also a player (ANNOUNCING still holds)."""
        return seated_banker_of(self.game)

    @cached_property
    def over(self) -> bool:
        """Whether the game is over (then every cash is public)."""
        return game_over(self.game, self.snapshot.state)

    @cached_property
    def table(self) -> permission.Table:
        """The rules of the table (engine/permission.py), with the names in force."""
        return table_of(self.game, self.names)

    @cached_property
    def acting_as(self) -> permission.Actor:
        """Who this page acts as: the banker on the console, the seat on its phone, nobody on
        the table view and the history."""
        if self.page == "banker":
            return permission.Actor(seat=self.actor.player_id, banker=self.actor.banker)
        if self.page == "phone":
            return permission.Actor(seat=self.actor.player_id)
        return permission.Actor()

    def may(self, action: dict) -> bool:
        """Whether this page draws `action`'s button: the one answer the action endpoint asks
        (engine/permission.py), on the page's own snapshot."""
        return permission.may(self.acting_as, action, self.snapshot, self.table)

    def refusal(self, action: dict) -> permission.Refusal | None:
        """Why this page may not take `action` now (None: it may)."""
        return permission.decide(self.acting_as, action, self.snapshot, self.table)

    def seat_movable(self, pid: str) -> bool:
        """Whether the banker may free this seat or make its rejoin code (engine/permission.py
        `may_move_seat`: not a banker who plays, for another seat, while a game that keeps cash
        secret runs)."""
        return permission.may_move_seat(self.seated_banker, pid, self.over, self.table)

    def seats_key(self) -> list:
        """All the console's list of seats is drawn from (templates/generic/_seats.html), as
        plain data: a keyed part (referee/web/parts.py)."""
        return [[p.id, p.name, p.colour, p.claimed, self.seat_movable(p.id)]
                for p in self.players]

    def seat_kept(self, pid: str) -> str:
        """What the console says in place of a seat's buttons it may not offer."""
        return seat_kept_words(self.name(pid))

    @property
    def record_open(self) -> bool:
        """Whether this viewer may download the game record: the banker, unless he holds a
        seat while the game goes on (the log replays to every exact cash)."""
        return self.actor.banker and record_open_to_banker(self.game, self.snapshot.state)

    @property
    def bank(self) -> int | None:
        """The bank's balance (negative: what it has paid out), on the banker console only, and
        not for a banker who plays (with the players' total it tells the others' cash)."""
        if self.page != "banker" or self.seated_banker:
            return None
        return balances_of(self.snapshot.state).get(BANK, 0)

    @cached_property
    def money_viewer(self) -> str | None:
        """Whose eyes the page has for money (docs/explain.md): a seat, the banker apart
        (BANKER_VIEW), or None for the table."""
        if self.page == "phone" or (self.page == "history" and self.actor.player_id):
            return self.actor.player_id
        if self.page == "banker" or (self.page == "history" and self.actor.banker):
            return self.seated_banker or BANKER_VIEW
        return None

    @cached_property
    def _words(self) -> RuleNames | None:
        return rule_names(self.game.game)

    @property
    def money_format(self) -> str:
        """How the game writes an amount ("${:,}": $5,000)."""
        return self._words.currency if self._words is not None else "{:,}"

    def money_text(self, amount: int) -> str:
        """An amount as the game writes it ("$5,000", "1 unit")."""
        return write_amount(self._words, amount)

    def moved(self, frame: Any) -> tuple[int, ...]:
        """The amounts one action moved that this page may see."""
        return self.seen_amounts(frame.transfers)

    def seen_amounts(self, transfers: Any) -> tuple[int, ...]:
        """The amounts of `transfers` this page may see."""
        return tuple(t.amount for t in transfers if visible(self._words, t, self.money_viewer))

    @cached_property
    def recent(self) -> list[EventLine]:
        """The latest actions in force that said something, newest first."""
        lines = []
        for f in reversed(self.snapshot.frames):  # newest first, and no further than needed
            if len(lines) == RECENT:
                break
            if f.action is not None and f.outcome.events:
                lines.append(EventLine(f.position + 1, str(f.action.get("type")),
                                       list(f.outcome.events), "in force", self.moved(f)))
        return lines

    @cached_property
    def history(self) -> list[EventLine]:
        """Every action of the log, newest first, marked in force, taken back or undo."""
        frames = {f.position: f for f in self.snapshot.frames}
        lines = []
        for position, action in enumerate(self.snapshot.log):
            kind = str(action.get("type"))
            frame = frames.get(position)
            if kind in (UNDO, REDO):
                lines.append(EventLine(position + 1, kind, [], kind))
            elif kind == TAKE_BACK:  # a seat's own tap, taken back from its phone
                lines.append(EventLine(position + 1, kind, [
                    f"{self.name(action.get('player'))} took back their own tap."], UNDO))
            elif frame is not None:
                lines.append(EventLine(position + 1, kind, list(frame.outcome.events), "in force",
                                       self.moved(frame)))
            else:
                lines.append(EventLine(position + 1, kind, [], "taken back"))
        return lines[::-1]


def record_open_to_banker(game: GameRow, state: Any) -> bool:
    """Whether the banker may have the game record: always when he holds no seat; a banker who
    plays only once the game is over (the log replays to the others' exact cash)."""
    return seated_banker_of(game) is None or game_over(game, state)


def seat_kept_words(name: str) -> str:
    """Why a banker who plays may not move another seat, and what to do instead."""
    return (f"{name} moves from their own phone: on it, \"Move to another phone\" shows a code "
            f"to type or scan on the new one. A banker who also plays may not free {name}'s "
            f"seat or make its rejoin code while the game runs: the phone that took the seat "
            f"would show {name}'s secret cash.")
