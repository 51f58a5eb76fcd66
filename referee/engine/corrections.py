"""Corrections every game takes through the engine, whatever its rules: a player's name.

A name typed wrong at the lobby is corrected by the banker with a `rename_player` action
({"player", "name", "reason"}); it is an action like any other (undone, redone, replayed). A game
whose rules offer `rename(state, player, name)` keeps names in its state and has them changed
there, so every later line it writes uses the new name; for any other game the state is left as
it is and the pages take the name in force from the log (`names_in_force`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.engine.rules import Outcome, Step, require

RENAME = "rename_player"
LONGEST_NAME = 40


def original_names(rules: Any) -> dict[str, str]:
    """The players' names as the record gave them, by id (the rules' `players`: the record's
    player objects, or bare ids)."""
    names = {}
    for p in getattr(rules, "players", ()):
        if isinstance(p, dict) and isinstance(p.get("id"), str):
            names[p["id"]] = str(p.get("name") or p["id"])
        elif isinstance(p, str):
            names[p] = p
    return names


def renames(actions: Iterable[dict | None]) -> dict[str, str]:
    """The names the `rename_player` actions among `actions` (those in force) gave, by id."""
    out = {}
    for action in actions:
        if action and action.get("type") == RENAME and isinstance(action.get("player"), str):
            out[action["player"]] = clean(action.get("name"))
    return out


def apply_renames(names: dict[str, str], actions: Iterable[dict | None]) -> dict[str, str]:
    """`names` (by id) after the `rename_player` actions among `actions` (those in force); a
    rename of an id not in `names` changes nothing."""
    return names | {pid: name for pid, name in renames(actions).items() if pid in names}


def names_in_force(rules: Any, actions: Iterable[dict | None]) -> dict[str, str]:
    """The players' names after the `rename_player` actions among `actions` (those in force)."""
    return apply_renames(original_names(rules), actions)


def clean(name: object) -> str:
    return " ".join(name.split()) if isinstance(name, str) else ""


def rename(rules: Any, state: Any, action: dict, names: dict[str, str]) -> Outcome:
    """Check and apply one `rename_player` action; `names` are those in force before it."""
    pid = action.get("player")
    require(isinstance(pid, str) and pid in names, "Choose the player whose name to correct.")
    name = clean(action.get("name"))
    require(0 < len(name) <= LONGEST_NAME,
            f"Type the player's name as it should read (1 to {LONGEST_NAME} characters).")
    require(name.isprintable(), "A name holds letters, digits, spaces and punctuation only.")
    others = {n.casefold() for other, n in names.items() if other != pid}
    require(name.casefold() not in others, f"Another player is already called {name}.")
    require(name != names[pid], f"{name} is already this player's name.")
    reason = action.get("reason")
    require(isinstance(reason, str) and bool(reason.strip()),
            "Say why the name is corrected (the reason goes into the history).")
    step = Step(state)
    hook = getattr(rules, "rename", None)
    if hook is not None:
        hook(step.state, pid, name)
    step.say(f"The banker corrects {names[pid]}'s name to {name}: {reason.strip()}.")
    return step.outcome()
