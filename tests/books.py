"""Money compared account by account, never only through the ledger's own equality."""

from __future__ import annotations


def balances(state) -> dict[str, int]:
    """Every account's non-zero balance in a game state, read straight from its ledger."""
    return {account: cash for account, cash in state.ledger.balances.items() if cash}
