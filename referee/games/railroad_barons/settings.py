"""Game settings of Railroad Barons, read from a game record: where tables read the rules apart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

APP_KEYS = frozenset({"banker", "edition", "variants"})  # written by the app, not rules


class SettingsError(ValueError):
    """Settings that do not make a game, with the setting named."""


CHOICES = {
    "director_sale_price": ("before_drop", "after_drop"),
    "dividend_rounding": ("down", "up"),
    "draft_offers": ("every", "first"),
    "priority_when_nobody_acts": ("keep", "swap"),
}


@dataclass(frozen=True)
class Settings:
    director_aid: bool = True  # the Director's cash aid for a Holding's first railroad
    director_sale_price: str = "before_drop"  # a Director's sale is paid before the marker drops
    dividend_rounding: str = "down"  # a player's dividend when his percentage is not whole dollars
    draft_offers: str = "every"  # every Investor drafted is offered for money or card; or "first"
    zero_payout_moves: bool = False  # whether paying out $0 moves the marker up
    priority_when_nobody_acts: str = "keep"  # a Stock Round of two passes only

    @classmethod
    def from_record(cls, data: Mapping) -> Settings:
        if not isinstance(data, Mapping):
            raise SettingsError("settings must be an object")
        known = {f.name: f for f in fields(cls)}
        values = {}
        for key, value in data.items():
            if key in APP_KEYS:
                continue
            if key not in known:
                raise SettingsError(f"settings.{key}: Railroad Barons has no such setting "
                                    f"(the settings: {', '.join(known)})")
            default = known[key].default
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise SettingsError(f"settings.{key} must be true or false")
            elif value not in CHOICES[key]:
                raise SettingsError(f"settings.{key} must be one of "
                                    f"{', '.join(CHOICES[key])}, not {value!r}")
            values[key] = value
        return cls(**values)

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}
