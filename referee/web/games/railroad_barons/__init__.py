"""Railroad Barons' web parts (`WEB`): the pages get an `rb` view of the game (cash is public)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from referee.engine.words import possessive
from referee.games.railroad_barons.actions_operate import dividend
from referee.games.railroad_barons.state import PERCENTS, treasury
from referee.games.railroad_barons.terms import (
    aid_needed,
    capital_amount,
    capital_due,
    certificate_cost,
    free_tokens,
    line_away,
    obsoleted_by,
    sale_terms,
    suggested_tokens,
    value_after,
)
from referee.games.railroad_barons.terms import worth as player_worth
from referee.games.railroad_barons.views import (
    history,
    round_label,
    summary,
    to_act,
)
from referee.web.games.railroad_barons.boxes import blueprints, board_links, boards_page
from referee.web.games.railroad_barons.chart import value_chart
from referee.web.hooks import WebParts
from referee.web.presenter import Panel, Presenter, Slot, SnapshotView
from referee.web.turns import Fold, folds

__all__ = ["WEB"]

SETTINGS = (  # (setting, words, ((value, words), ...)): the default first
    ("draft_offers", "The draft", (("every", "Every Investor is offered for money or the card"),
                                   ("first", "Only the first; the others are selected"))),
    ("director_aid", "The Director's aid for a first railroad",
     (("true", "Allowed"), ("false", "Not allowed (revised rulebook)"))),
    ("dividend_rounding", "A dividend that is not whole dollars",
     (("down", "Rounded down"), ("up", "Rounded up"))),
    ("director_sale_price", "A Director's sale is paid",
     (("before_drop", "Before the marker drops"), ("after_drop", "After the marker drops"))),
    ("zero_payout_moves", "Paying out $0", (("false", "The marker stays"),
                                            ("true", "The marker moves up"))),
    ("priority_when_nobody_acts", "The Priority Deal after a round of passes",
     (("keep", "Stays"), ("swap", "Passes to the other player"))),
)

ORDER = ("offer_investor", "answer_offer", "pick_investor", "set_par", "switch_priority",
         "buy", "sell", "end_turn", "pass", "place_tokens", "pay_out", "withhold",
         "buy_railroad", "buy_from_holding", "assign_investor", "finish")


HEADS = {"offer_investor": "Select an Investor", "answer_offer": "Take one",
         "pick_investor": "Select an Investor", "set_par": "Starting share value",
         "switch_priority": "Priority Deal", "buy": "Buy one certificate",
         "sell": "Sell to the bank", "end_turn": "Done", "pass": "Done",
         "place_tokens": "Place Operator tokens", "pay_out": "Revenue",
         "withhold": "Revenue", "buy_railroad": "Buy a railroad",
         "buy_from_holding": "Buy another Holding's railroad",
         "assign_investor": "Assign an Investor", "finish": "Finish"}
# The "now" block's places for the groups of choices (_choices.html), each a part of the live
# section drawn whether its groups are there or not: (part name, the headings it draws), the
# quiet groups first, then in the order of play; groups that come and go together share one.
SLOTS = (("move-done", ("Done",)), ("move-finish", ("Finish",)),
         ("move-draft", ("Select an Investor", "Take one", "Starting share value")),
         ("move-buy", ("Priority Deal", "Buy one certificate")),
         ("move-sell", ("Sell to the bank",)),
         ("move-tokens", ("Place Operator tokens",)), ("move-revenue", ("Revenue",)),
         ("move-railroad", ("Buy a railroad",)),
         ("move-from-holding", ("Buy another Holding's railroad",)),
         ("move-assign", ("Assign an Investor",)))
SLOTTED = {head for _, heads in SLOTS for head in heads}


def dollars(n: int) -> str:
    return f"-${-n:,}" if n < 0 else f"${n:,}"


@dataclass
class Choice:
    """One button: the action it posts, its words, and a line of what follows from it."""

    action: dict
    label: str
    detail: str = ""
    price_field: bool = False  # the value or price is typed (a number field)
    why: tuple[str, str] | None = None  # (figure, subject): the amount's explanation beside it
    ask: str = ""  # a sale: the question its quiet button asks once before it is recorded
    short: str = ""  # the label in a row of alike choices under a heading ("$70")
    short_detail: str = ""  # its line beneath ("pay $280")


@dataclass
class BaronsView(SnapshotView):
    """What the Railroad Barons pages show, read from one snapshot for one actor."""

    @property
    def box(self) -> Any:
        return self.rules.box

    @cached_property
    def report(self) -> dict:
        return summary(self.state)

    def name(self, pid: str | None) -> str:
        return self.state.players.get(pid, pid or "the bank") if pid else "the bank"

    def hname(self, key: str) -> str:
        return self.box.holdings[key].name

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def round(self) -> str:
        return round_label(self.state)

    @property
    def to_act(self) -> str | None:
        return to_act(self.state)

    def doing(self) -> str:
        """The step the game is at, in words."""
        s = self.state
        if s.over:
            return "The game is over."
        if s.stage == "draft":
            chooser = self.name(s.chooser)
            if s.draft.step == "answer":
                other = self.name(s.other(s.chooser))
                return (f"Investor draft: {other} takes {dollars(s.draft.price)} or the "
                        f"${s.draft.offered} Investor; {chooser} gets the other.")
            return f"Investor draft: {chooser} selects the next Investor."
        if s.stage == "msc_par":
            return (f"{self.name(s.msc_owner)} sets the starting share value of "
                    f"{self.hname(self.box.investor_holding)}.")
        if s.stage == "stock":
            sold = " (selling: end the turn or buy one)" if s.turn_sold else ""
            return f"Stock Round {s.sr}: {self.name(s.turn)}'s turn{sold}."
        op = s.op
        h = s.holdings[op.holding]
        phase = {"tokens": "places Operator tokens", "revenue": "pays out or withholds",
                 "buy": "buys railroads and Investors, then finishes"}[op.phase]
        return (f"Operating Round {s.sr}.{s.orn}: {self.hname(h.key)} operates; "
                f"{self.name(h.director)} {phase}.")

    @property
    def legal(self) -> list[dict]:
        return self.view.legal

    @cached_property
    def choices(self) -> list[Choice]:
        """The legal actions this page may submit, as buttons: a phone its own, the banker
        everyone's."""
        page = self.view.page
        if page not in ("phone", "banker"):
            return []
        out = []
        seen: set[str] = set()
        for action in sorted(self.expanded(), key=lambda a: ORDER.index(a["type"])
                             if a["type"] in ORDER else 99):
            if not self.view.may(action):
                continue  # the one answer the POST asks (engine/permission.py)
            choice = self.choice(action)
            if choice is None:
                continue
            key = choice.label + repr(sorted(choice.action.items()))
            if key not in seen:
                seen.add(key)
                out.append(choice)
        return out

    def expanded(self) -> list[dict]:
        """The legal actions, with every choice of discards where the (▼) tokens force some
        (the rules accept any railroads of the Holding, the Director choosing)."""
        out = []
        for action in self.legal:
            if action["type"] == "finish" and action.get("discard"):
                h = self.state.holdings[self.state.op.holding]
                names = [name for name, _ in h.railroads]
                out += [{**action, "discard": list(c)}
                        for c in combinations(names, len(action["discard"]))]
            else:
                out.append(action)
        return out

    def groups(self) -> list[tuple[str, list[Choice]]]:
        """The choices grouped under plain headings, in the order of play."""
        out: list[tuple[str, list[Choice]]] = []
        for c in self.choices:
            head = HEADS.get(c.action["type"], c.action["type"])
            if out and out[-1][0] == head:
                out[-1][1].append(c)
            else:
                out.append((head, [c]))
        return out

    @property
    def slots(self) -> list[tuple[str, tuple[str, ...]]]:
        """SLOTS, the last also drawing any heading it does not name: a group that comes or
        goes sends its place alone, never the whole block."""
        other = tuple(h for h, _ in self.groups() if h not in SLOTTED)  # none in the rules today
        return [*SLOTS[:-1], (SLOTS[-1][0], SLOTS[-1][1] + other)]

    quiet_heads = ("Done", "Finish")  # groups drawn first and quiet (_choices.html)

    def choice(self, a: dict) -> Choice | None:
        s = self.state
        t = a["type"]
        if t == "offer_investor":
            inv = self.box.investors[a["investor"]]
            return Choice({k: v for k, v in a.items() if k != "price"},
                          f"${a['investor']} Investor", ability(inv), price_field=True)
        if t == "answer_offer":
            if a["take"] == "cash":
                return Choice(a, f"Take {dollars(s.draft.price)}",
                              f"{self.name(s.chooser)} gets the ${s.draft.offered} Investor")
            return Choice(a, f"Take the ${s.draft.offered} Investor",
                          f"{self.name(s.chooser)} gets {dollars(s.draft.price)}")
        if t == "pick_investor":
            inv = self.box.investors[a["investor"]]
            return Choice(a, f"${a['investor']} Investor", ability(inv))
        if t == "set_par":
            return Choice(a, f"{dollars(a['par'])}", f"{self.hname(self.box.investor_holding)}"
                          " starts here")
        if t == "switch_priority":
            return Choice(a, "Switch the Priority Deal", "the $30 Investor, once a game")
        if t == "buy":
            return self.buy_choice(a)
        if t == "sell":
            return self.sell_choice(a)
        if t == "end_turn":
            return Choice(a, "End the turn", "no purchase this turn")
        if t == "pass":
            return Choice(a, "Pass", "two passes in a row end the Stock Round")
        if t == "place_tokens":
            return self.tokens_choice(a)
        if t in ("pay_out", "withhold"):
            return self.revenue_choice(a)
        if t == "buy_railroad":
            return self.railroad_choice(a)
        if t == "buy_from_holding":
            return Choice({k: v for k, v in a.items() if k != "price"},
                          f"{a['railroad']} from {a['from']}",
                          f"at a price {self.name(a['agreed_by'])} agrees to, $1 or more",
                          price_field=True)
        if t == "assign_investor":
            bonus = self.box.investors[a["investor"]].bonus
            where = f" from {a['from']}" if a.get("from") else ""
            return Choice(a, f"Assign the ${a['investor']} Investor{where}",
                          f"+{dollars(bonus)} revenue while it has a railroad")
        if t == "finish":
            gone = a.get("discard") or []
            return Choice(a, "Finish" if not gone else "Finish, discarding " + ", ".join(gone),
                          "the next Holding operates" if not gone else
                          "the discarded railroads leave the game")
        return None

    def sell_choice(self, a: dict) -> Choice:
        sale = a["sales"][0]
        h = self.state.holdings[sale["holding"]]
        smaller = sale.get("exchange_for")
        after_drop = self.rules.settings.director_sale_price == "after_drop"
        terms = sale_terms(self.box, self.state, a["player"], h, sale["percent"], smaller,
                           after_drop)
        drop = " (Director: the marker drops a line)" if terms.drops else ""
        label = f"{sale['holding']} {sale['percent']}% for the {smaller}%" if smaller else \
            f"Sell {sale['holding']} {sale['percent']}%"
        subject = "|".join(str(x) for x in (a["player"], sale["holding"], sale["percent"],
                                             smaller or "") if x != "")
        return Choice(a, label, f"receive {dollars(terms.proceeds)}{drop}",
                      why=("sale", subject),
                      ask=f"{label} to the bank for {dollars(terms.proceeds)}?")

    def buy_choice(self, a: dict) -> Choice:
        s = self.state
        h = s.holdings[a["holding"]]
        pct, give = a["percent"], a.get("give")
        if "par" in a:
            cost = dollars(certificate_cost(a["par"], pct))
            return Choice(a, f"Start {a['holding']} at {dollars(a['par'])}",
                          f"pay {cost} for the Director's 40%",
                          short=dollars(a["par"]), short_detail=f"pay {cost}")
        value = self.box.track[h.space].value
        capital = f"; {a['holding']} gets {dollars(capital_amount(value))} of capital" \
            if capital_due(h, pct - (give or 0)) else ""
        label = f"{a['holding']} {pct}% for your {give}%" if give else \
            f"Buy {a['holding']} {pct}%"
        subject = f"{a['holding']}|{pct}" + (f"|{give}" if give else "")
        return Choice(a, label, f"pay {dollars(certificate_cost(value, pct, give))}" + capital,
                      why=("certificate", subject))

    @property
    def free_tokens(self) -> int:
        """The Operator tokens left on the operating Holding's card."""
        return free_tokens(self.box, self.state.holdings[self.state.op.holding])

    @property
    def suggested_tokens(self) -> tuple[int, int]:
        """The token form's first values: (on (+), on (▼))."""
        return suggested_tokens(self.box, self.state.holdings[self.state.op.holding])

    def tokens_choice(self, a: dict) -> Choice:
        net = " and 1 into the route network" if a["network"] else ""
        return Choice(a, f"{a['plus']} on (+), {a['down']} on (▼){net}",
                      f"add up to {a['plus']}, keep up to {a['down']} railroads")

    def revenue_choice(self, a: dict) -> Choice:
        s = self.state
        op = s.op
        h = s.holdings[op.holding]
        if a["type"] == "withhold":
            return Choice(a, f"Withhold {dollars(op.revenue)}",
                          f"all to {possessive(self.hname(h.key))} treasury; the marker stays",
                          why=("revenue", h.key))
        parts = []
        for pid in s.players:
            pct = h.share(pid)
            if pct:
                amount = dividend(op.revenue, pct, self.rules.settings.dividend_rounding)
                parts.append(f"{self.name(pid)} {dollars(amount)}")
        before = self.box.track[h.space].value
        up = f"; marker {dollars(before)} → {dollars(value_after(self.box, h, 'up'))}" \
            if line_away(self.box, h, "up") else ""
        return Choice(a, f"Pay out {dollars(op.revenue)}", ", ".join(parts) + up,
                      why=("revenue", h.key))

    def railroad_choice(self, a: dict) -> Choice:
        s = self.state
        card = self.box.card(s.stack[0])
        side = card.sides[a["side"]]
        lost = obsoleted_by(self.box, s, side)
        need = aid_needed(s.cash(treasury(s.op.holding)), side.cost)
        aid = f"; Director's aid {dollars(need)}" if need else ""
        obs = f"; level {', '.join(map(str, lost))} becomes obsolete" if lost else ""
        return Choice(a, f"{card.name} {side.category}{side.level} for {dollars(side.cost)}",
                      f"income {dollars(side.income)}{aid}{obs}",
                      why=("railroad", f"{card.name}|{a['side']}"))

    @cached_property
    def holdings(self) -> list[dict]:
        rows = []
        order = self.box.operating_order()
        for i, key in enumerate(order):
            row = dict(self.report["holdings"][key])
            row["key"] = key
            row["part"] = str(i)  # its parts' names: the key is the box's own, of any letters
            row["director_name"] = self.name(row["director"]) if row["director"] else ""
            row["certs"] = [(p, self.name(self.state.holdings[key].certs[p])
                             if self.state.holdings[key].certs[p] else "bank")
                            for p in PERCENTS]
            card = self.box.holdings[key]
            row["tokens"], row["plus"], row["down"] = card.tokens, card.plus, card.down
            held = self.state.holdings[key].railroads
            row["railroads"] = [{**r, "side": side}  # the card's side shown
                                for r, (_n, side) in zip(row["railroads"], held, strict=True)]
            rows.append(row)
        return rows

    @cached_property
    def players(self) -> list[dict]:
        out = []
        for i, (pid, p) in enumerate(self.report["players"].items()):
            out.append({"id": pid, **p, "part": str(i),
                        "worth": player_worth(self.box, self.state, pid),
                        "priority": self.state.priority == pid,
                        "you": self.view.you is not None and self.view.you.id == pid})
        return out

    @cached_property
    def track(self) -> list[dict]:
        """The share value track, lowest first, with the markers on each space."""
        markers: dict[str, list[str]] = {}
        for key, h in self.state.holdings.items():
            if h.space:
                markers.setdefault(h.space, []).append(key)
        spaces = sorted(self.box.track.values(), key=lambda sp: (sp.value, sp.key))
        return [{"key": sp.key, "value": sp.value, "par": sp.par,
                 "markers": markers.get(sp.key, [])} for sp in spaces]

    @property
    def stack_top(self) -> str:
        if not self.state.stack:
            return "The stack is empty."
        card = self.box.card(self.state.stack[0])
        sides = " or ".join(f"{s.category}{s.level} {dollars(s.cost)} (income "
                            f"{dollars(s.income)})" for s in card.sides)
        return f"{card.name}: {sides}; {len(self.state.stack)} left"

    @cached_property
    def history(self) -> list[dict]:
        return history(self.view.snapshot.frames)

    @cached_property
    def folds(self) -> list[Fold]:
        """The history page's folds, newest first (referee/web/turns.py)."""
        return folds(self.view, self.history)

    def chart(self) -> str:
        return value_chart(self.state, {p.id: p.colour for p in self.view.players})


