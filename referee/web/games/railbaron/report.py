"""Rail Baron's public pages: the table view, the readable history, the end-of-game report.

Pure functions from a game's frames and state to plain dataclasses; the markup lives in
templates/railbaron/. What the table shows is public: cash is exact only at $150,000 or more
(`visible_cash` with no viewer) until the game is over.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts.lookup import payoff as payoff_lookup
from referee.games.railbaron.context import phase_text
from referee.games.railbaron.fees import money
from referee.games.railbaron.state import ENGINE_NAMES, PHANTOM, State
from referee.games.railbaron.views import UNDER_ANNOUNCE, summary, to_act, visible_cash
from referee.web.games.railbaron.chart import Chart, Series, cash_chart
from referee.web.games.railbaron.history import (
    History,
    TurnEntry,
    history,
    namer,
    turn_groups,
)
from referee.web.headline import Headline

HEX = re.compile(r"#[0-9a-fA-F]{6}")
RECENT_LINES = 10


@dataclass(frozen=True)
class Chip:
    """A railroad deed: its initials on its own colour ("" when the map gives none)."""

    abbr: str
    name: str
    colour: str
    ink: str  # the text colour that reads on `colour`


@dataclass(frozen=True)
class PlayerCard:
    id: str
    name: str
    colour: str
    cash: str  # "$163,000" or "under $150,000" (exact for everyone once the game is over)
    announced: bool  # at $150,000 or more
    engine: str
    home: str | None
    destination: str | None
    alternate: str | None
    declared: bool
    early: bool
    home_safe: bool
    bankrupt: bool
    playing: bool  # his turn
    bidding: bool  # bids next in the running auction
    winner: bool
    deeds: tuple[Chip, ...]


@dataclass(frozen=True)
class AuctionView:
    chip: Chip
    seller: str
    opening: str
    high: str | None  # the current bid, None before the first
    high_bidder: str | None
    next_bidder: str
    bidders: tuple[str, ...]
    starting: bool  # the Starting Auction, not a shortfall


@dataclass(frozen=True)
class Spotlight:
    """The trip under way, in large type on the table view (and read aloud there)."""

    name: str
    colour: str
    destination: str
    payoff: int | None  # None: the chart does not give it (or no trip pays yet)


@dataclass(frozen=True)
class TableView:
    status: str
    turn: int
    to_act: str | None  # the name of whoever acts next
    over: bool
    winners: tuple[str, ...]
    players: tuple[PlayerCard, ...]
    bank: tuple[Chip, ...]  # the bank's unsold railroads (public ones left out)
    public: tuple[Chip, ...]
    phantom: tuple[Chip, ...]
    sold_out: bool
    auction: AuctionView | None
    latest: TurnEntry | None  # the turn under way (or just ended), as the table may read it
    spotlight: Spotlight | None = None  # the destination of whoever is playing


@dataclass(frozen=True)
class PlayerReport:
    """One player's game in figures, from the transfers of the actions in force."""

    id: str
    name: str
    colour: str
    final_cash: int
    payoffs: int  # how many
    payoff_total: int
    fees_paid: int  # use fees to the bank and to opponents
    fees_received: int  # use fees from opponents
    railroads: tuple[str, ...]  # bought, from the bank or at auction, in order
    railroads_spent: int
    held: tuple[str, ...]  # railroads owned at the end
    rover_received: int
    rover_paid: int
    engine: str
    winner: bool
    bankrupt: bool


@dataclass(frozen=True)
class Report:
    players: tuple[PlayerReport, ...]
    chart: Chart
    winners: tuple[str, ...]
    last_turn: int
    corrections_after_end: tuple[dict, ...] = ()  # name, change, reason


# -- helpers ----------------------------------------------------------------------------------


