"""The rules of Rail Baron (modern Southeast rulebook and classic Avalon Hill rules) as actions.

Each action is a plain dict with a `type`; `apply` checks it against the state and returns the
outcome, or raises IllegalAction naming the rule. docs/railbaron-actions.md lists every action.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK, Ledger
from referee.engine.rules import Outcome, Step, require
from referee.games.railbaron.board import RailBaronMap, parity_of
from referee.games.railbaron.fees import full_rate, money, turn_fees, with_rises
from referee.games.railbaron.settings import Settings
from referee.games.railbaron.state import (
    ENGINE_NAMES,
    ENGINES,
    PHANTOM,
    Auction,
    Player,
    State,
    Turn,
)

WIN_CASH = 200_000
ANNOUNCE_CASH = 150_000
ROVER_FEE = 50_000
MAX_ADJUSTMENT = 10_000_000

Handler = Callable[["Play", dict], None]
HANDLERS: dict[str, Handler] = {}


def handles(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


class RailBaronRules:
    """The rules object the engine replays a Rail Baron game with."""

    game = "railbaron"

    def __init__(self, board: RailBaronMap, players: list[dict], settings: Settings):
        if not 2 <= len(players) <= 6:
            raise ValueError(f"Rail Baron takes 2 to 6 players, not {len(players)}")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids):
            raise ValueError("every player needs a different id")
        if reserved := {BANK, PHANTOM, "banker"} & set(ids):
            raise ValueError(f"{sorted(reserved)[0]!r} cannot be a player id")
        if settings.honeymoon and len(players) != 2:
            raise ValueError("the Honeymoon rules are for exactly 2 players")
        if not board.railroads:
            raise ValueError(f"the {board.name} map has no railroads yet: it can be looked up, "
                             "not played")
        self.board = board
        self.players = [dict(p) for p in players]
        self.settings = settings

    def initial(self) -> Outcome:
        players = {
            p["id"]: Player(p["id"], p.get("name") or p["id"], p.get("colour", ""))
            for p in self.players
        }
        state = State(ledger=Ledger(), players=players)
        state.contenders = list(players)
        state.owners = {rr: None for rr in self.board.railroads}
        step = Step(state)
        cash = self.settings.starting_cash()
        for pid in players:
            step.transfer(BANK, pid, cash, "starting cash")
        step.say(f"Each player starts with {money(cash)} and a Freight engine.")
        step.say("Everyone rolls three dice: the highest total goes first.")
        return step.outcome()

    def apply(self, state: State, action: dict) -> Outcome:
        handler = HANDLERS.get(action.get("type", ""))
        if handler is None:
            raise IllegalAction(f"Rail Baron has no action {action.get('type')!r}.")
        if state.over and action["type"] != "adjust_cash":
            raise IllegalAction("The game is over.")
        play = Play(self, Step(state))
        handler(play, action)
        play.announce()
        return play.step.outcome()

    def legal_actions(self, state: State) -> list[dict]:
        from referee.games.railbaron.views import legal_actions

        return legal_actions(self, state)


class Play:
    """One action being applied: the working state with the rules' helpers."""

    def __init__(self, rules: RailBaronRules, step: Step):
        self.rules = rules
        self.board = rules.board
        self.settings = rules.settings
        self.step = step
        self.state: State = step.state

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

    def cash(self, pid: str) -> int:
        return self.state.cash(pid)

    def pay(self, source: str, target: str, amount: int, memo: str) -> None:
        if amount > 0:
            self.step.transfer(source, target, amount, memo)

    def price(self, rr: str) -> int:
        return self.settings.scaled(self.board.railroads[rr].price)

    def say(self, text: str) -> None:
        self.step.say(text)

    def announce(self) -> None:
        for p in self.state.players.values():
            over = not p.bankrupt and self.cash(p.id) >= ANNOUNCE_CASH
            if over and not p.announced:
                self.say(f"{p.name} announces {money(ANNOUNCE_CASH)} or more: "
                         f"{money(self.cash(p.id))}.")
            p.announced = over

    # -- ownership ------------------------------------------------------------------------

    def set_owner(self, rr: str, owner: str | None, *, auctioned: bool = False,
                  exclude: tuple[str, ...] = ()) -> None:
        def change() -> None:
            self.state.owners[rr] = owner

        for text in with_rises(self.state, self.board, self.settings, change,
                               auctioned=rr if auctioned else None, exclude=exclude):
            self.say(text)
        self.check_sold_out()

    def bank_holds(self) -> list[str]:
        """Non-public railroads the bank still holds."""
        return [rr for rr in self.board.non_public() if self.state.owners[rr] is None]

    def check_sold_out(self) -> None:
        if self.state.sold_out or self.bank_holds():
            return

        def change() -> None:
            self.state.sold_out = True

        self.say("The bank's railroads have sold out: fees to opponents are now $10,000.")
        for text in with_rises(self.state, self.board, self.settings, change):
            self.say(text)

    # -- flow -----------------------------------------------------------------------------

    @property
    def turn(self) -> Turn:
        assert self.state.turn is not None
        return self.state.turn

    def start_lookup(self, pid: str, purpose: str) -> None:
        if self.state.turn is None or self.state.turn.player != pid:
            self.state.turn = Turn(number=0, player=pid, phase="region")
        turn = self.turn
        turn.phase = "region"
        turn.lookup = purpose
        turn.region = turn.region_rolled = None

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
            self.say(f"{player.name} is home safe and waits for the round to end.")
        elif player.arrive_next_turn:
            self.turn.phase = "arrival"
            self.say(f"{player.name} arrives at {player.destination} at the start of the turn.")
        elif player.destination is not None:
            self.turn.phase = "move"

    def after_destination(self) -> None:
        turn = self.turn
        player = self.state.players[turn.player]
        if not turn.bounce:
            turn.phase = "move"
        elif player.engine == "superchief" or turn.red is not None:
            turn.phase = "moving"
            turn.leg = 2
            self.say(f"{player.name} bounces out with the red die: {turn.red}.")
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
        going_home = player.declared and dest == player.home
        if going_home:
            turn.home_arrival = True
            if player.early:
                player.home_safe = True
                self.state.end_after_round = True
                self.say(f"{player.name} is home safe: the game ends when this round is done.")
        if going_home and player.alternate != dest:
            self.say(f"{player.name} arrives home at {dest}: no payoff for the trip home.")
        else:
            self.pay_payoff(player, dest, given_payoff)
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
        self.pay(BANK, player.id, amount, f"payoff {start}–{dest}")
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
            self.pay(player.id, fee["to"], fee["amount"], f"use fee ({rails})")
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

    def undeclare(self, player: Player, why: str) -> None:
        player.declared = player.early = False
        if self.turn.home_arrival and player.alternate == player.home:
            player.destination = None
            self.say(f"{player.name} is no longer declared ({why}).")
            return
        player.destination = player.alternate
        player.trip_from = player.declared_from
        self.say(f"{player.name} is no longer declared ({why}) and heads for the alternate "
                 f"destination, {player.alternate}.")
        if player.city is not None and player.city == player.alternate:
            player.arrive_next_turn = True
            self.say(f"{player.name} is at {player.alternate}: arrives at the start of the next "
                     "turn.")

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
        self.say(text)

    def bankrupt(self, player: Player, to: str = BANK) -> None:
        cash = self.cash(player.id)
        self.pay(player.id, to, cash, "bankruptcy")
        for rr in self.state.owned_by(player.id):
            self.set_owner(rr, to if to != BANK else None)
        player.bankrupt = True
        player.declared = False
        player.destination = None
        self.say(f"{player.name} is bankrupt and out of the game; {money(cash)} goes to "
                 f"{self.name(to)}.")
        active = self.state.active()
        if len(active) == 1:
            self.win(active, f"{self.name(active[0])} is the last player left and wins!")

    def after_sale(self) -> None:
        turn = self.turn
        player = self.state.players[turn.player]
        owed = sum(f["amount"] for f in turn.fees)
        if self.cash(player.id) >= owed:
            self.settle_fees()
        elif not self.state.owned_by(player.id):
            self.bankrupt(player)
            self.finish_turn()
        else:
            turn.phase = "shortfall"
            self.say(f"{player.name} still owes {money(owed)} with {money(self.cash(player.id))}.")


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


