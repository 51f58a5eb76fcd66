"""A banker who also plays Rail Baron learns no other seat's secret cash (ANNOUNCING: under
$150,000 nobody else may know the figure) by any route: the game record, an import of it, a
cash correction, a refusal or a page. A banker apart keeps every figure."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from referee import PROJECT_ROOT
from tests.web.test_imports import upload
from tests.web.test_parts import stamp_seq
from tests.web.test_railbaron_turn import TINY, cash_shown, live, make_table, press

FINISHED = PROJECT_ROOT / "tests" / "fixtures" / "games" / "railbaron_game_1.json"


@pytest.fixture
def tiny_app(app):
    shutil.copytree(TINY, Path(app.instance_path) / "maps" / "tiny")
    return app


def finished_record(banker: str = "blue", actions: int | None = None) -> dict:
    """A whole recorded Rail Baron game (Blue, Red, Green), its banker holding `banker`'s seat;
    cut to its first `actions` actions: a game still going on."""
    record = json.loads(FINISHED.read_text())
    record["settings"] = {**record["settings"], "banker": banker}
    if actions is not None:
        record["actions"] = record["actions"][:actions]
    return record


def imported(person, record: dict) -> str:
    response = upload(person, json.dumps(record))
    assert response.status_code == 303, response.text[:500]
    return response.headers["Location"].split("/")[2]


# -- the game record --------------------------------------------------------------------------


def test_a_banker_who_plays_gets_no_record_of_a_running_game(tiny_app, browser):
    table = make_table(browser, edition="modern", banker="1")
    answer = table.banker.get(f"/g/{table.game_id}/export.json")
    assert answer.status_code == 403
    assert "once the game is over" in answer.text and '"actions"' not in answer.text
    console = table.page(table.banker)
    assert "export.json" not in console and "once the game is over" in console
    assert "export.json" not in table.banker.get(f"/g/{table.game_id}/history").text


def test_a_banker_apart_gets_the_record_of_a_running_game(tiny_app, browser):
    table = make_table(browser, edition="modern")
    assert table.banker.get(f"/g/{table.game_id}/export.json").status_code == 200
    assert "export.json" in table.page(table.banker)


def test_a_record_whose_banker_played_imports_as_a_banker_of_that_seat(browser):
    importer = browser()
    game_id = imported(importer, finished_record("blue", actions=81))
    console = importer.get(f"/g/{game_id}/banker").text
    assert cash_shown(console, "red") == ["under $150,000"]
    assert cash_shown(console, "green") == ["under $150,000"]
    assert re.fullmatch(r"\$[\d,]+", cash_shown(console, "blue")[0])
    assert "Bank:" not in console
    # and the copy's record stays closed to him while the game goes on
    assert importer.get(f"/g/{game_id}/export.json").status_code == 403


def test_the_whole_chain_export_edit_import_gives_a_banker_who_plays_no_cash(tiny_app, browser):
    """The route of the report: export the record, set "banker" to "" in it, import the copy.
    The first step is closed; an edited copy of a record he cannot get does not exist."""
    table = make_table(browser, edition="modern", banker="1")
    table.seated = True
    table.opening()
    exported = table.banker.get(f"/g/{table.game_id}/export.json")
    assert exported.status_code == 403
    assert '"banker"' not in exported.text


def test_a_banker_who_plays_gets_the_record_once_the_game_is_over(browser):
    importer = browser()
    game_id = imported(importer, finished_record("blue"))
    console = importer.get(f"/g/{game_id}/banker").text
    assert "export.json" in console
    exported = importer.get(f"/g/{game_id}/export.json")
    assert exported.status_code == 200
    record = json.loads(exported.text)
    assert record["settings"]["banker"] == "blue"  # the copy keeps the record's meaning
    again = imported(browser(), record)
    assert browser().get(f"/g/{again}/export.json").status_code == 403  # not its banker
    assert cash_shown(importer.get(f"/g/{again}/banker").text, "red") == []


def test_an_over_game_imported_with_its_banker_unset_shows_every_cash(browser):
    importer = browser()
    game_id = imported(importer, finished_record(""))
    console = importer.get(f"/g/{game_id}/banker").text
    assert all(re.fullmatch(r"\$[\d,]+", cash_shown(console, pid)[0])
               for pid in ("blue", "red", "green"))


def test_once_a_banker_who_plays_has_the_record_no_undo_reopens_the_game(browser):
    """He downloads the record of the game over, then undoes its last action: the game would
    go on while he holds every exact cash. The undo is refused; the end stands."""
    importer = browser()
    game_id = imported(importer, finished_record("blue"))
    count = importer.seq(game_id)
    assert importer.get(f"/g/{game_id}/export.json").status_code == 200
    refused = importer.act(game_id, type="undo", page="banker")
    assert refused.status_code == 403
    assert ("The game record has been given out (to the banker who plays, or in the club&#39;s "
            "record): the end stands") in refused.text
    assert importer.seq(game_id) == count
    console = importer.get(f"/g/{game_id}/banker").text
    assert "export.json" in console  # still over
    assert "the end stands" in console and 'name="type" value="undo"' not in console
    # a correction after the end goes in, and undoing it leaves the game over: allowed
    assert importer.act(game_id, page="banker", json=json.dumps(
        {"type": "adjust_cash", "player": "red", "amount": 1000, "reason": "miscounted"}
    )).status_code == 303
    assert 'name="type" value="undo"' in importer.get(f"/g/{game_id}/banker").text
    assert importer.act(game_id, type="undo", page="banker").status_code == 303
    assert importer.act(game_id, type="undo", page="banker").status_code == 403


def test_before_the_record_is_given_the_end_of_a_game_may_be_undone(browser):
    importer = browser()
    game_id = imported(importer, finished_record("blue"))
    count = importer.seq(game_id)
    assert importer.act(game_id, type="undo", page="banker").status_code == 303
    assert importer.seq(game_id) == count + 1
    assert importer.get(f"/g/{game_id}/export.json").status_code == 403  # going on again


def test_a_banker_apart_may_undo_the_end_after_downloading_the_record(browser):
    importer = browser()
    game_id = imported(importer, finished_record(""))
    assert importer.get(f"/g/{game_id}/export.json").status_code == 200
    assert importer.act(game_id, type="undo", page="banker").status_code == 303


# -- corrections and refusals -----------------------------------------------------------------


def correct(table, amount: int) -> object:
    return press(table.banker, table.page(table.banker), "Correct the cash",
                 choose={"player": "Bob"},
                 fill={"amount:signed": str(amount), "reason": "miscounted"})


def test_a_correction_by_a_banker_who_plays_answers_alike_whatever_the_cash(tiny_app, browser):
    """Taking $25,000 from Bob ($20,000) and from Bob with $30,000: the same answer, the same
    console; the correction waits for Bob's phone, and once Bob confirms it the first leaves
    him owing the bank, which his phone shows."""
    answers, consoles = [], []
    for extra in (0, 10_000):
        table = make_table(browser, edition="modern", banker="1")
        if extra:
            table.do(type="adjust_cash", player="p2", amount=extra, reason="found")
        answer = correct(table, -25_000)
        answers.append(answer.status_code)
        assert "goes to Bob's phone" in live(answer.text)
        waiting = live(table.page(table.banker))
        assert "Waiting for a player to confirm" in waiting and "Bob -$25,000" in waiting
        assert table.confirm("p2").status_code == 303
        console = live(table.page(table.banker))
        newest = console.split("Banker's correction: ")[1].split(")")[0]  # newest line first
        consoles.append((newest, cash_shown(table.page(table.banker), "p2")))
        phone = live(table.page(table.bob))
        if extra:
            assert "owe the bank" not in phone
        else:
            assert "You owe the bank $5,000" in phone
    assert answers == [202, 202]
    assert consoles[0] == consoles[1] == ("Bob -$25,000 (miscounted", ["under $150,000"])


def test_a_banker_who_plays_cannot_announce_a_secret_cash_and_take_the_seat(tiny_app, browser):
    """The chain of the report: the banker who plays corrects Bob's cash by +$150,000 to have it
    announced, takes Bob's seat while it is, and undoes the correction. The correction waits
    for Bob's phone and changes nothing until Bob confirms it; no console, table or seat move
    shows him Bob's cash; Bob refuses it and nothing was ever written."""
    table = make_table(browser, edition="modern", banker="1")
    game_id = table.game_id
    count = table.count()
    asked = correct(table, 150_000)
    assert asked.status_code == 202
    assert "Bob +$150,000 (miscounted)" in live(table.page(table.bob))
    assert table.count() == count  # nothing in the log
    assert cash_shown(table.page(table.banker), "p2") == ["under $150,000"]
    for page in (table.page(table.banker), table.banker.get(f"/g/{game_id}/table").text,
                 table.banker.get(f"/g/{game_id}/history").text):
        assert "$170,000" not in page  # what Bob would have, announced
    assert table.banker.post(f"/g/{game_id}/seats/p2/rejoin").status_code == 403
    assert table.banker.post(f"/g/{game_id}/seats/p2/release").status_code == 403
    thief = browser()
    assert thief.join(table.banker.join_link(game_id), "p2").status_code != 303  # not free
    assert table.banker.act(game_id, type="undo", page="banker").status_code == 422
    # only Bob's phone answers it: not Ann's, not the banker's own "confirm"
    ask = re.search(r"/asks/(\d+)/confirm", table.page(table.bob))[1]
    for someone in (table.ann, table.banker):
        assert someone.post(f"/g/{game_id}/asks/{ask}/confirm",
                            {"page": "phone"}).status_code == 403
    assert table.count() == count
    assert table.confirm("p2", "Refuse it").status_code == 303
    assert table.count() == count and "/asks/" not in table.page(table.bob)
    assert "Waiting for a player to confirm" not in table.page(table.banker)
    assert table.bob.get(f"/g/{game_id}/me").status_code == 200  # Bob keeps his seat


