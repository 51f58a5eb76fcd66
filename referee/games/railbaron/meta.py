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

# The rules the editions word differently (settings.EDITION_RULES), as the lobby offers them:
# (setting, words, ((value, words), ...)); "edition" stands for the chosen edition's own.
EDITION_RULE_CHOICES = (
    ("establishment", "Establishment", (
        ("edition", "As the chosen rules say"),
        ("every_railroad", "Modern: on every railroad at the milepost, kept riding any of them"),
        ("one_railroad", "Classic: on the railroad whose fee rose, kept riding it and no other"),
    )),
    ("undeclare", "A declared player is undeclared", (
        ("edition", "As the chosen rules say"),
        ("use_fees", "Modern: when use fees take him below $200,000"),
        ("any_drop", "Classic: whenever his cash drops below $200,000"),
    )),
    ("home_swap", "Home Swap", (
        ("true", "Played (modern rulebook; the classic summary does not mention it)"),
        ("false", "Not played (as in the classic summary)"),
    )),
)

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
    commands="referee.games.railbaron.commands",
    boards_alias="tables",  # `referee tables check us`: `referee boards check railbaron us`
    lobby_order=0,
    stylesheets=("boards.css", "railbaron/railbaron.css", "public.css",
                 "railbaron/railbaron_public.css"),
)
