"""The working context of one Prairie Railroads action: reading it, cities, money, turn flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.errors import IllegalAction
from referee.engine.handlers import Handlers
from referee.engine.ledger import BANK
from referee.engine.play import Play as EnginePlay
from referee.engine.rules import Step, require
from referee.games.prairie_railroads.constants import (
    ALL_START_CITIES,
    MAX_INCOME,
    RAILROADS,
    money,
    treasury,
)
from referee.games.prairie_railroads.economy import (
    city_income,
    controllers,
    dividend_per_share,
    final_per_share,
)
from referee.games.prairie_railroads.state import Auction, City, Railroad, State, Turn

if TYPE_CHECKING:
    from referee.games.prairie_railroads.board import Board
    from referee.games.prairie_railroads.rules import PrairieRules

HANDLERS = Handlers()
handles = HANDLERS.on  # @handles("buy") registers the handler of an action type


def known_start(name: str) -> str | None:
    folded = name.strip().casefold()
    return next((c for c in ALL_START_CITIES if c.casefold() == folded), None)



def base_income(board: Board | None, state: State, name: str) -> tuple[int, bool]:
    """A city's printed income and whether it is a start city (from the board, else as the
    table entered it)."""
    if board is not None:
        c = board.cities[name]
        return c.income, c.start
    c = state.cities.get(name)
    if c is None or c.income is None:
        return 0, bool(known_start(name))
    return c.income, c.start


def income_of(board: Board | None, state: State, name: str) -> int:
    """A city's income now (a grown city's is one more)."""
    base, start = base_income(board, state, name)
    return city_income(base, start, name in state.grown)

class Play(EnginePlay):
    """One action being applied: the working state with the rules' helpers."""

    rules: PrairieRules
    state: State

    def __init__(self, rules: PrairieRules, step: Step):
        super().__init__(rules, step)
        self.board: Board | None = rules.board

    # -- reading the action ---------------------------------------------------------------

    def name(self, pid: str | None) -> str:
        if pid is None or pid == BANK:
            return "the bank"
        return self.state.players.get(pid, pid)

    def player(self, action: dict, key: str = "player") -> str:
        pid = action.get(key)
        require(isinstance(pid, str) and pid in self.state.players, f"Unknown player {pid!r}.")
        return pid  # type: ignore[return-value]

    def turn(self, action: dict, *phases: str) -> tuple[str, Turn]:
        """The player of the turn, who must be the one acting, in one of `phases`."""
        turn = self.state.turn
        require(turn is not None, "No one has a turn yet: the initial auctions are running.")
        assert turn is not None
        pid = self.player(action)
        require(pid == turn.player,
                f"It is {self.name(turn.player)}'s turn, not {self.name(pid)}'s.")
        if phases and turn.phase not in phases:
            raise IllegalAction(f"{self.name(pid)} cannot do that now: {phase_text(self, turn)}.")
        return pid, turn

    def railroad(self, value: object) -> Railroad:
        require(isinstance(value, str) and value.upper() in RAILROADS,
                f"Unknown railroad {value!r} (the railroads: {', '.join(RAILROADS)}).")
        return self.state.railroads[value.upper()]  # type: ignore[union-attr]

    @staticmethod
    def dice(value: object, count: int, what: str) -> tuple[int, ...]:
        ok = (isinstance(value, (list, tuple)) and len(value) == count
              and all(type(d) is int and 1 <= d <= 6 for d in value))
        require(ok, f"{what} must be {count} dice, each a whole number 1 to 6.")
        return tuple(value)  # type: ignore[arg-type]

    # -- cities ---------------------------------------------------------------------------

    def find_city(self, name: object) -> str | None:
        """The city's name as the game knows it (board, or learned this game), else None."""
        if not isinstance(name, str) or not name.strip():
            return None
        if self.board is not None:
            return self.board.find_city(name)
        folded = name.strip().casefold()
        found = next((c for c in self.state.cities if c.casefold() == folded), None)
        return found or known_start(name)

    def city(self, name: object, incomes: dict | None = None) -> str:
        """A city named in an action; without a board a new city is learned with its income."""
        found = self.find_city(name)
        if self.board is not None:
            require(found is not None, f"Unknown city {name!r} on the {self.board.name}.")
            return found  # type: ignore[return-value]
        require(isinstance(name, str) and bool(name.strip()) and len(name.strip()) <= 40,
                "Type the city's name (at most 40 letters).")
        name = found or name.strip()  # type: ignore[union-attr]
        known = self.state.cities.get(name)
        if known_start(name):
            if known is None:
                self.state.cities[name] = City(name, 0, start=True)
            return name
        if known is not None and known.income is not None:
            given = (incomes or {}).get(name)
            require(given is None or given == known.income,
                    f"{name}'s income is {money(known.income)}, as entered before.")
            return name
        given = _income_given(incomes, name)
        require(given is not None,
                f"{name} is new to this game: enter its income from the board (0 to {MAX_INCOME}).")
        self.state.cities[name] = City(name, given)
        return name

    def base_income(self, name: str) -> tuple[int, bool]:
        return base_income(self.board, self.state, name)

    def income_of(self, name: str) -> int:
        return income_of(self.board, self.state, name)

    def network(self, rr: Railroad) -> set[str]:
        return rr.cities()

    # -- money ----------------------------------------------------------------------------

    def pay_dividends(self, railroads: list[Railroad], why: str, rule: str) -> None:
        for rr in railroads:
            each = dividend_per_share(rr.income)
            for pid, n in rr.shares.items():
                if n and each:
                    self.pay(BANK, pid, n * each, f"{why}: {rr.key} ×{n}", "dividend",
                             railroad=rr.key, shares=n)
                    self.say(f"{self.name(pid)} receives {money(n * each)} "
                             f"({n} {rr.key} × {money(each)}).", rule)

    # -- turn flow ------------------------------------------------------------------------

    def seat_after(self, pid: str) -> str:
        ids = list(self.state.players)
        return ids[(ids.index(pid) + 1) % len(ids)]

    def clockwise_from(self, pid: str) -> list[str]:
        ids = list(self.state.players)
        i = ids.index(pid)
        return ids[i:] + ids[:i]

    def start_turn(self, pid: str, number: int) -> None:
        state = self.state
        if sum(state.hands[pid].values()) == 0 and sum(state.deck.values()) == 0:
            self.say(f"{self.name(pid)} has no card to play and the draw deck is empty: "
                     "the game ends.")
            self.final_payoff()
            return
        state.turn = Turn(number, pid, "card")
        state.turns = number
        self.say(f"Turn {number}: {self.name(pid)}.")

    def end_turn(self) -> None:
        turn = self.state.turn
        assert turn is not None
        self.state.auction = None
        self.start_turn(self.seat_after(turn.player), turn.number + 1)

    def final_payoff(self) -> None:
        state = self.state
        self.say("Final payoff: each share pays (Value + Income) ÷ shares sold, rounded up.",
                 "Final Railroad Stock Payoffs")
        for rr in state.railroads.values():
            each = final_per_share(rr.value, rr.income, rr.sold())
            for pid, n in rr.shares.items():
                if n and each:
                    self.pay(BANK, pid, n * each, f"final payoff: {rr.key} ×{n}", "final_payoff",
                             railroad=rr.key, shares=n)
                    state.final[pid] = state.final.get(pid, 0) + n * each
                    self.say(f"{self.name(pid)} receives {money(n * each)} "
                             f"({n} {rr.key} × {money(each)}).",
                             "Final Railroad Stock Payoffs")
            left = self.cash(treasury(rr.key))
            if left > 0:
                self.pay(treasury(rr.key), BANK, left, f"{rr.key} treasury back to the bank",
                          "treasury_return", railroad=rr.key)
        state.stage = "over"
        state.turn = None
        state.auction = None
        self.name_winners()

    def name_winners(self) -> None:
        """The most money wins, ties allowed (the end of the game, or a correction after it)."""
        state = self.state
        best = max(self.cash(pid) for pid in state.players)
        state.winners = [pid for pid in state.players if self.cash(pid) == best]
        names = " and ".join(self.name(pid) for pid in state.winners)
        self.say(f"{names} {'win' if len(state.winners) > 1 else 'wins'} with {money(best)}.",
                 "Final Payoff")

    # -- auctions -------------------------------------------------------------------------

    def open_auction(self, rr: Railroad, seller: str | None, offered_by: str,
                     minimum: int) -> None:
        bidders = [p for p in self.clockwise_from(offered_by) if p != seller]
        self.state.auction = Auction(rr.key, seller, bidders, minimum, offered_by=offered_by)
        self.drop_the_broke()

    def drop_the_broke(self) -> None:
        """Bidders who cannot pay the next bid are out (nobody bids over his cash)."""
        auction = self.state.auction
        assert auction is not None
        need = auction.to_beat()
        for pid in list(auction.bidders):
            if pid != auction.high_bidder and self.cash(pid) < need:
                auction.bidders.remove(pid)
                self.say(f"{self.name(pid)} cannot pay {money(need)} and is out of the bidding.")

    def auction_done(self) -> bool:
        auction = self.state.auction
        assert auction is not None
        return not auction.bidders or auction.bidders == [auction.high_bidder]

    def controllers(self, rr: Railroad) -> list[str]:
        return controllers(rr)


def _income_given(incomes: dict | None, name: str) -> int | None:
    if not isinstance(incomes, dict):
        return None
    folded = name.casefold()
    value = next((v for k, v in incomes.items() if isinstance(k, str)
                  and k.strip().casefold() == folded), None)
    if value is None:
        return None
    require(type(value) is int and 0 <= value <= MAX_INCOME,
            f"{name}'s income must be a whole number 0 to {MAX_INCOME}.")
    return value


PHASES = {
    "card": "play a card from the hand or draw one",
    "offer": "offer a share",
    "bidding": "bidding is under way",
    "growth": "roll for Discover Growth",
    "growth_choice": "choose the city that grows",
    "railroad": "choose the railroad that builds",
    "build": "the railroad builds",
}


def phase_text(play: Play, turn: Turn) -> str:
    return f"{play.name(turn.player)}'s turn: {PHASES.get(turn.phase, turn.phase)}"
