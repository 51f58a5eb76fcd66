"""Game settings of Rail Baron: the rules edition and the variants, read from a game record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

EDITIONS = ("modern", "classic")
STARTING_CASH = 20_000
SUPERCHIEF_BY_PLAYERS = {2: 40_000, 3: 40_000, 4: 36_000, 5: 32_000, 6: 28_000}
VARIANTS = (
    "short_game",
    "discounted_superchief",
    "free_superchief",
    "starting_auction",
    "honeymoon",
)


class SettingsError(ValueError):
    """Settings that do not make a game, with the setting named."""


@dataclass(frozen=True)
class Settings:
    edition: str = "modern"
    short_game: bool = False
    discounted_superchief: bool = False
    free_superchief: bool = False
    starting_auction: bool = False
    starting_auction_extra: int = 20_000
    honeymoon: bool = False
    banker_plays: bool = False  # the banker holds a seat: no answer may tell him others' cash

    @property
    def classic(self) -> bool:
        return self.edition == "classic"

    @classmethod
    def from_record(cls, data: Mapping, default_edition: str = "modern") -> Settings:
        edition = data.get("edition", default_edition)
        if edition not in EDITIONS:
            raise SettingsError(f"settings.edition must be one of {', '.join(EDITIONS)}")
        variants = data.get("variants", {})
        if isinstance(variants, list):
            variants = {name: True for name in variants}
        if not isinstance(variants, Mapping):
            raise SettingsError("settings.variants must be a list of names or an object")
        unknown = sorted(set(variants) - set(VARIANTS))
        if unknown:
            raise SettingsError(f"unknown variant(s): {', '.join(unknown)}")
        extra = data.get("starting_auction_extra", 20_000)
        if type(extra) is not int or extra < 0 or extra > 1_000_000:
            raise SettingsError(
                "settings.starting_auction_extra must be a whole amount 0–1,000,000"
            )
        return cls(
            edition=edition,
            short_game=bool(variants.get("short_game")),
            discounted_superchief=bool(variants.get("discounted_superchief")),
            free_superchief=bool(variants.get("free_superchief")),
            starting_auction=bool(variants.get("starting_auction")),
            starting_auction_extra=extra,
            honeymoon=bool(variants.get("honeymoon")),
            banker_plays=bool(data.get("banker")),  # the web app's setting: a seat, or ""
        )

    def starting_cash(self) -> int:
        return STARTING_CASH + (self.starting_auction_extra if self.starting_auction else 0)

    def scaled(self, price: int) -> int:
        """A listed price as this game charges it (the Short Game halves every price)."""
        return price // 2 if self.short_game else price

    def upgrade_cost(self, current: str, target: str, players: int) -> int:
        if target == "express":
            return self.scaled(4_000)
        if current == "express" and self.free_superchief:
            return 0
        base = SUPERCHIEF_BY_PLAYERS[players] if self.discounted_superchief else 40_000
        return self.scaled(base)
