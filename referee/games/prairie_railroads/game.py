"""Prairie Railroads' side of the game contract (referee.games.contract): GAME."""

from __future__ import annotations

from pathlib import Path

from referee.games.contract import (
    BoardSummary,
    FolderBoards,
    GameParts,
    Problem,
    Resolver,
    record_errors,
)
from referee.games.prairie_railroads import board as board_files
from referee.games.prairie_railroads import views
from referee.games.prairie_railroads.board import (
    MANIFEST,
    Board,
    BoardError,
    board_folder,
    board_folders,
    board_name,
    load_board,
    load_board_folder,
)
from referee.games.prairie_railroads.draft import learned_tables
from referee.games.prairie_railroads.entry import PrairieBoardEntry
from referee.games.prairie_railroads.figures import final_figures
from referee.games.prairie_railroads.rulebook import RULE_NAMES
from referee.games.prairie_railroads.rules import BANKER_ACTIONS, PrairieRules
from referee.games.prairie_railroads.settings import Settings, SettingsError

__all__ = ["GAME", "rules_for"]


def rules_for(record: dict, resolve_map: Resolver | None = None) -> PrairieRules:
    """The rules object for a game record.

    `map` is "" (no board table: the table types cities as it builds), a board key (loaded by
    `resolve_map`, else from tables/prairie_railroads/), or a whole board inline (the form of
    `Board.to_dict()`).
    """
    ref = record["map"]
    with record_errors((BoardError, "map: {err}"),
                       ((KeyError, TypeError, IndexError, ValueError),
                        "map: the inline board is incomplete ({err})")):
        if isinstance(ref, dict):
            board: Board | None = Board.from_dict(ref)
        elif ref and resolve_map is not None:
            board = resolve_map(ref)
        elif ref:
            board = load_board(ref)
        else:
            board = None
    with record_errors((SettingsError, "{err}"), (ValueError, "players: {err}")):
        settings = Settings.from_record(record.get("settings", {}))
        return PrairieRules(board, record["players"], settings)


class PrairieBoards(FolderBoards):
    """Prairie Railroads' boards: tables/prairie_railroads/<key>/ and the laptop's own under
    <instance>/prairie_boards/ (docs/prairie-railroads.md); a shipped key hides an uploaded one."""

    folder = "prairie_boards"
    error = BoardError
    read_folder = staticmethod(load_board_folder)

    @property
    def shipped(self) -> Path:  # read when asked: a test may point it at its own boards
        return board_files.BOARDS_DIR
    manifest = MANIFEST
    noun = "board"
    # how a spreadsheet's cells are read (referee/web/cells.py): column -> kind
    cell_kinds = {"income": "number", "roll": "number", "start": "flag", "one_way": "flag"}
    draft = staticmethod(learned_tables)  # `referee boards draft`: a game's learned board
    template = board_files.BOARDS_DIR / "_template"
    entry = PrairieBoardEntry()  # the entry grids (referee/web/entry.py)

    def list(self, instance_dir: Path | None) -> list[BoardSummary]:
        found: dict[str, BoardSummary] = {}
        for root, shipped in self.roots(instance_dir):
            for folder in board_folders(root):
                if folder.name in found:
                    continue
                problems = tuple(self.check(folder))
                found[folder.name] = BoardSummary(folder.name, board_name(folder),
                                                  not problems, shipped, problems=problems)
        return list(found.values())

    def load(self, key: str, instance_dir: Path | None) -> Board:
        for root, _shipped in self.roots(instance_dir):
            if board_folder(key, root).is_dir():  # board_folder refuses a key that is no name
                return load_board(key, root)
        raise BoardError([Problem(key[:40], None, "there is no such board")])


GAME = GameParts(
    banker_actions=BANKER_ACTIONS,
    boards=PrairieBoards(),
    rules_for=rules_for,
    who_acts=views.to_act,
    visible_cash=views.visible_cash,
    history=views.history,
    summary=views.summary,
    render=views.render,
    final_figures=final_figures,
    rule_names=RULE_NAMES,
)