def ability(inv: Any) -> str:
    if inv.ability == "priority":
        return "switch the Priority Deal once a game"
    if inv.ability == "msc":
        return "the Director's 40% and a level 2 railroad"
    return f"+{dollars(inv.bonus)} revenue for a Holding"


def setup_context() -> dict:
    """The lobby's names: the boxes (to say when none is entered) and the readings."""
    from pathlib import Path

    from flask import current_app

    from referee.games.railroad_barons.game import BaronsBoxes

    boxes = [b for b in BaronsBoxes().list(Path(current_app.instance_path)) if b.playable]
    return {"barons_boxes": boxes, "barons_settings": SETTINGS}


def read_setup(form: Any, problems: list[str]) -> tuple[None, dict]:
    """The house readings chosen in the lobby (the box is the lobby's own map choice)."""
    settings: dict[str, Any] = {}
    for name, label, options in SETTINGS:
        value = form.get(f"rb_{name}", options[0][0])
        if value not in {v for v, _ in options}:
            problems.append(f"{label}: choose one of the options.")
            continue
        settings[name] = {"true": True, "false": False}.get(value, value)
    return None, settings


class BaronsNow(Presenter):
    """The web core's "now" block for Railroad Barons: its heading and who acts, then the
    game's own grouped buttons (templates/railroad_barons/_choices.html) in place of panels."""

    css = "rb"
    before_panels = ["railroad_barons/_choices.html"]
    before_part = None  # each group of choices has a part of its own (`BaronsView.slots`)

    def __init__(self, view: Any, rb: BaronsView):
        super().__init__(view)
        self.rb = rb

    @cached_property
    def panels(self) -> list[Panel]:
        return []  # the moves are the grouped buttons of _choices.html

    @cached_property
    def slots(self) -> list[Slot]:
        return []  # no panels, and so no place for them

    @property
    def panel_types(self) -> list[str]:
        return [c.action["type"] for c in self.rb.choices]

    @property
    def has_moves(self) -> bool:
        return bool(self.rb.choices)

    def now_line(self) -> str:
        """The round and the step, once: the turn cue above says whose turn it is."""
        return self.rb.doing()

    def heading(self) -> str:
        if self.over:
            return "Game over"
        if self.rb.choices and self.view.page == "phone":
            return self.yours
        if self.rb.choices:
            return f"To act: {self.rb.name(self.rb.to_act)}"
        return super().heading()


def page_context(view: Any) -> dict:
    """The `rb` view, its "now" block and the currency for the Railroad Barons templates."""
    rb = BaronsView(view)
    return {"rb": rb, "now": BaronsNow(view, rb), "currency": "$"}


WEB = WebParts(page_context=page_context, blueprints=blueprints, setup_context=setup_context,
               read_setup=read_setup, boards_page=boards_page, board_links=board_links)
