"""What every game page shows, read from a Snapshot: players, cash as allowed, the event log."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from referee.engine.ledger import BANK
from referee.engine.replay import REDO, UNDO
from referee.engine.takeback import TAKE_BACK
from referee.games.contract import RuleNames, write_amount
from referee.games.explain import BANKER_VIEW, older_readings, rule_names, visible
from referee.web.actors import Actor
from referee.web.games import hooks_for
from referee.web.names import seat_names
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

    def seat_movable(self, pid: str) -> bool:
        """Whether the banker may free this seat or make its rejoin code: not a banker who plays
        while the seat's cash is secret to him (the phone that took it would show that cash)."""
        return banker_may_act_for(self.game, self.snapshot.state, pid)

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


def record_open_to_banker(game: GameRow, state: Any) -> bool:
    """Whether the banker may have the game record: always when he holds no seat; a banker who
    plays only once the game is over (the log replays to the others' exact cash)."""
    return seated_banker_of(game) is None or game_over(game, state)


def banker_may_act_for(game: GameRow, state: Any, player_id: str | None) -> bool:
    """Whether the banker may act for `player_id` now: a banker apart for anyone; a banker who
    plays for his own seat, the bank, and another seat only while its cash is open to him (the
    rules' answer to an action of that seat, "cannot afford" or not, could tell it). Whether a
    cash is open is public (announced at $150,000), so the refusal itself tells nothing."""
    seat = seated_banker_of(game)
    if seat is None or player_id in (None, seat):
        return True
    return hooks_for(game.game).visible_cash(state, seat, player_id) is not None


END_STANDS = ("The game record has been given to the banker who plays: the end stands, and "
              "no undo takes the game back before it. Correct a cash with a correction after "
              "the end.")


def undo_reopens(game: GameRow, top: Any) -> bool:
    """Whether undoing the frame `top` would take the game back before its end."""
    return top.prev is not None and game_over(game, top.state) and not game_over(
        game, top.prev.state)


def seat_kept_words(name: str) -> str:
    """Why a banker who plays may not move a seat whose cash is secret, and what to do instead."""
    return (f"{name} plays from their own phone: ask {name} to open the game there. A banker who "
            f"also plays may not free {name}'s seat or make its rejoin code while {name}'s cash "
            "is secret (under $150,000): the phone that took the seat would show that cash.")
