"""Rail Baron's side of the game contract (referee.games.contract): GAME."""

from __future__ import annotations

from pathlib import Path

from referee import TABLES_DIR
from referee.games.contract import BoardSummary, GameParts, Problem, Resolver, record_errors
from referee.games.railbaron import charts, views
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts.format import MANIFEST
from referee.games.railbaron.charts.overrides import read_overrides
from referee.games.railbaron.entry import MapEntry
from referee.games.railbaron.figures import final_figures
from referee.games.railbaron.rulebook import RULE_NAMES
from referee.games.railbaron.rules import BANKER_ACTIONS, RailBaronRules
from referee.games.railbaron.settings import Settings, SettingsError

__all__ = ["GAME", "rules_for"]


def rules_for(record: dict, resolve_map: Resolver | None = None) -> RailBaronRules:
    """The rules object for a game record; a map named by key is loaded by `resolve_map`
    (else from the shipped maps)."""
    ref = record["map"]
    if isinstance(ref, dict):
        with record_errors(((KeyError, TypeError, ValueError),
                            "map: the inline map is incomplete ({err})")):
            board = RailBaronMap.from_dict(ref)
    elif resolve_map is None:
        board = charts.map_resolver(None)(ref)
    else:
        board = resolve_map(ref)
    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        settings = Settings.from_record(record.get("settings", {}), board.default_edition)
        return RailBaronRules(board, record["players"], settings)

FIGURES_NOTE = {True: "Payoffs and prices written as printed, in thousands: 17 is 17,000.",
                False: "Payoffs and prices written in full: 17000."}


class Maps:
    """Rail Baron's boards: the maps of tables/railbaron/ and the laptop's own under maps/,
    with house-rule overrides from the instance's overrides/ (docs/railbaron-tables.md)."""

    folder = "maps"
    manifest = MANIFEST
    noun = "map"
    # how a spreadsheet's cells are read (referee/web/cells.py): column -> kind
    cell_kinds = {"payoff": "number", "price": "number", "white_sum": "number",
                  "public": "flag"}
    template = TABLES_DIR / "railbaron" / "_template"
    entry = MapEntry()  # the entry grids (referee/web/entry.py)

    def list(self, instance_dir: Path | None) -> list[BoardSummary]:
        """Every map with its report, the problems of its house-rule overrides among them."""
        summaries = []
        for m in charts.list_maps(instance_dir=instance_dir, cached=True):
            problems = (*m.problems, *self.override_problems(m, instance_dir))
            errors = sum(p.severity == "error" for p in problems)
            summaries.append(BoardSummary(m.key, m.name, m.playable and not errors,
                                          m.source_dir.parent.name != self.folder,
                                          note=FIGURES_NOTE[m.thousands], problems=problems,
                                          unknown_cells=m.unknown_cells))
        return summaries

    @staticmethod
    def override_problems(summary: charts.MapSummary, instance_dir: Path | None) -> list[Problem]:
        """The problems of the instance's overrides/<key>.csv for a map that loads (none
        without the file)."""
        path = Path(instance_dir) / "overrides" / f"{summary.key}.csv" if instance_dir else None
        if path is None or not path.is_file() or summary.errors:
            return []
        return read_overrides(path, charts.load_map_dir(summary.source_dir))[1]

    def load(self, key: str, instance_dir: Path | None) -> RailBaronMap:
        try:
            return charts.load_map(key, instance_dir=instance_dir, cached=True)
        except charts.MapError as err:
            raise LookupError(str(err)) from err

    def check(self, folder: Path) -> list[Problem]:
        return charts.check_map_dir(folder)


GAME = GameParts(
    banker_actions=BANKER_ACTIONS,
    boards=Maps(),
    rules_for=rules_for,
    who_acts=views.to_act,
    visible_cash=views.visible_cash,
    history=views.history,
    summary=views.summary,
    render=views.render,
    final_figures=final_figures,
    rule_names=RULE_NAMES,
)
