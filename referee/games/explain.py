"""Why this number: every account's statement in a game's own words, and the rule of a refusal.

The engine folds a replay's transfers into lines (referee.engine.statement); a game supplies,
through its contract, `rule_names` (referee.games.contract.RuleNames): the words and rulebook
section of each transfer kind, the section of each action type, its company accounts and what
of a player's statement other seats may see. This module joins the two and names no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engine.corrections import RENAME
from referee.engine.errors import IllegalAction
from referee.engine.ledger import BANK, Transfer
from referee.engine.printable import printable
from referee.engine.replay import REDO, UNDO, Replayer
from referee.engine.statement import Describe, Line, statement, statements, total
from referee.engine.takeback import TAKE_BACK
from referee.games import registry
from referee.games.contract import DerivedFigure, RuleNames, write_amount

BANKER_VIEW = "banker"  # the viewer of an unseated banker's console (Game.visible_cash)
COMPANIES = "companies"  # the key of company accounts (treasuries) in `explain`'s answer
# The engine's own actions belong to no rulebook: a refusal of one names the app's rule.
ENGINE_SECTIONS = {UNDO: "Undo (this app)", REDO: "Redo (this app)",
                   TAKE_BACK: "Take back your own tap (this app)",
                   RENAME: "Name corrections (this app)"}
UNKNOWN_ACTION = "Actions (this app)"  # a type the game does not have


def rule_names(key: str) -> RuleNames | None:
    """The game's words for its money and rules, if it gives them."""
    names = getattr(registry.game(key), "rule_names", None)
    return names if isinstance(names, RuleNames) else None


class _Fields(dict):
    """A transfer's fields as a phrase reads them: a list as "A, B"; a missing one as ?."""

    def __missing__(self, key: str) -> str:
        return "?"


def _phrase(fields: Mapping[str, Any]) -> _Fields:
    return _Fields({k: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v
                    for k, v in fields.items()})


def account_name(account: str, names: Mapping[str, str], words: RuleNames | None) -> str:
    """A person's word for an account: a player's name, a company's, "the bank"."""
    if account == BANK:
        return "the bank"
    if account in names:
        return names[account]
    company = words.companies(account) if words is not None else None
    return company or account


def amount_text(amount: int, words: RuleNames | None) -> str:
    return write_amount(words, amount)


def describer(words: RuleNames | None, names: Mapping[str, str]) -> Describe:
    """(text, rule) of a transfer: "Blue pays Red $5,000: use fee for the SOU", "USE FEES"."""

    def describe(t: Transfer, account: str) -> tuple[str, str]:
        wording = words.money.get(t.kind) if words is not None else None
        what = wording.what.format_map(_phrase(t.fields)) if wording else (t.kind or "transfer")
        payer = account_name(t.source, names, words)
        payee = account_name(t.target, names, words)
        more = wording.more(t.fields) if wording is not None and wording.more else ""
        if more:
            what = f"{what}, {more}"
        text = f"{payer[:1].upper()}{payer[1:]} pays {payee} {amount_text(t.amount, words)}: {what}"
        if wording is None:
            return text, ""
        section, reading = wording.cited(t.fields, bool(more))
        rule = f"{section} — {reading}" if reading else section
        return text, rule

    return describe


def companies_of(words: RuleNames | None, accounts: list[str]) -> list[str]:
    """The company accounts among `accounts` (in their order)."""
    return [a for a in accounts if words is not None and words.companies(a) is not None]


def older_readings(key: str, rules: Any, settings: Any) -> list[str]:
    """What a record with these settings (played by `rules`) plays under from before a setting
    existed, one line each ("Played under the readings before joint_fees: ..."); none for a
    game written as new games are, or without settings to read (None)."""
    words = rule_names(key)
    if words is None or not isinstance(settings, Mapping):
        return []
    return [str(reading) for reading in words.older_readings(rules, settings)]


def explain(key: str, game: Replayer, players: list[str],
            settings: Mapping[str, Any] | None = None) -> dict:
    """Every player's and company's balance with the lines that make it (docs/explain.md):
    {"readings": [...], "players": {id: {"balance", "lines"}}, "companies": {account: {...}}};
    `readings`: the older readings the record's `settings` play under."""
    words = rule_names(key)
    lines = statements(game.frames, describer(words, game.names()))
    balances = game.state.ledger.balances
    accounts = list(dict.fromkeys([*balances, *lines]))
    out: dict = {"readings": older_readings(key, game.rules, settings), "players": {},
                 COMPANIES: {}}
    for group, members in (("players", players), (COMPANIES, companies_of(words, accounts))):
        for account in members:
            mine = lines.get(account, [])
            out[group][account] = {"balance": balances.get(account, 0),
                                   "lines": [line.as_dict() for line in mine]}
    return out


