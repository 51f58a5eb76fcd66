"""The presenter every game page shares: the legal actions this page may take as panels, the
dice tapped so far, the "now / next" line. A game's own presenter (Rail Baron's `TurnPage`,
Prairie's `PrairieView`) subclasses `Presenter` and supplies only what differs: `doing()`,
`_prepare_<type>(panel)` for the panels that need more than the legal action, its dice fields.

What a game's presenter may override is named in `OVERRIDES`, each with what it is for; the
rest of `Presenter` is the web core's own (tests/test_architecture.py fails a game presenter
that overrides anything else). A game adds `_prepare_<type>` methods and names of its own.

No rule is decided here: what may be done comes from the rules' `legal_actions`. Half-entered
choices (dice tapped, items picked) live in the page's query string, the "draft", so that
every form works without scripts and posts one complete action. A draft holds the seq it was
made at (`s`) and is forgotten at any other; a draft tap's markup carries no seq (a panel looks
the same at every seq and is not sent again): static/parts.js sends the page's one seq, from the
live part's stamp, and only a browser without scripts sends the form's own. "Roll for me" sends a
`name:roll` field and the server rolls when the action arrives (referee/web/forms.py).
Templates: templates/_dice.html (dice entry), templates/generic/_now.html (the "now" block of
every game), templates/generic/_panels.html (the panels in their slots, `Presenter.slots`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import current_app, request
from jinja2 import Environment, TemplateNotFound
from werkzeug.datastructures import MultiDict

from referee.web.hooks import hooks_for

# The names of Presenter a game's own presenter may override, and what each is for.
OVERRIDES: dict[str, str] = {
    "__init__": "(view, ...): the game's own view beside it; calls super().__init__(view)",
    "die_key": "the pattern of the dice keys a draft may hold",
    "dice_fields": "form field -> the dice keys it carries (a refused form's dice)",
    "draft_lists": "query keys of the lists of picked items a draft may hold",
    "panel_order": "action type -> where its panel sorts (default 1)",
    "doing_class": "the class of the 'now' line",
    "yours": "the heading of a phone with something to do",
    "css": "the prefix of the game's own classes on the 'now' block",
    "failures_elsewhere": "refusals shown beside forms of their own, not in the 'now' block",
    "before_panels": "templates drawn in the 'now' block above the panels",
    "before_part": "the part around `before_panels` (None: they hold parts of their own)",
    "slots": "the places of the panels, each a part drawn even when empty",
    "list_allowed": "(key, value): whether a value may stand in a draft's list",
    "refused_draft": "(form, draft): the game's own choices of a refused form, read back",
    "name": "(pid): a seat's name as the game says it (the bank, a phantom player)",
    "doing": "the line for everyone: who acts now",
    "heading": "the heading of the 'now' block",
    "now_line": "the line under the heading",
    "legal": "the rules' legal actions, dressed for the panels",
    "act_templates": "(type): where the panel of an action type is drawn",
    "panels": "the panels this page draws (a game drawing its own moves gives none)",
    "panel_types": "the action types this page offers (with panels of the game's own)",
    "has_moves": "whether this page has a move to make now",
    "die": "(key, label, colour): one die to tap (the game's colours)",
}

DIE_FACES = (1, 2, 3, 4, 5, 6)
DIE_KEY = re.compile(r"[a-z][a-z0-9]{0,9}")  # a die of the draft: red, w1, tens...
LIST_VALUE = re.compile(r"[A-Za-z0-9 &'.-]{1,40}")


@dataclass
class Panel:
    """One legal action, ready for its template (templates/<game>/act/<type>.html)."""

    type: str
    player: str | None  # the seat it acts for; None: the banker's alone
    player_name: str
    legal: dict
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Slot:
    """A place of the "now" block's panels: a part of the live section named `name`, drawn
    even when it holds no panel, so that it stays on the page while its panels come and go
    (templates/generic/_panels.html). `inner`, when given, names a part per panel for its
    inside, so that one panel's change does not send the others of its slot."""

    name: str
    panels: list[Panel] = field(default_factory=list)
    inner: tuple[str, ...] = ()


