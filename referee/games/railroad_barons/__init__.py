"""Railroad Barons (Helmut Ohley, Lookout Games): two players, five Holdings, stocks and
railroads.

META (meta.py) lists the game without loading its rules; GAME and `rules_for` (game.py) are
its side of referee.games.contract.
"""
