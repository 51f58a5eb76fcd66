"""Game settings of Railway Rivals, read from a game record: edition, variants, target, readings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# What each edition pays the first company to reach a town (small towns, where a map has them).
EDITIONS = {
    "rr3": {"first_town": 5, "small_town": 5,
            "title": "Railway Rivals, 3rd edition rules (1980)"},
    "dampfross": {"first_town": 6, "small_town": 3,
                  "title": "Dampfross and later Railway Rivals maps"},
}
TARGETS = {3: 250, 4: 225}  # 5 or more players: 200 (rule B8)
TARGET_5_PLUS = 200
VOTE_BONUS = 50
APP_SETTING = "banker"  # the lobby's own: who keeps the accounts (a seat, or a person apart)
# The lobby's variants (settings["variants"]), each the name of a true/false setting.
VARIANTS = ("tournament", "average_die", "joint_builds", "leapfrog", "target_vote")
JOINT_FEES = ("on_total", "per_rival")  # how a joint train shares its fees (B3, B4)
# Readings and checks that came after games were recorded: a record without the setting was
# played with the reading before (each rival's fee split apart; any route accepted; any town
# typed for a key the map's table lacks) and keeps it, so it replays as it was played; a new
# game is written with the book's and the check (NEW_GAME).
BEFORE = {"joint_fees": "per_rival", "own_lines_required": False, "typed_towns_on_map": False}
NEW_GAME = {"joint_fees": "on_total", "own_lines_required": True, "typed_towns_on_map": True}


def before_the_settings(data: Mapping) -> list[str]:
    """The settings a record leaves out and so plays with the reading from before them (each
    reads otherwise than a new game's)."""
    return [name for name in BEFORE if name not in data]


class SettingsError(ValueError):
    """Settings that do not make a game, with the setting named."""


@dataclass(frozen=True)
class Settings:
    edition: str = "rr3"
    tournament: bool = False  # rule C2: shared build throw, key numbers used twice, spend 10%
    key_uses: int = 2  # C2: each key number used this often (1 on board J or for 18 runs)
    joint_builds: bool = False  # C4 (with tournament rules)
    leapfrog: bool = False  # C5
    average_die: bool = False  # C1: races thrown with the 2,3,3,4,4,5 die
    target_vote: bool = False  # B8: the table voted the target 50 higher
    two_player_target: int = 250  # the rules give none for 2 players
    target_check: str = "after_race"  # after_race (before spending) | after_spending
    fee_cap: int = 10  # B4: most a race's fees may pay any one rival
    powers_net_max: int = 9  # B4: "the difference must be less than 10"
    allow_negative: bool = False  # whether a payment may take an account below 0
    lone_runner_pays_fees: bool = True  # a lone entrant still runs its route, so pays fees
    joint_fees: str = "on_total"  # B3, B4: a joint train's fees split on their total
    own_lines_required: bool = True  # B4: a route must be at least partly over own lines
    typed_towns_on_map: bool = True  # a town typed for a key the table lacks is one of the map

    @property
    def first_town(self) -> int:
        return EDITIONS[self.edition]["first_town"]  # type: ignore[return-value]

    @property
    def small_town(self) -> int:
        return EDITIONS[self.edition]["small_town"]  # type: ignore[return-value]

    def target(self, companies: int) -> int:
        base = (TARGETS.get(companies, TARGET_5_PLUS) if companies >= 3
                else self.two_player_target)
        return base + (VOTE_BONUS if self.target_vote else 0)

    def die_faces(self) -> tuple[int, ...]:
        return (2, 3, 3, 4, 4, 5) if self.average_die else (1, 2, 3, 4, 5, 6)

    @classmethod
    def from_record(cls, data: Mapping) -> Settings:
        if not isinstance(data, Mapping):
            raise SettingsError("settings must be an object")
        known = set(cls.__dataclass_fields__) | {"variants", APP_SETTING}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SettingsError(f"settings.{unknown[0]}: not a Railway Rivals setting (the "
                                f"settings: {', '.join(sorted(known))})")
        values = dict(data)
        values.pop(APP_SETTING, None)
        variants = values.pop("variants", [])
        if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
            raise SettingsError(f"settings.variants: each one of {', '.join(VARIANTS)}")
        for name in variants:
            values.setdefault(name, True)
        if values.get("edition", "rr3") not in EDITIONS:
            raise SettingsError(f"settings.edition must be one of {', '.join(EDITIONS)}, not "
                                f"{values.get('edition')!r}")
        for name in ("tournament", "joint_builds", "leapfrog", "average_die", "target_vote",
                     "allow_negative", "lone_runner_pays_fees", "own_lines_required",
                     "typed_towns_on_map"):
            if name in values and type(values[name]) is not bool:
                raise SettingsError(f"settings.{name} must be true or false")
        for name, lo, hi in (("key_uses", 1, 2), ("two_player_target", 50, 1000),
                             ("fee_cap", 1, 100), ("powers_net_max", 0, 100)):
            if name in values and (type(values[name]) is not int
                                   or not lo <= values[name] <= hi):
                raise SettingsError(f"settings.{name} must be a whole number {lo} to {hi}")
        if values.get("target_check", "after_race") not in ("after_race", "after_spending"):
            raise SettingsError("settings.target_check must be after_race or after_spending")
        for name, before in BEFORE.items():
            values.setdefault(name, before)
        if values["joint_fees"] not in JOINT_FEES:
            raise SettingsError(f"settings.joint_fees must be one of {', '.join(JOINT_FEES)}, "
                                f"not {values['joint_fees']!r}")
        if values.get("joint_builds") and not values.get("tournament"):
            raise SettingsError("settings.joint_builds needs tournament rules (rule C4)")
        return cls(**values)
