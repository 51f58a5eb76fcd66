"""Rail Baron as the lobby lists it: loaded without the rules (see referee.games.contract)."""

from referee.games.contract import Choice, GameMeta
from referee.games.railbaron.settings import EDITIONS, VARIANTS

EDITION_LABELS = {
    "modern": "Modern (RailGameFans rulebook)",
    "classic": "Classic (Avalon Hill)",
}
VARIANT_LABELS = {
    "short_game": "Short Game",
    "discounted_superchief": "Discounted SuperChief",
    "free_superchief": "Free SuperChief (from Express)",
    "starting_auction": "Starting Auction",
    "honeymoon": "Honeymoon (two players)",
}

META = GameMeta(
    key="railbaron",
    title="Rail Baron",
    min_players=2,
    max_players=6,
    game="referee.games.railbaron.game",
    editions=tuple(Choice(key, EDITION_LABELS.get(key, key)) for key in EDITIONS),
    variants=tuple(Choice(key, VARIANT_LABELS.get(key, key)) for key in VARIANTS),
    uses_board=True,
    web="referee.web.games.railbaron",
    lobby_order=0,
    stylesheets=("lookup.css", "railbaron.css", "railbaron_public.css"),
)