# -- setup --------------------------------------------------------------------------------


@handles("roll_for_first_player")
def roll_for_first_player(play: Play, action: dict) -> None:
    state = play.state
    require(state.stage == "first_player", "The first player is already known.")
    rolls = action.get("rolls")
    require(isinstance(rolls, dict), "rolls: give each contender's three dice.")
    require(set(rolls) == set(state.contenders),
            "rolls: exactly these players roll now: "
            + ", ".join(play.name(pid) for pid in state.contenders) + ".")
    totals = {pid: sum(play.dice(rolls[pid], 3, f"{play.name(pid)}'s roll"))
              for pid in state.contenders}
    best = max(totals.values())
    tied = [pid for pid in state.contenders if totals[pid] == best]
    if len(tied) > 1:
        state.contenders = tied
        play.say(f"Tie at {best}: " + " and ".join(play.name(p) for p in tied) + " roll again.")
        return
    first = tied[0]
    seats = list(state.players)
    at = seats.index(first)
    state.order = seats[at:] + seats[:at]
    state.contenders = []
    state.stage = "homes"
    play.say(f"{play.name(first)} rolls {best} and goes first; then "
             + ", ".join(play.name(p) for p in state.order[1:]) + ".")
    play.start_lookup(first, "home")


@handles("roll_region")
def roll_region(play: Play, action: dict) -> None:
    player = play.turn_player(action, "region")
    turn = play.turn
    red, w1, w2 = play.dice(action.get("dice"), 3, "dice (red, white, white)")
    code = play.board.region_at(red, w1 + w2)
    where = f"{parity_of(red)} {w1 + w2}"
    given = action.get("region")
    if code is None:
        code = play.board.find_region(given) if isinstance(given, str) else None
        require(code is not None, f"The region table's {where} cell is unknown in this chart: "
                "enter the region from the printed chart.")
        play.say(f"Region cell {where} is unknown; the table read {play.board.regions[code]}.")
    elif given is not None:
        require(play.board.find_region(str(given)) == code,
                f"The chart says {play.board.regions[code]} for {where}.")
    turn.region_rolled = code
    region_name = play.board.regions[code]
    play.say(f"{player.name} rolls {where} for the region: {region_name}.")
    here = player.city
    if (turn.lookup != "home" and here is not None and play.board.region_of(here) == code):
        turn.phase = "choose_region"
        play.say(f"{player.name}'s train is in {region_name}: any region may be chosen.")
    else:
        turn.region = code
        turn.phase = "city"


