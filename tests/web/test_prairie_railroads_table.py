"""Prairie Railroads' table view: the status, the moment in large type, a card per railroad and
per player, the latest turn, the winner. The recorded game tests/fixtures/games/
prairie_game_1.json (worked by hand in prairie_game_1.md) is imported cut at chosen moments."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest

from referee.web.games.prairie_railroads.table import table_view
from tests.prairie_railroads.play import standard_game

GAMES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"
# The record's moments: after this many actions.
AUCTION = 33  # Cy offered an ATSF share; Cy bid $8, Ann $9; Bob to bid
SOLD = 36  # Cy bought that share for $12
GROWN = 27  # Bob rolled 15 for growth: Topeka grew
BUILT = 29  # the ATSF built Topeka–Pratt–Glade
DIVIDENDS = 37  # Ann played the first Pay Dividends card


def _record(cut: int | None) -> dict:
    record = json.loads((GAMES / "prairie_game_1.json").read_text())
    return record if cut is None else dict(record, actions=record["actions"][:cut])


def _table(browser, cut: int | None) -> str:
    """The table view's text (tags kept) of the game imported after `cut` actions."""
    banker = browser()
    body = json.dumps(_record(cut)).encode()
    response = banker.post("/import", {"record": (io.BytesIO(body), "game.json")})
    assert response.status_code == 303, response.text
    game_id = response.headers["Location"].split("/")[2]
    page = banker.get(f"/g/{game_id}/table")
    assert page.status_code == 200
    return html.unescape(page.text)


INLINE = re.compile(r"</?(?:bdi|strong|span|a)\b[^>]*>")


def words(markup: str) -> str:
    """The text as read: inline tags dropped, the others a space."""
    return " ".join(re.sub(r"<[^>]+>", " ", INLINE.sub("", markup)).split())


def part(page: str, marker: str) -> str:
    """The words of the element (section or article) that opens with `marker`."""
    start = page.index(marker)
    tag = page.rfind("<", 0, start)
    name = re.match(r"<(\w+)", page[tag:]).group(1)
    return words(page[tag:page.index(f"</{name}>", start)])


def test_a_running_auction_is_the_spotlight_with_its_high_bid_and_next_bidder(browser):
    page = _table(browser, AUCTION)
    status = part(page, 'class="card table-headline')
    assert "Turn 2 — auction of a share of the ATSF." in status
    assert "Next to act: Bob" in status
    spot = part(page, 'class="card pub-spotlight prt-spot prt-spot-auction')
    assert "Auction: a share of the Atchison, Topeka & Santa Fe (ATSF)" in spot
    assert "$9 by Ann" in spot
    assert "Bob bids next: at least $10, or passes." in spot
    assert "Still bidding: Bob, Cy, Ann." in spot
    assert 'data-speak="Ann bids $9 for the ATSF share. Bob bids next."' in page
    assert "at auction" in part(page, 'data-railroad="ATSF"')
    assert "at auction" not in part(page, 'data-railroad="KP"')
    ann, bob = part(page, 'data-player="ann"'), part(page, 'data-player="bob"')
    assert "high bid" in ann and "bids next" in bob and "to play" not in ann + bob


def test_each_railroad_has_a_card_with_its_figures_and_holders(browser):
    page = _table(browser, 46)  # after turn 6: the CRIP's double build
    atsf = part(page, 'data-railroad="ATSF"')
    for figure in ("Treasury $7", "Income $17", "Value $20", "Dividend $4 a share",
                   "Minimum bid $4", "Shares sold 2 of 5", "Track 4 segments",
                   "Held by Bob 1, Cy 1.", "Controlled by Bob and Cy."):
        assert figure in atsf, figure
    mkt = part(page, 'data-railroad="MKT"')
    assert "Treasury $0 under $5: cannot build" in mkt
    assert 'style="--pc: #1f1f1f"' in page  # the CRIP in black, as its track cubes
    assert page.count('class="card prt-rr') == 6


def test_each_player_has_a_card_with_cash_shares_and_cards_left(browser):
    page = _table(browser, 46)
    cy = part(page, 'data-player="cy"')
    assert "$69" in cy
    assert "ATSF KP MKT" in cy
    assert "Controls ATSF, KP, MKT" in cy
    assert "Next Pay Dividends $6" in cy  # ATSF $4 + KP $1 + MKT $1
    assert "Cards in hand: 1 Pay Dividends, 5 Offer Stock, 10 Construct Track" in cy
    assert "to play" in part(page, 'data-player="bob"')
    status = part(page, 'class="card table-headline')
    assert "Turn 7 — Bob: play a card from the hand or draw one." in status
    assert "Pay Dividends played: 2 of 8" in part(page, 'class="quiet prt-deck')


def test_the_growth_just_rolled_is_the_spotlight_until_the_build(browser):
    spot = part(_table(browser, GROWN), 'prt-spot-growth')
    assert "Discover Growth: Bob rolled 15" in spot
    assert "Topeka grows" in spot
    assert "ATSF Income $2 → $3." in spot


