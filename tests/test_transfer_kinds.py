"""Every transfer the games make says what it is: a kind and the fields reports read."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine import BANK, Step
from referee.engine.ledger import Ledger
from referee.engine.record import read_record
from referee.games import registry
from referee.games.registry import replay

GAMES = Path(__file__).parent / "fixtures" / "games"
FIELDS = {  # kind -> the fields a report may read from it
    "payoff": {"start", "destination"}, "use_fee": {"railroads"}, "purchase": {"railroad"},
    "auction": {"railroad"}, "sale": {"railroad"}, "sell_back": {"railroad"},
    "upgrade": {"engine"}, "correction": {"reason"}, "build": {"railroad"},
    "western_build": {"railroad"}, "share_purchase": {"railroad"},
    "dividend": {"railroad", "shares"}, "final_payoff": {"railroad", "shares"},
    "treasury_return": {"railroad"}, "rover": set(), "bankruptcy": set(),
    "starting_cash": set(),
    # Railroad Barons
    "draft_money": {"investor", "price"}, "draft_removed": {"investor"},
    "certificate_purchase": {"holding", "percent"}, "certificate_sale": {"holding", "percent"},
    "certificate_exchange": {"holding", "percent", "give"},
    "holding_capital": {"holding", "value"},
    "holding_dividend": {"holding", "percent", "revenue"}, "withheld": {"holding"},
    "railroad_purchase": {"holding", "railroad", "side"},
    "railroad_trade": {"holding", "railroad", "seller"}, "director_aid": {"holding", "railroad"},
    # Railway Rivals: each entry of the accounts sheet, with its race (0: building) and note
    "capital": {"race"}, "build_payment": {"race", "note"}, "first_town": {"race", "note"},
    "race_fee": {"race", "note"}, "prize": {"race", "note"}, "spending": {"race", "note"},
}


class _State:
    def __init__(self) -> None:
        self.ledger = Ledger()


def test_a_transfer_keeps_its_kind_and_fields():
    step = Step(_State())
    t = step.transfer(BANK, "p1", 500, "bought the B&O", "purchase", railroad="B&O")
    assert (t.kind, dict(t.fields)) == ("purchase", {"railroad": "B&O"})
    assert t.as_dict()["fields"] == {"railroad": "B&O"} and step.ledger.balance("p1") == 500


def _games_in_the_contract() -> list[str]:
    """The recorded games of every game the registry knows."""
    return sorted(p.name for p in GAMES.glob("*.json") if read_record(p)["game"] in registry.GAMES)


@pytest.mark.parametrize("name", _games_in_the_contract())
def test_every_transfer_of_a_recorded_game_has_a_known_kind_and_its_fields(name):
    game = replay(read_record(GAMES / name))
    transfers = list(game.transfers())
    assert transfers
    for t in transfers:
        assert t.kind in FIELDS, t
        assert FIELDS[t.kind] <= set(t.fields), t