@handles("choose_region")
def choose_region(play: Play, action: dict) -> None:
    player = play.turn_player(action, "choose_region")
    given = action.get("region")
    code = play.board.find_region(given) if isinstance(given, str) else None
    require(code is not None, f"Unknown region {given!r}.")
    play.turn.region = code
    play.turn.phase = "city"
    play.say(f"{player.name} chooses {play.board.regions[code]}.")


@handles("roll_city")
def roll_city(play: Play, action: dict) -> None:
    player = play.turn_player(action, "city")
    turn = play.turn
    region = turn.region
    assert region is not None
    red, w1, w2 = play.dice(action.get("dice"), 3, "dice (red, white, white)")
    where = f"{play.board.regions[region]} {parity_of(red)} {w1 + w2}"
    city = play.board.city_at(region, red, w1 + w2)
    given = action.get("city")
    if city is None:
        found = play.board.find_city(given) if isinstance(given, str) else None
        require(found is not None and play.board.region_of(found) == region,
                f"The city cell {where} is unknown in this chart: enter the city of that region "
                "from the printed chart.")
        city = found
        play.say(f"City cell {where} is unknown; the table read {city}.")
    elif given is not None:
        require(play.board.find_city(str(given)) == city, f"The chart says {city} for {where}.")
    assert city is not None
    play.say(f"{player.name} rolls {where}: {city}.")
    finish_lookup(play, player, city)


