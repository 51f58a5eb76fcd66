"""Rail Baron's public pages: the table view, the readable history and the end-of-game report.

The three recorded games (tests/fixtures/games/railbaron_game_{1,2,3}.json) are imported
whole or cut short; the figures asserted come from their hand-worked ledger,
tests/fixtures/games/railbaron_games.md.
"""

from __future__ import annotations

import io
import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

from referee.engine.record import read_record
from referee.games.railbaron.fees import money
from referee.games.registry import replay
from referee.web.games.railbaron.chart import HEIGHT, WIDTH
from referee.web.games.railbaron.history import history
from referee.web.games.railbaron.report import cash_by_turn, final_report, table_view

GAMES_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "games"
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def _record(number: int) -> dict:
    return read_record(GAMES_DIR / f"railbaron_game_{number}.json")


def _turn_ends(record: dict) -> dict[int, int]:
    """Turn number -> how many actions of the record take the game to the end of that turn."""
    frames = replay(record).frames
    ends: dict[int, int] = {}
    for count, (before, _frame) in enumerate(pairwise(frames), start=1):
        ends[before.state.turn.number if before.state.turn else 0] = count
    return ends


def _cut(record: dict, count: int) -> dict:
    return {**record, "actions": record["actions"][:count]}


def _import(browser, record: dict) -> str:
    text = json.dumps(record)
    response = browser.post("/import", {"record": (io.BytesIO(text.encode()), "game.json")},
                            content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    return response.headers["Location"].split("/")[2]


def _phone(browser, banker, game_id: str, player: str):
    phone = browser()
    assert phone.join(banker.join_link(game_id), player).status_code == 303
    return phone


# -- the report's figures, from the hand-worked ledger --------------------------------------


def test_the_report_of_game_1_matches_the_hand_worked_ledger():
    replayer = replay(_record(1))
    report = final_report(replayer.state, replayer.frames, _record(1)["players"])
    players = {p.id: p for p in report.players}
    blue, red, green = players["blue"], players["red"], players["green"]
    # Blue's payoffs, turns 1, 4, 7, 10, 13, 16 (two), 19, 22, 25, 31: 11 trips.
    assert (blue.payoffs, blue.payoff_total) == (11, 334_000)
    # Blue pays the bank $1,000 (turn 4) and Red $5,000 (turn 13, established) and $10,000 (28).
    assert blue.fees_paid == 16_000
    # Red: 1,000 (2, 14, 17), 10,000 (32); Green: 5,000 (9, 30, 33), 1,000 (21, 24).
    assert blue.fees_received == 30_000
    assert blue.railroads == ("LN", "CG", "SAL") and blue.railroads_spent == 34_000
    assert (blue.rover_received, red.rover_paid) == (50_000, 50_000)
    # Green: bank 1,000 (3, 6, 27, 30), Blue 5,000 (9, 30, 33) and 1,000 (21, 24),
    # Red 1,000 (15, 18, 24, 27, 33); he receives Red's 1,000 for the ACL (14).
    assert green.fees_paid == 26_000 and green.fees_received == 1_000
    assert (green.payoffs, green.payoff_total) == (9, 276_000)
    assert [(p.final_cash, p.winner) for p in (blue, red, green)] == [
        (344_000, True), (202_000, False), (215_000, False)]
    assert report.winners == ("Blue",) and report.last_turn == 34


def test_the_cash_series_follows_the_ledger_turn_by_turn():
    replayer = replay(_record(1))
    series = cash_by_turn(replayer.frames, ["blue", "red", "green"])
    assert len(series["blue"]) == 35  # turn 0 (the start) to turn 34
    assert [series[p][0] for p in ("blue", "red", "green")] == [20_000] * 3
    assert [series[p][13] for p in ("blue", "red", "green")] == [92_000, 94_000, 71_000]
    assert [series[p][16] for p in ("blue", "red", "green")] == [139_000, 121_000, 71_000]
    assert [series[p][28] for p in ("blue", "red", "green")] == [290_000, 189_000, 193_000]


@pytest.mark.parametrize("number, finals", [
    (2, {"red": 243_000, "green": 244_000, "yellow": 0, "blue": 214_000}),
    (3, {"green": 242_750, "yellow": 294_000, "red": 76_250}),
])
def test_the_charts_last_points_are_the_final_cash(number, finals):
    record = _record(number)
    replayer = replay(record)
    report = final_report(replayer.state, replayer.frames, record["players"])
    chart = report.chart
    assert [line.final for line in chart.lines] == [finals[p["id"]] for p in record["players"]]
    top = int(chart.y_ticks[-1].label.strip("$k")) * 1000
    for line in chart.lines:
        x, y = line.points.split()[-1].split(",")
        assert float(x) == WIDTH
        assert float(y) == pytest.approx(HEIGHT - line.final * HEIGHT / top, abs=0.01)
    assert chart.x_ticks[0].label == "0" and chart.last_turn == 31
    assert {p.id: p.final_cash for p in report.players} == finals


def test_game_3s_report_counts_the_auction_and_the_sell_back():
    replayer = replay(_record(3))
    players = {p.id: p for p in final_report(replayer.state, replayer.frames, []).players}
    # Green buys the CG ($8,000), the LN at auction ($9,250) and the SOU from the bank again.
    assert players["green"].railroads == ("CG", "LN", "SOU")
    assert players["green"].railroads_spent == 37_250
    # Red received $1,000 twice from Yellow on the SOU (turns 7 and 10), nothing else.
    assert players["red"].fees_received == 2_000
    assert players["red"].final_cash == 76_250


# -- the readable history ------------------------------------------------------------------


def test_history_tells_each_turn_in_a_line():
    replayer = replay(_record(1))
    entries = {e.number: e for e in history(replayer.frames, replayer.log).entries}
    assert entries[2].text == ("Turn 2 — Red: Knoxville → Atlanta, payoff $20,000; "
                               "bought the SOU for $20,000; paid Blue $1,000 for the LN")
    assert entries[14].text == ("Turn 14 — Red: Asheville → Savannah, payoff $28,000; "
                                "paid Green $1,000 for the ACL; paid Blue $1,000 for the CG")
    assert entries[28].summary.startswith("rovered Red for $50,000; Red is no longer declared")
    assert entries[34].summary == "home to Atlanta; wins the game"
    assert entries[0].label == "Setup" and "homes: Blue Atlanta" in entries[0].summary
    assert list(entries) == list(range(34, -1, -1))  # newest first


def test_history_tells_auctions_and_bankruptcy():
    replayer = replay(_record(2))
    entries = {e.number: e for e in history(replayer.frames, replayer.log).entries}
    assert entries[15].summary == ("Red bought the LN at auction for $12,000 from Yellow; "
                                   "paid Green $10,000 for the SAL")
    assert entries[19].summary == "sold the X1 back to the bank for $3,000; went bankrupt"
    assert entries[25].summary == ("declared (home Asheville); home to Asheville; "
                                   "paid Red $10,000 for the SOU; no longer declared")


@pytest.mark.parametrize("number", [1, 2, 3])
def test_no_line_of_a_running_game_tells_anyones_cash_under_150000(number):
    replayer = replay(_record(number))
    told = history(replayer.frames, replayer.log)
    lines = [line for e in told.entries for line in e.lines]
    said = [t for f in replayer.frames for t in f.outcome.events]
    assert any(" owes " in t or "bankrupt" in t or "declares with" in t for t in said)
    for line in said:
        if line.startswith("Each player starts with"):
            continue  # the rules' starting cash, the same for all: no one's secret
        for amount in re.findall(r" with \$([0-9,]+)", line):
            assert int(amount.replace(",", "")) >= 150_000, line
        assert not re.search(r"; \$[0-9,]+ goes to", line), line
    assert not any(re.match(r"Turn \d+: ", line) for line in lines)  # the heading says it


# -- the pages: no exact cash under $150,000 of anyone else while the game runs -----------


def _public_amounts(record: dict) -> set[str]:
    """Every amount the game says out loud: transfers, bids, opening bids (a cash figure equal
    to one of them cannot be told apart in the page text)."""
    replayer = replay(record)
    railroads = replayer.rules.board.railroads
    amounts = {money(t.amount) for f in replayer.frames for t in f.outcome.transfers}
    amounts |= {money(a["amount"]) for a in record["actions"] if a.get("type") == "bid"}
    amounts |= {money(railroads[a["railroad"]].price // 2) for a in record["actions"]
                if a.get("type") == "auction"}
    return amounts


def test_table_and_history_never_show_anothers_cash_under_150000(browser):
    """Neither the cash a player has now nor any he had before, while the game runs."""
    record = _record(3)
    ends = _turn_ends(record)
    public = _public_amounts(record)
    checked = set()
    for turn in (11, 20, 29):
        cut = _cut(record, ends[turn])
        frames = replay(cut).frames
        assert not frames[-1].state.over
        banker = browser()
        game_id = _import(banker, cut)
        green = _phone(browser, banker, game_id, "green")
        pages = {
            None: banker.get(f"/g/{game_id}/table").text,
            "green": green.get(f"/g/{game_id}/history").text,
        }
        for viewer, text in pages.items():
            assert "pub-" in text  # Rail Baron's own page, not the generic one
            secret = {(pid, money(f.state.cash(pid))) for f in frames for pid in f.state.players
                      if pid != viewer and f.state.cash(pid) < 150_000}
            for pid, figure in sorted(secret):
                if figure not in public:
                    assert figure not in text, (turn, viewer, pid, figure)
                    checked.add(figure)
    assert {"$62,750", "$2,250", "$76,250"} <= checked  # told apart from any amount said aloud


def test_everyone_reads_the_same_history_and_the_table_shows_announced_cash(browser):
    record = _record(3)
    cut = _cut(record, _turn_ends(record)[11])
    banker = browser()
    game_id = _import(banker, cut)
    red = _phone(browser, banker, game_id, "red")
    green = _phone(browser, banker, game_id, "green")
    told = "Red owes $10,000 in use fees and cannot cover them"
    for viewer in (red, banker, green):
        assert told in viewer.get(f"/g/{game_id}/history").text
    table = banker.get(f"/g/{game_id}/table").text
    assert "$250" not in table and "under $150,000" in table
    # Yellow has announced: his $158,000 is public.
    assert "$158,000" in table and "Announced $150,000 or more" in table


def test_the_table_shows_turn_deeds_bank_and_destinations(browser):
    record = _record(1)
    cut = _cut(record, _turn_ends(record)[5])
    banker = browser()
    game_id = _import(banker, cut)
    text = banker.get(f"/g/{game_id}/table").text
    assert "Turn 6 — Green" in text
    # Blue holds the LN and CG, Red the SOU; the bank still has the ACL and the SAL.
    blue = text[text.index("<span><bdi>Blue</bdi></span>"):
                text.index("<span><bdi>Red</bdi></span>")]
    assert "LN" in blue and "CG" in blue and "Express" not in blue
    bank = text[text.index("The bank"):]
    assert ">ACL<" in bank and ">SAL<" in bank and ">SOU<" not in bank
    assert "Public Belt" in bank
    assert "Asheville" in blue  # Blue's destination after his bounce out
    assert "Home</dt><dd>Atlanta" in blue


def test_the_table_shows_a_running_auction(browser):
    record = _record(3)
    # Turn 11: Red auctions the LN; Green bids $8,000, Yellow $8,500; Green is next.
    actions = record["actions"]
    start = _turn_ends(record)[10]
    second_bid = next(i for i in range(start, len(actions))
                      if actions[i].get("type") == "bid" and actions[i]["amount"] == 8_500)
    banker = browser()
    game_id = _import(banker, _cut(record, second_bid + 1))
    text = banker.get(f"/g/{game_id}/table").text
    auction = text[text.index('aria-label="Auction"'):]
    assert "LN" in auction and "sold by <bdi>Red</bdi>" in auction
    assert "Opening bid $8,000" in untagged(auction)  # each figure a link to its parts
    assert "Current bid: $8,500 by Yellow" in untagged(auction)
    assert "Next to bid: <strong><bdi>Green</bdi></strong>" in auction
    assert "bids next" in text


def test_a_new_game_on_the_us_map_shows_the_deeds_in_their_colours(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"], game="railbaron", map="us", edition="modern")
    text = banker.get(f"/g/{game_id}/table").text
    assert "Everyone rolls three dice for the first player." in text
    # tables/railbaron/us/railroads.csv: SP, Southern Pacific, $42,000, #c62828
    assert 'style="background: #c62828; color: #ffffff"' in text
    assert 'title="Southern Pacific"' in text and ">SP</span>" in text
    assert text.count("under $150,000") >= 2  # Ann's and Bob's cash, each hidden


def test_the_starting_auction_on_the_table_and_in_the_setup_line():
    from tests.railbaron.play import play

    t = play(settings={"variants": ["starting_auction"], "starting_auction_extra": 20_000})
    t.set_up()
    t.do("draw_deed", railroad="SOU").bid("blue", 10_000).bid("red", 11_000)
    game = t.game
    seen = table_view(game.state, game.rules.board, game.frames, game.log, t.record["players"])
    assert seen.status == "Starting Auction: an auction is running."
    assert (seen.auction.chip.abbr, seen.auction.seller) == ("SOU", "the bank")
    assert (seen.auction.high, seen.auction.high_bidder) == ("$11,000", "Red")
    assert seen.to_act == "Green" and [p.bidding for p in seen.players] == [False, False, True]
    assert {p.cash for p in seen.players} == {"under $150,000"}
    t.pass_("green").pass_("blue")
    seen = table_view(game.state, game.rules.board, game.frames, game.log, t.record["players"])
    assert seen.auction is None and [c.abbr for c in seen.players[1].deeds] == ["SOU"]
    assert seen.latest.summary.endswith("; Red bought the SOU at auction for $11,000")
    assert "SOU" not in [c.abbr for c in seen.bank]


def test_undone_actions_are_left_out_and_counted(browser):
    record = _record(1)
    banker = browser()
    game_id = _import(banker, _cut(record, _turn_ends(record)[2]))
    before = banker.get(f"/g/{game_id}/history").text
    assert "paid Blue $1,000 for the LN" in before
    assert banker.act(game_id, type="undo").status_code == 303
    after = banker.get(f"/g/{game_id}/history").text
    assert "1 action taken back with undo" in after
    assert "paid Blue $1,000 for the LN" not in after


def untagged(html: str) -> str:
    """A page's words with its tags (links, emphasis) dropped."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_finished_game_shows_the_win_and_the_report_on_both_pages(browser):
    banker = browser()
    game_id = _import(banker, _record(3))
    for page in ("table", "history"):
        text = banker.get(f"/g/{game_id}/{page}").text
        assert "Yellow wins with $294,000 !" in untagged(text)
        svg = re.search(r"<svg viewBox=\"0 0 1000 500\".*?</svg>", text, re.S).group(0)
        assert svg.count('class="rbp-line"') == 3
        for colour in ("#2e8b57", "#d4ac0d", "#c0392b"):
            assert f'stroke="{colour}"' in svg
        assert "<script" not in text.split("</head>")[1]
        for figure in ("$242,750", "$76,250", "$280,000", "$37,250"):
            assert figure in text  # exact: the game is over
        assert "Railroads at the end</dt><dd>ACL, SAL<" in text  # Yellow's
    fragment = banker.get(f"/g/{game_id}/history", headers={"HX-Request": "true"})
    assert "<html" not in fragment.text and "Turn 31 — Yellow" in fragment.text


def test_the_report_lists_the_corrections_made_after_the_end_with_their_reasons(browser):
    banker = browser()
    record = _record(3)
    game_id = _import(banker, record)
    assert "Corrected after the end" not in banker.get(f"/g/{game_id}/history").text
    late = {"type": "adjust_cash", "player": "yellow", "amount": 1_000,
            "reason": "a payoff <counted> short"}
    game_id = _import(banker, {**record, "actions": [*record["actions"], late]})
    text = banker.get(f"/g/{game_id}/history").text
    assert "<h2>Corrected after the end</h2>" in text
    assert "<bdi>Yellow</bdi> +$1,000: " in text
    assert "a payoff &lt;counted&gt; short" in text
    assert "Yellow wins with $295,000 !" in untagged(text)


# -- a real browser: 360 px without sideways scroll, screenshots for a look ----------------



@pytest.mark.browser
def test_table_and_report_fit_a_phone_and_a_screen(tmp_path, live_url, chromium):
    from tests.web.conftest import PHONE, check_phone_layout, import_in

    record = _record(1)
    running, finished = tmp_path / "running.json", tmp_path / "finished.json"
    running.write_text(json.dumps(_cut(record, _turn_ends(record)[20])))
    finished.write_text(json.dumps(record))
    SCREENSHOTS.mkdir(exist_ok=True)
    sizes = {"phone": PHONE, "screen": {"viewport": {"width": 1280, "height": 800}}}
    for size, options in sizes.items():
        context = chromium.new_context(**options)
        page = context.new_page()
        games = {"table": (import_in(page, live_url, running), "table"),
                 "report": (import_in(page, live_url, finished), "table")}
        games["history"] = (games["report"][0], "history")
        games["running_history"] = (games["table"][0], "history")
        for name, (game_id, view) in games.items():
            page.goto(f"{live_url}/g/{game_id}/{view}")
            assert page.locator(".pub-players, .pub-report, .pub-history").first.is_visible()
            if size == "phone":
                check_phone_layout(page)
            page.screenshot(path=str(SCREENSHOTS / f"railbaron_{name}_{size}.png"))
            if name == "report":
                page.screenshot(path=str(SCREENSHOTS / f"railbaron_{name}_{size}_full.png"),
                                full_page=True)
        context.close()
