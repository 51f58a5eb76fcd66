"""Prairie Railroads' web parts (`WEB`): cash is public; the pages get a `pr` view of the game."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Any

from flask import current_app, url_for

from referee.games.prairie_railroads.constants import (
    CARD_NAMES,
    DOUBLE_COST,
    HANDS,
    RAILROADS,
    SEGMENT_COST,
    treasury,
)
from referee.games.prairie_railroads.context import PHASES
from referee.games.prairie_railroads.draft import learned_tables
from referee.games.prairie_railroads.economy import dividend_preview
from referee.games.prairie_railroads.game import GAME
from referee.games.prairie_railroads.settings import MAX_CARDS
from referee.games.prairie_railroads.views import (
    corrections_after_end,
    history,
    railroad_rows,
    to_act,
)
from referee.web.games.prairie_railroads.table import COLOURS, table_view
from referee.web.headline import Headline
from referee.web.hooks import WebParts
from referee.web.presenter import Panel, Presenter
from referee.web.turns import Fold, folds

__all__ = ["WEB"]

DECK_FIELDS = (("PD", "deck_pd", "Pay Dividends"), ("OS", "deck_os", "Offer Stock"),
               ("CT", "deck_ct", "Construct Track"))
DECK_COUNT = re.compile(r"[0-9]{1,2}")
GAME_KEY = "prairie_railroads"


class PrairieView(Presenter):
    """What the Prairie Railroads pages show, read from one snapshot for one actor."""

    dice_fields = {"dice:int": ("tens", "units")}
    css = "pr"
    doing_class = "pr-doing"
    failures_elsewhere = ("adjust_cash", "undo", "redo", "take_back", "rename_player",
                          "correct_income", "correct_growth", "correct_deck")

    def act_templates(self, kind: str) -> list[str]:
        return [f"prairie_railroads/act/{kind}.html"]

    @property
    def to_act(self) -> str | None:
        return to_act(self.state)

    @property
    def before_panels(self) -> list[str]:
        """The live auction, above the panels of the "now" block."""
        return ["prairie_railroads/_auction.html"] if self.auction else []

    def doing(self) -> str:
        state = self.state
        if state.over:
            return "The game is over."
        if state.stage == "first_player":
            return "Roll the die for the starting player; the banker records who it is."
        if state.auction is not None:
            a = state.auction
            kind = "Initial auction" if state.stage == "initial" else "Auction"
            return f"{kind}, {a.railroad} share: {self.name(a.next_bidder)} to bid."
        if state.first_build is not None:
            return (f"{self.name(state.first_builder)} builds the {state.first_build}'s free "
                    "first segment.")
        turn = state.turn
        card = f" ({CARD_NAMES[turn.card]})" if turn.card else ""
        return f"Turn {turn.number}, {self.name(turn.player)}{card}: {PHASES[turn.phase]}."

    def _prepare_bid(self, panel: Panel) -> None:
        """Quick bids: the minimum, $1 and $5 over the high bid, and all the bidder's cash (kept
        apart in `all_in`)."""
        low, cash = panel.legal["minimum"], panel.legal["maximum"]
        high = (self.state.auction.high if self.state.auction is not None else None) or 0
        quick: dict[int, str] = {}
        for amount, words in ((low, "minimum"), (high + 1, "+$1"), (high + 5, "+$5"),
                              (cash, "all your cash")):
            if low <= amount <= cash:
                quick.setdefault(amount, words)
        panel.data["quick"] = sorted(quick.items())
        # all the cash, unless it is also the least bid: a tap apart that asks once
        panel.data["all_in"] = [cash] if quick.get(cash) == "all your cash" else []

    def _prepare_growth(self, panel: Panel) -> None:
        """Two dice, tens then units, "Roll for me" first (without a board the roll is
        recorded alone and the city read off the printed chart afterwards: grow_city)."""
        self.dice_panel(panel, [("tens", "First die (tens)", "white"),
                                ("units", "Second die (units)", "white")],
                        [("dice:int", "tens"), ("dice:int", "units")], [("dice", 2)])

    def _prepare_grow_city(self, panel: Panel) -> None:
        """The roll's two cities (both grown), whether the choice is among the chart's primary
        cities (else its secondary ones), and the cities in alphabetical order to find one."""
        choices = panel.legal["choices"]
        board = self.board
        panel.data["pair"] = board.growth.get(panel.legal["roll"]) if board else None
        panel.data["primary"] = bool(board and choices and choices[0] in board.primaries())
        panel.data["cities"] = sorted(choices)

    @cached_property
    def rows(self) -> list[dict]:
        rows = railroad_rows(self.state)
        for row in rows:
            row["colour"], row["ink"] = COLOURS[row["key"]]
            row["controller_names"] = [self.name(p) for p in row["controllers"]]
            row["holders"] = [(self.name(p), n) for p, n in row["shares"].items()]
        return rows

    @cached_property
    def players(self) -> list[dict]:
        state = self.state
        preview = dividend_preview(state)
        colours = {p["id"]: p.get("colour", "") for p in self.view.game.players}
        out = []
        for pid, name in state.players.items():
            out.append({
                "id": pid, "name": name, "colour": colours.get(pid, ""),
                "cash": state.cash(pid),
                "shares": {rr: state.railroads[rr].shares[pid] for rr in RAILROADS
                           if state.railroads[rr].shares.get(pid)},
                "controls": [rr for rr in RAILROADS if pid in
                             next(r for r in self.rows if r["key"] == rr)["controllers"]],
                "hand": dict(state.hands[pid]),
                "dividend": preview[pid],
                "final": state.final.get(pid, 0),
                "you": pid == self.view.actor.player_id,
                "to_act": pid == self.to_act,
            })
        return out

    @property
    def you(self) -> dict | None:
        return next((p for p in self.players if p["you"]), None)

    @property
    def auction(self) -> dict | None:
        a = self.state.auction
        if a is None:
            return None
        return {
            "railroad": a.railroad,
            "seller": self.name(a.seller) if a.seller else None,
            "minimum": a.to_beat(),  # the least the next bid may be
            "to_beat": a.to_beat(),
            "high": a.high,
            "high_bidder": self.name(a.high_bidder) if a.high_bidder else None,
            "next": self.name(a.next_bidder),
            "bidders": [self.name(p) for p in a.bidders],
        }

    @cached_property
    def cities(self) -> list[str]:
        """Cities to offer in the typed fields: the board's, or those learned this game."""
        if self.board is not None:
            return sorted(self.board.cities)
        return sorted(self.state.cities)

    def income_of(self, city: str) -> int | None:
        if self.board is not None:
            return self.board.cities[city].income if city in self.board.cities else None
        known = self.state.cities.get(city)
        return None if known is None else known.income

    @property
    def deck(self) -> dict[str, int]:
        return dict(self.state.deck)

    def treasury(self, rr: str) -> int:
        return self.state.cash(treasury(rr))

    @cached_property
    def draft(self) -> dict[str, str] | None:
        """The start of a board table from the cities this game learned (no board only)."""
        if self.board is not None or not self.state.cities:
            return None
        return learned_tables(self.state)

    @cached_property
    def turns(self) -> list[dict]:
        return history(self.view.snapshot.frames)

    @cached_property
    def folds(self) -> list[Fold]:
        """The history page's folds, newest first (referee/web/turns.py)."""
        return folds(self.view, self.turns)

    @cached_property
    def corrections_after_end(self) -> list[dict[str, str]]:
        return corrections_after_end(self.state)


