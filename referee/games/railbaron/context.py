"""The working context of one Rail Baron action: reading the action, money, ownership, turn flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.errors import IllegalAction
from referee.engine.handlers import Handlers
from referee.engine.ledger import BANK
from referee.engine.play import Play as EnginePlay
from referee.engine.rules import Step, require
from referee.games.railbaron.fees import money, with_rises
from referee.games.railbaron.state import (
    PHANTOM,
    Player,
    State,
    Turn,
)

WIN_CASH = 200_000
ANNOUNCE_CASH = 150_000
ROVER_FEE = 50_000
MAX_ADJUSTMENT = 10_000_000

if TYPE_CHECKING:
    from referee.games.railbaron.rules import RailBaronRules

HANDLERS = Handlers()
handles = HANDLERS.on  # @handles("buy") registers the handler of an action type



class Play(EnginePlay):
    """One action being applied: the working state with the rules' helpers."""

    rules: RailBaronRules
    state: State

    def __init__(self, rules: RailBaronRules, step: Step):
        super().__init__(rules, step)
        self.board = rules.board
        self.settings = rules.settings

    # -- reading the action -------------------------------------------------------------

    def name(self, pid: str) -> str:
        if pid == BANK:
            return "the bank"
        if pid == PHANTOM:
            return "the phantom player"
        return self.state.players[pid].name

    def player(self, action: dict, key: str = "player") -> Player:
        pid = action.get(key)
        require(isinstance(pid, str) and pid in self.state.players, f"Unknown player {pid!r}.")
        player = self.state.players[pid]
        require(not player.bankrupt, f"{player.name} is bankrupt and out of the game.")
        return player

    def turn_player(self, action: dict, *phases: str) -> Player:
        turn = self.state.turn
        require(turn is not None, "No one has a turn yet: the game is being set up.")
        player = self.player(action)
        require(
            player.id == turn.player,
            f"It is {self.name(turn.player)}'s turn, not {player.name}'s.",
        )
        if phases and turn.phase not in phases:
            raise IllegalAction(f"{player.name} cannot do that now: {phase_text(turn)}.")
        return player

    @staticmethod
    def dice(value: object, count: int, what: str) -> tuple[int, ...]:
        ok = (
            isinstance(value, (list, tuple))
            and len(value) == count
            and all(type(d) is int and 1 <= d <= 6 for d in value)
        )
        require(ok, f"{what} must be {count} dice, each a whole number 1 to 6.")
        return tuple(value)  # type: ignore[arg-type]

    @staticmethod
    def die(value: object, what: str) -> int:
        require(type(value) is int and 1 <= value <= 6, f"{what} must be a die from 1 to 6.")
        return value  # type: ignore[return-value]

    def railroad(self, value: object) -> str:
        require(isinstance(value, str) and value in self.board.railroads,
                f"Unknown railroad {value!r} on the {self.board.name} map.")
        return value  # type: ignore[return-value]

    def railroads(self, value: object, what: str) -> list[str]:
        require(isinstance(value, list) and value, f"{what}: name at least one railroad.")
        rails = [self.railroad(rr) for rr in value]  # type: ignore[union-attr]
        return list(dict.fromkeys(rails))

    def city(self, value: object) -> str:
        found = self.board.find_city(value) if isinstance(value, str) else None
        require(found is not None, f"Unknown city {value!r} on the {self.board.name} map.")
        return found  # type: ignore[return-value]

    # -- money ----------------------------------------------------------------------------

    def said_cash(self, pid: str) -> str:
        """A player's cash as a message may say it: exact only from $150,000 (ANNOUNCING)."""
        cash = self.cash(pid)
        return money(cash) if cash >= ANNOUNCE_CASH else f"under {money(ANNOUNCE_CASH)}"

    def bid_multiple(self) -> int:
        """Auction bids come in multiples of $500 in the classic rules, of $1 in the modern."""
        return 500 if self.settings.classic else 1

    def price(self, rr: str) -> int:
        return self.settings.scaled(self.board.railroads[rr].price)

    def announce(self) -> None:
        for p in self.state.players.values():
            over = not p.bankrupt and self.cash(p.id) >= ANNOUNCE_CASH
            if over and not p.announced:
                self.say(f"{p.name} announces {money(ANNOUNCE_CASH)} or more: "
                         f"{money(self.cash(p.id))}.", "ANNOUNCING")
            p.announced = over

    # -- ownership ------------------------------------------------------------------------

    def set_owner(self, rr: str, owner: str | None, *, auctioned: bool = False) -> None:
        def change() -> None:
            self.state.owners[rr] = owner

        cause = f"the {'auction' if auctioned else 'sale'} of the {rr}"
        for text in with_rises(self.state, self.board, self.settings, change,
                               auctioned=rr if auctioned else None, cause=cause):
            self.say(text, "ESTABLISHMENT")
        self.check_sold_out()

    def bank_holds(self) -> list[str]:
        """Non-public railroads the bank still holds."""
        return [rr for rr in self.board.non_public() if self.state.owners[rr] is None]

    def check_sold_out(self) -> None:
        if self.state.sold_out or self.bank_holds():
            return

        def change() -> None:
            self.state.sold_out = True

        self.say("The bank's railroads have sold out: fees to opponents are now $10,000.",
                 "USE FEES")
        for text in with_rises(self.state, self.board, self.settings, change,
                               cause="the sell-out"):
            self.say(text, "ESTABLISHMENT")

    # -- flow -----------------------------------------------------------------------------

    @property
    def turn(self) -> Turn:
        turn = self.state.turn
        require(turn is not None, "No one has a turn yet: the game is being set up.")
        return turn  # type: ignore[return-value]

    def start_lookup(self, pid: str, purpose: str) -> None:
        if self.state.turn is None or self.state.turn.player != pid:
            self.state.turn = Turn(number=0, player=pid, phase="region")
        turn = self.turn
        turn.phase = "region"
        turn.lookup = purpose
        turn.region = None

    def begin_play(self) -> None:
        self.state.stage = "play"
        self.state.auction = None
        first = self.state.order[0]
        self.start_turn(first, 1)

    def start_turn(self, pid: str, number: int) -> None:
        player = self.state.players[pid]
        self.state.turn = Turn(number=number, player=pid, phase="region", lookup="destination")
        self.say(f"Turn {number}: {player.name}.")
        if player.home_safe:
            self.turn.phase = "end"
            self.say(f"{player.name} is home safe and waits for the round to end.", "SHORT GAME")
        elif player.arrive_next_turn:
            self.turn.phase = "arrival"
            self.say(f"{player.name} arrives at {player.destination} at the start of the turn.",
                     "ROVER PLAY / UNDECLARE")
        elif player.destination is not None:
            self.turn.phase = "move"

    def after_destination(self) -> None:
        turn = self.turn
        player = self.state.players[turn.player]
        if not turn.bounce:
            turn.phase = "move"
        elif turn.red is not None:  # a SuperChief's, rolled with the whites, or already rolled
            turn.phase = "moving"
            turn.leg = 2
            self.say(f"{player.name} bounces out with the red die: {turn.red}.", "BOUNCE OUT")
        else:
            turn.phase = "bonus"
            turn.leg = 2

    def arrive_at_destination(self, player: Player, given_payoff: object = None) -> None:
        """Arrival: the payoff from the trip's start, then the purchase opportunity."""
        turn = self.turn
        dest = player.destination
        assert dest is not None
        player.city, player.milepost = dest, None
        turn.arrivals += 1
        home_trip = player.heading_home
        if not player.trip_pays:
            self.say(f"{player.name} arrives home at {dest}: no payoff for the trip home.",
                     "DECLARING AND WINNING")
        else:
            self.pay_payoff(player, dest, given_payoff)
        if home_trip:
            turn.home_arrival = True
            if player.early:
                player.home_safe = True
                self.state.end_after_round = True
                self.say(f"{player.name} is home safe: the game ends when this round is done.",
                         "SHORT GAME")
        player.destination = None
        if not player.declared:
            player.alternate = player.declared_from = None
        turn.phase = "purchase"

    def pay_payoff(self, player: Player, dest: str, given: object) -> None:
        start = player.trip_from or dest
        amount = self.board.payoff(start, dest)
        if amount is None:
            require(type(given) is int and 0 < given <= 1_000_000,
                    f"The payoff {start}–{dest} is unknown in the {self.board.name} chart: "
                    "enter it from the printed chart.")
            amount = int(given)  # type: ignore[call-overload]
            self.say(f"The chart cell {start}–{dest} is unknown; the table read {money(amount)}.")
        elif given is not None:
            require(given == amount, f"The chart pays {money(amount)} for {start}–{dest}.")
        self.pay(BANK, player.id, amount, f"payoff {start}–{dest}", "payoff", start=start,
                 destination=dest)
        self.say(f"{player.name} arrives at {dest} from {start}: payoff {money(amount)}.")

    def after_purchase(self) -> None:
        turn = self.turn
        if self.phantom_due():
            turn.phase = "phantom"
            return
        if turn.bounce or turn.start_arrival:
            turn.start_arrival = False
            self.start_lookup(turn.player, "destination")
        else:
            turn.phase = "end"

    def phantom_due(self) -> bool:
        if not self.settings.honeymoon or not self.bank_holds():
            return False
        bought = self.state.purchases
        due = (bought - 2) // 2 if bought >= 4 else 0
        return len(self.state.owned_by(PHANTOM)) < due

    def settle_fees(self) -> None:
        """Pay the turn's fees (cash now covers them), then end the turn."""
        turn = self.turn
        player = self.state.players[turn.player]
        for fee in turn.fees:
            rails = ", ".join(fee["railroads"])
            since = fee.get("since") if fee["established"] else None
            when = {} if not since else {  # ESTABLISHMENT: the fee's words say which
                "full": fee["full"], "established": since["why"],
                "since_turn": since["turn"], "since_at": since["at"]}
            why = {"own": fee["own"]} if fee.get("own") else {}
            if fee.get("phantom"):  # HONEYMOON (2 PLAYER) RULES: half to the bank, half to him
                why = {"phantom": fee["phantom"]}  # the whole fee, halved
            self.pay(player.id, fee["to"], fee["amount"], f"use fee ({rails})", "use_fee",
                     railroads=list(fee["railroads"]), **when, **why)
            how = " (established)" if fee["established"] else ""
            self.say(f"{player.name} pays {self.name(fee['to'])} {money(fee['amount'])} "
                     f"for the {rails}{how}.")
        self.finish_turn()

    def finish_turn(self) -> None:
        turn = self.turn
        player = self.state.players[turn.player]
        if not player.bankrupt and player.declared and not player.early:
            if turn.home_arrival and self.cash(player.id) >= WIN_CASH:
                self.win([player.id], f"{player.name} is home with {money(self.cash(player.id))} "
                         "and wins!")
                return
            if self.cash(player.id) < WIN_CASH:
                self.undeclare(player, "cash fell below $200,000")
        self.next_turn()

    def undeclare_below_win_cash(self) -> None:
        """Classic undeclare: a declared player who "drops below $200,000 in cash" by any
        payment (an auction he wins, a purchase, a correction), in anyone's turn, is undeclared
        at once. An Early Declared player (Short Game) declared with less and is not; a bankrupt
        player is no longer declared."""
        if not self.settings.any_drop_undeclares or self.state.over:
            return
        for player in self.state.players.values():
            if player.declared and not player.early and self.cash(player.id) < WIN_CASH:
                self.undeclare(player, "cash fell below $200,000")

    def undeclare(self, player: Player, why: str) -> None:
        player.declared = player.early = False
        at_home = self.turn.player == player.id and self.turn.home_arrival
        if at_home and player.alternate == player.home:
            player.destination = None
            self.say(f"{player.name} is no longer declared ({why}).", "UNDECLARE")
            return
        player.destination = player.alternate
        player.trip_from = player.declared_from
        self.say(f"{player.name} is no longer declared ({why}) and heads for the alternate "
                 f"destination, {player.alternate}.", "UNDECLARE")
        if player.city is not None and player.city == player.alternate:
            player.arrive_next_turn = True
            self.say(f"{player.name} is at {player.alternate}: arrives at the start of the next "
                     "turn.", "UNDECLARE")

    def next_turn(self) -> None:
        if self.state.over:
            return
        turn = self.turn
        order = self.state.order
        active = self.state.active()
        if len(active) == 1:
            self.win(active, f"{self.name(active[0])} is the last player left and wins!")
            return
        index = order.index(turn.player)
        following = [order[(index + k) % len(order)] for k in range(1, len(order) + 1)]
        nxt = next(pid for pid in following if not self.state.players[pid].bankrupt)
        wrapped = order.index(nxt) <= index
        if self.state.end_after_round and wrapped:
            best = max(self.cash(pid) for pid in active)
            winners = [pid for pid in active if self.cash(pid) == best]
            names = " and ".join(self.name(pid) for pid in winners)
            self.win(winners, f"The round is done: {names} wins with {money(best)}.")
            return
        self.start_turn(nxt, turn.number + 1)

    def win(self, winners: list[str], text: str) -> None:
        self.state.winners = winners
        self.state.stage = "over"
        self.turn.phase = "over"
        self.say(text, "DECLARING AND WINNING")

    def bankrupt(self, player: Player, to: str = BANK) -> None:
        cash = self.cash(player.id)
        self.pay(player.id, to, cash, "bankruptcy", "bankruptcy")
        for rr in self.state.owned_by(player.id):
            self.set_owner(rr, to if to != BANK else None)
        player.bankrupt = True
        player.declared = False
        player.destination = None
        self.say(f"{player.name} is bankrupt and out of the game; his cash goes to "
                 f"{self.name(to)}.", "BANKRUPTCY")
        active = self.state.active()
        if len(active) == 1:
            self.win(active, f"{self.name(active[0])} is the last player left and wins!")

    def after_sale(self, first: bool = False) -> None:
        """After a sale (or at the start of a shortfall): pay what is owed if the cash covers it,
        go bankrupt with no railroad left, else keep raising cash."""
        turn = self.turn
        if turn.debt is not None:
            self.after_debt_sale(first)
            return
        player = self.state.players[turn.player]
        owed = sum(f["amount"] for f in turn.fees)
        if self.cash(player.id) >= owed:
            self.settle_fees()
        elif not self.state.owned_by(player.id):
            self.bankrupt(player)
            self.finish_turn()
        else:
            turn.phase = "shortfall"
            if not first:
                self.say(f"{player.name} still cannot cover the {money(owed)} of use fees.",
                         "AUCTION")

    def owe_rover_fee(self, victim: Player, rover: str) -> None:
        """The rovered player pays the fee, raising what he lacks by sales as for use fees."""
        turn = self.turn
        if self.cash(victim.id) >= ROVER_FEE:
            self.pay(victim.id, rover, ROVER_FEE, "rover", "rover")
            return
        turn.debt = {"debtor": victim.id, "to": rover, "amount": ROVER_FEE,
                     "resume": turn.phase}
        if self.state.owned_by(victim.id):
            self.say(f"{victim.name} cannot pay the {money(ROVER_FEE)} in cash: railroads must "
                     "be sold back or auctioned.", "ROVER PLAY")
        self.after_debt_sale(first=True)

    def after_debt_sale(self, first: bool) -> None:
        turn = self.turn
        debt = turn.debt
        assert debt is not None
        debtor = self.state.players[debt["debtor"]]
        amount = debt["amount"]
        if self.cash(debtor.id) >= amount:
            self.pay(debtor.id, debt["to"], amount, "rover", "rover")
            self.say(f"{debtor.name} pays {self.name(debt['to'])} {money(amount)} for the rover.",
                     "ROVER PLAY")
        elif not self.state.owned_by(debtor.id):
            self.bankrupt(debtor)
        else:
            turn.phase = "shortfall"
            if not first:
                self.say(f"{debtor.name} still cannot cover the {money(amount)} of the rover.",
                         "ROVER PLAY")
            return
        turn.debt = None
        if not self.state.over:
            turn.phase = debt["resume"]

    def seller(self, action: dict) -> Player:
        """Who may sell now: the player short of his fees, or the rovered player short of the
        rover fee (during the rover's turn)."""
        turn = self.turn
        if turn.debt is None:
            return self.turn_player(action, "shortfall")
        player = self.player(action)
        debtor = turn.debt["debtor"]
        require(player.id == debtor,
                f"It is {self.name(debtor)} who must raise the cash, not {player.name}.")
        if turn.phase != "shortfall":
            raise IllegalAction(f"{player.name} cannot do that now: {phase_text(turn)}.")
        return player


def phase_text(turn: Turn) -> str:
    return {
        "region": "the region roll comes first",
        "choose_region": "a region is to be chosen",
        "city": "the city roll comes next",
        "move": "the movement roll comes next",
        "bonus": "the bonus die is to be rolled",
        "moving": "the train is moving",
        "purchase": "the purchase opportunity is open",
        "end": "the turn is ready to end",
        "shortfall": "the fees must be raised first",
        "auction": "an auction is running",
        "phantom": "the phantom player draws a railroad first",
        "arrival": "the arrival at the alternate destination comes first",
        "draw_deed": "a deed is to be drawn for the Starting Auction",
        "over": "the game is over",
    }.get(turn.phase, turn.phase)
