"""Use fees and establishment: what a rider pays on each railroad, and who is grandfathered."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from referee.engine.ledger import BANK
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.settings import Settings
from referee.games.railbaron.state import PHANTOM, State

BANK_FEE = 1_000
OPPONENT_FEE = 5_000
SOLD_OUT_FEE = 10_000


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def recipient(state: State, board: RailBaronMap, settings: Settings, rider: str, rr: str) -> str:
    """Whose account a ride on `rr` is paid to: the bank, an opponent, the phantom, or nobody."""
    owner = state.owners.get(rr)
    if board.railroads[rr].public or owner is None:
        return BANK
    if owner == rider:
        return BANK if settings.classic else ""
    return owner


def full_rate(state: State, board: RailBaronMap, settings: Settings, rider: str, rr: str) -> int:
    """The flat fee for riding `rr` this turn, before establishment."""
    to = recipient(state, board, settings, rider, rr)
    if to == "":
        return 0
    if to == BANK:
        return BANK_FEE
    return SOLD_OUT_FEE if state.sold_out else OPPONENT_FEE


def railroads_at_train(state: State, board: RailBaronMap, pid: str) -> Iterable[str]:
    """The railroads serving the player's train, in the map's order (never a set's: the
    establishments they bring are said, and kept, in this order)."""
    player = state.players[pid]
    if player.city is not None:
        served = board.railroads_at(player.city)
        return tuple(rr for rr in board.railroads if rr in served)
    return player.milepost or ()


def with_rises(
    state: State,
    board: RailBaronMap,
    settings: Settings,
    change: Callable[[], None],
    *,
    auctioned: str | None = None,
    cause: str = "",
) -> list[str]:
    """Apply `change` (an ownership or sell-out change); establish every player whose fee rises.

    ESTABLISHMENT: a player whose train stands at a milepost where a fee rises is established at
    the prior fee upon all the railroads serving that milepost, his own and the bank's included
    (riding any of them keeps the establishment on the others). Classic establishment
    (`one_railroad`): on the railroads whose fee rose, and no others.
    AUCTION: everyone at the auctioned railroad's mileposts, the seller too, keeps on it the fee
    he would have paid had the auction not happened. Returns the readable changes. `cause`
    names the change for the record of each establishment ("the sell-out").
    """
    before = {
        pid: {rr: full_rate(state, board, settings, pid, rr)
              for rr in railroads_at_train(state, board, pid)}
        for pid in state.active()
    }
    change()
    said: list[str] = []
    for pid, rates in before.items():
        risen = {rr: old for rr, old in rates.items()
                 if full_rate(state, board, settings, pid, rr) > old}
        if risen:  # ESTABLISHMENT: "upon all railroads that serve that milepost"; classic:
            keep = risen if settings.one_railroad else rates  # "established on that railroad"
        elif auctioned in rates and state.owners.get(auctioned) != pid:
            keep = {auctioned: rates[auctioned]}
        else:
            continue
        for rr, old in keep.items():
            establish(state, pid, rr, old, said, f"the rate before {cause}")
    return said


def place(state: State, pid: str) -> str:
    """Where a player's train stands, in words: a city, or the railroads of its milepost."""
    player = state.players[pid]
    if player.city is not None:
        return player.city
    return f"a milepost of the {', '.join(player.milepost or ())}"


def note_since(state: State, pid: str, rr: str, why: str) -> None:
    """Keep when, where and why `pid` was established on `rr` (for the fee's statement line)."""
    turn = state.turn
    state.players[pid].established_since[rr] = {
        "turn": turn.number if turn is not None else None, "at": place(state, pid), "why": why}


def establish(state: State, pid: str, rr: str, fee: int, said: list[str], why: str) -> None:
    """Establish `pid` on `rr` at `fee` (or keep a lower fee he is established at already)."""
    player = state.players[pid]
    kept = min(player.established.get(rr, fee), fee)
    turn = state.turn
    if turn is not None and turn.player == pid and rr in turn.full_rides:
        turn.full_rides.remove(rr)  # a rise in his own turn counts for the rides made before it
    if player.established.get(rr) != kept:
        player.established[rr] = kept
        note_since(state, pid, rr, why)
        said.append(f"{player.name} is established on the {rr} at "
                    f"{money(kept) if kept else 'no fee'}")


@dataclass(frozen=True)
class Fee:
    """One payment owed at the end of a turn."""

    to: str
    amount: int
    railroads: tuple[str, ...]
    established: bool
    full: int
    since: dict | None = None  # an established fee: {"turn", "at", "why"} of its establishment
    own: tuple[str, ...] = ()  # classic rules: the rider's own railroads among those paid for
    phantom: int = 0  # Honeymoon: the whole fee for the phantom player's railroads (this: half)

    def as_dict(self) -> dict:
        return {
            "to": self.to,
            "amount": self.amount,
            "railroads": list(self.railroads),
            "established": self.established,
            "full": self.full,
            "since": self.since,
            "own": list(self.own),
            "phantom": self.phantom,
        }


def turn_fees(state: State, board: RailBaronMap, settings: Settings, rider: str) -> list[Fee]:
    """The use fees the rider owes for the railroads ridden this turn, establishment included.

    One flat fee per recipient: the bank (its railroads, Public ones too, and in the classic rules
    the rider's own), and each opponent whose railroad was ridden. Where every railroad ridden of a
    recipient is one the rider is established on (and did not ride again after losing it), he pays
    the established fee instead. Fees on the Honeymoon phantom's railroads go half to the bank and
    half to the opponent.
    """
    turn = state.turn
    assert turn is not None
    established = {**state.players[rider].established, **turn.established_rides}
    since = {**state.players[rider].established_since, **turn.established_since}
    for rr in turn.full_rides:  # ridden after establishment was lost (ESTABLISHMENT)
        established.pop(rr, None)
    groups: dict[str, list[str]] = {}
    for rr in turn.ridden:
        to = recipient(state, board, settings, rider, rr)
        if to:
            groups.setdefault(to, []).append(rr)
    fees: list[Fee] = []
    for to, rails in groups.items():
        full = max(full_rate(state, board, settings, rider, rr) for rr in rails)
        is_established = all(rr in established for rr in rails)
        amount = min(full, max(established[rr] for rr in rails)) if is_established else full
        is_established = amount < full  # only a lower fee is worth saying (else amount == full)
        # the establishment that set the fee: the one of the dearest railroad ridden
        setter = max(rails, key=lambda rr: established[rr]) if is_established else None
        when = since.get(setter) if setter is not None else None
        if to == PHANTOM:
            opponent = next(pid for pid in state.active() if pid != rider)
            half = amount // 2
            fees.append(Fee(BANK, half, tuple(rails), is_established, full, when, phantom=amount))
            fees.append(Fee(opponent, amount - half, tuple(rails), is_established, full, when,
                            phantom=amount))
        else:
            own = tuple(rr for rr in rails if state.owners.get(rr) == rider)
            fees.append(Fee(to, amount, tuple(rails), is_established, full, when, own))
    return [f for f in fees if f.amount > 0]
