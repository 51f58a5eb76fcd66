"""Prairie Railroads as the lobby lists it, loaded without the rules (referee.games.contract)."""

from referee.games.contract import GameMeta

META = GameMeta(
    key="prairie_railroads",
    title="Prairie Railroads",
    min_players=3,
    max_players=5,
    game="referee.games.prairie_railroads.game",
    web="referee.web.games.prairie_railroads",
    lobby_order=10,
    stylesheets=("public.css", "prairie_railroads/prairie_railroads.css"),
)
