"""Find map folders, load them into RailBaronMap objects and apply house-rule overrides."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import referee
from referee.engine.record import RecordError
from referee.games.railbaron.board import RailBaronMap
from referee.games.railbaron.charts.format import (
    FIGURES,
    FIGURES_THOUSANDS,
    MANIFEST,
    RAILROADS_NOT_TRANSCRIBED,
    RAILROADS_TRANSCRIBED,
)
from referee.games.railbaron.charts.overrides import apply_overrides, read_overrides
from referee.games.railbaron.charts.validate import (
    ERROR,
    MapData,
    Problem,
    count_unknown,
    has_errors,
    read_map_dir,
)


class MapError(Exception):
    """A map that cannot be loaded; `problems` says why, each with its file and line."""

    def __init__(self, key: str, problems: list[Problem]) -> None:
        self.key = key
        self.problems = problems
        errors = [p for p in problems if p.severity == ERROR] or problems
        lines = "\n".join(f"  {p}" for p in errors)
        super().__init__(f"map {key!r} has {len(errors)} problem(s):\n{lines}")


class UnknownMapError(MapError):
    """No folder in the search path holds the map asked for."""

    def __init__(self, key: str, search_dirs: list[Path], known: list[str]) -> None:
        listed = ", ".join(known) or "none"
        problem = Problem(key, None, f"no map {key!r} (known maps: {listed})")
        super().__init__(key, [problem])
        self.args = (problem.message,)


@dataclass
class LoadedMap(RailBaronMap):
    """A RailBaronMap read from a map folder, with what its manifest says about it."""

    source_dir: Path | None = None
    railroads_status: str = RAILROADS_TRANSCRIBED
    provenance: str = ""
    missing: tuple[str, ...] = ()
    money_note: str = ""
    twins: frozenset[tuple[str, str]] = frozenset()

    @property
    def playable(self) -> bool:
        """Whether the rules can run a game on it (lookup-only maps lack railroads)."""
        return self.railroads_status == RAILROADS_TRANSCRIBED and is_playable(self)

    @property
    def unknown_cells(self) -> int:
        return count_unknown(self)


@dataclass(frozen=True)
class MapSummary:
    """What a map list shows without building the map."""

    key: str
    name: str
    source_dir: Path
    playable: bool
    unknown_cells: int
    errors: int = 0
    warnings: int = 0
    problems: tuple[Problem, ...] = ()
    thousands: bool = False  # payoffs and prices written as printed, in thousands


def is_playable(board: RailBaronMap) -> bool:
    """A game needs railroads to buy and cities they serve."""
    return bool(board.railroads) and any(board.service.values())


def default_search_dirs(instance_dir: Path | None = None) -> list[Path]:
    """The shipped maps, then the instance's own `maps/` folder when there is one."""
    dirs = [referee.TABLES_DIR / "railbaron"]
    if instance_dir is not None:
        dirs.append(Path(instance_dir) / "maps")
    return dirs


def map_dirs(search_dirs: list[Path]) -> dict[str, Path]:
    """Every map folder by key; a key found in an earlier folder hides later ones."""
    found: dict[str, Path] = {}
    for base in search_dirs:
        if not Path(base).is_dir():
            continue
        for folder in sorted(Path(base).iterdir()):
            if folder.name[0] in "._" or not (folder / MANIFEST).is_file():
                continue
            found.setdefault(folder.name, folder)
    return found


def find_map_dir(key: str, search_dirs: list[Path]) -> Path | None:
    if not key or Path(key).name != key or key[0] in "._":
        return None
    return map_dirs(search_dirs).get(key)


def load_map(key: str, *, search_dirs: list[Path] | None = None,
             overrides_dir: Path | None = None, instance_dir: Path | None = None,
             cached: bool = False) -> LoadedMap:
    """Load and validate the map `key`, then apply `<overrides_dir>/<key>.csv` if it exists.

    `instance_dir` supplies both defaults: its `maps/` folder is searched after the shipped
    maps, and its `overrides/` folder holds the house rules. `cached` reuses the map loaded
    before while none of its files (nor the overrides file) has changed: for requests.
    """
    dirs = default_search_dirs(instance_dir) if search_dirs is None else list(search_dirs)
    folder = find_map_dir(key, dirs)
    if folder is None:
        raise UnknownMapError(key, dirs, sorted(map_dirs(dirs)))
    if overrides_dir is None and instance_dir is not None:
        overrides_dir = Path(instance_dir) / "overrides"
    overrides = Path(overrides_dir) / f"{key}.csv" if overrides_dir is not None else None
    if not cached:
        return load_map_dir(folder, overrides_file=overrides)
    signature = (_signature(folder), _file_signature(overrides))
    kept = _LOADED.get((folder, overrides))
    if kept is not None and kept[0] == signature:
        return kept[1]
    board = load_map_dir(folder, overrides_file=overrides)
    _LOADED[(folder, overrides)] = (signature, board)
    return board