def finish_lookup(play: Play, player: Player, city: str) -> None:
    turn = play.turn
    state = play.state
    if turn.lookup == "home":
        player.home = player.city = city
        play.say(f"{player.name}'s home city is {city}.")
        index = state.order.index(player.id) + 1
        if index < len(state.order):
            play.start_lookup(state.order[index], "home")
        elif play.settings.starting_auction:
            state.stage = "starting_auction"
            turn.phase = "draw_deed"
        else:
            play.begin_play()
        return
    if turn.lookup == "alternate":
        player.alternate = city
        player.declared = True
        player.declared_from = player.city
        player.destination = player.home
        player.trip_from = player.city
        play.say(f"{player.name}'s alternate destination is {city}; the destination is home, "
                 f"{player.home}.")
        if city == player.city:
            play.say(f"{player.name} is at the alternate destination: declared, but the rest of "
                     "the turn is lost.")
            turn.phase = "end"
            return
        play.after_destination()
        return
    if city == player.city:
        play.say(f"{city} is where {player.name}'s train stands: the rest of the turn is lost.")
        turn.phase = "end"
        return
    player.destination = city
    player.trip_from = player.city
    play.say(f"{player.name}'s destination: {city}.")
    play.after_destination()


@handles("draw_deed")
def draw_deed(play: Play, action: dict) -> None:
    state = play.state
    require(state.stage == "starting_auction" and play.turn.phase == "draw_deed",
            "Deeds are drawn only for the Starting Auction.")
    rr = play.railroad(action.get("railroad"))
    require(rr in play.bank_holds() and rr not in state.drawn,
            f"The {rr} is not among the bank's undrawn deeds.")
    state.drawn.append(rr)
    opening = play.price(rr) // 2
    state.auction = Auction(rr, BANK, list(state.order), opening, purpose="starting")
    play.turn.phase = "auction"
    play.say(f"Starting Auction: the {rr} ({play.board.railroads[rr].name}), opening bid "
             f"{money(opening)}; {play.name(state.order[0])} bids first.")


def next_starting_deed(play: Play) -> None:
    state = play.state
    undrawn = [rr for rr in play.bank_holds() if rr not in state.drawn]
    if len(state.drawn) >= len(state.players) or not undrawn:
        play.say("The Starting Auction is over; deeds not sold go back to the bank.")
        play.begin_play()
    else:
        play.turn.phase = "draw_deed"


# -- declaring ----------------------------------------------------------------------------


@handles("declare")
def declare(play: Play, action: dict) -> None:
    player = play.turn_player(action, "region")
    turn = play.turn
    require(turn.lookup == "destination",
            f"{player.name} may declare only when about to determine a destination.")
    require(not player.declared, f"{player.name} is already declared.")
    cash = play.cash(player.id)
    if cash >= WIN_CASH:
        if player.city == player.home:
            play.win([player.id], f"{player.name} declares at home with {money(cash)} and wins!")
            return
        player.early = False
        play.say(f"{player.name} declares with {money(cash)}.")
    else:
        require(play.settings.short_game,
                f"{player.name} cannot declare: cash {money(cash)}, declaring needs "
                f"{money(WIN_CASH)}.", "DECLARING AND WINNING")
        require(not play.bank_holds(),
                f"{player.name} cannot Early Declare while the bank still holds railroads.",
                "Short Game 2")
        home_region = play.board.region_of(player.home or "")
        require(player.city is None or play.board.region_of(player.city) != home_region,
                f"{player.name} cannot Early Declare while in the region of the home city.",
                "Short Game 2")
        player.early = True
        play.say(f"{player.name} Early Declares with {money(cash)}.")
    turn.lookup = "alternate"


