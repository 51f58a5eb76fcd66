"""Rail Baron: the rules of the modern (Southeast) rulebook and the classic Avalon Hill rules.

META (meta.py) lists the game; GAME (game.py) is its side of referee.games.contract.
"""