def page_context(view: Any) -> dict:
    page = PrairieView(view)
    context = {"currency": "$", "pr": page, "now": page, "card_names": CARD_NAMES,
               "segment_cost": SEGMENT_COST, "double_cost": DOUBLE_COST}
    if view.page == "table":
        colours = {p["id"]: str(p.get("colour") or "") for p in view.game.players}
        table = context["pr_table"] = table_view(page.state, view.snapshot.frames, page.name,
                                                 colours)
        context["headline"] = Headline(table.status, table.to_act, table.over)
    return context


def playable_boards() -> list[tuple[str, str]]:
    """(key, name) of the board tables a game may use: the shipped ones and this laptop's."""
    assert GAME.boards is not None
    return [(b.key, b.name) for b in GAME.boards.list(Path(current_app.instance_path))
            if b.playable]


def setup_context() -> dict:
    """The lobby's choices: the board tables that load, and the deck's card kinds."""
    return {"prairie_boards": playable_boards(), "deck_fields": DECK_FIELDS,
            "max_cards": MAX_CARDS, "boards_url": url_for("boards.index", game=GAME_KEY),
            "prairie_hands": HANDS}


def read_setup(form: Any, problems: list[str]) -> tuple[str, dict]:
    """The board table ("" for none) and the draw deck's make-up, from the lobby's form."""
    board = form.get("board", "").strip()
    if board and board not in {key for key, _ in playable_boards()}:
        problems.append(f"Unknown board table {board[:40]!r}.")
    deck: dict[str, int] = {}
    for card, field, name in DECK_FIELDS:
        text = form.get(field, "").strip()
        if not DECK_COUNT.fullmatch(text) or int(text) > MAX_CARDS:
            problems.append(f"Count the {name} cards left in the draw deck (0 to {MAX_CARDS}).")
            continue
        deck[card] = int(text)
    return board, {"deck": deck}


WEB = WebParts(page_context=page_context, setup_context=setup_context, read_setup=read_setup)
