"""The on-disk format of a Rail Baron map folder: file names, CSV headers, manifest fields."""

from __future__ import annotations

UNKNOWN = "?"
"""The literal value of an unknown chart cell: the app asks the table for the printed value."""

MANIFEST = "map.toml"

TABLE_FILES: dict[str, tuple[str, ...]] = {
    "regions": ("code", "name"),
    "region_table": ("parity", "white_sum", "region"),
    "city_table": ("region", "parity", "white_sum", "city"),
    "cities": ("city", "region"),
    "payoffs": ("city_a", "city_b", "payoff"),
    "railroads": ("abbr", "name", "price", "public", "colour"),
    "service": ("railroad", "city"),
    "notes": ("city_a", "city_b", "note"),
}
"""Each table of a map, by its key in the manifest's [files], with the CSV header it must carry."""

DEFAULT_FILE_NAMES: dict[str, str] = {key: f"{key}.csv" for key in TABLE_FILES}

REQUIRED_FIELDS = ("key", "name", "money_unit", "default_edition", "railroads")
"""Top-level manifest fields of every map; [files] and [provenance] summary are required too."""

FIGURES = "figures"
FIGURES_THOUSANDS = "thousands"  # payoffs and prices as printed: 17 for 17,000, 3.5 for 3,500
FIGURES_FULL = "full"  # payoffs and prices as whole amounts: 17000 (the default)

RAILROADS_TRANSCRIBED = "transcribed"
RAILROADS_NOT_TRANSCRIBED = "not transcribed"
RAILROAD_STATUSES = (RAILROADS_TRANSCRIBED, RAILROADS_NOT_TRANSCRIBED)

OVERRIDES_HEADER = ("table", "key", "value", "reason")
OVERRIDE_TABLES = ("payoff", "region", "city", "price", "route")
KEY_SEPARATOR = "|"
"""Separates the parts of an override key, e.g. ``Atlanta|Casper`` or ``SE|odd|7``."""