def test_a_banker_who_plays_withdraws_a_correction_still_waiting(tiny_app, browser):
    table = make_table(browser, edition="modern", banker="1")
    assert correct(table, 5_000).status_code == 202
    assert correct(table, 5_000).status_code == 202  # sent twice: it waits once
    assert table.page(table.bob).count("Confirm the correction") == 1
    assert "Confirm the correction" in table.page(table.bob)
    assert press(table.banker, table.page(table.banker), "Withdraw").status_code == 303
    assert "Confirm the correction" not in table.page(table.bob)
    gone = table.confirm_url = re.search(r"/asks/\d+/confirm", table.page(table.bob))
    assert gone is None


def test_the_owner_phone_hears_of_a_waiting_correction_from_its_poller(tiny_app, browser):
    """A correction changes no log length: the poller's `asks` word tells the phone to redraw."""
    table = make_table(browser, edition="modern", banker="1")
    phone = table.page(table.bob)
    poll = re.search(r'class="poll" hx-get="([^"]+)"', phone)[1].replace("&amp;", "&")
    assert "asks=" in poll and "seq=" not in poll
    poll += "&seq=" + stamp_seq(phone)
    assert table.bob.get(poll).headers.get("HX-Reswap") == "none"
    assert correct(table, 5_000).status_code == 202
    assert "HX-Trigger" in table.bob.get(poll).headers


