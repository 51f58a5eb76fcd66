"""Railroad Barons' side of the game contract (referee.games.contract): GAME and its boxes."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from referee.games.contract import (
    BoardSummary,
    FolderBoards,
    GameParts,
    Problem,
    Resolver,
    record_errors,
)
from referee.games.railroad_barons import views
from referee.games.railroad_barons.box import (
    BOXES_DIR,
    KEY,
    MANIFEST,
    Box,
    BoxError,
    load_box,
    load_box_folder,
)
from referee.games.railroad_barons.entry import BoxEntry
from referee.games.railroad_barons.figures import final_figures
from referee.games.railroad_barons.rulebook import RULE_NAMES
from referee.games.railroad_barons.rules import BANKER_ACTIONS, BaronsRules
from referee.games.railroad_barons.settings import Settings, SettingsError

__all__ = ["GAME", "BaronsBoxes", "rules_for", "summary"]


def rules_for(record: dict, resolve_map: Resolver | None = None) -> BaronsRules:
    """The rules object for a game record.

    `map` is the box: a key under tables/railroad_barons/ (or one `resolve_map` finds in the
    laptop's instance folder), or a whole box inline (the form of `Box.to_dict()`).
    """
    ref = record["map"]
    with record_errors((BoxError, "map: {err}")):
        if isinstance(ref, dict):
            box = Box.from_dict(ref)
        elif resolve_map is not None:
            box = resolve_map(ref) or load_box(ref)
        else:
            box = load_box(ref)
    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        settings = Settings.from_record(record.get("settings", {}))
        return BaronsRules(box, record["players"], settings)


def summary(state: Any, rules: BaronsRules | None = None) -> dict:
    """The report `referee replay --json` prints; the state carries what it reads of the box
    (`rules` is accepted and not needed)."""
    from referee.games.railroad_barons.views import summary as report

    return report(state)


INSTANCE_FOLDER = "railroad_barons_boxes"


def box_name(folder: Path) -> str:
    """The name a box folder's manifest gives (its key when there is none)."""
    try:
        name = tomllib.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("name")
    except (OSError, tomllib.TOMLDecodeError):
        return folder.name
    return name.strip() if isinstance(name, str) and name.strip() else folder.name


class BaronsBoxes(FolderBoards):
    """The boxes: tables/railroad_barons/<key>/ shipped, and the laptop's own, entered or
    uploaded, under <instance>/railroad_barons_boxes/<key>/. A shipped key hides a laptop's."""

    shipped = BOXES_DIR
    folder = INSTANCE_FOLDER
    error = BoxError
    read_folder = staticmethod(load_box_folder)
    manifest = MANIFEST  # box.toml: it names the box and its CSV files
    noun = "box"
    plural = "boxes"
    key_pattern = KEY  # a box's key: 1 to 12 letters, digits, _ or &
    key_rule = "1 to 12 letters, digits, _ or &, starting with a letter (for example printed)"
    # how a spreadsheet's cells are read (referee/web/cells.py): column -> kind
    cell_kinds = {"value": "number", "cost": "number", "income": "number",
                  "back_cost": "number", "back_income": "number", "bonus": "number",
                  "par": "flag"}
    template: Path | None = BOXES_DIR / "_template"
    entry = BoxEntry()  # the entry grids (referee/web/entry.py)

    def list(self, instance_dir: Path | None) -> list[BoardSummary]:
        found: dict[str, BoardSummary] = {}
        for root, shipped in self.roots(instance_dir):
            if not root.is_dir():
                continue
            for folder in sorted(root.iterdir()):
                if not folder.is_dir() or not KEY.fullmatch(folder.name) \
                        or folder.name in found:
                    continue
                problems = self.check(folder)
                note = "" if not problems else f"{len(problems)} problem" \
                    f"{'s' if len(problems) != 1 else ''} to fix"
                found[folder.name] = BoardSummary(folder.name, box_name(folder),
                                                  not problems, shipped, note,
                                                  problems=tuple(problems))
        return list(found.values())

    def load(self, key: str, instance_dir: Path | None) -> Box:
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise BoxError([Problem(MANIFEST, None, f"{key!r} is not a box name")])
        for root, _shipped in self.roots(instance_dir):
            if (root / key).is_dir():
                return load_box_folder(root / key)
        raise BoxError([Problem(MANIFEST, None, f"there is no box {key!r}")])


GAME = GameParts(
    banker_actions=BANKER_ACTIONS,
    boards=BaronsBoxes(),
    rules_for=rules_for,
    who_acts=views.to_act,
    visible_cash=views.visible_cash,
    history=views.history,
    summary=views.summary,
    render=views.render,
    final_figures=final_figures,
    rule_names=RULE_NAMES,
)