@dataclass
class Draft:
    """Choices made so far on this page, carried in the query string until the form is sent:
    dice by key, and lists of picked items by their query key."""

    seq: int
    dice: dict[str, int] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)

    def query(self, dice: dict[str, int | None] | None = None, **lists: list[str]) -> str:
        """The query of this draft with some dice or lists changed (a die set to None: off)."""
        faces = dict(self.dice) | dict(dice or {})
        pairs: list[tuple[str, Any]] = [("s", self.seq)]
        pairs += [(k, v) for k, v in faces.items() if v]
        for key, values in (self.lists | lists).items():
            pairs += [(key, v) for v in values]
        return "?" + urlencode(pairs)

    def toggled(self, key: str, item: str) -> str:
        """The query with `item` added to, or taken off, the list `key`."""
        chosen = self.lists.get(key, [])
        changed = [v for v in chosen if v != item] if item in chosen else [*chosen, item]
        return self.query(**{key: changed})


@dataclass
class TapForm:
    """One form of draft taps (`tap_forms` in templates/_macros.html): the fields every tap in
    it keeps (`kept`), the draft's seq (`seq`: static/parts.js sends the page's own, from the
    live part's stamp; the form sends this one only without scripts) and its taps, each
    `(item, value)`: a button sending `name=value` on top of the kept fields, or, `value`
    None, a button of its own form sending them alone."""

    kept: list[tuple[str, str]]
    seq: str
    taps: list[tuple[Any, str | None]] = field(default_factory=list)


def _at(item: Any, path: str) -> Any:
    for key in path.split("."):
        item = item[key] if isinstance(item, dict) else getattr(item, key)
    return item


def tap_forms(items: list[Any], name: str, value: str) -> list[TapForm]:
    """The taps of `items` (each with its draft's query as `url`, Draft.query: the seq first)
    as few forms as a browser without scripts can send: consecutive taps whose query is the
    same fields but one `name=` the item's `value` (a dotted path: "face", "chip.abbr"), and
    no other field of that name, share a form, a button each; any other tap (a chip tapped
    off, a chip tapped beside another already on) has a form of its own."""
    forms: list[TapForm] = []
    for item in items:
        pairs = parse_qsl(_at(item, "url").removeprefix("?"), keep_blank_values=True)
        seq = next((v for k, v in pairs if k == "s"), "")
        pairs = [(k, v) for k, v in pairs if k != "s"]
        mine = (name, str(_at(item, value)))
        kept = [pair for pair in pairs if pair != mine]
        # htmx sends a button's own field instead of the form's fields of that name, so a
        # list already holding some item (a chip tapped on) is sent by forms of their own
        if len(kept) == len(pairs) - 1 and all(k != name for k, _v in kept):
            if forms and forms[-1].taps[-1][1] is not None and forms[-1].kept == kept:
                forms[-1].taps.append((item, mine[1]))
            else:
                forms.append(TapForm(kept, seq, [(item, mine[1])]))
        else:
            forms.append(TapForm(pairs, seq, [(item, None)]))
    return forms


def die_value(text: str | None) -> int | None:
    return int(text) if text in {str(d) for d in DIE_FACES} else None


def refused_form(seq: int) -> MultiDict | None:
    """The form of this request if it posted an action that was not applied (refused), else
    None: its choices are shown again beside the reason."""
    if request.method != "POST" or request.form.get("seq", "").strip() != str(seq):
        return None
    return request.form


@dataclass
class SnapshotView:
    """The base of a game's own view for its templates: one snapshot read for one page (its
    state, rules and settings, and the seats' colours as the lobby chose them)."""

    view: Any

    @property
    def state(self) -> Any:
        return self.view.snapshot.state

    @property
    def rules(self) -> Any:
        return self.view.snapshot.rules

    @property
    def settings(self) -> Any:
        return self.rules.settings

    @cached_property
    def colours(self) -> dict[str, str]:
        return {p["id"]: str(p.get("colour") or "") for p in self.view.game.players}


def _missing(env: Environment) -> set[str]:
    """The template names this environment looked for and did not find: an include of a list
    of names would otherwise look for a missing first one on every page."""
    found = getattr(env, "referee_missing", None)
    if found is None:
        found = env.referee_missing = set()  # type: ignore[attr-defined]
    return found


