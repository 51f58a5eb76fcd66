"""The history in words: the lines of every action, grouped by the stage and race they belong to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.engine.replay import Frame
from referee.games.railway_rivals.state import State


def _group(state: State) -> tuple[int, str]:
    """(number, kind) of the part of the game an action taken in `state` belongs to."""
    if state.stage == "setup":
        return 0, "setup"
    if state.stage == "building":
        return 0, "building"
    return state.race_number(), "race"


def history(frames: Sequence[Frame]) -> list[dict[str, Any]]:
    """The readable log, oldest first: start towns, the building stage, then each race (with
    the spending after it), each entry {"label", "turn", "lines", "frames"} (its actions)."""
    if not frames:
        return []
    final: State = frames[-1].state
    towns = {r.number: r.towns for r in final.races}
    if final.race is not None:
        towns[final.race.number] = final.race.towns
    entries: list[dict[str, Any]] = []
    opening = frames[0].outcome.events if frames[0].action is None else []
    if opening:
        entries.append({"label": "The start", "turn": 0, "lines": list(opening)})
    for before, frame in zip(frames, frames[1:], strict=False):
        number, kind = _group(before.state)
        if kind == "race" and not number:
            kind, number = "building", 0
        if kind == "setup":
            label = "Start towns"
        elif kind == "building":
            label = "Building stage"
        else:
            pair = towns.get(number) or []
            label = f"Race {number}" + (f": {' – '.join(pair)}" if len(pair) == 2 else "")
        if not entries or entries[-1]["label"] != label:
            entries.append({"label": label, "turn": number, "lines": [], "frames": []})
        entries[-1]["lines"].extend(frame.outcome.events)
        entries[-1]["frames"].append(frame)
    return entries
