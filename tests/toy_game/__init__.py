"""Toy race: the smallest whole game, kept as the living example of referee.games.contract and
of docs/adding-a-game.md, in the dialect every shipped game speaks.

Two players take turns rolling one die and adding it to their score; the first to 20 wins.
The bank pays each roll in dollars, so the ledger, cash and history have something to show.
Nothing outside this folder names it: tests/web/test_toy_game.py registers it, and
tests/test_a_fifth_game.py runs every game-wide test over it.
"""
