"""Rail Baron's turn flow on the phone and the banker console: the state and the legal actions
of the rules (referee.games.railbaron.views.legal_actions), turned into what the templates show.

No rule is decided here: what may be done comes from `legal_actions`, what it costs from the
rules' own figures. This module only reads the charts to show a payoff or a lookup's result, and
keeps the half-entered choices of a form (dice tapped, railroads ridden) in the page's query
string, the "draft", so that every form works without scripts and posts one complete action.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.engine.ledger import BANK
from referee.games.railbaron.board import parity_of
from referee.games.railbaron.charts.lookup import payoff as payoff_lookup
from referee.games.railbaron.context import ANNOUNCE_CASH, ROVER_FEE, WIN_CASH
from referee.games.railbaron.fees import full_rate, money
from referee.games.railbaron.route_hints import likely_railroads, reach
from referee.games.railbaron.state import ENGINE_NAMES, PHANTOM
from referee.games.railbaron.views import to_act
from referee.web.presenter import Draft, Panel, Presenter, Slot, refused_form

# a die of the draft: the red or a white die of a roll, or die 0–2 of a player's first-player roll
DIE_KEY = re.compile(r"red|w1|w2|f-[A-Za-z0-9_-]{1,40}-[012]")
DIE_LABELS = {"red": "Red die", "w1": "White die", "w2": "Second white die"}
LOOKUP_DICE = [("dice:int", "red"), ("dice:int", "w1"), ("dice:int", "w2")]
DOING = {
    "region": "rolling for the region",
    "choose_region": "choosing a region",
    "city": "rolling for the city",
    "move": "rolling to move",
    "bonus": "rolling the bonus die",
    "moving": "moving the train",
    "arrival": "arriving at the alternate destination",
    "purchase": "choosing a purchase",
    "end": "ending the turn (use fees)",
    "shortfall": "raising cash for the use fees",
    "auction": "auctioning a railroad",
}
BANKER_STEPS = {
    "phantom": "The phantom player draws a railroad: the banker records it.",
    "draw_deed": "Starting Auction: the banker draws the next deed.",
}
# Declaring (before the lookup) comes first, and "Buy nothing" above the list of railroads;
# the home swap (open until the roll) follows the roll, so that "Roll for me" stays in view;
# the rover, open during the whole movement and purchase, comes last.
PANEL_ORDER = {"declare": 0, "skip_purchase": 0, "home_swap": 1.5, "rover": 2}
# The "now" block's places for the panels, one per rank of PANEL_ORDER (the declaration or
# the skip of a purchase; the rolls and the rest; the swap; the rover): each a part of the
# live section drawn even when empty, so that a panel keeps its place (a roll's dice theirs)
# when another rank's panel comes or goes beside it. Short names: they are sent with it.
SLOTS = (("panel-0", 0), ("panel-1", 1), ("panel-2", 1.5), ("panel-3", 2))
LOOKUP_WORDS = {"home": "home city", "destination": "destination", "alternate":
                "alternate destination"}


@dataclass(frozen=True)
class Chip:
    """A railroad as a coloured chip."""

    abbr: str
    name: str
    colour: str
    price: int


@dataclass(frozen=True)
class Payoff:
    """The payoff waiting at a destination, read from the map's chart."""

    start: str
    end: str
    amount: int | None  # None: the chart cell is unknown
    notes: tuple[str, ...] = ()
    overridden: bool = False


@dataclass
class Seat:
    """What a page shows of one player."""

    id: str
    name: str
    colour: str
    cash: int | None  # None: "under $150,000" for this viewer
    engine: str
    home: str | None
    where: str
    destination: str | None
    payoff: Payoff | None  # None: no destination, or the declared trip home (it pays nothing)
    declared: bool
    early: bool
    alternate: str | None
    deeds: list[Chip]
    established: list[str]
    bankrupt: bool
    to_act: bool
    you: bool
    winner: bool


