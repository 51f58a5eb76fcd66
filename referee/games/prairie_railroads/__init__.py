"""Prairie Railroads (John Bohrer): stocks, track and dividends on the Kansas prairie.

META (meta.py) lists the game; GAME (game.py) is its side of referee.games.contract.
"""
