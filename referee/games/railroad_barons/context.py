"""The working context of one Railroad Barons action: reading it, money, the track, directors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.errors import IllegalAction
from referee.engine.handlers import Handlers
from referee.engine.ledger import BANK
from referee.engine.play import Play as EnginePlay
from referee.engine.rules import Step, require
from referee.engine.words import possessive
from referee.games.railroad_barons.state import DIRECTOR, Holding, State, treasury
from referee.games.railroad_barons.terms import line_away, obsolescence_of, worth

if TYPE_CHECKING:
    from referee.games.railroad_barons.box import Box, Side
    from referee.games.railroad_barons.rules import BaronsRules

HANDLERS = Handlers()
handles = HANDLERS.on  # @handles("buy") registers the handler of an action type

LIMIT = 9  # certificates a player may hold (Investors excluded)


def money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def listing(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class Play(EnginePlay):
    """One action being applied: the working state with the rules' helpers."""

    rules: BaronsRules
    state: State

    def __init__(self, rules: BaronsRules, step: Step):
        super().__init__(rules, step)
        self.box: Box = rules.box
        self.settings = rules.settings

    # -- reading the action ---------------------------------------------------------------

    def name(self, pid: str | None) -> str:
        if pid is None or pid == BANK:
            return "the bank"
        return self.state.players.get(pid, pid)

    def hname(self, key: str) -> str:
        return self.box.holdings[key].name

    def player(self, action: dict, key: str = "player") -> str:
        pid = action.get(key)
        require(isinstance(pid, str) and pid in self.state.players, f"Unknown player {pid!r}.")
        return pid  # type: ignore[return-value]

    def holding(self, value: object) -> Holding:
        require(isinstance(value, str) and value in self.state.holdings,
                f"Unknown Holding {value!r} (the Holdings: {', '.join(self.state.holdings)}).")
        return self.state.holdings[value]  # type: ignore[index]

    def stage(self, *stages: str) -> None:
        if self.state.stage not in stages:
            raise IllegalAction(f"Not now: {stage_text(self.state)}.")

    # -- money ----------------------------------------------------------------------------

    def needs(self, account: str, amount: int, who: str) -> None:
        have = self.cash(account)
        require(have >= amount, f"{who} has {money(have)}, not the {money(amount)} needed.")

    # -- the track ------------------------------------------------------------------------

    def round_name(self) -> str:
        """The round under way, as a marker's move is dated: "Stock Round 2", "OR 2.1"."""
        state = self.state
        if state.stage == "operating":
            return f"Operating Round {state.sr}.{state.orn}"
        return f"Stock Round {state.sr}"

    def value(self, h: Holding) -> int:
        assert h.space is not None
        return self.box.track[h.space].value

    def move(self, h: Holding, way: str) -> None:
        """Move the marker one line up or down; at the end of the track it stays."""
        assert h.space is not None
        before = self.value(h)
        target = line_away(self.box, h, way)
        if not target:
            self.say(f"{self.hname(h.key)} stays at {money(before)}: the marker is at the "
                     f"{'top' if way == 'up' else 'bottom'} of the track.")
            return
        h.space = target
        h.moves.append({"from": before, "to": self.value(h), "round": self.round_name(),
                        "why": "revenue paid out" if way == "up" else "the Director sold"})
        self.say(f"{possessive(self.hname(h.key))} share value moves {way} one line: "
                 f"{money(before)} → {money(self.value(h))}.")
        if way == "up" and self.value(h) >= self.box.end_value and not self.state.ending:
            self.state.ending = True
            self.say(f"{self.hname(h.key)} has reached {money(self.box.end_value)}: the game "
                     "ends when this Operating Round ends.")

    # -- railroads ------------------------------------------------------------------------

    def side(self, name: str, side: int) -> Side:
        return self.box.card(name).sides[side]

    def describe(self, name: str, side: int) -> str:
        s = self.side(name, side)
        return f"the {name} ({s.category}, level {s.level}, income {money(s.income)})"

    def revenue(self, h: Holding) -> tuple[int, list[str]]:
        """The Holding's revenue now and its parts in words."""
        if not h.railroads:
            return 0, []
        parts = []
        total = 0
        for name, side in h.railroads:
            income = self.side(name, side).income
            total += income
            parts.append(f"{name} {money(income)}")
        if h.network:
            total += 10 * h.network
            parts.append(f"{h.network} network token{'s' if h.network > 1 else ''} "
                         f"{money(10 * h.network)}")
        for value in h.investors:
            bonus = self.box.investors[value].bonus
            total += bonus
            parts.append(f"${value} Investor {money(bonus)}")
        return total, parts

    def reached(self, side: Side) -> None:
        """A railroad was bought at `side` or left the stack counted at it: the first of each
        row of the obsolescence table it triggers makes that row's levels obsolete."""
        state = self.state
        if side.level not in state.levels_seen:
            state.levels_seen.append(side.level)
        for lost, rule in obsolescence_of(self.box, state, side):
            self.make_obsolete(lost, f"The first {rule.first} railroad")
        self.clear_stack()

    def make_obsolete(self, lost: int, by: str) -> None:
        """Level `lost` is obsolete: every Holding's railroad of it leaves without compensation."""
        state = self.state
        state.obsolete.append(lost)
        gone = []
        for h in state.holdings.values():
            for name, at in list(h.railroads):
                if self.side(name, at).level == lost:
                    h.railroads.remove((name, at))
                    state.out_of_game.append(name)
                    gone.append(f"{self.hname(h.key)}'s {name}")
        self.say(f"{by} makes level {lost} obsolete"
                 + (f": {listing(gone)} leave{'s' if len(gone) == 1 else ''} the game "
                    "without compensation." if gone else "."),
                 "Buy Railroads and Assign Investors")

    def usable_sides(self, name: str) -> list[int]:
        card = self.box.card(name)
        return [i for i, s in enumerate(card.sides) if s.level not in self.state.obsolete]

    def clear_stack(self) -> None:
        """A card on top of the stack with no side left that is not obsolete leaves the game."""
        state = self.state
        while state.stack and not self.usable_sides(state.stack[0]):
            name = state.stack.pop(0)
            state.out_of_game.append(name)
            self.say(f"The {name} on top of the stack is obsolete and leaves the game.",
                     "Operating Round (OR)")

    # -- certificates and directors -------------------------------------------------------

    def settle(self) -> None:
        """Directorship changes and the delayed 40% exchange, for every Holding."""
        for h in self.state.holdings.values():
            if not h.started:
                continue
            assert h.director is not None
            other = self.state.other(h.director)
            changed = h.share(other) > h.share(h.director)
            if changed:
                old, h.director = h.director, other
                self.say(f"{self.name(other)} now holds {h.share(other)}% of "
                         f"{self.hname(h.key)}, more than {self.name(old)}'s "
                         f"{h.share(old)}%, and becomes its Director: the card, its "
                         f"{money(self.cash(treasury(h.key)))} treasury, tokens, railroads "
                         "and Investors pass at once.")
            self.swap(h, changed)

    def swap(self, h: Holding, announce: bool) -> None:
        holder = h.certs[DIRECTOR]
        director = h.director
        if holder == director:
            return
        if h.certs[30] == director and h.certs[10] == director:
            h.certs[DIRECTOR], h.certs[30], h.certs[10] = director, holder, holder
            self.say(f"{self.name(director)} gives the 30% and 10% of {self.hname(h.key)} to "
                     f"{self.name(holder)} for the Director's 40% certificate.")
            self.over_limit_notice()
        elif announce:
            self.say(f"The Director's certificate of {self.hname(h.key)} stays with "
                     f"{self.name(holder)} until {self.name(director)} holds certificates "
                     "worth exactly 40% to give for it.")

    def over_limit_notice(self) -> None:
        for pid in self.state.players:
            count = self.state.certificate_count(pid)
            if count > LIMIT:
                self.say(f"{self.name(pid)} holds {count} certificates, over the limit of "
                         f"{LIMIT}: they must sell at their next turn.")

    def check_forty(self) -> None:
        """Once started, a player always owns 40%; the bank holds at most 60% of an operating
        Holding."""
        for h in self.state.holdings.values():
            if not h.started:
                continue
            best = max(h.share(pid) for pid in self.state.players)
            require(best >= DIRECTOR, f"One player must always own 40% of {self.hname(h.key)}.",
                    "Selling Stock Certificates")
            require(not h.operating or 100 - h.sold() <= 60,
                    f"The bank may never hold more than 60% of {self.hname(h.key)}.",
                    "Selling Stock Certificates")

    def worth(self, pid: str) -> int:
        return worth(self.box, self.state, pid)


def stage_text(state: State) -> str:
    if state.stage == "draft":
        return "the Investor draft is under way"
    if state.stage == "msc_par":
        return "the starting share value of the Holding with the $450 Investor is due"
    if state.stage == "stock":
        return f"Stock Round {state.sr}, {state.players[state.turn]}'s turn"
    if state.stage == "operating":
        who = state.op.holding if state.op else ""
        return f"Operating Round {state.sr}.{state.orn}, {who} operates"
    return "the game is over"
