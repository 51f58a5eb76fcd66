"""Railway Rivals (Dampfross, David Watts): the accounts sheet, key numbers and the race helper.

The lobby reads `meta.py`; the app asks `game.GAME` (referee.games.contract).
"""
