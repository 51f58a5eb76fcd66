"""Prairie Railroads' table view: what everyone at the table reads from across the room.

Plain dataclasses from the game's frames and state; the markup is templates/prairie_railroads/
_table.html and table/*.html, laid out with the public pages' shared classes (static/public.css)
and Prairie's own (prairie_railroads.css). Everything here is public in this game: cash (the
players look at each other's money before bidding), shares, treasuries, and the cards left in
each hand (every card is played face up, from the hand or drawn from the deck).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.prairie_railroads.constants import (
    CARD_NAMES,
    DEVELOPMENT_CUBES,
    LAST_PAY_DIVIDENDS,
    RAILROAD_NAMES,
    RAILROADS,
    SHARES,
    money,
    treasury,
)
from referee.games.prairie_railroads.context import PHASES
from referee.games.prairie_railroads.economy import controllers, dividend_preview
from referee.games.prairie_railroads.state import State
from referee.games.prairie_railroads.views import (
    began_turn,
    corrections_after_end,
    history,
    railroad_rows,
    to_act,
)

# The railroads' colours on referee's pages: its own, told apart at a glance (the Okabe-Ito
# palette), not the printed board's, which no public source gives. The rulebook speaks of the
# CRIP's black track cubes, so the CRIP is black. Each with the ink that reads on it.
COLOURS = {
    "CRIP": ("#1f1f1f", "#ffffff"),
    "ATSF": ("#0072b2", "#ffffff"),
    "KP": ("#e69f00", "#000000"),
    "MKT": ("#009e73", "#000000"),
    "SLSF": ("#cc79a7", "#000000"),
    "MP": ("#d55e00", "#000000"),
}
RECENT_LINES = 10

Namer = Callable[[str | None], str]


@dataclass(frozen=True)
class Chip:
    """A railroad's initials on its colour, with a count (shares held) when it matters."""

    abbr: str
    name: str
    colour: str
    ink: str
    count: int = 0


@dataclass(frozen=True)
class RailroadCard:
    key: str
    name: str
    colour: str
    ink: str
    treasury: int
    underfinanced: bool  # controlled, under $5 while the game goes on (it cannot build)
    minimum_bid: int  # the least a share may be bid for now (Value ÷ 5)
    sold: int  # shares sold, of SHARES
    shares: int
    holders: tuple[tuple[str, int], ...]  # (name, shares held), most first
    controllers: tuple[str, ...]
    income: int
    value: int
    dividend: int  # per share, at the next Pay Dividends
    segments: int
    western: str | None  # the Western Build box it built
    auctioned: bool  # a share of it is being auctioned now


@dataclass(frozen=True)
class PlayerCard:
    id: str
    name: str
    colour: str
    cash: int
    shares: tuple[Chip, ...]
    controls: tuple[str, ...]
    hand: tuple[tuple[str, int], ...]  # (card name, cards left in the hand)
    dividend: int  # what the next Pay Dividends would pay him
    final: int  # the final payoff received (the game over)
    playing: bool  # his turn
    bidding: bool  # bids next in the running auction
    high_bidder: bool
    winner: bool


@dataclass(frozen=True)
class Spotlight:
    """The moment in large type: the auction running, the city that grew, the dividends paid,
    the share just sold. `speak` is the line the table view reads aloud."""

    kind: str  # auction | growth | dividend | sale | build
    railroad: str  # its initials, or "" (a growth, a Pay Dividends card)
    colour: str  # the railroad's, or ""
    ink: str
    above: str  # the small line over the large type
    big: str
    below: tuple[str, ...]
    speak: str


@dataclass(frozen=True)
class Latest:
    label: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class TableView:
    status: str
    to_act: str | None
    over: bool
    winners: tuple[str, ...]
    spotlight: Spotlight | None
    railroads: tuple[RailroadCard, ...]
    players: tuple[PlayerCard, ...]
    deck: tuple[tuple[str, int], ...]  # (card name, cards left in the draw deck)
    dividends_played: str  # "3 of 8"
    latest: Latest | None
    final: tuple[tuple[str, int, int, str], ...]  # over: (name, final payoff, cash, id)
    corrections_after_end: tuple[dict[str, str], ...] = ()  # name, change, reason


