"""The page accent: a seat's own pages take its player's colour, with an ink that reads on it."""

from __future__ import annotations

import re

import pytest

from referee.games.contract import PIECE_COLOURS
from referee.web.look import accent_style, contrast, ink

ACCENT = re.compile(r'<body[^>]*style="--accent: (#[0-9a-f]{6}); --accent-ink: (#[0-9a-f]{6})"')


@pytest.mark.parametrize("choice", PIECE_COLOURS, ids=lambda c: c.label)
def test_every_piece_colour_gets_an_ink_of_aa_contrast(choice):
    assert contrast(choice.key, ink(choice.key)) >= 4.5


def test_light_colours_get_dark_ink_and_dark_colours_white_ink():
    assert ink("#facc15") == ink("#ffffff") == "#111111"  # yellow, white
    assert ink("#d62828") == ink("#1d4ed8") == ink("#15803d") == ink("#111111") == "#ffffff"


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)


def test_no_colour_no_accent():
    assert ink("yellow") == ""
    assert accent_style("") == accent_style(None) == accent_style("red; x: y") == ""
    assert "--accent: #facc15; --accent-ink: #111111" in accent_style("#FACC15")


def test_a_seats_phone_and_history_take_its_colour_the_shared_pages_do_not(table):
    banker, ann, bob, game_id = table
    assert ACCENT.search(ann.get(f"/g/{game_id}/me").text).groups() == ("#d62828", "#ffffff")
    assert ACCENT.search(bob.get(f"/g/{game_id}/me").text).groups() == ("#1d4ed8", "#ffffff")
    assert ACCENT.search(ann.get(f"/g/{game_id}/history").text).group(1) == "#d62828"
    assert ACCENT.search(ann.get(f"/g/{game_id}/table").text) is None
    assert ACCENT.search(banker.get(f"/g/{game_id}/banker").text) is None
    assert ACCENT.search(banker.get(f"/g/{game_id}/table").text) is None


def test_a_banker_who_plays_keeps_the_neutral_accent_on_the_console(browser):
    banker = browser()
    game_id = banker.create_game(["Ann", "Bob"], banker="1")
    link = banker.join_link(game_id)
    assert banker.join(link, "p1").status_code == 303
    assert ACCENT.search(banker.get(f"/g/{game_id}/me").text).group(1) == "#d62828"
    assert ACCENT.search(banker.get(f"/g/{game_id}/banker").text) is None
