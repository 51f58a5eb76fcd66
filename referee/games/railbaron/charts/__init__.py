"""Chart tables of railroad games: the map folders under tables/, their loader and checker.

Pure Python: nothing here imports Flask or sqlite-utils. See docs/railbaron-tables.md for the
format.
"""

from referee.games.railbaron.charts.loader import (
    LoadedMap,
    MapError,
    MapSummary,
    UnknownMapError,
    default_search_dirs,
    is_playable,
    list_maps,
    load_map,
    load_map_dir,
    map_resolver,
)
from referee.games.railbaron.charts.validate import Problem, check_map_dir

__all__ = [
    "LoadedMap",
    "MapError",
    "MapSummary",
    "Problem",
    "UnknownMapError",
    "check_map_dir",
    "default_search_dirs",
    "is_playable",
    "list_maps",
    "load_map",
    "load_map_dir",
    "map_resolver",
]