class TurnPage(Presenter):
    """Everything the Rail Baron phone and banker templates show, for one view."""

    die_key = DIE_KEY
    dice_fields = {"dice:int": ("red", "w1", "w2"), "white:int": ("w1", "w2"),
                   "red:int": ("red",)}
    # the railroads ridden, the railroads at a milepost, the established railroads ridden only
    # after another one (the ride order, asked where it changes a fee)
    draft_lists = ("rr", "mp", "late")
    panel_order = PANEL_ORDER
    css = "rb"
    doing_class = "rb-turn"
    failures_elsewhere = ("adjust_cash", "undo", "redo", "take_back", "rename_player")

    def __init__(self, view: Any):
        super().__init__(view)
        self.settings = self.rules.settings
        self.seated_banker: str | None = view.seated_banker if self.banker else None
        self.seats = [self._seat(line) for line in view.players]
        self._orders: dict[tuple[str, tuple[str, ...]], dict | None] = {}

    def list_allowed(self, key: str, value: str) -> bool:
        return value in self.board.railroads

    def refused_draft(self, form: MultiDict, draft: Draft) -> None:
        """The railroads ridden of a refused stop or arrival, from its json field."""
        try:
            posted = json.loads(form.get("json", "") or "{}")
        except (ValueError, RecursionError):
            posted = {}
        if isinstance(posted, dict) and isinstance(posted.get("ridden"), list):
            draft.lists["rr"] = [rr for rr in posted["ridden"]
                                 if isinstance(rr, str) and rr in self.board.railroads]
        if isinstance(posted, dict) and isinstance(posted.get("order"), list):
            # the order as sent: an established railroad named after one he is not
            # established on was ridden late (see `ride_order`)
            order = [rr for rr in posted["order"] if isinstance(rr, str)]
            turn = self.state.turn
            player = self.state.players.get(turn.player) if turn else None
            held = player.established if player else {}
            if self.rules.settings.one_railroad:  # classic: any railroad after the first ends it
                first_new = 1 if order and order[0] in held else 0
            else:
                first_new = next((i for i, rr in enumerate(order) if rr not in held), len(order))
            draft.lists["late"] = [rr for rr in order[first_new:] if rr in held]

    @cached_property
    def slots(self) -> list[Slot]:
        """The panels in the places of `SLOTS`, by their order (PANEL_ORDER; any other order
        in the main place)."""
        place = {at: name for name, at in SLOTS}

        def of(panel: Panel) -> str:
            return place.get(self.panel_order.get(panel.type, 1), "panel-1")

        return [Slot(name, [p for p in self.panels if of(p) == name]) for name, _ in SLOTS]

    def act_templates(self, kind: str) -> list[str]:
        return [f"railbaron/turn/{kind}.html"]

    @property
    def ridden(self) -> list[str]:
        """The railroads tapped as ridden so far (the draft)."""
        return self.choices.lists.get("rr", [])

    def ride_order(self, pid: str, ridden: list[str]) -> dict | None:
        """The question of the order ridden, where the rules make it change a fee: the report
        holds a railroad the rider is established on at less than its full fee, and one he is
        not established on, which ends establishment (ESTABLISHMENT). Each such established
        railroad was ridden first (the default: the rules' own reading without an order) or
        after the other (the full fee). None where the order changes nothing."""
        key = (pid, tuple(ridden))
        if key not in self._orders:  # asked by every report form of the page
            self._orders[key] = self._ride_order(pid, ridden)
        return self._orders[key]

    def _ride_order(self, pid: str, ridden: list[str]) -> dict | None:
        held = self.state.players[pid].established
        kept = [rr for rr in ridden if rr in held]
        new = [rr for rr in ridden if rr not in held]
        cheaper = [rr for rr in kept if held[rr] < full_rate(
            self.state, self.board, self.settings, pid, rr)]
        # classic establishment ends on riding any other railroad, established or not: one
        # established railroad at most keeps its fee, the one ridden first
        classic = self.settings.one_railroad
        if not cheaper or not (len(ridden) > 1 if classic else new):
            return None
        late = [rr for rr in self.choices.lists.get("late", []) if rr in cheaper]
        first = next((rr for rr in cheaper if rr not in late), None)
        if classic and first is None and set(ridden) <= set(cheaper):
            # some railroad was ridden first: the one not marked "after" last
            first = next(rr for rr in cheaper if rr != late[-1])

        def is_first(rr: str) -> bool:
            return rr == first if classic else rr not in late

        def question(rr: str) -> dict:
            others = "/".join(r for r in ridden if r != rr) if classic else "/".join(new)
            before = [r for r in cheaper if r != rr] if classic else [r for r in late if r != rr]
            return {"chip": self.chip(rr), "fee": held[rr], "choices": [
                {"words": f"{rr} first", "then": f"{rr} at {money(held[rr])}",
                 "on": is_first(rr), "late": "", "url": self.choices.query(late=before)},
                {"words": f"{others} first", "then": f"{rr} at the full fee",
                 "on": not is_first(rr), "late": rr,
                 "url": self.choices.query(late=[*late, rr])},
            ]}

        questions = [question(rr) for rr in cheaper]
        if classic:
            later = [rr for rr in cheaper if rr != first]
            order = ([first] if first else []) + [
                rr for rr in ridden if rr != first and rr not in later] + later
        else:
            order = [rr for rr in kept if rr not in late] + new + late
        return {"questions": questions, "order": order}

    def report(self, pid: str, ridden: list[str], **fields: Any) -> str:
        """The json of a stop or an arrival: the railroads ridden, the order where it was
        asked, and `fields`."""
        asked = self.ride_order(pid, ridden)
        order = {"order": asked["order"]} if asked else {}
        return json.dumps({"ridden": ridden, **order, **fields})

    def now_line(self) -> str:
        return f"Turn {self.turn_number}. {self.doing()}" if self.turn_number else self.doing()

    @property
    def before_panels(self) -> list[str]:
        """The parts of the "now" block above the panels: the roll, the auction."""
        parts = []
        if self.movement() and self.phase in ("moving", "bonus"):
            parts.append("railbaron/turn/_allowance.html")
        if self.auction:
            parts.append("railbaron/turn/_auction.html")
        return parts

    # -- names and railroads ---------------------------------------------------------------

    def name(self, pid: str | None) -> str:
        if pid is None or pid == BANK:
            return "the bank"
        if pid == PHANTOM:
            return "the phantom player"
        player = self.state.players.get(pid)
        return player.name if player else pid

    def chip(self, abbr: str) -> Chip:
        rr = self.board.railroads[abbr]
        return Chip(rr.abbr, rr.name, rr.colour or "#888888", self.settings.scaled(rr.price))

    def owner_groups(self, railroads: list[str], rider: str) -> list[dict]:
        """Railroads grouped by who owns them: the rider's own, the bank's, each opponent's."""
        groups: dict[str, list[Chip]] = {}
        for abbr in railroads:
            info = self.board.railroads[abbr]
            owner = self.state.owners.get(abbr)
            key = "public" if info.public else (owner or BANK)
            groups.setdefault(key, []).append(self.chip(abbr))
        order = [rider, BANK, "public",
                 *[p for p in self.state.players if p != rider], PHANTOM]
        out = []
        for key in order:
            if key not in groups:
                continue
            if key == rider:
                label = "Your own" if self.me == rider else f"{self.name(rider)}'s own"
            elif key == BANK:
                label = "The bank's"
            elif key == "public":
                label = "Public"
            else:
                label = f"{self.name(key)}'s"
            out.append({"owner": key, "label": label, "chips": groups[key]})
        return out

    # -- players ---------------------------------------------------------------------------

    def payoff(self, start: str | None, end: str | None) -> Payoff | None:
        if start is None or end is None:
            return None
        found = payoff_lookup(self.board, start, end)
        return Payoff(found.city_a, found.city_b, found.amount, found.notes, found.overridden)

    def _seat(self, line: Any) -> Seat:
        p = self.state.players[line.id]
        if p.city is not None:
            where = p.city
        elif p.milepost:
            where = "a milepost on the " + "/".join(p.milepost)
        else:
            where = "not on the board yet"
        return Seat(
            id=p.id, name=p.name, colour=line.colour, cash=line.cash,
            engine=ENGINE_NAMES[p.engine], home=p.home, where=where,
            destination=p.destination,
            payoff=self.payoff(p.trip_from, p.destination) if p.trip_pays else None,
            declared=p.declared, early=p.early, alternate=p.alternate,
            deeds=[self.chip(rr) for rr in self.state.owned_by(p.id)],
            established=sorted(p.established), bankrupt=p.bankrupt,
            to_act=to_act(self.state) == p.id,
            you=line.you and not self.banker, winner=p.id in self.state.winners,
        )

    def cash_of(self, pid: str) -> int | None:
        """A player's cash if this page may show it exactly (ANNOUNCING): his own phone, a
        banker who does not play, or $150,000 and more; else None ("under $150,000")."""
        cash = self.state.cash(pid)
        if pid == self.me or cash >= ANNOUNCE_CASH:
            return cash
        if self.banker and self.seated_banker in (None, pid):
            return cash
        return None

    @property
    def you(self) -> Seat | None:
        return next((s for s in self.seats if s.id == self.me), None)

    @property
    def others(self) -> list[Seat]:
        return [s for s in self.seats if s.id != self.me]

    # -- whose turn ------------------------------------------------------------------------

    @property
    def turn_number(self) -> int:
        return self.state.turn.number if self.state.turn else 0

    @property
    def phase(self) -> str | None:
        return self.state.turn.phase if self.state.turn else None

    def doing(self) -> str:
        """A line for everyone: whose turn it is and what is going on."""
        state = self.state
        if state.over:
            return "The game is over."
        if state.stage == "first_player":
            names = ", ".join(self.name(p) for p in state.contenders)
            return f"Rolling for the first player ({names}): the banker records the rolls."
        turn = state.turn
        assert turn is not None
        who = self.name(turn.player)
        if turn.phase in BANKER_STEPS:
            return BANKER_STEPS[turn.phase]
        if turn.phase == "auction" and state.auction is not None:
            return (f"Auction of the {state.auction.railroad}: "
                    f"{self.name(state.auction.next_bidder)} to bid.")
        if turn.phase in ("region", "city", "choose_region") and turn.lookup:
            what = LOOKUP_WORDS.get(turn.lookup, turn.lookup)
            if turn.phase == "city":  # the city rolled is the home city, the destination…
                return f"{who} is rolling for the {what}."
            return f"{who} is {DOING[turn.phase]} of the {what}."
        return f"{who} is {DOING.get(turn.phase, turn.phase)}."

    # -- movement --------------------------------------------------------------------------

    def movement(self) -> list[str]:
        """The movement allowance and any bonus, in plain words."""
        turn = self.state.turn
        if turn is None or self.state.stage != "play":
            return []
        player = self.state.players[turn.player]
        engine = player.engine
        lines: list[str] = []
        if turn.phase == "move":
            lines.append({
                "freight": "Freight: roll the two white dice; double sixes give the red bonus "
                           "die after moving 12.",
                "express": "Express: roll the two white dice; any doubles give the red bonus "
                           "die after moving.",
                "superchief": "SuperChief: roll all three dice and move their total.",
            }[engine])
            return lines
        if turn.white is None:
            return lines
        w1, w2 = turn.white
        if turn.leg == 2:
            if turn.red is None:
                lines.append("Bounce out: roll the red bonus die and move that far from here.")
            else:
                lines.append(f"Bounce out: move {turn.red} with the red die towards "
                             f"{player.destination}.")
            return lines
        if engine == "superchief":
            lines.append(f"Move {w1 + w2 + (turn.red or 0)} mileposts "
                         f"(white {w1}+{w2}, red {turn.red}).")
        elif turn.red is not None:  # few words: the railroads to tap stay on a phone's screen
            lines.append(f"Move {w1 + w2 + turn.red} mileposts: white {w1}+{w2}, "
                         f"red bonus {turn.red}.")
        else:
            lines.append(f"Move {w1 + w2} mileposts (white {w1}+{w2}).")
            if turn.bonus:  # one line, so the roll stays in reach
                lines.append("Bonus! After moving the white dice, roll the red bonus die. "
                             "Arriving within the white dice leaves it for a bounce out after "
                             "the purchase.")
                return lines
        if turn.bonus and turn.phase == "moving":
            lines.append(f"Arriving within the white {w1 + w2} saves the red {turn.red} for a "
                         "bounce out.")  # (the red is known: a bonus still to roll returned above)
        return lines

    @property
    def ridden_this_turn(self) -> list[Chip]:
        turn = self.state.turn
        return [self.chip(rr) for rr in turn.ridden] if turn else []

    # -- the actions -----------------------------------------------------------------------

    def die(self, key: str, label: str, colour: str = "") -> dict:
        return super().die(key, label, colour or ("red" if key == "red" else "white"))

    def roll_dice(self, panel: Panel, keys: tuple[str, ...], fields: list[tuple[str, str]],
                  rolls: list[tuple[str, int]]) -> None:
        """A dice entry of the red and white dice (templates/_dice.html)."""
        self.dice_panel(panel, [(k, DIE_LABELS[k], "red" if k == "red" else "white")
                                for k in keys], fields, rolls)

    def _lookup_preview(self, panel: Panel) -> None:
        values = panel.data["chosen"]
        if not panel.data["complete"]:
            return
        red, total = values["red"], values["w1"] + values["w2"]
        panel.data["cell"] = f"{parity_of(red)} {total}"
        if panel.type == "roll_region":
            code = self.board.region_at(red, total)
            panel.data["result"] = None if code is None else self.board.regions[code]
        else:
            panel.data["result"] = self.board.city_at(panel.legal["region"], red, total)

    def _prepare_roll_region(self, panel: Panel) -> None:
        self.roll_dice(panel, ("red", "w1", "w2"), LOOKUP_DICE, [("dice", 3)])
        turn = self.state.turn
        panel.data["lookup"] = LOOKUP_WORDS.get(turn.lookup or "", "destination")
        panel.data["unknown_cells"] = any(v is None for v in self.board.region_table.values())
        panel.data["regions"] = list(self.board.regions.items())
        self._lookup_preview(panel)

    def _prepare_roll_city(self, panel: Panel) -> None:
        self.roll_dice(panel, ("red", "w1", "w2"), LOOKUP_DICE, [("dice", 3)])
        turn = self.state.turn
        region = panel.legal["region"]
        panel.data["lookup"] = LOOKUP_WORDS.get(turn.lookup or "", "destination")
        panel.data["region_name"] = self.board.regions[region]
        panel.data["unknown_cells"] = any(
            city is None for (code, _p, _s), city in self.board.city_table.items()
            if code == region)
        panel.data["cities"] = sorted(c for c, r in self.board.cities.items() if r == region)
        self._lookup_preview(panel)

    def _prepare_choose_region(self, panel: Panel) -> None:
        panel.data["regions"] = [(code, self.board.regions[code])
                                 for code in panel.legal["regions"]]

    def _prepare_roll_move(self, panel: Panel) -> None:
        superchief = panel.legal["engine"] == "superchief"
        self.roll_dice(panel, ("w1", "w2", "red") if superchief else ("w1", "w2"),
                       [("white:int", "w1"), ("white:int", "w2"), ("red:int", "red")],
                       [("white", 2), *([("red", 1)] if superchief else [])])
        panel.data["engine"] = ENGINE_NAMES[panel.legal["engine"]]

    def _prepare_roll_bonus(self, panel: Panel) -> None:
        self.roll_dice(panel, ("red",), [("red:int", "red")], [("red", 1)])

    def _prepare_home_swap(self, panel: Panel) -> None:
        player = self.state.players[panel.player]
        panel.data["home"], panel.data["destination"] = player.home, player.destination
        panel.data["payoff"] = self.payoff(player.destination, player.home)

    def _prepare_declare(self, panel: Panel) -> None:
        player = self.state.players[panel.player]
        panel.data["cash"] = self.cash_of(player.id)
        panel.data["home"] = player.home
        panel.data["at_home"] = player.city == player.home
        panel.data["early"] = self.state.cash(player.id) < WIN_CASH

    def _from_here(self, player: Any) -> tuple[str | None, list[str]]:
        """Where the train left (a city, or a milepost) and the railroads serving it."""
        if player.city:
            graph = self.board.route_graph
            served = graph.railroads_at(player.city) if graph is not None else frozenset()
            served = served or self.board.railroads_at(player.city)
            return player.city, sorted(served)
        if player.milepost:
            return "the milepost", [rr for rr in player.milepost if rr in self.board.railroads]
        return None, []

    def ridden_panel(self, panel: Panel) -> None:
        """One list of the railroads to tap as ridden: the likely ones and those serving where
        the train left first, then the rider's and the opponents' own, the rest behind a tap."""
        pid = panel.player
        assert pid is not None
        chosen = self.ridden
        player = self.state.players[pid]
        start, here = self._from_here(player)
        likely = self._likely(player)
        shown: list[str] = []
        groups: list[dict] = []

        def group(key: str, label: str, railroads: list[str]) -> None:
            fresh = [rr for rr in railroads if rr not in shown]
            shown.extend(fresh)
            if fresh:
                groups.append({"owner": key, "label": label, "chips": [
                    {"chip": self.chip(rr), "on": rr in chosen,
                     "url": self.choices.toggled("rr", rr)} for rr in fresh]})

        if likely:
            group("likely", f"Likely from {likely[0]} to {likely[1]} (a hint)", likely[2])
        if start:
            group("here", f"Serving {start}", here)
        owned = self.owner_groups([rr for rr in self.board.railroads
                                   if self.state.owners.get(rr) not in (None, BANK)], pid)
        for g in owned:
            group(g["owner"], g["label"], [c.abbr for c in g["chips"]])
        first = len(groups)
        group("more", "Other railroads", list(self.board.railroads))
        panel.data["groups"] = groups[:first]
        panel.data["more"] = groups[first] if len(groups) > first else None
        panel.data["more_open"] = bool(panel.data["more"]) and any(
            t["on"] for t in panel.data["more"]["chips"])
        panel.data["ridden"] = [self.chip(rr) for rr in chosen]

    def _likely(self, player: Any) -> tuple[str, str, list[str]] | None:
        """The railroads of the likely routes to the destination (route hints; nothing is
        chosen until tapped): (from, to, railroads), or None without rails."""
        start = player.city or player.trip_from
        graph = self.board.route_graph
        if graph is None or not start or not player.destination:
            return None
        return start, player.destination, likely_railroads(
            graph, self.state, self.board, self.settings, player.id, start, player.destination)

    def _prepare_arrive(self, panel: Panel) -> None:
        turn = self.state.turn
        player = self.state.players[panel.player]
        panel.data["start_of_turn"] = turn.phase == "arrival"
        panel.data["payoff"] = self.payoff(player.trip_from or player.destination,
                                           player.destination)
        panel.data["home_trip"] = not panel.legal["pays"]
        panel.data["thousands"] = self.board.thousands  # an unknown cell is typed as printed
        panel.data["action"] = {"type": "arrive", "player": player.id}  # its money is named
        if not panel.data["start_of_turn"]:
            self.ridden_panel(panel)
            ridden = self.ridden
            panel.data["json"] = self.report(player.id, ridden)
            panel.data["ask_within"] = turn.leg == 1 and turn.bonus and turn.red is not None
            panel.data["json_beyond"] = self.report(player.id, ridden, within_white=False)
            panel.data["action"] |= json.loads(panel.data["json"])
            panel.data["action_beyond"] = {**panel.data["action"],
                                           **json.loads(panel.data["json_beyond"])}
            panel.data["bounce"] = panel.legal["bounce_within_white"]
            panel.data["can_stop"] = any(a["type"] == "stop" and a.get("player") == player.id
                                         for a in self.legal_now)
            panel.data["milepost_json"] = self._milepost_json(player.id, ridden)
            panel.data["far"] = self._far(player)
            panel.data["order"] = self.ride_order(player.id, ridden)

    def _milepost(self, ridden: list[str]) -> list[str]:
        """The railroads serving the milepost stopped at: those tapped, else the last ridden."""
        return self.choices.lists.get("mp") or ridden[-1:]

    def _milepost_json(self, pid: str, ridden: list[str]) -> str:
        return self.report(pid, ridden, at={"railroads": self._milepost(ridden)})

    def _far(self, player: Any) -> str | None:
        """Why an arrival looks out of reach of the roll (a hint: the table rules), or None."""
        turn, graph = self.state.turn, self.board.route_graph
        if (graph is None or turn is None or turn.white is None or turn.leg != 1
                or not player.city or not player.destination):
            return None
        away = reach(graph, player.city, player.destination)
        roll = turn.allowance() + (6 if turn.bonus and turn.red is None else 0)
        if away is None or away <= roll:
            return None
        return (f"{player.destination} is {away} mileposts from {player.city} by the traced "
                f"rails, and the roll is {roll}.")

    def _prepare_stop(self, panel: Panel) -> None:
        player = self.state.players[panel.player]
        ridden = self.ridden
        graph = self.board.route_graph
        if graph is not None:  # the rails say which railroads serve which city
            served = {c for rr in ridden for c in graph.railroad_cities(rr)}
        else:
            served = {c for rr in ridden for c in self.board.service.get(rr, ())}
        cities = sorted(c for c in (served or self.board.cities) if c != player.destination)
        panel.data["cities"] = [
            (c if graph is None else f"{c} ({', '.join(sorted(graph.railroads_at(c)))})",
             self.report(player.id, ridden, at={"city": c}))
            for c in cities]
        # Every railroad serving the milepost counts for establishment, ridden or not
        # (ESTABLISHMENT, example 2): the ridden ones are offered first, the last one chosen.
        milepost = self._milepost(ridden)
        offered = [*ridden, *(rr for rr in self.board.railroads if rr not in ridden)]
        panel.data["milepost"] = [self.chip(rr) for rr in milepost]
        panel.data["milepost_chips"] = [
            {"chip": self.chip(rr), "on": rr in milepost,
             "url": self.choices.query(mp=[r for r in milepost if r != rr]
                                     if rr in milepost else [*milepost, rr])}
            for rr in offered
        ]
        panel.data["milepost_json"] = self._milepost_json(player.id, ridden)
        panel.data["ridden"] = [self.chip(rr) for rr in ridden]

    def _prepare_buy(self, panel: Panel) -> None:
        chips = [self.chip(rr) for rr in panel.legal["railroads"]]
        panel.data["chips"] = sorted(chips, key=lambda c: -c.price)  # dearest first
        panel.data["cash"] = self.cash_of(panel.player)

    def _prepare_upgrade(self, panel: Panel) -> None:
        panel.data["engines"] = [(key, ENGINE_NAMES[key], cost)
                                 for key, cost in panel.legal["engines"].items()]

    def _prepare_end_turn(self, panel: Panel) -> None:
        pid = panel.player
        fees = []
        for fee in panel.legal["fees"]:
            to = fee["to"]
            why = ("the bank's railroads" if to == BANK else
                   f"{self.name(to)}'s railroad{'s' if len(fee['railroads']) > 1 else ''}")
            fees.append({"to": self.name(to), "amount": fee["amount"], "why": why,
                         "chips": [self.chip(rr) for rr in fee["railroads"]],
                         "established": fee["established"], "full": fee["full"]})
        total = sum(f["amount"] for f in fees)
        cash = self.cash_of(pid)
        charged = {rr for fee in panel.legal["fees"] for rr in fee["railroads"]}
        ridden = self.ridden_this_turn
        free = [c for c in ridden if c.abbr not in charged]
        own = [c for c in free if self.state.owners.get(c.abbr) == pid]
        # cash None: this page may not show it, nor anything that tells it
        panel.data.update(fees=fees, total=total, cash=cash,
                          short=None if cash is None else max(0, total - cash),
                          after=None if cash is None or cash < total else cash - total,
                          ridden=ridden, own=own, waived=[c for c in free if c not in own])

    def _sale_panel(self, panel: Panel) -> None:
        turn = self.state.turn
        pid = panel.player
        debt = turn.debt
        owed = debt["amount"] if debt else sum(f["amount"] for f in turn.fees)
        cash = self.cash_of(pid)
        panel.data.update(owed=owed, cash=cash, rover=debt is not None,
                          to_raise=None if cash is None else max(0, owed - cash),
                          offers=[(self.chip(rr), self.chip(rr).price // 2)
                                  for rr in panel.legal["railroads"]])

    _prepare_sell_back = _sale_panel
    _prepare_auction = _sale_panel

    def _prepare_bid(self, panel: Panel) -> None:
        auction = self.state.auction
        minimum, limit = panel.legal["minimum"], panel.legal["maximum"]
        steps = (minimum, minimum + 500, minimum + 1_000, minimum + 5_000)
        shown = self.cash_of(panel.player)
        panel.data.update(minimum=minimum, limit=shown,
                          quick=[s for s in steps if shown is None or s <= shown],
                          can_bid=minimum <= limit, railroad=self.chip(auction.railroad))

    def _prepare_rover(self, panel: Panel) -> None:
        panel.data["victims"] = [(pid, self.name(pid)) for pid in panel.legal["victims"]]
        panel.data["fee"] = ROVER_FEE
        panel.data["reach"] = self._reach(panel.player, panel.legal["victims"])

    def _reach(self, mover: str | None, victims: list[str]) -> list[str]:
        """Whether each declared player's city is within the mover's roll along the rails:
        a hint while the train is still where the turn began, never a ruling."""
        turn, graph = self.state.turn, self.board.route_graph
        if (graph is None or turn is None or mover is None or turn.white is None
                or turn.phase not in ("moving", "bonus") or turn.leg != 1):
            return []
        start, roll = self.state.players[mover].city, turn.allowance()
        lines = []
        for pid in victims:
            city = self.state.players[pid].city
            away = reach(graph, start, city) if start and city else None
            if away is None:
                continue
            if away <= roll:
                lines.append(f"{self.name(pid)} at {city} is within reach: {away} mileposts "
                             f"from {start} by the traced rails, the roll is {roll}.")
            else:
                lines.append(f"{self.name(pid)} at {city} is {away} mileposts from {start} by "
                             f"the traced rails: out of reach of {roll}, probably.")
        return lines

    def _prepare_draw_deed(self, panel: Panel) -> None:
        choices = panel.legal["railroads"]
        panel.data["chips"] = [self.chip(rr) for rr in choices]  # "Draw for me" draws on arrival

    _prepare_phantom_draw = _prepare_draw_deed

    def _prepare_roll_for_first_player(self, panel: Panel) -> None:
        """Each contender's three dice, tapped on the console (or rolled by the server)."""
        contenders = panel.legal["players"]
        rows, rolls = [], {}
        for pid in contenders:
            keys = [f"f-{pid}-{i}" for i in range(3)]
            chosen = [self.choices.dice.get(k) for k in keys]
            rows.append({"name": self.name(pid), "total": sum(d or 0 for d in chosen),
                         "complete": None not in chosen,
                         "dice": [self.die(k, f"{self.name(pid)}, die {i + 1}")
                                  for i, k in enumerate(keys)]})
            rolls[pid] = chosen
        panel.data["rows"] = rows
        panel.data["complete"] = all(r["complete"] for r in rows)
        panel.data["tapped"] = json.dumps({"rolls": rolls})
        panel.data["names"] = [self.name(pid) for pid in contenders]
        panel.data["contenders"] = contenders  # "Roll for everyone" rolls on arrival

    # -- the auction, on every phone ---------------------------------------------------------

    @property
    def auction(self) -> dict | None:
        auction = self.state.auction
        if auction is None or self.phase != "auction":
            return None
        bidder = auction.next_bidder
        return {
            "railroad": self.chip(auction.railroad),
            "seller": self.name(auction.seller),
            "starting": auction.purpose == "starting",
            "high": auction.high,
            "high_bidder": self.name(auction.high_bidder) if auction.high_bidder else None,
            "bidder": self.name(bidder),
            "bidders": [self.name(pid) for pid in auction.bidders],
            "minimum": auction.minimum(),
            "yours": bidder == self.me,
            # a bidder's limit is his cash: where this page may show it (his phone, the console)
            "limit": self.cash_of(bidder) if self.banker or bidder == self.me else None,
        }

    # -- the banker's corrections ---------------------------------------------------------------

    @property
    def correction(self) -> dict:
        """The correction form, filled again with what was sent when it was refused."""
        form = refused_form(self.view.seq) or {}
        refused = form.get("type") == "adjust_cash"
        return {
            "players": [(p.id, p.name) for p in self.state.players.values() if not p.bankrupt],
            "player": form.get("player", "") if refused else "",
            "amount": form.get("amount:signed", "") if refused else "",
            "reason": form.get("reason", "") if refused else "",
        }

    @property
    def announce_cash(self) -> int:
        return ANNOUNCE_CASH


def field_error(failed: dict | None, kind: str, name: str) -> str | None:
    """The refusal of a `kind` action if it names the field `name` (e.g. "amount: ...")."""
    if not failed or failed.get("type") != kind:
        return None
    reason = str(failed.get("reason", ""))
    return reason if reason.lower().startswith(name) else None


def turn_context(view: Any) -> dict:
    """Template names for the Rail Baron phone and banker pages."""
    page = TurnPage(view)
    return {"rb": page, "now": page, "field_error": field_error}
