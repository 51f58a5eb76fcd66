"""Money compared account by account, never only through the ledger's own equality."""

from __future__ import annotations

import copy

from referee.engine import IllegalAction, Replayer


def balances(state) -> dict[str, int]:
    """Every account's non-zero balance in a game state, read straight from its ledger."""
    return {account: cash for account, cash in state.ledger.balances.items() if cash}


def refused(game: Replayer, action: dict) -> str:
    """Submit an action the rules must refuse and return the reason; the log, every balance and
    the whole state must be as they were."""
    before = copy.deepcopy(game.state)
    seq = game.seq
    try:
        game.submit(action)
    except IllegalAction as err:
        assert game.seq == seq
        assert balances(game.state) == balances(before)
        assert game.state == before
        return str(err)
    raise AssertionError(f"{action} was accepted")