@handles("home_swap")
def home_swap(play: Play, action: dict) -> None:
    player = play.turn_player(action)
    require(play.turn.phase == "move" and not player.moved and not player.swapped,
            f"{player.name} may Home Swap only after the first destination and before the first "
            "movement roll.", "HOME SWAP")
    old_home, new_home = player.home, player.destination
    assert old_home is not None and new_home is not None
    player.home, player.destination = new_home, old_home
    player.city, player.milepost = new_home, None
    player.trip_from = new_home
    player.swapped = True
    for rr in sorted(play.board.railroads_at(new_home)):
        rate = full_rate(play.state, play.board, play.settings, player.id, rr)
        if rate:
            player.established[rr] = min(player.established.get(rr, rate), rate)
    play.say(f"{player.name} swaps home: home is now {new_home}, destination {old_home}; "
             f"established on the railroads at {new_home}.")


# -- movement -----------------------------------------------------------------------------


@handles("roll_move")
def roll_move(play: Play, action: dict) -> None:
    player = play.turn_player(action, "move")
    turn = play.turn
    white = play.dice(action.get("white"), 2, "white")
    red = action.get("red")
    if player.engine == "superchief":
        red = play.die(red, "red (a SuperChief rolls all three dice)")
    else:
        require(red is None, f"A {ENGINE_NAMES[player.engine]} rolls the two white dice; the red "
                "bonus die comes only after doubles." if player.engine == "express" else
                "A Freight rolls the two white dice; the red bonus die comes only after double "
                "sixes.")
    turn.white = (white[0], white[1])
    turn.red = red
    player.moved = True
    if player.engine == "freight":
        turn.bonus = white == (6, 6)
    elif player.engine == "express":
        turn.bonus = white[0] == white[1]
    else:
        turn.bonus = True
    total = sum(white)
    if player.engine == "superchief":
        play.say(f"{player.name} rolls {white[0]}+{white[1]}+{red} (SuperChief): moves "
                 f"{total + red}.")
    elif turn.bonus:
        play.say(f"{player.name} rolls {white[0]}+{white[1]}: moves {total}, then the bonus die.")
    else:
        play.say(f"{player.name} rolls {white[0]}+{white[1]}: moves {total}.")
    turn.phase = "moving"


@handles("roll_bonus")
def roll_bonus(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "bonus")
    turn = play.turn
    require(turn.bonus and turn.red is None and player.engine != "superchief",
            f"{player.name} has no bonus die to roll this turn.", "BONUS ROLL")
    require(turn.leg == 1 or turn.phase == "bonus", "The bonus die is rolled once a turn.")
    turn.red = play.die(action.get("red"), "red")
    play.say(f"{player.name} rolls the bonus die: {turn.red} more.")
    turn.phase = "moving"


def record_rides(play: Play, player: Player, rails: list[str]) -> None:
    """Note the railroads ridden; riding any not established on ends establishment."""
    turn = play.turn
    for rr in rails:
        if rr in player.established:
            turn.established_rides.setdefault(rr, player.established[rr])
        if rr not in turn.ridden:
            turn.ridden.append(rr)
    if any(rr not in player.established for rr in rails) and player.established:
        player.established = {}


@handles("arrive")
def arrive(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "arrival")
    turn = play.turn
    require(player.destination is not None, f"{player.name} has no destination to arrive at.")
    if turn.phase == "arrival":
        player.arrive_next_turn = False
        turn.start_arrival = True
        play.arrive_at_destination(player, action.get("payoff"))
        return
    rails = play.railroads(action.get("ridden"), "ridden")
    within_white = action.get("within_white", True)
    require(isinstance(within_white, bool), "within_white is true or false.")
    if turn.leg == 1 and not within_white:
        require(turn.red is not None,
                "Arriving beyond the white dice needs the bonus die: roll it first.")
    record_rides(play, player, rails)
    was_home_trip = player.declared and player.destination == player.home
    play.arrive_at_destination(player, action.get("payoff"))
    turn.bounce = turn.leg == 1 and turn.bonus and within_white and not was_home_trip
    if was_home_trip and turn.bonus:
        play.say(f"{player.name} ignores the unused bonus at home.")


