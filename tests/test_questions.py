"""Several seats asked at once: an answer from a page drawn before the others' answers counts
while that seat's own question is open; a truly stale one is refused; replay is exact."""

import pytest

from referee.engine import Question, Replayer, StaleAction
from referee.games.railway_rivals.game import GAME
from tests.railway_rivals.play import Table


def question(seat: str) -> Question:
    return Question(seat, GAME.to_act, GAME.acting_player)


def start(company: str, town: str) -> dict:
    return {"type": "start_town", "company": company, "town": town}


def test_a_start_town_from_a_page_drawn_before_two_others_is_accepted():
    t = Table()
    seen = t.game.seq  # all three phones drew their page here
    t.game.submit(start("bob", "Bury"), expected_seq=seen, question=question("bob"))
    t.game.submit(start("ann", "Aston"), expected_seq=seen, question=question("ann"))
    t.game.submit(start("cy", "Hull"), expected_seq=seen, question=question("cy"))
    assert t.state.starts == {"bob": "Bury", "ann": "Aston", "cy": "Hull"}
    assert [a["company"] for a in t.game.log] == ["bob", "ann", "cy"]  # in arrival order
    assert t.state.stage == "building"


def test_without_a_question_an_older_page_is_still_stale():
    t = Table()
    seen = t.game.seq
    t.game.submit(start("bob", "Bury"), expected_seq=seen)
    with pytest.raises(StaleAction):
        t.game.submit(start("ann", "Aston"), expected_seq=seen)


def test_race_entries_from_one_moment_are_all_accepted():
    t = Table().through_building().towns(43, 51).long_enough()
    seen = t.game.seq
    t.game.submit({"type": "enter", "company": "cy"}, expected_seq=seen, question=question("cy"))
    t.game.submit({"type": "stay_out", "company": "ann"}, expected_seq=seen,
                  question=question("ann"))
    t.game.submit({"type": "enter", "company": "bob"}, expected_seq=seen,
                  question=question("bob"))
    assert set(t.state.race.trains) == {"cy", "bob"}
    assert t.state.race.phase == "routes"


def test_a_seat_no_longer_asked_is_stale_and_nothing_changes():
    t = Table().through_building().towns(43, 51).long_enough()
    seen = t.game.seq
    # Bob takes Cy into a joint train: Cy's own question is answered for it
    t.game.submit({"type": "enter", "company": "bob", "partner": "cy"}, expected_seq=seen,
                  question=question("bob"))
    log = list(t.game.log)
    with pytest.raises(StaleAction):
        t.game.submit({"type": "stay_out", "company": "cy"}, expected_seq=seen,
                      question=question("cy"))
    assert t.game.log == log


def test_a_turn_that_came_and_went_since_the_page_is_stale():
    t = Table().start(ann="Aston", bob="Bury", cy="Hull")
    seen = t.game.seq  # Ann builds first
    t.throw(4).done()  # Ann's turn ends; Bob builds
    with pytest.raises(StaleAction):
        t.game.submit({"type": "build_throw", "company": "ann", "die": 3}, expected_seq=seen,
                      question=question("ann"))


def test_an_undo_or_the_seats_own_action_in_between_makes_the_page_stale():
    t = Table()
    seen = t.game.seq
    t.game.submit(start("bob", "Bury"))
    t.game.submit({"type": "undo"})
    with pytest.raises(StaleAction):
        t.game.submit(start("ann", "Aston"), expected_seq=seen, question=question("ann"))
    t = Table().start(ann="Aston", bob="Bury", cy="Hull")
    seen = t.game.seq
    t.throw(4)  # Ann's own throw: her page before it asked another question
    with pytest.raises(StaleAction):
        t.game.submit({"type": "end_turn", "company": "ann"}, expected_seq=seen,
                      question=question("ann"))


def test_a_page_too_many_actions_behind_is_stale():
    from referee.engine.questions import LONGEST_WAIT
    from tests.web.counter_game import GAME, CounterRules

    players = [{"id": "p1"}, {"id": "p2"}]
    game = Replayer(CounterRules(players))
    anyone = Question("p2", GAME.to_act, GAME.acting_player)  # both may always add
    for _ in range(LONGEST_WAIT + 1):
        game.submit({"type": "add", "player": "p1", "n": 1})
    with pytest.raises(StaleAction):
        game.submit({"type": "add", "player": "p2", "n": 1}, expected_seq=0, question=anyone)
    game.submit({"type": "add", "player": "p2", "n": 1}, expected_seq=1, question=anyone)
    assert game.state.counts == {"p1": LONGEST_WAIT + 1, "p2": 1}


def test_a_page_from_the_future_is_stale():
    t = Table()
    with pytest.raises(StaleAction):
        t.game.submit(start("ann", "Aston"), expected_seq=5, question=question("ann"))


def test_answers_accepted_from_older_pages_replay_to_the_same_game():
    t = Table().through_building().towns(43, 51).long_enough()
    seen = t.game.seq
    for company in ("cy", "ann", "bob"):
        t.game.submit({"type": "enter", "company": company}, expected_seq=seen,
                      question=question(company))
    again = Replayer(t.rules, t.game.log)
    assert again.state == t.state
    assert again.log == t.game.log