def test_the_track_just_built_is_the_spotlight_when_the_turn_ends(browser):
    page = _table(browser, BUILT)
    spot = part(page, 'prt-spot-build')
    assert "The ATSF builds Topeka–Pratt–Glade" in spot
    assert "Income $11, Value $15, treasury $0." in spot
    latest = part(page, 'class="card pub-latest"')
    assert latest.startswith("Turn 1 — Bob")
    assert "The ATSF builds Topeka–Pratt–Glade for $15" in latest
    assert "Turn 2: Cy." not in latest  # the next turn's opening line is its own heading


def test_a_share_just_sold_is_the_spotlight(browser):
    spot = part(_table(browser, SOLD), 'prt-spot-sale')
    assert "Cy buys a share of the ATSF" in spot
    assert "For $12, paid to the treasury." in spot


def test_dividends_just_paid_are_the_spotlight_with_what_each_received(browser):
    spot = part(_table(browser, DIVIDENDS), 'prt-spot-dividend')
    assert "Pay Dividends, 1 of 8" in spot
    assert "$11 paid" in spot
    assert "CRIP $1 a share; ATSF $3 a share; KP $1 a share" in spot
    assert "Received: Ann $2, Bob $4, Cy $5." in spot


def test_a_finished_game_shows_the_winner_and_every_final_figure(browser):
    page = _table(browser, None)
    result = part(page, 'class="card pub-winners"')
    assert result.startswith("Cy wins!")
    assert re.search(r"Cy \$130 \(final payoff \$31\) Bob \$112 .* Ann \$105", result)
    assert "winner" in part(page, 'data-player="cy"')
    assert "Next Pay Dividends" not in page
    assert "pub-spotlight" not in page


def test_a_western_build_spotlights_the_dividend_it_pays_at_once():
    t = standard_game()  # the rulebook's Western Build, as tests/prairie_railroads play it
    t.do("adjust_cash", account="treasury:ATSF", amount=50, reason="test: a rich ATSF")
    t.card("CT").grow(3, 3).choose("ATSF").build("Topeka", "Pratt")
    t.card("PD").card("PD")
    t.card("CT").grow(3, 4).choose("ATSF").build("Pratt", "Ransom")
    t.card("PD").card("PD")
    t.card("CT").grow(3, 5).choose("ATSF")
    names = {pid: pid.capitalize() for pid in t.state.players}
    before = table_view(t.state, t.game.frames, names.get, {})
    assert before.spotlight.kind == "growth"  # the roll of this turn, until the build
    each = -(-t.rr("ATSF").income // 5)
    t.western("Ransom")
    spot = table_view(t.state, t.game.frames, names.get, {}).spotlight
    assert (spot.kind, spot.railroad) == ("dividend", "ATSF")
    assert spot.above == "Western Build: the ATSF pays its shareholders at once"
    assert spot.big == f"${each} paid"  # Bob holds the one ATSF share
    assert spot.below == (f"ATSF ${each} a share.", f"Received: Bob ${each}.")


# -- a real browser: a TV at 1280 px and a phone at 360 px, screenshots to look at -----------



@pytest.mark.browser
def test_the_table_view_fits_a_screen_and_a_phone(tmp_path, live_url, chromium):
    from tests.web.conftest import PHONE, check_phone_layout, import_in

    moments = {"auction": AUCTION, "growth": GROWN, "dividends": DIVIDENDS, "over": None}
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, options in (("360", PHONE), ("1280", {"viewport": {"width": 1280, "height": 800}})):
        context = chromium.new_context(**options)
        page = context.new_page()
        for name, cut in moments.items():
            path = tmp_path / f"{name}.json"
            path.write_text(json.dumps(_record(cut)))
            game_id = import_in(page, live_url, path)
            page.goto(f"{live_url}/g/{game_id}/table")
            assert page.locator(".prt-railroads").is_visible()
            if size == "360":
                check_phone_layout(page)
            page.screenshot(path=str(SCREENSHOTS / f"prairie-table-{name}-{size}.png"))
            if name == "auction":  # the cards below the fold, one of each
                page.locator(".prt-rr:has(.pub-badge-turn)").screenshot(
                    path=str(SCREENSHOTS / f"prairie-table-railroad-{size}.png"))
                page.locator(".pub-player").first.screenshot(
                    path=str(SCREENSHOTS / f"prairie-table-player-{size}.png"))
        page.screenshot(path=str(SCREENSHOTS / f"prairie-table-over-{size}-full.png"),
                        full_page=True)
        context.close()


def test_an_empty_treasury_nobody_controls_is_not_called_underfinanced(browser):
    """Before any share is sold every treasury is empty: only a railroad someone controls,
    which a player could choose to build, is said to be unable to build."""
    page = _table(browser, 1)
    assert "cannot build" not in page and "underfinanced" not in page
