"""Game settings of Prairie Railroads, read from a game record: the draw deck's make-up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.games.prairie_railroads.constants import CARDS

MAX_CARDS = 60


class SettingsError(ValueError):
    """Settings that do not make a game, with the setting named."""


@dataclass(frozen=True)
class Settings:
    deck: dict[str, int]  # the draw deck after the hands are dealt: cards of each kind

    @classmethod
    def from_record(cls, data: Mapping) -> Settings:
        deck = data.get("deck")
        if not isinstance(deck, Mapping):
            raise SettingsError("settings.deck must give the draw deck's cards: "
                                '{"PD": n, "OS": n, "CT": n} (count the cards left after '
                                "dealing the hands)")
        unknown = sorted(set(deck) - set(CARDS))
        if unknown:
            raise SettingsError(f"settings.deck: unknown card kind {unknown[0]!r} "
                                "(the kinds: PD, OS, CT)")
        counts = {}
        for card in CARDS:
            n = deck.get(card)
            if type(n) is not int or not 0 <= n <= MAX_CARDS:
                raise SettingsError(f"settings.deck.{card} must be a whole number 0 to "
                                    f"{MAX_CARDS}, not {n!r}")
            counts[card] = n
        return cls(counts)
