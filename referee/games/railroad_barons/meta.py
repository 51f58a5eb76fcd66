"""Railroad Barons as the lobby lists it, loaded without the rules (referee.games.contract)."""

from referee.games.contract import GameMeta

META = GameMeta(
    key="railroad_barons",
    title="Railroad Barons",
    min_players=2,
    max_players=2,
    game="referee.games.railroad_barons.game",
    uses_board=True,
    web="referee.web.games.railroad_barons",
    boards_alias="boxes",  # `referee boxes check FOLDER`: `referee boards check` of a box
    lobby_order=20,
    stylesheets=("railroad_barons/railroad_barons.css",),
)
