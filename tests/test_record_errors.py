"""Every game says what is wrong with a record the same way (contract.record_errors): a
settings problem in its own words, any other problem of the players as "players: ...", a board
that cannot be read as "map: ...", and anything else left as it is."""

import pytest

from referee.engine.record import RecordError, new_record
from referee.games import registry
from referee.games.contract import record_errors
from tests.railroad_barons.play import the_test_box
from tests.railway_rivals.play import test_map_inline


class HouseRuleError(ValueError):
    pass


SETTINGS_THEN_PLAYERS = ((HouseRuleError, "{err}"), (ValueError, "players: {err}"))


def test_the_first_matching_error_gives_the_words():
    with pytest.raises(RecordError, match=r"^settings.speed: too fast$") as caught, \
            record_errors(*SETTINGS_THEN_PLAYERS):
        raise HouseRuleError("settings.speed: too fast")
    assert isinstance(caught.value.__cause__, HouseRuleError)
    with pytest.raises(RecordError, match=r"^players: one seat is empty$"), \
            record_errors(*SETTINGS_THEN_PLAYERS):
        raise ValueError("one seat is empty")


def test_an_error_none_matches_goes_on_and_braces_in_a_message_are_kept():
    with pytest.raises(KeyError), record_errors((ValueError, "players: {err}")):
        raise KeyError("players")
    with pytest.raises(RecordError, match=r"^map: \{odd\} \(\{err\}\)$"), \
            record_errors(((KeyError, ValueError), "map: {err}")):
        raise ValueError("{odd} ({err})")
    with record_errors((ValueError, "players: {err}")):
        pass  # nothing raised, nothing said


@pytest.mark.parametrize("game, board, seats", [
    ("railroad_barons", lambda: the_test_box().to_dict(), 3),
    ("railway_rivals", test_map_inline, 7),
])
def test_each_game_names_the_players_when_the_seats_are_wrong(game, board, seats):
    players = [{"id": f"p{i}", "name": f"P{i}"} for i in range(seats)]
    with pytest.raises(RecordError, match=r"^players: "):
        registry.rules_for(new_record(game, board(), players))
    with pytest.raises(RecordError, match=r"^map: "):
        registry.rules_for(new_record(game, "no-such-board", players[:2]))
