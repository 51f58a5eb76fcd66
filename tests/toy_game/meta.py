"""What the lobby lists of the toy race, loaded without its rules."""

from referee.games.contract import GameMeta

META = GameMeta(
    key="toy_race",
    title="Toy race",
    min_players=2,
    max_players=2,
    game="tests.toy_game.game",
    templates="templates",  # templates/toy_race/_phone.html and act/roll.html: the roll
    web="tests.toy_game.web",  # its presenter: the die of its one action
)