def load_map_dir(folder: Path, *, overrides_file: Path | None = None) -> LoadedMap:
    """Load one map folder (and its overrides file, if it exists); raise MapError on errors."""
    folder = Path(folder)
    data, problems = read_map_dir(folder)
    if has_errors(problems):
        raise MapError(folder.name, problems)
    board = build_map(data)
    if overrides_file is not None and overrides_file.is_file():
        overrides, problems = read_overrides(overrides_file, board)
        if problems:
            raise MapError(folder.name, problems)
        apply_overrides(board, overrides)
    return board


def build_map(data: MapData) -> LoadedMap:
    """The map a checked folder describes."""
    manifest = data.manifest
    provenance = manifest["provenance"]
    return LoadedMap(
        key=manifest["key"],
        name=manifest["name"],
        regions=dict(data.regions),
        region_table=dict(data.region_table),
        city_table=dict(data.city_table),
        cities=dict(data.cities),
        payoffs=dict(data.payoffs),
        railroads=dict(data.railroads),
        service={rr: frozenset(data.service.get(rr, ())) for rr in data.railroads},
        money_unit=manifest["money_unit"],
        default_edition=manifest["default_edition"],
        notes=list(data.notes),
        source_dir=data.folder,
        railroads_status=manifest["railroads"],
        provenance=provenance["summary"],
        missing=tuple(provenance.get("missing", ())),
        money_note=manifest.get("money_note", ""),
        twins=frozenset(data.twins),
        route_graph=data.route_graph,
        thousands=manifest.get(FIGURES) == FIGURES_THOUSANDS,
    )


def summarize(folder: Path) -> MapSummary:
    """Check one map folder and sum it up."""
    data, problems = read_map_dir(folder)
    errors = sum(1 for p in problems if p.severity == ERROR)
    name = data.manifest.get("name")
    playable = (not errors and data.manifest.get("railroads") == RAILROADS_TRANSCRIBED
                and bool(data.railroads) and any(data.service.values()))
    return MapSummary(
        key=folder.name,
        name=name if isinstance(name, str) and name else folder.name,
        source_dir=folder,
        playable=playable,
        unknown_cells=count_unknown(data),
        errors=errors,
        warnings=len(problems) - errors,
        problems=tuple(problems),
        thousands=data.manifest.get(FIGURES) == FIGURES_THOUSANDS,
    )


_SUMMARIES: dict[Path, tuple[tuple, MapSummary]] = {}
_LOADED: dict[tuple[Path, Path | None], tuple[tuple, LoadedMap]] = {}


def _signature(folder: Path) -> tuple:
    """What changes when any file of a folder changes: names, sizes, modification times."""
    try:
        return tuple((p.name, st.st_size, st.st_mtime_ns) for p in sorted(folder.iterdir())
                     if p.is_file() and (st := p.stat()))
    except OSError:
        return ()


def _file_signature(path: Path | None) -> tuple:
    try:
        st = path.stat() if path is not None else None
    except OSError:
        return ()
    return (st.st_size, st.st_mtime_ns) if st is not None else ()


def summarize_cached(folder: Path) -> MapSummary:
    """`summarize(folder)`, checked again only when one of its files has changed."""
    signature = _signature(folder)
    kept = _SUMMARIES.get(folder)
    if kept is not None and kept[0] == signature:
        return kept[1]
    summary = summarize(folder)
    _SUMMARIES[folder] = (signature, summary)
    return summary


def list_maps(search_dirs: list[Path] | None = None, *,
              instance_dir: Path | None = None, cached: bool = False) -> list[MapSummary]:
    """Every map in the search path, checked, in search order.

    `cached` reuses the report of a folder whose files have not changed since it was checked
    (by name, size and modification time): for pages that list every map on each request.
    """
    dirs = default_search_dirs(instance_dir) if search_dirs is None else list(search_dirs)
    check = summarize_cached if cached else summarize
    return [check(folder) for folder in map_dirs(dirs).values()]


@dataclass(frozen=True)
class MapTitle:
    """A map as its manifest names it, read without checking the tables (for a quick menu)."""

    key: str
    name: str
    lookup_only: bool  # the manifest says the railroads are not transcribed


def map_titles(search_dirs: list[Path] | None = None, *,
               instance_dir: Path | None = None) -> list[MapTitle]:
    """Every map in the search path by key and name, reading only the manifests.

    Much faster than `list_maps` (which checks every cell); a map with errors still shows
    here and fails only when it is loaded.
    """
    dirs = default_search_dirs(instance_dir) if search_dirs is None else list(search_dirs)
    titles = []
    for key, folder in map_dirs(dirs).items():
        try:
            manifest = tomllib.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
            manifest = {}
        name = manifest.get("name")
        titles.append(MapTitle(key, name if isinstance(name, str) and name.strip() else key,
                               manifest.get("railroads") == RAILROADS_NOT_TRANSCRIBED))
    return titles


def map_resolver(instance_dir: Path | None) -> Callable[[str], LoadedMap]:
    """`resolve_map(key)` for the rules: the shipped maps, then the instance's own maps and
    house-rule overrides; a map that cannot be loaded is a RecordError naming the map."""

    def resolve(key: str) -> LoadedMap:
        try:
            return load_map(key, instance_dir=instance_dir, cached=True)
        except MapError as err:
            raise RecordError(f"map: {err}") from err

    return resolve
