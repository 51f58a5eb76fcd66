"""Railway Rivals' side of the game contract (referee.games.contract): GAME."""

from __future__ import annotations

from pathlib import Path

from referee.engine.record import RecordError
from referee.games.contract import (
    BoardSummary,
    FolderBoards,
    GameParts,
    Problem,
    Resolver,
    fold,
    record_errors,
)
from referee.games.railway_rivals import views
from referee.games.railway_rivals.entry import RivalsMapEntry
from referee.games.railway_rivals.figures import final_figures
from referee.games.railway_rivals.history import history
from referee.games.railway_rivals.mapdata import (
    MANIFEST,
    MAPS_DIR,
    MapError,
    RivalsMap,
    list_maps,
    load_map,
    load_map_folder,
    map_folder,
    map_warnings,
)
from referee.games.railway_rivals.rulebook import RULE_NAMES
from referee.games.railway_rivals.rules import BANKER_ACTIONS, RivalsRules
from referee.games.railway_rivals.settings import Settings, SettingsError

__all__ = ["GAME", "MAPS_FOLDER", "rules_for"]

MAPS_FOLDER = "railway_rivals_maps"  # the laptop's own maps, under the instance folder


def rules_for(record: dict, resolve_map: Resolver | None = None) -> RivalsRules:
    """The rules object for a game record.

    `map` is a map key (loaded by `resolve_map`, else from tables/railway_rivals/) or a whole
    map inline (the form of `RivalsMap.to_dict()`).
    """
    ref = record["map"]
    with record_errors((MapError, "map: {err}")):
        if isinstance(ref, dict):
            rivals_map = RivalsMap.from_dict(ref)
        elif isinstance(ref, str) and resolve_map is not None:
            rivals_map = resolve_map(ref)
        elif isinstance(ref, str):
            rivals_map = load_map(ref)
        else:
            raise RecordError("map: a map key or a whole map")
    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        settings = Settings.from_record(record.get("settings", {}))
        return RivalsRules(rivals_map, record["players"], settings)


class RivalsMaps(FolderBoards):
    """The maps: tables/railway_rivals/<key>/ and the laptop's own under
    <instance>/railway_rivals_maps/ (docs/railway-rivals.md); a shipped key hides a laptop's."""

    shipped = MAPS_DIR
    folder = MAPS_FOLDER
    error = MapError
    read_folder = staticmethod(load_map_folder)
    manifest = MANIFEST  # for the web core's upload page (/boards/railway_rivals)
    noun = "map"
    # how a spreadsheet's cells are read (referee/web/cells.py): column -> kind
    cell_kinds = {"key": "number", "start": "flag", "small": "flag", "special": "flag"}
    template: Path | None = MAPS_DIR / "_template"
    entry = RivalsMapEntry()  # the entry grids (referee/web/entry.py)

    def check(self, folder: Path) -> list[Problem]:
        """The errors of a map folder, or, when it loads, the warnings of its key numbers."""
        try:
            rivals_map = load_map_folder(folder)
        except MapError as err:
            return fold(err.problems)
        return map_warnings(rivals_map)

    def list(self, instance_dir: Path | None) -> list[BoardSummary]:
        found: dict[str, BoardSummary] = {}
        for root, shipped in self.roots(instance_dir):
            for key, name in list_maps(root):
                rivals_map = load_map(key, root)
                found.setdefault(key, BoardSummary(key, name, True, shipped, rivals_map.status,
                                                   problems=tuple(map_warnings(rivals_map))))
        return list(found.values())

    def load(self, key: str, instance_dir: Path | None) -> RivalsMap:
        for root, _shipped in self.roots(instance_dir):
            if map_folder(key, root).is_dir():  # map_folder refuses a key that is no name
                return load_map(key, root)
        raise LookupError(f"there is no Railway Rivals map {key!r}")



def acting_company(action: dict) -> str | None:
    """The seat an action is taken for: its "company" field (None: the keeper's own)."""
    company = action.get("company")
    return company if isinstance(company, str) and company else None


GAME = GameParts(
    banker_actions=BANKER_ACTIONS,
    boards=RivalsMaps(),
    rules_for=rules_for,
    seats_to_act=views.may_act,
    acting_player=acting_company,
    visible_cash=views.visible_cash,
    history=history,
    summary=views.summary,
    render=views.render,
    final_figures=final_figures,
    rule_names=RULE_NAMES,
)