@handles("stop")
def stop(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving")
    turn = play.turn
    if turn.bonus and turn.red is None and turn.leg == 1:
        raise IllegalAction(f"{player.name} must move the bonus die too: roll it first.",
                            "BONUS ROLL")
    rails = play.railroads(action.get("ridden"), "ridden")
    at = action.get("at") or {"railroads": [rails[-1]]}
    require(isinstance(at, dict), "at: give {'city': name} or {'railroads': [...]}.")
    if at.get("city") is not None:
        city = play.city(at["city"])
        require(city != player.destination,
                f"{city} is the destination: that is an arrival, not a stop.")
        player.city, player.milepost = city, None
        where = city
    else:
        player.city, player.milepost = None, play.railroads(at.get("railroads"), "at")
        where = "a milepost on the " + "/".join(player.milepost)
    record_rides(play, player, rails)
    play.say(f"{player.name} rides the {', '.join(rails)} and stops at {where}.")
    turn.phase = "end"


@handles("rover")
def rover(play: Play, action: dict) -> None:
    player = play.turn_player(action, "moving", "purchase", "end")
    victim = play.player(action, "victim")
    require(victim.id != player.id, f"{player.name} cannot rover himself.")
    require(victim.declared, f"{victim.name} is not declared and cannot be rovered.",
            "ROVER PLAY")
    require(not victim.home_safe, f"{victim.name} is home safe and immune.", "Short Game 4")
    cash = play.cash(victim.id)
    if victim.early and cash < ROVER_FEE:
        play.say(f"{player.name} rovers {victim.name}, who cannot pay {money(ROVER_FEE)}.")
        play.bankrupt(victim, to=player.id)
        return
    require(cash >= ROVER_FEE, f"{victim.name} has only {money(cash)}: correct the cash first.")
    play.pay(victim.id, player.id, ROVER_FEE, "rover")
    play.say(f"{player.name} rovers {victim.name}: {money(ROVER_FEE)} to {player.name}.")
    victim.declared = victim.early = False
    victim.destination = victim.alternate
    victim.trip_from = victim.declared_from
    play.say(f"{victim.name} now heads for the alternate destination, {victim.alternate}.")
    if victim.city is not None and victim.city == victim.alternate:
        victim.arrive_next_turn = True
        play.say(f"{victim.name} is at {victim.alternate}: arrives at the start of the next turn.")


# -- purchase -----------------------------------------------------------------------------


@handles("buy")
def buy(play: Play, action: dict) -> None:
    player = play.turn_player(action, "purchase")
    rr = play.railroad(action.get("railroad"))
    info = play.board.railroads[rr]
    require(not info.public, f"The {rr} is Public and cannot be bought.", "PURCHASE")
    owner = play.state.owners[rr]
    if owner is not None:
        raise IllegalAction(f"The {rr} belongs to {play.name(owner)}.", "PURCHASE")
    price, cash = play.price(rr), play.cash(player.id)
    require(price <= cash,
            f"{player.name} cannot buy the {rr}: price {money(price)}, cash {money(cash)}.",
            "PURCHASE")
    play.pay(player.id, BANK, price, f"bought the {rr}")
    play.say(f"{player.name} buys the {rr} ({info.name}) for {money(price)}.")
    play.state.purchases += 1
    play.set_owner(rr, player.id)
    play.after_purchase()


@handles("upgrade")
def upgrade(play: Play, action: dict) -> None:
    player = play.turn_player(action, "purchase")
    target = action.get("engine")
    require(target in ENGINES[1:], "engine: express or superchief.")
    require(ENGINES.index(target) > ENGINES.index(player.engine),
            f"{player.name} already has a {ENGINE_NAMES[player.engine]}.", "PURCHASE")
    cost = play.settings.upgrade_cost(player.engine, target, len(play.state.players))
    cash = play.cash(player.id)
    require(cost <= cash, f"{player.name} cannot buy the {ENGINE_NAMES[target]}: price "
            f"{money(cost)}, cash {money(cash)}.", "PURCHASE")
    play.pay(player.id, BANK, cost, f"upgrade to {ENGINE_NAMES[target]}")
    player.engine = target
    play.say(f"{player.name} upgrades to a {ENGINE_NAMES[target]} for {money(cost)}.")
    play.after_purchase()


@handles("skip_purchase")
def skip_purchase(play: Play, action: dict) -> None:
    play.turn_player(action, "purchase")
    play.after_purchase()


@handles("phantom_draw")
def phantom_draw(play: Play, action: dict) -> None:
    turn = play.turn
    require(turn.phase == "phantom", "The phantom player draws only when it is due.", "HONEYMOON")
    rr = play.railroad(action.get("railroad"))
    require(rr in play.bank_holds(), f"The {rr} is not an unowned railroad of the bank.")
    play.say(f"The phantom player draws the {rr}.")
    play.set_owner(rr, PHANTOM)
    play.after_purchase()


# -- end of turn: fees, shortfall, auctions, bankruptcy -------------------------------------


@handles("end_turn")
def end_turn(play: Play, action: dict) -> None:
    player = play.turn_player(action, "end")
    turn = play.turn
    fees = turn_fees(play.state, play.board, play.settings, player.id)
    turn.fees = [f.as_dict() for f in fees]
    owed = sum(f.amount for f in fees)
    if owed == 0 and turn.ridden:
        play.say(f"{player.name} owes no use fees.")
    if play.cash(player.id) >= owed:
        play.settle_fees()
        return
    play.say(f"{player.name} owes {money(owed)} in use fees with {money(play.cash(player.id))}: "
             "railroads must be sold back or auctioned.")
    play.after_sale()


@handles("sell_back")
def sell_back(play: Play, action: dict) -> None:
    player = play.turn_player(action, "shortfall")
    rr = play.railroad(action.get("railroad"))
    require(play.state.owners[rr] == player.id, f"{player.name} does not own the {rr}.")
    half = play.price(rr) // 2
    play.pay(BANK, player.id, half, f"sold back the {rr}")
    play.say(f"{player.name} sells the {rr} back to the bank for {money(half)}.")
    play.state.owners[rr] = None
    play.state.purchases -= 1
    play.after_sale()


@handles("auction")
def start_auction(play: Play, action: dict) -> None:
    player = play.turn_player(action, "shortfall")
    rr = play.railroad(action.get("railroad"))
    require(play.state.owners[rr] == player.id, f"{player.name} does not own the {rr}.")
    order = play.state.order
    at = order.index(player.id)
    bidders = [order[(at + k) % len(order)] for k in range(1, len(order))]
    bidders = [pid for pid in bidders if not play.state.players[pid].bankrupt]
    opening = play.price(rr) // 2
    play.state.auction = Auction(rr, player.id, bidders, opening)
    play.turn.phase = "auction"
    play.say(f"{player.name} auctions the {rr}: opening bid {money(opening)}; "
             f"{play.name(bidders[0])} bids first.")


@handles("bid")
def bid(play: Play, action: dict) -> None:
    auction = current_auction(play)
    bidder = play.player(action)
    require(bidder.id == auction.next_bidder,
            f"It is {play.name(auction.next_bidder)}'s bid, not {bidder.name}'s.", "AUCTION")
    amount = action.get("amount")
    require(type(amount) is int, "amount: a whole number of dollars.")
    minimum = auction.minimum()
    require(amount >= minimum, f"{bidder.name}'s bid of {money(amount)} is under the minimum "
            f"{money(minimum)}.", "AUCTION")
    if play.settings.classic:
        require(amount % 500 == 0, "Classic rules: bids are multiples of $500.", "AUCTION")
    cash = play.cash(bidder.id)
    require(amount <= cash, f"{bidder.name} cannot bid {money(amount)} with {money(cash)} cash.",
            "AUCTION")
    auction.high, auction.high_bidder = amount, bidder.id
    play.say(f"{bidder.name} bids {money(amount)} for the {auction.railroad}.")
    advance_auction(play, auction)


@handles("pass")
def pass_bid(play: Play, action: dict) -> None:
    auction = current_auction(play)
    bidder = play.player(action)
    require(bidder.id == auction.next_bidder,
            f"It is {play.name(auction.next_bidder)}'s bid, not {bidder.name}'s.", "AUCTION")
    play.say(f"{bidder.name} passes.")
    auction.bidders.pop(auction.at)
    if auction.bidders:
        auction.at %= len(auction.bidders)
    resolve_auction(play, auction)


def current_auction(play: Play) -> Auction:
    auction = play.state.auction
    require(auction is not None and play.state.turn is not None and play.turn.phase == "auction",
            "No auction is running.")
    assert auction is not None
    return auction


def advance_auction(play: Play, auction: Auction) -> None:
    auction.at = (auction.at + 1) % len(auction.bidders)
    resolve_auction(play, auction)


def resolve_auction(play: Play, auction: Auction) -> None:
    others = [pid for pid in auction.bidders if pid != auction.high_bidder]
    if others:
        return
    state = play.state
    rr = auction.railroad
    state.auction = None
    if auction.purpose == "starting":
        if auction.high_bidder is None:
            play.say(f"No bid for the {rr}: it is set aside.")
        else:
            assert auction.high is not None
            play.pay(auction.high_bidder, BANK, auction.high, f"bought the {rr} at auction")
            play.say(f"{play.name(auction.high_bidder)} buys the {rr} for {money(auction.high)}.")
            state.purchases += 1
            play.set_owner(rr, auction.high_bidder)
        next_starting_deed(play)
        return
    seller = state.players[auction.seller]
    if auction.high_bidder is None:
        half = play.price(rr) // 2
        play.pay(BANK, seller.id, half, f"bank bought the {rr}")
        state.owners[rr] = None
        state.purchases -= 1
        play.say(f"No bid: the bank buys the {rr} from {seller.name} for {money(half)}.")
    else:
        assert auction.high is not None
        play.pay(auction.high_bidder, seller.id, auction.high, f"bought the {rr} at auction")
        play.say(f"{play.name(auction.high_bidder)} buys the {rr} from {seller.name} for "
                 f"{money(auction.high)}.")
        play.set_owner(rr, auction.high_bidder, auctioned=True, exclude=(seller.id,))
        if rr in play.turn.ridden:
            seller.established[rr] = 0
            play.say(f"{seller.name} rode the {rr} this turn: no fee to its new owner while "
                     "established on it.")
    play.after_sale()


# -- corrections ----------------------------------------------------------------------------


@handles("adjust_cash")
def adjust_cash(play: Play, action: dict) -> None:
    player = play.player(action)
    amount = action.get("amount")
    reason = action.get("reason")
    require(type(amount) is int and amount != 0 and abs(amount) <= MAX_ADJUSTMENT,
            f"amount: a whole, non-zero number of dollars up to {money(MAX_ADJUSTMENT)}.")
    require(isinstance(reason, str) and reason.strip() != "",
            "reason: say why the cash is corrected.")
    cash = play.cash(player.id)
    if amount > 0:
        play.pay(BANK, player.id, amount, f"correction: {reason.strip()}")
    else:
        require(cash + amount >= 0,
                f"{player.name} has {money(cash)}: cannot take {money(-amount)}.")
        play.pay(player.id, BANK, -amount, f"correction: {reason.strip()}")
    play.say(f"Banker's correction: {player.name} {'+' if amount > 0 else '-'}"
             f"{money(abs(amount))} ({reason.strip()}).")

