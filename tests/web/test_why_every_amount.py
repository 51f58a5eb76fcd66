"""Why this number, for the amounts the review found unexplained: Rail Baron's final report
totals, the auction's bids, prices printed on the charts (shown inside buttons: a "why" link
beside them), an established rate. Each link's lines or parts add up to the amount shown."""

from __future__ import annotations

import html
import re

from referee.games.registry import replay
from tests.web.test_why import amounts, imported, lines_text, midgame
from tests.web.test_why_amounts import links, total

GAME_2 = "railbaron_game_2.json"


def statement_links(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="(/g/[^"]+/why/[a-z]+\?[^"]+)"', page)]


def test_every_total_of_the_final_report_adds_up_from_its_lines(browser):
    record = midgame(until=None)  # the whole game: over, every figure exact
    game = replay(record)
    assert game.state.over
    banker, game_id, link = imported(browser, record)
    table = browser()
    key = link.split("k=", 1)[1]
    assert table.post(f"/g/{game_id}/watch", {"k": key}).status_code == 303
    page = table.get(f"/g/{game_id}/table").text
    found = [h for h in statement_links(page) if "kinds=" in h]
    assert len(found) >= 4 * len(record["players"]) - 1  # payoffs, fees paid and received, buys
    transfers = [t for f in game.frames for t in f.transfers]
    for href in found:
        pid = re.search(r"/why/([a-z]+)\?", href).group(1)
        kinds = set(re.search(r"kinds=([a-z_,%C]+)", href).group(1).replace("%2C", ",").split(","))
        side = re.search(r"side=(in|out)", href).group(1)
        expected = sum(t.amount for t in transfers if t.kind in kinds
                       and (t.target == pid if side == "in" else t.source == pid))
        shown = table.get(href).text
        assert abs(total(shown)) == expected == abs(sum(amounts(shown))), href
    cash = [h for h in statement_links(page) if "kinds=" not in h]
    for pid in game.state.players:  # the game is over: the table may read every statement
        shown = table.get(f"/g/{game_id}/why/{pid}?page=table").text
        assert total(shown) == game.state.ledger.balance(pid) == sum(amounts(shown))
    assert cash


def test_the_auctions_bids_explain_themselves(browser):
    record = midgame(GAME_2, until=116)  # Blue bid $8,000, Red $9,000; Green to bid
    banker, game_id, link = imported(browser, record)
    console = banker.get(f"/g/{game_id}/banker").text
    found = {h.split("/figure/")[1].split("?")[0] for h in links(console, "figure")}
    assert {"bid/high", "bid/minimum"} <= found
    high = banker.get(f"/g/{game_id}/why/figure/bid/high").text
    assert total(high) == 9_000 and "Rule: AUCTION" in high and "Red" in lines_text(high)
    least = banker.get(f"/g/{game_id}/why/figure/bid/minimum").text
    assert total(least) == 9_500 == sum(amounts(least))


def test_prices_inside_buttons_have_a_why_beside_them(browser):
    record = midgame(GAME_2, until=113)  # Yellow short of his fees: sell back or auction
    game = replay(record)
    board = game.rules.board
    banker, game_id, _link = imported(browser, record)
    console = banker.get(f"/g/{game_id}/banker").text
    halves = [h for h in links(console, "figure") if "/half/" in h]
    assert halves
    for href in halves:
        rr = href.split("/half/")[1].split("?")[0]
        shown = banker.get(href).text
        assert total(shown) == board.railroads[rr].price // 2 == sum(amounts(shown))
        assert "Rule: AUCTION" in shown and "railroad list prints" in lines_text(shown)


def test_the_buy_buttons_prices_come_from_the_printed_list(browser):
    record = midgame(until=38)  # Red may buy a railroad or upgrade
    game = replay(record)
    banker, game_id, _link = imported(browser, record)
    console = banker.get(f"/g/{game_id}/banker").text
    found = links(console, "figure")
    (prices,) = [h for h in found if "/prices/" in h]
    shown = banker.get(prices).text
    for rr in game.rules.board.non_public():
        if game.state.owners.get(rr) is None:
            price = game.rules.board.railroads[rr].price
            assert f"({rr}) at" in lines_text(shown) and price in amounts(shown)
    assert "Rule: PURCHASE" in shown
    for href in (h for h in found if "/engine/" in h):
        shown = banker.get(href).text
        assert total(shown) in (4_000, 40_000) and "Rule: PURCHASE" in shown


def test_an_established_rate_says_since_when_where_and_why(browser):
    record = midgame(until=104)
    banker, game_id, _link = imported(browser, record)
    shown = html.unescape(banker.get(f"/g/{game_id}/why/figure/established/green|LN").text)
    assert total(shown) == 5_000 and "Rule: ESTABLISHMENT" in shown
    assert "The rate before the sale of the CG, since turn 4 at Atlanta" in shown
    assert banker.get(f"/g/{game_id}/why/figure/established/blue|LN").status_code == 404
