"""Railway Rivals as the lobby lists it, loaded without the rules (referee.games.contract)."""

from referee.games.contract import Choice, GameMeta

META = GameMeta(
    key="railway_rivals",
    title="Railway Rivals",
    min_players=2,
    max_players=6,
    game="referee.games.railway_rivals.game",
    editions=(Choice("rr3", "3rd edition rules (first to a town: 5)"),
              Choice("dampfross", "Dampfross and later maps (first to a town: 6, small: 3)")),
    variants=(Choice("tournament", "Tournament rules (C2)"),
              Choice("average_die", "Average die for races (C1)"),
              Choice("joint_builds", "Joint builds (C4, with tournament rules)"),
              Choice("leapfrog", "Leapfrog (C5)"),
              Choice("target_vote", "Target 50 higher (voted, B8)")),
    uses_board=True,
    web="referee.web.games.railway_rivals",
    stylesheets=("railway_rivals/railway_rivals.css",),
    lobby_order=30,
)
