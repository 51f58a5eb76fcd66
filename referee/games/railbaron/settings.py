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


# The rules the two editions word differently, each a named setting of the edition: the first
# value is the modern rulebook's, the second the classic summary's (docs/railbaron-actions.md).
ESTABLISHMENTS = ("every_railroad", "one_railroad")
UNDECLARES = ("use_fees", "any_drop")
EDITION_RULES: dict[str, dict[str, object]] = {
    # ESTABLISHMENT "upon all railroads that serve that milepost", kept riding any of them;
    # UNDECLARE "via the payment of USE FEES"; HOME SWAP is in the rulebook
    "modern": {"establishment": "every_railroad", "undeclare": "use_fees", "home_swap": True},
    # "established on that railroad ... for as long as he uses it, and no other railroad";
    # undeclared "if he drops below $200,000 in cash"; the summary has no Home Swap, the app
    # keeps the modern rulebook's unless the table turns it off
    "classic": {"establishment": "one_railroad", "undeclare": "any_drop", "home_swap": True},
}


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
    establishment: str = "every_railroad"  # or "one_railroad" (classic)
    undeclare: str = "use_fees"  # or "any_drop" (classic)
    home_swap: bool = True
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
        rules = edition_rules(data, edition)
        return cls(
            edition=edition,
            short_game=bool(variants.get("short_game")),
            discounted_superchief=bool(variants.get("discounted_superchief")),
            free_superchief=bool(variants.get("free_superchief")),
            starting_auction=bool(variants.get("starting_auction")),
            starting_auction_extra=extra,
            honeymoon=bool(variants.get("honeymoon")),
            establishment=str(rules["establishment"]),
            undeclare=str(rules["undeclare"]),
            home_swap=bool(rules["home_swap"]),
            banker_plays=bool(data.get("banker")),  # the web app's setting: a seat, or ""
        )

    @property
    def one_railroad(self) -> bool:
        """Classic establishment: on the railroad whose fee rose, kept riding it and no other."""
        return self.establishment == "one_railroad"

    @property
    def any_drop_undeclares(self) -> bool:
        """Classic undeclare: any drop below $200,000, not only by use fees."""
        return self.undeclare == "any_drop"

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


# What a record that names none of the edition rules was played under: the app applied the
# modern rulebook's establishment and undeclare in both editions before they were settings, so
# such a record (an export, a game saved on an older laptop) replays exactly as it was played.
# The lobby always writes all three, from the chosen edition.
RULES_BEFORE_THE_SETTINGS: dict[str, object] = dict(EDITION_RULES["modern"])


EDITION_SETTINGS = ("establishment", "undeclare", "home_swap")


def before_the_settings(data: Mapping, edition: str) -> list[str]:
    """The edition's rules a record plays otherwise than a new game of its edition would,
    because it names none of them (played before they were settings)."""
    if any(name in data for name in EDITION_SETTINGS):
        return []
    return [name for name in EDITION_SETTINGS
            if RULES_BEFORE_THE_SETTINGS[name] != EDITION_RULES[edition][name]]


def edition_rules(data: Mapping, edition: str) -> dict[str, object]:
    """The edition's own rules, each as the record sets it. A record that sets none of them
    was played before they were settings and keeps the rules it was played under."""
    named = any(name in data for name in EDITION_SETTINGS)
    rules = dict(EDITION_RULES[edition] if named else RULES_BEFORE_THE_SETTINGS)
    for name, allowed in (("establishment", ESTABLISHMENTS), ("undeclare", UNDECLARES)):
        value = data.get(name, rules[name])
        if value not in allowed:
            raise SettingsError(f"settings.{name} must be one of {', '.join(allowed)}")
        rules[name] = value
    swap = data.get("home_swap", rules["home_swap"])
    if type(swap) is not bool:
        raise SettingsError("settings.home_swap must be true or false")
    rules["home_swap"] = swap
    return rules
