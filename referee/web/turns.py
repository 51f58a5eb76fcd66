"""The history of every game as folds (templates/play/_turns.html): one per entry of the game's
`history` (a turn, a round, a race), newest first, each with a summary line, the colour bar of
the seat that played it (none where several did), and its lines under a fold. A game supplies
its entries and may give each its own `summary`; otherwise the summary says who played and the
money it moved, as this page may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.ledger import BANK
from referee.games import registry


@dataclass
class Fold:
    """One turn (or round) of the history."""

    label: str
    summary: str
    lines: list[Any]
    colour: str | None = None
    moved: list[tuple[int, Any]] = field(default_factory=list)  # (action seq, its transfers)


def folds(view: Any, entries: list[dict]) -> list[Fold]:
    """The game's history `entries` (oldest first) as folds, newest first."""
    game = registry.game(view.game.game)
    colours = {p["id"]: str(p.get("colour") or "") for p in view.game.players}
    out = []
    for entry in entries:
        frames = [f for f in entry.get("frames", ()) if f.action is not None]
        players = list(dict.fromkeys(
            p for p in (game.acting_player(f.action) for f in frames) if p in colours))
        moved = [(f.position, f.transfers) for f in frames if f.transfers]
        summary = entry.get("summary") or money_summary(view, players, moved)
        colour = colours.get(players[0]) if len(players) == 1 else None
        out.append(Fold(entry["label"], summary, list(entry["lines"]), colour or None, moved))
    return out[::-1]


def money_summary(view: Any, players: list[str], moved: list[tuple[int, Any]]) -> str:
    """"Ann: +$12 · Bob: −$5": each seat's net money in the fold that this page may see; who
    played where no money moved."""
    net: dict[str, int] = {}
    for _seq, transfers in moved:
        for t in transfers:
            if not view.seen_amounts((t,)):
                continue
            for account, sign in ((t.source, -1), (t.target, 1)):
                if account != BANK and account in view.names:
                    net[account] = net.get(account, 0) + sign * t.amount
    parts = [f"{view.name(pid)}: {'+' if n > 0 else '−'}{view.money_text(abs(n))}"
             for pid, n in net.items() if n]
    if parts:
        return " · ".join(parts)
    if players:
        return ", ".join(view.name(p) for p in players) + ": no money has changed hands"
    return "no money has changed hands"
