"""Rail Baron's web hooks. The turn flow (rolls, arrival, purchase, fees) is still to come."""

from __future__ import annotations

from referee.web.games.generic import Choice, SetupOptions

# The keys stored in settings["edition"] and settings["variants"]; the rules read them.
SETUP = SetupOptions(
    editions=(
        Choice("modern", "Modern (RailGameFans rulebook)"),
        Choice("classic", "Classic (Avalon Hill)"),
    ),
    variants=(
        Choice("short_game", "Short game"),
        Choice("discounted_superchief", "Discounted SuperChief"),
        Choice("free_superchief", "Free SuperChief upgrade from Express"),
        Choice("starting_auction", "Starting auction"),
        Choice("honeymoon", "Honeymoon rules (two players)"),
    ),
    uses_map=True,
)