def ink_for(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (#rrggbb)."""
    if not HEX.fullmatch(colour):
        return ""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.5 else "#ffffff"


def chip(board: RailBaronMap, rr: str) -> Chip:
    info = board.railroads[rr]
    colour = info.colour if HEX.fullmatch(info.colour or "") else ""
    return Chip(rr, info.name, colour, ink_for(colour))


def status_text(state: State) -> str:
    turn = state.turn
    if state.over:
        names = " and ".join(state.players[pid].name for pid in state.winners)
        return f"The game is over: {names} {'wins' if len(state.winners) == 1 else 'win'}."
    if state.stage == "first_player":
        return "Everyone rolls three dice for the first player."
    if turn is None:
        return state.stage
    who = state.players[turn.player].name
    if state.stage == "homes":
        return f"Setup: {who} rolls for a home city."
    if state.stage == "starting_auction":
        return f"Starting Auction: {phase_text(turn)}."
    return f"Turn {turn.number} — {who}: {phase_text(turn)}."


# -- the table view ---------------------------------------------------------------------------


def public_cash(state: State, pid: str) -> str:
    if state.players[pid].bankrupt:
        return "bankrupt"
    seen = state.cash(pid) if state.over else visible_cash(state, None, pid)
    return UNDER_ANNOUNCE if seen is None else money(seen)


def table_view(state: State, board: RailBaronMap, frames: Sequence[Any],
               log: Sequence[dict], game_players: Sequence[dict]) -> TableView:
    colours = {p["id"]: str(p.get("colour") or "") for p in game_players}
    acting = to_act(state)
    turn_player = state.turn.player if state.turn and state.stage == "play" else None
    cards = []
    for pid, p in state.players.items():
        cards.append(PlayerCard(
            id=pid,
            name=p.name,
            colour=colours.get(pid) or p.colour,
            cash=public_cash(state, pid),
            announced=p.announced,
            engine=ENGINE_NAMES.get(p.engine, p.engine),
            home=p.home,
            destination=p.destination,
            alternate=p.alternate if p.declared else None,
            declared=p.declared,
            early=p.early,
            home_safe=p.home_safe,
            bankrupt=p.bankrupt,
            playing=pid == turn_player,
            bidding=state.auction is not None and pid == acting,
            winner=pid in state.winners,
            deeds=tuple(chip(board, rr) for rr in board.railroads
                        if state.owners.get(rr) == pid),
        ))
    bank = tuple(chip(board, rr) for rr in board.railroads
                 if state.owners.get(rr) is None and not board.railroads[rr].public)
    public = tuple(chip(board, rr) for rr in board.railroads
                   if board.railroads[rr].public)
    phantom = tuple(chip(board, rr) for rr in board.railroads
                    if state.owners.get(rr) == PHANTOM)
    told = history(frames, log)
    name = namer(state)
    return TableView(
        status=status_text(state),
        turn=state.turn.number if state.turn else 0,
        to_act=name(acting) if acting else None,
        over=state.over,
        winners=tuple(name(pid) for pid in state.winners),
        players=tuple(cards),
        bank=bank,
        public=public,
        phantom=phantom,
        sold_out=state.sold_out,
        auction=auction_view(state, board),
        latest=told.entries[0] if told.entries else None,
        spotlight=spotlight(state, board, turn_player, colours),
    )


def spotlight(state: State, board: RailBaronMap, pid: str | None,
              colours: dict[str, str]) -> Spotlight | None:
    """The destination and payoff of the player whose turn it is, once he has one."""
    if pid is None or state.over:
        return None
    p = state.players[pid]
    if not p.destination:
        return None
    amount = None
    if p.trip_pays and p.trip_from:
        try:
            amount = payoff_lookup(board, p.trip_from, p.destination).amount
        except (LookupError, ValueError):
            amount = None
    return Spotlight(p.name, colours.get(pid) or p.colour, p.destination, amount)


def auction_view(state: State, board: RailBaronMap) -> AuctionView | None:
    auction = state.auction
    if auction is None:
        return None
    name = namer(state)
    return AuctionView(
        chip=chip(board, auction.railroad),
        seller=name(auction.seller),
        opening=money(auction.opening),
        high=None if auction.high is None else money(auction.high),
        high_bidder=name(auction.high_bidder) if auction.high_bidder else None,
        next_bidder=name(auction.next_bidder),
        bidders=tuple(name(pid) for pid in auction.bidders),
        starting=auction.purpose == "starting",
    )


# -- the end-of-game report -------------------------------------------------------------------


_BALANCES: weakref.WeakKeyDictionary[Any, dict[str, int]] = weakref.WeakKeyDictionary()


def _balances(frame: Any) -> dict[str, int]:
    """The balances after `frame`, kept for a frame that ends a turn."""
    kept = _BALANCES.get(frame)
    if kept is None:
        kept = dict(frame.state.ledger.balances)
        _BALANCES[frame] = kept
    return kept


def cash_by_turn(frames: Sequence[Any], players: Sequence[str]) -> dict[str, list[int]]:
    """Each player's cash at the end of every turn, turn 0 (the setup) first."""
    ends: dict[int, dict[str, int]] = {}
    for number, _player, _before, indices in turn_groups(frames):
        ends[number] = _balances(frames[indices[-1]])
    last = max(ends)
    series: dict[str, list[int]] = {pid: [] for pid in players}
    current = ends[0]
    for number in range(last + 1):
        current = ends.get(number, current)
        for pid in players:
            series[pid].append(current.get(pid, 0))
    return series


def player_reports(state: State, frames: Sequence[Any],
                   colours: dict[str, str]) -> tuple[PlayerReport, ...]:
    transfers = [t for f in frames for t in f.outcome.transfers]
    out = []
    for pid, p in state.players.items():
        payoffs = [t.amount for t in transfers if t.target == pid and t.kind == "payoff"]
        fees = [t for t in transfers if t.kind == "use_fee"]
        bought = [t for t in transfers
                  if t.source == pid and t.kind in ("purchase", "auction")]
        rovers = [t for t in transfers if t.kind == "rover"]
        out.append(PlayerReport(
            id=pid,
            name=p.name,
            colour=colours.get(pid) or p.colour,
            final_cash=state.cash(pid),
            payoffs=len(payoffs),
            payoff_total=sum(payoffs),
            fees_paid=sum(t.amount for t in fees if t.source == pid),
            fees_received=sum(t.amount for t in fees if t.target == pid),
            railroads=tuple(t.fields["railroad"] for t in bought),
            railroads_spent=sum(t.amount for t in bought),
            held=tuple(state.owned_by(pid)),
            rover_received=sum(t.amount for t in rovers if t.target == pid),
            rover_paid=sum(t.amount for t in rovers if t.source == pid),
            engine=ENGINE_NAMES.get(p.engine, p.engine),
            winner=pid in state.winners,
            bankrupt=p.bankrupt,
        ))
    return tuple(out)


def final_report(state: State, frames: Sequence[Any], game_players: Sequence[dict]) -> Report:
    """The figures of a finished game; exact, since nothing is secret any more."""
    colours = {p["id"]: str(p.get("colour") or "") for p in game_players}
    ids = list(state.players)
    series = cash_by_turn(frames, ids)
    chart = cash_chart([
        Series(state.players[pid].name, colours.get(pid) or state.players[pid].colour,
               tuple(series[pid]))
        for pid in ids
    ])
    return Report(
        players=player_reports(state, frames, colours),
        chart=chart,
        winners=tuple(state.players[pid].name for pid in state.winners),
        last_turn=state.turn.number if state.turn else 0,
        corrections_after_end=tuple(summary(state)["corrections_after_end"]),
    )


# -- the hook ---------------------------------------------------------------------------------


def page_context(view: Any) -> dict:
    """Extra template names for the table and history pages: `rb_table` (and its `headline`)
    or `rb_history`, and `rb_report` once the game is over."""
    snapshot = view.snapshot
    state: State = snapshot.state
    rules = snapshot.rules
    board = rules.board
    players = view.game.players
    context: dict[str, Any] = {
        "rb_report": final_report(state, snapshot.frames, players) if state.over else None,
    }
    if view.page == "table":
        table = context["rb_table"] = table_view(state, board, snapshot.frames, snapshot.log,
                                                 players)
        context["headline"] = Headline(table.status, table.to_act, table.over)
    elif view.page == "history":
        told: History = history(snapshot.frames, snapshot.log)
        context["rb_history"] = told
    return context