def test_a_banker_apart_corrects_at_once(tiny_app, browser):
    table = make_table(browser, edition="modern")
    count = table.count()
    assert correct(table, 5_000).status_code == 303
    assert table.count() == count + 1


def test_a_banker_apart_is_still_told_that_a_player_has_too_little(tiny_app, browser):
    table = make_table(browser, edition="modern")
    too_much = correct(table, -25_000)
    assert too_much.status_code == 422
    assert "Bob has less than $25,000" in too_much.text


def test_a_banker_who_plays_acts_for_another_seat_only_once_its_cash_is_public(tiny_app,
                                                                              browser):
    """Acting for Bob, the rules' answer could tell his cash (a purchase he "cannot afford"):
    the banker who plays is refused whatever Bob's cash, until Bob announces $150,000."""
    table = make_table(browser, edition="modern", banker="1")
    table.do(type="roll_for_first_player", rolls={"p1": [1, 1, 1], "p2": [6, 6, 6]})
    roll = json.dumps({"type": "roll_region", "player": "p2", "dice": [1, 1, 2]})
    refused = table.banker.act(table.game_id, json=roll)
    assert refused.status_code == 403
    assert "acts from his own phone" in refused.text
    assert 'name="player" value="p2"' not in table.page(table.banker)  # no form offers it
    table.do(type="adjust_cash", player="p2", amount=130_000, reason="announced")
    assert 'name="player" value="p2"' in table.page(table.banker)
    assert table.banker.act(table.game_id, json=roll).status_code == 303
    # his own seat, and the banker's own actions, stay his
    assert table.banker.act(table.game_id, json=json.dumps(
        {"type": "adjust_cash", "player": "p2", "amount": -500, "reason": "x"})).status_code == 303