def render(key: str, game: Replayer, players: list[str],
           settings: Mapping[str, Any] | None = None) -> str:
    """The readable statement of every player and company, after the older readings the
    record's `settings` play under, for a terminal: each line is one line, whatever line
    breaks or control codes a name or a reason holds (`printable`)."""
    words = rule_names(key)
    report = explain(key, game, players, settings)
    names = game.names()
    out = [*report["readings"], ""] if report["readings"] else []
    for group in ("players", COMPANIES):
        for account, entry in report[group].items():
            name = account_name(account, names, words)
            out.append(printable(f"{name} ({account}): {amount_text(entry['balance'], words)}"))
            for line in entry["lines"]:
                when = "opening" if line["seq"] is None else f"action {line['seq'] + 1}"
                sign = "+" if line["amount"] > 0 else "-"
                signed = sign + amount_text(abs(line["amount"]), words)
                rule = f"  [{line['rule']}]" if line["rule"] else ""
                out.append(printable(f"  {when:>11}  {signed:>11}  {line['text']}{rule}"))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def visible(words: RuleNames | None, transfer: Transfer, viewer: str | None) -> bool:
    """Whether `viewer` may see one transfer (the rule of seen_lines, for one transfer)."""
    if words is None or not words.secret_cash or viewer == BANKER_VIEW:
        return True
    return transfer.kind in words.public or viewer in (transfer.source, transfer.target)


def action_lines(words: RuleNames | None, frame: Any, viewer: str | None,
                 names: Mapping[str, str]) -> list[Line]:
    """The transfers one action (a replay's frame) moved that `viewer` may see, each as a line
    from the payee's side: its amount, words and rule."""
    describe = describer(words, names)
    seq = frame.position if frame.position >= 0 else None
    out = []
    for t in frame.transfers:
        if visible(words, t, viewer):
            text, rule = describe(t, t.target)
            out.append(Line(seq, t.amount, t.kind, text, rule, t.source, t.fields))
    return out


def figure(key: str, rules: Any, state: Any, name: str, subject: str) -> DerivedFigure | None:
    """A derived figure's parts and rule, as the game gives them (None: no such figure)."""
    words = rule_names(key)
    return words.figures(rules, state, name, subject) if words is not None else None


def seen_lines(words: RuleNames | None, lines: list[Line], viewer: str | None,
               subject: str) -> tuple[list[Line], bool]:
    """The lines of `subject`'s statement `viewer` may see (a player id, BANKER_VIEW, or None
    for the table), and whether they are all of them."""
    if words is None or not words.secret_cash or viewer in (subject, BANKER_VIEW):
        return lines, True
    return [line for line in lines
            if line.kind in words.public or line.other == viewer], False


def of_kinds(lines: list[Line], kinds: frozenset[str], side: str | None) -> list[Line]:
    """The lines of some kinds only (a report's "use fees paid"): `side` "in" keeps money in,
    "out" money out, None both."""
    return [line for line in lines if line.kind in kinds
            and (side is None or (line.amount > 0) == (side == "in"))]


def viewed_statement(key: str, game: Any, account: str, viewer: str | None,
                     names: Mapping[str, str], visible: int | None,
                     kinds: frozenset[str] | None = None, side: str | None = None) -> dict:
    """One account's statement as `viewer` may see it: {"lines", "complete", "balance"}.

    `visible` is the balance as the viewer may know it (the game's visible_cash; None: hidden).
    A partial statement has no running total, and its balance only where `visible` gives it.
    With `kinds`, only the lines of those kinds (and `side`): their total is the figure asked.
    """
    words = rule_names(key)
    lines, complete = seen_lines(words, statement(game.frames, account,
                                                  describer(words, names)), viewer, account)
    if kinds is not None:
        lines = of_kinds(lines, kinds, side)
        visible = None
    return {"lines": lines, "complete": complete,
            "balance": total(lines) if complete else visible}


def refusal_rule(key: str, action: Any, err: IllegalAction) -> str:
    """The rule a refusal names: its own, else the section of its action type."""
    if err.rule:
        return err.rule
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str):
        return UNKNOWN_ACTION
    if kind in ENGINE_SECTIONS:
        return ENGINE_SECTIONS[kind]
    words = rule_names(key)
    section = words.actions.get(kind) if words is not None else None
    return section or UNKNOWN_ACTION