class Presenter:
    """What a game page shows for one view; the generic one serves a game without its own."""

    die_key = DIE_KEY  # the dice keys a draft may hold
    dice_fields: dict[str, tuple[str, ...]] = {}  # form field -> the dice keys it carries
    draft_lists: tuple[str, ...] = ()  # query keys of the lists a draft may hold
    panel_order: dict[str, int] = {}  # panels sort by this (default 1), then as legal
    doing_class = "now-doing"  # the class of the "now" line
    yours = "What to do now"  # the heading of a phone with something to do
    css = "now"  # the prefix of the game's own classes on the "now" block
    # refusals shown beside forms of their own (the console's undo, redo and name correction,
    # the phone's take-back)
    failures_elsewhere: tuple[str, ...] = ("undo", "redo", "take_back", "rename_player")
    before_panels: list[str] = []  # templates drawn in the "now" block above the panels
    # the part around them (None: the game's templates there are parts of their own, or none)
    before_part: str | None = "now-before"

    def __init__(self, view: Any):
        self.view = view
        self.rules = view.snapshot.rules
        self.state = view.snapshot.state
        self.board = getattr(self.rules, "board", None)
        self.banker = view.page == "banker"
        self.me: str | None = None if self.banker else view.actor.player_id
        self.choices = self.read_draft()

    # -- the draft ----------------------------------------------------------------------------

    def list_allowed(self, key: str, value: str) -> bool:
        """Whether `value` may stand in the draft's list `key` (the game narrows it)."""
        return bool(LIST_VALUE.fullmatch(value))

    def read_draft(self) -> Draft:
        """The draft of this request: from the query of a GET, or from the refused form of a
        POST (its dice by `dice_fields`; the game reads the rest in `refused_draft`)."""
        seq = self.view.seq
        draft = Draft(seq)
        if request.method == "GET":
            args = request.args
            if args.get("s") != str(seq):
                return draft
            for key in args:
                value = die_value(args.get(key))
                if self.die_key.fullmatch(key) and value is not None:
                    draft.dice[key] = value
            for key in self.draft_lists:
                draft.lists[key] = [v for v in dict.fromkeys(args.getlist(key))
                                    if self.list_allowed(key, v)]
            return draft
        form = refused_form(seq)
        if form is None:
            return draft
        for name, keys in self.dice_fields.items():
            values = form.getlist(name)
            if len(values) == len(keys):
                draft.dice.update({k: v for k, v in zip(keys, map(die_value, values),
                                                        strict=True) if v is not None})
        self.refused_draft(form, draft)
        return draft

    def refused_draft(self, form: MultiDict, draft: Draft) -> None:
        """Read the game's own choices of a refused form back into the draft."""

    # -- names and the game's course ------------------------------------------------------------

    def name(self, pid: str | None) -> str:
        if pid is None:
            return "the banker"
        return self.view.name(pid)  # as the banker may have corrected it

    @property
    def over(self) -> bool:
        return bool(getattr(self.state, "over", False) or self.view.winner_names)

    @property
    def winners(self) -> list[str]:
        return list(self.view.winner_names)

    def doing(self) -> str:
        """A line for everyone: who acts now (the game's contract answers it)."""
        view = self.view
        if view.to_act:
            if self.me in view.to_act:  # the turn cue above says "Your turn" once
                return "The choices are below." if self.view.page == "phone" else "Your turn."
            return f"Now: {' or '.join(view.to_act_names)}."
        if view.winner_names:
            return f"The game is over: {', '.join(view.winner_names)} won."
        return "The banker records the next step."

    def heading(self) -> str:
        """The heading of the "now" block."""
        if self.over:
            return "Game over"
        if self.panels and self.view.page == "phone":
            return self.yours
        if self.panels:
            return f"To act: {self.panels[0].player_name}"
        return self.yours if self.me and self.me in self.view.to_act else "Waiting"

    def now_line(self) -> str:
        """The line under the heading of the "now" block."""
        return self.doing()

    # -- the panels -----------------------------------------------------------------------------

    def legal(self) -> list[dict]:
        """The rules' legal actions now (a game may dress them)."""
        return self.view.legal

    def may_act(self, action: dict) -> bool:
        """Whether this page may take `action`: the one answer the POST asks too
        (engine/permission.py, through GameView.may). Not a place to add a rule."""
        return self.view.may(action)

    def acting_for(self, action: dict) -> str | None:
        """The seat a legal action acts for (None: the banker's own), as the POST check reads it."""
        try:
            return hooks_for(self.view.game.game).acting_for(action)
        except (KeyError, TypeError, ValueError, AttributeError):
            return action.get("player")

    def act_templates(self, kind: str) -> list[str]:
        """Where the panel of an action type is drawn: the game's own act/<type>.html."""
        return [f"{self.view.game.game}/act/{kind}.html", f"generic/act/{kind}.html"]

    def drawable(self, kind: str) -> bool:
        """Whether a template draws the panel of `kind` (a name found missing before is not
        looked for again: Jinja keeps the templates it found, not the ones it did not)."""
        env = current_app.jinja_env
        missing = _missing(env)
        for name in self.act_templates(kind):
            if name in missing:
                continue
            try:
                env.get_template(name)
                return True
            except TemplateNotFound:
                if not env.auto_reload:  # templates do not come and go while it runs
                    missing.add(name)
        return False

    @cached_property
    def legal_now(self) -> list[dict]:
        """The legal actions now, asked of the rules once per page."""
        return self.legal()

    @cached_property
    def panels(self) -> list[Panel]:
        """The legal actions this page may take, each prepared for its template."""
        out = []
        for action in self.legal_now:
            if not self.may_act(action) or not self.drawable(action["type"]):
                continue
            pid = action.get("player")
            panel = Panel(action["type"], pid, self.name(pid) if pid else "the banker", action)
            prepare = getattr(self, f"_prepare_{action['type']}", None)
            if prepare is not None:
                prepare(panel)
            out.append(panel)
        return sorted(out, key=lambda p: self.panel_order.get(p.type, 1))

    @cached_property
    def slots(self) -> list[Slot]:
        """Where the panels stand, each place a part drawn even when empty. By default one,
        `now-panels`, holding them all, each panel's inside a part of its own: `act-TYPE`, or
        `act-TYPE-N` beside panels of its type, N the place at the table of the seat it acts
        for. A game whose panels come and go beside others names places that stay."""
        panels = self.panels
        seats = {p["id"]: i for i, p in enumerate(self.view.game.players, 1)}
        names: list[str] = []
        for panel in panels:
            name = "act-" + panel.type.replace("_", "-")
            if sum(p.type == panel.type for p in panels) > 1:
                name += f"-{seats.get(panel.player, 0)}"
            if name in names:  # one seat's panels of one type: each a name of its own still
                name += f"-{sum(n.startswith(name) for n in names) + 1}"
            names.append(name)
        return [Slot("now-panels", panels, tuple(names))]

    @property
    def panel_types(self) -> list[str]:
        return [p.type for p in self.panels]

    @property
    def has_moves(self) -> bool:
        """Whether this page has a move to make now (a game drawing its own may say so)."""
        return bool(self.panels)

    # -- dice -----------------------------------------------------------------------------------

    def die(self, key: str, label: str, colour: str = "white") -> dict:
        """One die to tap: its six faces, each keeping the face in the draft, as the buttons of
        one form (`forms`, from `tap_forms`)."""
        value = self.choices.dice.get(key)
        faces = [{"face": d, "url": self.choices.query(dice={key: d}), "on": value == d}
                 for d in DIE_FACES]
        return {"key": key, "label": label, "colour": colour, "value": value, "faces": faces,
                "forms": tap_forms(faces, key, "face")}

    # a page's chips and other choices kept in the draft, as few forms as work without scripts
    # (drawn by `tap_forms` in templates/_macros.html)
    tap_forms = staticmethod(tap_forms)

    def dice_panel(self, panel: Panel, dice: list[tuple[str, str, str]],
                   fields: list[tuple[str, str]], rolls: list[tuple[str, int]]) -> None:
        """Make `panel` a dice entry (templates/_dice.html): `dice` (key, label, colour) to tap,
        `fields` (form field, die key) the record form sends, `rolls` (form field, how many
        dice) the "Roll for me" form sends for the server to roll as the action arrives."""
        chosen = {key: self.choices.dice.get(key) for key, _label, _colour in dice}
        panel.data["dice"] = [self.die(key, label, colour) for key, label, colour in dice]
        panel.data["complete"] = all(v is not None for v in chosen.values())
        panel.data["chosen"] = chosen
        panel.data["fields"] = [(name, chosen.get(key)) for name, key in fields]
        panel.data["rolls"] = rolls
        panel.data["clear_url"] = self.choices.query(dice=dict.fromkeys(chosen))