def chip(key: str, count: int = 0) -> Chip:
    colour, ink = COLOURS[key]
    return Chip(key, RAILROAD_NAMES[key], colour, ink, count)


def _hand(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((CARD_NAMES[c], counts.get(c, 0)) for c in ("PD", "OS", "CT"))


def status_text(state: State, name: Namer) -> str:
    """What is going on, in a line: the stage, whose move, what is being auctioned."""
    if state.over:
        names = " and ".join(name(pid) for pid in state.winners)
        return f"The game is over: {names} {'wins' if len(state.winners) == 1 else 'win'}."
    if state.stage == "first_player":
        return "Roll the die for the starting player."
    if state.auction is not None:
        a = state.auction
        if state.stage == "initial":
            return (f"Initial auction {RAILROADS.index(a.railroad) + 1} of {len(RAILROADS)}: "
                    f"a share of the {a.railroad}.")
        seller = f", offered by {name(a.seller)}" if a.seller else ""
        return f"Turn {state.turns} — auction of a share of the {a.railroad}{seller}."
    if state.first_build is not None:
        return (f"Initial auctions: {name(state.first_builder)} builds the "
                f"{state.first_build}'s free first segment.")
    turn = state.turn
    if turn is None:
        return "The banker records the next step."
    card = ""
    if turn.card:
        how = "from the hand" if turn.source == "hand" else "drawn"
        card = f" ({CARD_NAMES[turn.card]}, {how})"
    return f"Turn {turn.number} — {name(turn.player)}{card}: {PHASES[turn.phase]}."


def railroad_cards(state: State, name: Namer) -> tuple[RailroadCard, ...]:
    auctioned = state.auction.railroad if state.auction is not None else None
    cards = []
    for row in railroad_rows(state):
        colour, ink = COLOURS[row["key"]]
        holders = sorted(row["shares"].items(), key=lambda item: -item[1])
        cards.append(RailroadCard(
            key=row["key"], name=row["name"], colour=colour, ink=ink,
            treasury=row["treasury"],
            underfinanced=row["underfinanced"] and bool(row["controllers"]) and not state.over,
            minimum_bid=row["minimum_bid"], sold=SHARES - row["unsold"], shares=SHARES,
            holders=tuple((name(pid), n) for pid, n in holders),
            controllers=tuple(name(pid) for pid in row["controllers"]),
            income=row["income"], value=row["value"], dividend=row["dividend"],
            segments=len(row["segments"]), western=row["western"],
            auctioned=row["key"] == auctioned,
        ))
    return tuple(cards)


def player_cards(state: State, name: Namer, colours: dict[str, str]) -> tuple[PlayerCard, ...]:
    acting = to_act(state)
    auction = state.auction
    playing = state.turn.player if state.turn is not None and not state.over else None
    preview = dividend_preview(state)
    out = []
    for pid in state.players:
        held = [chip(rr, state.railroads[rr].shares[pid]) for rr in RAILROADS
                if state.railroads[rr].shares.get(pid)]
        controls = [rr for rr in RAILROADS if pid in controllers(state.railroads[rr])]
        out.append(PlayerCard(
            id=pid, name=name(pid), colour=colours.get(pid, ""), cash=state.cash(pid),
            shares=tuple(held), controls=tuple(controls), hand=_hand(state.hands[pid]),
            dividend=preview[pid], final=state.final.get(pid, 0),
            playing=pid == playing and auction is None,
            bidding=auction is not None and pid == acting,
            high_bidder=auction is not None and pid == auction.high_bidder,
            winner=pid in state.winners,
        ))
    return tuple(out)


def auction_spotlight(state: State, name: Namer) -> Spotlight:
    a = state.auction
    assert a is not None
    colour, ink = COLOURS[a.railroad]
    kind = "Initial auction" if state.stage == "initial" else "Auction"
    seller = f", sold by {name(a.seller)}" if a.seller else ""
    above = f"{kind}: a share of the {RAILROAD_NAMES[a.railroad]} ({a.railroad}){seller}"
    if a.high is None:
        big = "No bid yet"
        said = f"No bid yet for the {a.railroad} share."
    else:
        big = f"{money(a.high)} by {name(a.high_bidder)}"
        said = f"{name(a.high_bidder)} bids {money(a.high)} for the {a.railroad} share."
    below = (f"{name(a.next_bidder)} bids next: at least {money(a.to_beat())}, or passes.",
             "Still bidding: " + ", ".join(name(pid) for pid in a.bidders) + ".")
    return Spotlight("auction", a.railroad, colour, ink, above, big, below,
                     f"{said} {name(a.next_bidder)} bids next.")


def _this_turn(frames: Sequence[Any], state: State) -> list[tuple[Any, Any]]:
    """(before, frame) pairs, newest first: the latest action, and the others of the turn under
    way (a turn whose card is still being played)."""
    pairs = []
    for i in range(len(frames) - 1, 0, -1):
        before, frame = frames[i - 1], frames[i]
        if pairs and (state.turn is None or before.state.turns != state.turns
                      or began_turn(before.state, frame.state)):
            break
        pairs.append((before, frame))
    return pairs


def moment_spotlight(frames: Sequence[Any], state: State, name: Namer) -> Spotlight | None:
    """The latest growth, dividend or sale of the turn under way (or of the action just
    recorded, when it ended the turn)."""
    for before, frame in _this_turn(frames, state):
        transfers = list(frame.outcome.transfers)
        paid = [t for t in transfers if t.kind == "dividend"]
        if paid:
            return dividend_spotlight(frame, paid, name)
        grown = frame.state.grown[len(before.state.grown):]
        if grown:
            return growth_spotlight(before.state, frame, grown[0], name)
        sold = [t for t in transfers if t.kind == "share_purchase"]
        if sold:
            return sale_spotlight(sold[0], name)
        if frame.action.get("type") in ("build", "first_build"):
            return build_spotlight(frame, name)
    return None


def build_spotlight(frame: Any, name: Namer) -> Spotlight:
    """The track just built: the railroad, the segment(s), its Income and Value now."""
    action = frame.action
    after: State = frame.state
    rr = after.railroads[action["railroad"]] if action.get("railroad") else None
    if rr is None:  # a first build names no railroad: the one whose first segment it was
        rr = next(r for r in after.railroads.values()
                  if any(set(seg) == {action.get("from"), action.get("to")} for seg in r.track))
    colour, ink = COLOURS[rr.key]
    stops = [action.get("from"), action.get("via"), action.get("to")]
    route = "–".join(str(c) for c in stops if c)
    free = " (free)" if action.get("type") == "first_build" else ""
    big = f"The {rr.key} builds {route}{free}"
    if action.get("kind") == "western":
        big = f"The {rr.key} makes its Western Build ({rr.western})"
    below = (f"Income {money(rr.income)}, Value {money(rr.value)}, "
             f"treasury {money(after.cash(treasury(rr.key)))}.",)
    return Spotlight("build", rr.key, colour, ink, f"{name(action.get('player'))} builds",
                     big, below, f"{big}.")


def dividend_spotlight(frame: Any, paid: list[Any], name: Namer) -> Spotlight:
    after: State = frame.state
    railroads = list(dict.fromkeys(t.fields["railroad"] for t in paid))
    western = frame.action.get("type") == "build"
    rr = railroads[0] if western else ""
    colour, ink = COLOURS[rr] if western else ("", "")
    if western:
        above = f"Western Build: the {rr} pays its shareholders at once"
    else:
        above = f"Pay Dividends, {after.dividends_paid} of {LAST_PAY_DIVIDENDS}"
    total = sum(t.amount for t in paid)
    per_rr = []
    for key in railroads:
        each = next(t.amount // t.fields["shares"] for t in paid if t.fields["railroad"] == key)
        per_rr.append(f"{key} {money(each)} a share")
    received: dict[str, int] = {}
    for t in paid:
        received[t.target] = received.get(t.target, 0) + t.amount
    per_player = ", ".join(f"{name(pid)} {money(n)}" for pid, n in received.items())
    below = ("; ".join(per_rr) + ".", f"Received: {per_player}.")
    return Spotlight("dividend", rr, colour, ink, above, f"{money(total)} paid", below,
                     f"{above}: {money(total)} paid. {per_player}.")


def growth_spotlight(before: State, frame: Any, city: str, name: Namer) -> Spotlight:
    after: State = frame.state
    dice = frame.action.get("dice")
    who = name(frame.action.get("player"))
    roll = before.turn.roll if before.turn is not None else None  # chosen after a roll
    if isinstance(dice, list | tuple) and len(dice) == 2:
        roll = 10 * int(dice[0]) + int(dice[1])
    above = f"Discover Growth: {who} rolled {roll}" if roll else f"Discover Growth: {who}"
    rises = [f"{rr} Income {money(before.railroads[rr].income)} → "
             f"{money(after.railroads[rr].income)}"
             for rr in RAILROADS
             if after.railroads[rr].income != before.railroads[rr].income]
    below = (("; ".join(rises) + ".") if rises else "No railroad's Income changes.",
             f"{len(after.grown)} of the {DEVELOPMENT_CUBES} development cubes placed.")
    return Spotlight("growth", "", "", "", above, f"{city} grows", below, f"{city} grows.")


def sale_spotlight(sold: Any, name: Namer) -> Spotlight:
    rr = sold.fields["railroad"]
    colour, ink = COLOURS[rr]
    to = "the treasury" if sold.target.startswith("treasury:") else name(sold.target)
    big = f"{name(sold.source)} buys a share of the {rr}"
    return Spotlight("sale", rr, colour, ink, "Auction won", big,
                     (f"For {money(sold.amount)}, paid to {to}.",),
                     f"{big} for {money(sold.amount)}.")


def _latest_start(frames: Sequence[Any]) -> int:
    """The index of the frame just before the latest turn's first action (the history of
    `frames[index:]` is that turn alone; the earlier frames' states are not rebuilt)."""
    last = len(frames) - 1
    if last < 1:
        return 0
    turn = frames[last - 1].state.turns
    first = last
    while first > 1 and frames[first - 2].state.turns == turn:
        first -= 1
    return first - 1


def table_view(state: State, frames: Sequence[Any], name: Namer,
               colours: dict[str, str]) -> TableView:
    """The table view of a Prairie Railroads game, as everyone may read it."""
    acting = to_act(state)
    if state.auction is not None:
        spot: Spotlight | None = auction_spotlight(state, name)
    elif state.over:
        spot = None
    else:
        spot = moment_spotlight(frames, state, name)
    latest = None
    if told := history(frames[_latest_start(frames):]):
        entry = told[-1]
        label = entry["label"]
        if entry["player"]:
            label = f"Turn {entry['turn']} — {name(entry['player'])}"
        latest = Latest(label, tuple(entry["lines"][-RECENT_LINES:]))
    final = sorted(((name(pid), state.final.get(pid, 0), state.cash(pid), pid)
                    for pid in state.players), key=lambda f: -f[2]) if state.over else []
    return TableView(
        status=status_text(state, name),
        to_act=name(acting) if acting else None,
        over=state.over,
        winners=tuple(name(pid) for pid in state.winners),
        spotlight=spot,
        railroads=railroad_cards(state, name),
        players=player_cards(state, name, colours),
        deck=_hand(state.deck),
        dividends_played=f"{state.dividends_paid} of {LAST_PAY_DIVIDENDS}",
        latest=latest,
        final=tuple(final),
        corrections_after_end=tuple(corrections_after_end(state)),
    )