# -- moving a seat to another phone -----------------------------------------------------------


def test_a_banker_who_plays_may_not_move_a_secret_seat_to_his_own_browser(tiny_app, browser):
    """A rejoin code for Bob's seat, or Bob's seat freed and claimed, would put Bob's phone page
    (his exact cash) in the banker's hands: both are refused while the game runs, announced
    cash or not (an undo may make it secret again), and the console says what to do."""
    table = make_table(browser, edition="modern", banker="1")
    game_id = table.game_id
    made = table.banker.post(f"/g/{game_id}/seats/p2/rejoin")
    assert made.status_code == 403
    assert "Bob moves from their own phone" in made.text
    assert table.banker.get(f"/g/{game_id}/seats/p2/rejoin").status_code == 403
    freed = table.banker.post(f"/g/{game_id}/seats/p2/release")
    assert freed.status_code == 403 and "Bob moves from their own phone" in freed.text
    console = table.page(table.banker)
    assert "/seats/p2/rejoin" not in console and "/seats/p2/release" not in console
    assert "Move to another phone" in console
    # his own seat moves as before
    assert "/seats/p1/rejoin" in console
    assert table.banker.post(f"/g/{game_id}/seats/p1/rejoin").status_code == 303
    # Bob's cash announced: still not the banker's to move
    table.do(type="adjust_cash", player="p2", amount=130_000, reason="announced")
    assert cash_shown(table.page(table.banker), "p2") == ["$150,000"]
    assert "/seats/p2/rejoin" not in table.page(table.banker)
    assert table.banker.post(f"/g/{game_id}/seats/p2/rejoin").status_code == 403
    assert table.banker.post(f"/g/{game_id}/seats/p2/release").status_code == 403


def test_a_seat_moves_itself_with_a_code_shown_on_its_own_phone(tiny_app, browser):
    table = make_table(browser, edition="modern", banker="1")
    game_id = table.game_id
    made = press(table.bob, table.page(table.bob), "Show a code for my seat")
    assert made.status_code == 303
    code_page = table.bob.get(made.headers["Location"]).text
    assert "Move your seat to another phone" in code_page
    code = re.search(r"data-rejoin-code>([^<]+)<", code_page)[1]
    new_phone = browser()
    assert new_phone.post(f"/g/{game_id}/rejoin", {"r": code}).status_code == 303
    assert new_phone.get(f"/g/{game_id}/me").status_code == 200
    assert table.bob.get(f"/g/{game_id}/me").status_code == 403  # the old phone acts no more
    # another seat's own code is not the banker's to see, nor anyone's but that phone's
    assert table.ann.get(f"/g/{game_id}/seats/p2/rejoin").status_code == 403


def test_a_banker_code_made_when_the_game_was_over_moves_nothing_once_it_runs_again(browser):
    importer = browser()
    game_id = imported(importer, finished_record("blue"))
    made = importer.post(f"/g/{game_id}/seats/red/rejoin")
    assert made.status_code == 303  # over: every cash is public
    code = re.search(r"data-rejoin-code>([^<]+)<", importer.get(made.headers["Location"]).text)[1]
    assert importer.act(game_id, type="undo", page="banker").status_code == 303  # running again
    taken = browser().post(f"/g/{game_id}/rejoin", {"r": code})
    assert taken.status_code == 403 and "Red moves from their own phone" in taken.text


def test_a_banker_apart_still_moves_every_seat(tiny_app, browser):
    table = make_table(browser, edition="modern")
    assert table.banker.post(f"/g/{table.game_id}/seats/p2/rejoin").status_code == 303
    assert table.banker.post(f"/g/{table.game_id}/seats/p2/release").status_code == 303
